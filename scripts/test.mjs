#!/usr/bin/env node
/**
 * `npm test`: builds dist/ with its type declarations when the sources changed (scripts/build.mjs),
 * then type-checks everything (`tsc --noEmit`) beside the tests (`vitest run`, with any arguments
 * given). The tests mostly wait on servers, browsers and child processes while the type-check
 * computes, so the two together take little longer than the tests alone. The type-check's output
 * is held and printed after the tests'; the command fails if either failed.
 */
import { spawn } from 'node:child_process';
import { build } from './build.mjs';

/** Runs `command` with `args`; resolves with its exit code (1 for a signal) and, when `quiet`, its output. */
function run(command, args, quiet) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

try {
  await build(process.cwd(), { ifStale: true, types: true });
} catch {
  // tsup has printed why.
  process.exit(1);
}
const typecheck = run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'], true);
const tests = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], false);
const types = await typecheck;
process.stdout.write(`\ntsc --noEmit (beside the tests): ${types.code === 0 ? 'no type errors' : `failed (exit ${types.code})`}\n${types.output}`);
process.exitCode = tests.code !== 0 ? tests.code : types.code;
