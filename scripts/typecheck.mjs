#!/usr/bin/env node
/**
 * The type-check (`tsc --noEmit` over everything tsconfig.json includes: the sources, the tests,
 * the docs' examples, the benchmarks), run by `npm run typecheck` and beside the tests by `npm test`.
 *
 * A check that passed leaves a fingerprint of what it read in node_modules/.cache/typecheck-stamp.json,
 * and `npm test` skips its own check while that fingerprint holds: CI type-checks while
 * better-sqlite3 compiles on the other core, and the tests then run without tsc beside them.
 *
 * The fingerprint covers tsconfig.json and package.json (by content), npm's record of what
 * node_modules holds (by content: the types of the dependencies), and the path, size and
 * modification time of every TypeScript and JSON file under the folders and files tsconfig.json
 * includes and under scripts/ (whose declarations the tests import), node_modules folders left
 * out. It is taken before the check starts, so a file changed while tsc runs makes the next run
 * check again.
 *
 *   node scripts/typecheck.mjs            type-check (npm run typecheck); exit 1 on a type error
 *   node scripts/typecheck.mjs --if-stale the same, unless these sources passed it already
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashContents, hashFiles } from './build.mjs';

/** Where a check that passed leaves its fingerprint. */
export const TYPECHECK_STAMP = 'node_modules/.cache/typecheck-stamp.json';

/** Files read by content. */
const CONTENT_INPUTS = ['tsconfig.json', 'package.json', 'node_modules/.package-lock.json'];

/** Folders tsconfig.json does not include whose declarations the included files import (scripts/*.d.mts). */
const IMPORTED = ['scripts'];

/** The files tsc may read under an included folder. */
const CHECKED = /\.(?:[cm]?tsx?|json)$/;

/** tsconfig.json's `include` in `root`, read by TypeScript's own parser (the file has comments). */
function included(root) {
  const ts = createRequire(join(root, 'package.json'))('typescript');
  const { config, error } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  if (error !== undefined || !Array.isArray(config?.include)) return [];
  return config.include.filter((entry) => typeof entry === 'string' && !/[*?]/.test(entry));
}

/** A digest of everything the type-check of `root` reads (see the top of this file). */
export function typecheckFingerprint(root) {
  const hash = createHash('sha256');
  hashContents(hash, root, CONTENT_INPUTS);
  const keep = (name, folder) => name !== 'node_modules' && !name.startsWith('.') && (folder || CHECKED.test(name));
  hashFiles(hash, root, [...included(root), ...IMPORTED], { keep, folders: false });
  return hash.digest('hex');
}

/** The fingerprint the last check that passed in `root` left, or undefined. */
function stamped(root) {
  try {
    return JSON.parse(readFileSync(join(root, TYPECHECK_STAMP), 'utf8')).fingerprint;
  } catch {
    return undefined;
  }
}

/** Whether a type-check of exactly these sources passed in `root` already. */
export function typecheckFresh(root) {
  return stamped(root) === typecheckFingerprint(root);
}

/**
 * Runs `tsc --noEmit` in `root` (with `ifStale`, only unless these sources passed it already);
 * resolves with its exit code (1 for a signal or a failure to start), whether it was `skipped`,
 * and, when `quiet`, its output. A check that passes leaves its stamp; any other removes it.
 */
export function typecheck(root, { quiet = false, ifStale = false } = {}) {
  const print = typecheckFingerprint(root);
  if (ifStale && stamped(root) === print) return Promise.resolve({ code: 0, output: '', skipped: true });
  rmSync(join(root, TYPECHECK_STAMP), { force: true });
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit'], {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    const done = (code) => {
      if (code === 0) {
        mkdirSync(join(root, TYPECHECK_STAMP, '..'), { recursive: true });
        writeFileSync(join(root, TYPECHECK_STAMP), `${JSON.stringify({ fingerprint: print })}\n`);
      }
      resolve({ code, output, skipped: false });
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--if-stale');
  if (unknown.length > 0) {
    console.error(`scripts/typecheck.mjs: unknown option ${unknown[0]} (option: --if-stale)`);
    process.exit(2);
  }
  const { code, skipped } = await typecheck(process.cwd(), { ifStale: args.includes('--if-stale') });
  if (skipped) console.log('tsc --noEmit: these sources passed it already');
  else if (code === 0) console.log('tsc --noEmit: no type errors');
  else process.exitCode = 1;
}
