/**
 * scripts/typecheck.mjs, the type-check behind `npm run typecheck` and beside the tests in
 * `npm test`, run on a small project of its own (a tsconfig.json with comments, sources under two
 * included folders, TypeScript from this repository): with --if-stale it checks only when a file
 * it reads changed; a check that fails says why, exits 1 and leaves no stamp.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TYPECHECK_STAMP, typecheckFingerprint, typecheckFresh } from '../../scripts/typecheck.mjs';

const ROOT = join(import.meta.dirname, '../..');
const project = mkdtempSync(join(tmpdir(), 'fb-typecheck-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

// A node_modules of its own (the stamp goes there), with TypeScript linked from this repository.
// The project needs no library beyond ES5's declarations, and reading only those makes a check
// take a fifth of the CPU (0.7 s against 3.8 s).
mkdirSync(join(project, 'node_modules'));
symlinkSync(join(ROOT, 'node_modules/typescript'), join(project, 'node_modules/typescript'), 'dir');
const LOCK = '{"lockfileVersion":3}\n';
writeFileSync(join(project, 'node_modules/.package-lock.json'), LOCK);
mkdirSync(join(project, 'src'));
mkdirSync(join(project, 'test'));
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'typecheck-probe', version: '1.0.0', type: 'module' }));
const tsconfig = (strict: boolean) =>
  writeFileSync(
    join(project, 'tsconfig.json'),
    `{\n  // Comments, as tsconfig.json allows.\n  "compilerOptions": { "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext", "strict": ${strict}, "noEmit": true, "types": [], "lib": ["ES5"] },\n  "include": ["src", "test"]\n}\n`,
  );
tsconfig(true);
const source = (type: string, value: string) => writeFileSync(join(project, 'src/index.ts'), `export const answer: ${type} = ${value};\n`);
source('number', '42');
writeFileSync(join(project, 'test/index.test.ts'), "import { answer } from '../src/index.js';\nexport const doubled: number = answer * 2;\n");

function check(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/typecheck.mjs'), ...args], { cwd: project, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const CHECKED = { status: 0, output: 'tsc --noEmit: no type errors\n' };
const SKIPPED = { status: 0, output: 'tsc --noEmit: these sources passed it already\n' };

describe('scripts/typecheck.mjs', () => {
  it('--if-stale checks once and leaves its stamp, then skips; without it, it checks every time', () => {
    expect(check('--if-stale')).toEqual(CHECKED);
    expect(existsSync(join(project, TYPECHECK_STAMP))).toBe(true);
    expect(typecheckFresh(project)).toBe(true);
    expect(check('--if-stale')).toEqual(SKIPPED);
    expect(check()).toEqual(CHECKED);
  }, 120_000);

  it('what the fingerprint counts: sources and tests, files added or removed, tsconfig.json and the record of node_modules; not pictures or node_modules folders', () => {
    const before = typecheckFingerprint(project);
    const changes: Array<[string, () => void, () => void]> = [
      ['a source', () => source('number', '43'), () => source('number', '42')],
      ['a test file added', () => writeFileSync(join(project, 'test/more.test.ts'), 'export {};\n'), () => unlinkSync(join(project, 'test/more.test.ts'))],
      ['tsconfig.json', () => tsconfig(false), () => tsconfig(true)],
      ['the record of node_modules', () => writeFileSync(join(project, 'node_modules/.package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n'), () => writeFileSync(join(project, 'node_modules/.package-lock.json'), LOCK)],
    ];
    for (const [what, change, undo] of changes) {
      change();
      expect(typecheckFingerprint(project), what).not.toBe(before);
      undo();
    }
    const settled = typecheckFingerprint(project);
    writeFileSync(join(project, 'test/screenshot.png'), 'not read by tsc');
    mkdirSync(join(project, 'src/node_modules'));
    writeFileSync(join(project, 'src/node_modules/ignored.ts'), 'export {};\n');
    expect(typecheckFingerprint(project)).toBe(settled);
  });

  it('a type error is printed, exits 1 and leaves no stamp, so the next run checks again', () => {
    source('number', "'forty-six'");
    const failed = check('--if-stale');
    expect(failed.status).toBe(1);
    expect(failed.output).toMatch(/src\/index\.ts.*TS2322/);
    expect(existsSync(join(project, TYPECHECK_STAMP))).toBe(false);
    expect(typecheckFresh(project)).toBe(false);
    source('number', '46');
    expect(check('--if-stale')).toEqual(CHECKED);
  }, 120_000);

  it('refuses an unknown option', () => {
    expect(check('--fast')).toEqual({ status: 2, output: 'scripts/typecheck.mjs: unknown option --fast (option: --if-stale)\n' });
  });
});
