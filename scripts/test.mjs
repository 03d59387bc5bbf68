#!/usr/bin/env node
/**
 * `npm test`: builds dist/ with its type declarations when the sources changed (scripts/build.mjs),
 * then type-checks everything (`tsc --noEmit`, scripts/typecheck.mjs) beside the tests (`vitest
 * run`, with any arguments given). The tests mostly wait on servers, browsers and child processes
 * while the type-check computes, so the two together take little longer than the tests alone. The
 * type-check's output is held and printed after the tests'; the command fails if either failed.
 * A type-check that passed on exactly these sources already (`npm run typecheck`, or the last
 * `npm test`) is not run again.
 */
import { spawn } from 'node:child_process';
import { build } from './build.mjs';
import { typecheck } from './typecheck.mjs';

/** Runs `command` with `args`, its output the terminal's; resolves with its exit code (1 for a signal). */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error.message);
      resolve({ code: 1 });
    });
    child.on('close', (code) => resolve({ code: code ?? 1 }));
  });
}

try {
  await build(process.cwd(), { ifStale: true, types: true });
} catch {
  // tsup has printed why.
  process.exit(1);
}
const types = typecheck(process.cwd(), { quiet: true, ifStale: true });
const tests = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)]);
const { code, output, skipped } = await types;
const said = skipped ? 'not run again, these sources passed it already' : `beside the tests: ${code === 0 ? 'no type errors' : `failed (exit ${code})`}`;
process.stdout.write(`\ntsc --noEmit, ${said}\n${output}`);
process.exitCode = tests.code !== 0 ? tests.code : code;
