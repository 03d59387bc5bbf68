/**
 * The package as a strict TypeScript project gets it: `npm pack` of the built package installed
 * into a scratch app with only the packages the README's install lines name (their `@types`, as
 * a typecheck needs no driver), then every ```ts block of the README typechecked there with
 * `strict`, `skipLibCheck: false` and NodeNext. A public type that needs a package nobody names
 * fails here, and so does an install that brings a development package or an optional peer along.
 * Needs a fresh build with declarations (`npm run build`; npm test builds it); when npm cannot
 * install (no registry, cold cache) the suite is skipped with npm's reason (failed under
 * FEEDBACK_BOARD_REQUIRE_ALL=1).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skipBecause, suiteTitle } from '../helpers/requirements.js';
import { packInto } from './packed.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SUITE = 'the packed package in a strict consumer';
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

/** The packages the README's `npm install …` lines name (its own name left out). */
function readmeInstalls(): string[] {
  const names = [...README.matchAll(/^npm install ([^#\n]+)/gm)].flatMap((match) => match[1]!.trim().split(/\s+/));
  return names.filter((name) => name !== 'feedback-board' && !name.startsWith('-'));
}

/** The README's ```ts blocks in order: one module, as a reader runs them top to bottom. */
function readmeCode(): string {
  return [...README.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1]).join('\n');
}

/** The packages the built public type declarations import (`node:` modules as `@types/node`). */
function importedByDeclarations(dir = join(ROOT, 'dist')): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const name of importedByDeclarations(path)) found.add(name);
    if (!entry.name.endsWith('.d.ts')) continue;
    for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^.'][^']*)'/gm)) {
      if (specifier!.startsWith('node:')) found.add('@types/node');
      else if (!specifier!.startsWith('feedback-board')) found.add(specifier!.split('/').slice(0, specifier!.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return found;
}

/** Names the README leaves to the reader: runtimes' globals outside Node's types, and a fixture. */
const READER_SUPPLIED = `import type { Fixture } from 'feedback-board';
declare global {
  const Bun: { serve(options: { fetch(request: Request): Promise<Response> }): unknown };
  const Deno: { serve(handler: (request: Request) => Promise<Response>): unknown };
  const fixture: Fixture;
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true, skipLibCheck: false, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022',
    lib: ['ES2022', 'DOM'], noEmit: true, types: ['node'],
  },
  include: ['*.ts'],
};

const app = mkdtempSync(join(tmpdir(), 'fb-consumer-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 240_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Packs and installs; resolves with npm's reason when it cannot install offline. */
function install(): string | undefined {
  const { tarball } = packInto(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'strict-consumer', private: true, type: 'module' }));
  const types = readmeInstalls().filter((name) => name.startsWith('@types/'));
  const installed = run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, '@types/node@20', ...types], app);
  if (installed.status === 0) return undefined;
  const offline = /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network/i.test(installed.output);
  if (!offline) throw new Error(`npm install failed: ${installed.output}`);
  return skipBecause(SUITE, `npm cannot install the packed package here (${installed.output.split('\n').find((line) => /ERR/.test(line)) ?? 'no registry'})`);
}

describe('what the public types import is installable as the README says', () => {
  it('every package a public declaration imports is a dependency, a peer whose types the README names, or ships its own', () => {
    const named = new Set(readmeInstalls());
    for (const name of importedByDeclarations()) {
      if (name in pkg.dependencies || name === '@types/node') continue;
      expect(pkg.peerDependencies, `${name} is imported by a public declaration`).toHaveProperty([name]);
      const ownTypes = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { types?: string; typings?: string; exports?: unknown };
      if (ownTypes.types !== undefined || ownTypes.typings !== undefined || JSON.stringify(ownTypes.exports ?? {}).includes('"types"')) continue;
      expect(named, `the README's install lines name @types/${name}`).toContain(`@types/${name}`);
      expect(pkg.peerDependenciesMeta[`@types/${name}`], `@types/${name} is an optional peer`).toEqual({ optional: true });
    }
  });
});

const skip = install();

/** The packages directly under a node_modules folder (`@scope/name` for scoped ones). */
function installedPackages(dir: string): Set<string> {
  return new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .flatMap((entry) => (entry.name.startsWith('@') ? readdirSync(join(dir, entry.name)).map((name) => `${entry.name}/${name}`) : [entry.name])),
  );
}

describe.skipIf(skip !== undefined)(suiteTitle(SUITE, skip), () => {
  it('installs the dependencies, and neither the development packages nor the optional peers', () => {
    const installed = installedPackages(join(app, 'node_modules'));
    const ownTypes = ['@types/node', ...readmeInstalls().filter((name) => name.startsWith('@types/'))];
    for (const name of Object.keys(pkg.dependencies)) expect([...installed]).toContain(name);
    const unwanted = [...Object.keys(pkg.devDependencies), ...Object.keys(pkg.peerDependencies)].filter((name) => !(name in pkg.dependencies) && !ownTypes.includes(name));
    expect(unwanted.filter((name) => installed.has(name))).toEqual([]);
  });

  it("every ```ts block of the README typechecks under strict, skipLibCheck: false and NodeNext", () => {
    const code = readmeCode();
    expect(code).toContain("from 'feedback-board/adapters/sqlite'");
    writeFileSync(join(app, 'readme.ts'), code);
    writeFileSync(join(app, 'reader-supplied.ts'), READER_SUPPLIED);
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const checked = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], app);
    expect(checked.output).toBe('');
    expect(checked.status).toBe(0);
  }, 240_000); // tsc reads every library's declarations here (skipLibCheck: false)
});
