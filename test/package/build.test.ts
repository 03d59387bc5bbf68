/**
 * scripts/build.mjs, the build behind `npm start`, `npm test`, `npm run build` and `prepack`, run
 * as those scripts run it on a small project of its own (a tsup config, one source file, this
 * repository's node_modules): with --if-stale it builds the JavaScript only when an input changed,
 * says nothing unless it fails, and adds the declarations only when asked; a failed build leaves
 * no stamp, so the next run builds again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STAMP } from '../../scripts/build.mjs';

const ROOT = join(import.meta.dirname, '../..');
const project = mkdtempSync(join(tmpdir(), 'fb-build-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

mkdirSync(join(project, 'src'));
symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
// The declarations need no library beyond ES5's and no @types package: reading only those makes
// each declaration build cheaper.
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'build-probe', version: '1.0.0', type: 'module' }));
writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: [], lib: ['ES5'] }, include: ['src'] }));
writeFileSync(
  join(project, 'tsup.config.ts'),
  "import { defineConfig } from 'tsup';\nexport default defineConfig({ entry: { index: 'src/index.ts' }, format: ['esm'], dts: true, clean: true });\n",
);
const source = (answer: string) => writeFileSync(join(project, 'src/index.ts'), `export const answer: number = ${answer};\n`);
source('42');

const dist = (file: string) => join(project, 'dist', file);
const mtime = (file: string) => statSync(dist(file)).mtimeMs;

function build(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), ...args], { cwd: project, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('scripts/build.mjs', () => {
  it('--if-stale builds the JavaScript once, silently, and again only after an input changed', () => {
    expect(build('--if-stale')).toEqual({ status: 0, output: '' });
    expect(readFileSync(dist('index.js'), 'utf8')).toContain('42');
    expect(existsSync(dist('index.d.ts'))).toBe(false);
    const built = mtime('index.js');

    expect(build('--if-stale')).toEqual({ status: 0, output: '' });
    expect(mtime('index.js')).toBe(built);

    source('43');
    expect(build('--if-stale')).toEqual({ status: 0, output: '' });
    expect(readFileSync(dist('index.js'), 'utf8')).toContain('43');
  }, 120_000);

  it('a file added or removed beside the sources makes the build stale', () => {
    expect(build('--if-stale').status).toBe(0);
    const before = mtime('index.js');
    writeFileSync(join(project, 'src/unused.ts'), 'export {};\n');
    expect(build('--if-stale').status).toBe(0);
    const afterAdding = mtime('index.js');
    expect(afterAdding).toBeGreaterThan(before);
    unlinkSync(join(project, 'src/unused.ts'));
    expect(build('--if-stale').status).toBe(0);
    expect(mtime('index.js')).toBeGreaterThan(afterAdding);
  }, 120_000);

  it("package.json counts for the packages it names, not for its scripts", () => {
    expect(build('--if-stale').status).toBe(0);
    const before = mtime('index.js');
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ ...manifest, scripts: { start: 'node dist/index.js' } }));
    expect(build('--if-stale').status).toBe(0);
    expect(mtime('index.js')).toBe(before);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ ...manifest, dependencies: { zod: '^4.0.0' } }));
    expect(build('--if-stale').status).toBe(0);
    expect(mtime('index.js')).toBeGreaterThan(before);
  }, 120_000);

  it('--types adds the declarations beside fresh JavaScript without rebuilding it; a JavaScript build drops them', () => {
    expect(build('--if-stale').status).toBe(0);
    const built = mtime('index.js');
    expect(build('--if-stale', '--types')).toEqual({ status: 0, output: '' });
    expect(readFileSync(dist('index.d.ts'), 'utf8')).toContain('declare const answer: number');
    expect(mtime('index.js')).toBe(built);
    const declared = mtime('index.d.ts');
    expect(build('--if-stale', '--types')).toEqual({ status: 0, output: '' });
    expect(mtime('index.d.ts')).toBe(declared);

    source('44');
    expect(build('--if-stale').status).toBe(0);
    expect(existsSync(dist('index.d.ts'))).toBe(false);
  }, 120_000);

  it('a failed build says why, exits 1 and leaves no stamp, so the next run builds', () => {
    source('(');
    const failed = build('--if-stale');
    expect(failed.status).toBe(1);
    expect(failed.output).toMatch(/src\/index\.ts/);
    expect(existsSync(join(project, STAMP))).toBe(false);
    source('45');
    expect(build('--if-stale')).toEqual({ status: 0, output: '' });
    expect(readFileSync(dist('index.js'), 'utf8')).toContain('45');
  }, 120_000);

  it('without --if-stale it builds JavaScript and declarations every time, with tsup\'s report', () => {
    expect(build('--if-stale').status).toBe(0);
    const built = mtime('index.js');
    const full = build();
    expect(full.status).toBe(0);
    expect(full.output).toMatch(/Build success/);
    expect(mtime('index.js')).toBeGreaterThan(built);
    expect(existsSync(dist('index.d.ts'))).toBe(true);
  }, 120_000);

  it('bundles the declarations per entry, with shared chunks named and imported as the JavaScript\'s are', () => {
    const multi = mkdtempSync(join(tmpdir(), 'fb-build-'));
    try {
      mkdirSync(join(multi, 'src'));
      symlinkSync(join(ROOT, 'node_modules'), join(multi, 'node_modules'), 'dir');
      writeFileSync(join(multi, 'package.json'), JSON.stringify({ name: 'build-probe-2', version: '1.0.0', type: 'module' }));
      writeFileSync(join(multi, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, types: [], lib: ['ES5'] }, include: ['src'] }));
      writeFileSync(
        join(multi, 'tsup.config.ts'),
        "import { defineConfig } from 'tsup';\nexport default defineConfig({ entry: { index: 'src/index.ts', 'more/other': 'src/other.ts' }, format: ['esm'], splitting: true, dts: true, clean: true });\n",
      );
      writeFileSync(join(multi, 'src/shared.ts'), '/** A shape both entries use. */\nexport interface Shared { readonly id: number }\n');
      writeFileSync(join(multi, 'src/index.ts'), "import type { Shared } from './shared.js';\nexport function first(shared: Shared): number { return shared.id; }\n");
      writeFileSync(join(multi, 'src/other.ts'), "import type { Shared } from './shared.js';\nexport function second(shared: Shared): string { return String(shared.id); }\n");
      const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale', '--types'], { cwd: multi, encoding: 'utf8', timeout: 120_000 });
      expect(result.status, result.stderr).toBe(0);
      const index = readFileSync(join(multi, 'dist/index.d.ts'), 'utf8');
      expect(index).toContain('declare function first(shared: Shared): number;');
      const imported = /from '\.\/([^']+)\.js'/.exec(index)?.[1];
      expect(imported).toMatch(/^shared-[\w-]+$/);
      expect(readFileSync(join(multi, 'dist', `${imported}.d.ts`), 'utf8')).toContain('interface Shared');
      expect(readFileSync(join(multi, 'dist/more/other.d.ts'), 'utf8')).toContain(`from '../${imported}.js'`);
    } finally {
      rmSync(multi, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses an unknown option', () => {
    expect(build('--fast')).toEqual({ status: 2, output: 'scripts/build.mjs: unknown option --fast (options: --if-stale, --types)\n' });
  });
});
