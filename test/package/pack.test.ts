/**
 * What `npm pack` puts in the package, read from a real tarball of the built package: only the
 * build (JavaScript and type declarations), the guides, the README, the changelog, the license and
 * package.json; no source maps, tests, benchmarks, examples, screenshots or build stamps; within a
 * size budget; publint finds nothing; every package the build imports is one a user's install
 * provides (a dependency, or an optional peer behind its subpath), and every dependency is used.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import tsup from '../../tsup.config.js';
import { packInto, ROOT } from './packed.js';

interface Manifest {
  version: string;
  type: string;
  engines: { node: string };
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; import: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;

/**
 * The only files a user receives. Source maps are left out: the JavaScript is not minified, so
 * stack traces already point into readable code, Node applies maps only under
 * --enable-source-maps, and they were 3 MB of an 8 MB package.
 */
function shipped(path: string): boolean {
  return (
    ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'docs/openapi.json'].includes(path) ||
    /^dist\/[\w/.-]+(?<!\.map)\.(js|d\.ts)$/.test(path) ||
    /^docs\/[\w-]+\.md$/.test(path)
  );
}

/**
 * Budgets of the tarball (gzipped), of its files unpacked, and of their number: 0.59 MB, 2.40 MB
 * and 109 files when set (with 50 source maps and the guides' screenshots the package was 3.7 MB,
 * 8.1 MB and 212 files). The budget moves only in a change that says what grew. The services the
 * core loads on their first call, webhook delivery and the fixture loader are chunks of their own
 * (and the code they share, chunks too), so that an application's bundler loads them apart: 168
 * files then (0.67 MB packed, 2.72 MB unpacked). The record store's aggregates that only those
 * services use load on their first call too, each a chunk, and the tables are declared in modules
 * of their own: 180 files (0.71 MB packed, 2.88 MB unpacked). Comments edited and deleted with
 * @mentions, and connections to issue trackers with their deliveries (their services, storage,
 * generated rows, provider modules and guides), and IndexedDB's upgrade steps as a chunk of their
 * own: 189 files (0.75 MB packed, 3.06 MB unpacked). Deleted posts kept for restoring (their
 * services, storage, guide and screenshot), posts' links to issues with the outbound calls that
 * make them, and testing a connection: 201 files (0.78 MB packed, 3.21 MB unpacked). The
 * dashboard's bulk actions on posts: their service, loaded on first call, is a chunk of its own,
 * and the code it shares with the posts', the merges' and the dashboard's services two more:
 * 213 files (0.82 MB packed, 3.39 MB unpacked). Each CLI command loaded when it runs, and the MCP
 * server on the first request to `/mcp`, so that code they share is split into chunks of its own:
 * 248 files (0.83 MB packed, 3.45 MB unpacked). Changelog entries (their service and the record
 * store's aggregate, each a chunk loaded on first call, with their request schemas; the SQL
 * stores' statements, the dashboard's page, the public page and feed, the job, the prompt's step,
 * the OpenAPI document's two operations and the guide; +14 KB packed, +76 KB unpacked, +3 files)
 * and custom fields (their services, the values' checks and the list's filter each loaded on first
 * call, the storage of every store, the OpenAPI document's two operations and schemas,
 * docs/fields.md): 259 files (0.86 MB packed, 3.59 MB unpacked). Custom fields on the idea form,
 * the post pages and the dashboard's Fields page; the dashboard's filters and saved views (their
 * storage in every store, the record store's part a chunk loaded on first call); changelog entries
 * edited and deleted (two operations and the entry's dashboard page): 260 files (0.88 MB packed,
 * 3.69 MB unpacked). The answer cache and the existence check behind errors ranked below "not
 * found", each a chunk loaded when first needed (so a browser bundle over IndexedDB carries
 * neither; +2 files): 272 files (0.89 MB packed, 3.72 MB unpacked). `serve` loading the pages
 * with the first page and the follower mail's sender only with `--smtp`, so that the code it
 * shares with them is split into chunks of their own, and its pooled random bytes: 277 files
 * (0.90 MB packed, 3.73 MB unpacked). The architecture guide's instruction counts of a GET of one
 * post and of the request log (+2 KB unpacked) and the MCP server's shared JSON Schema validator
 * took it to 3.75 MB unpacked, 1 KB over its budget then. The same guide's account of posts and
 * boards read as one JSON array and of a GET's counts again, and the contract's word on an event's
 * body made when first read (+3 KB unpacked, +1 KB packed), took it just over 3.76 MB and 0.91 MB.
 * `serve` loading the image inspector with the first upload (a chunk of its own) and the guide's
 * word on inspectors that answer through a promise: +0.6 KB packed.
 */
const BUDGET = { size: 913_000, unpackedSize: 3_770_000, entryCount: 280 };

const scratch = mkdtempSync(join(tmpdir(), 'fb-pack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const packed = packInto(scratch);
const paths = packed.files.map((file) => file.path);

describe('the packed package', () => {
  it('holds the build, the guides, the README, the changelog, the license and package.json, and nothing else', () => {
    expect(paths.filter((path) => !shipped(path))).toEqual([]);
    const targets = Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : [target.types, target.import]));
    for (const path of [...targets, ...Object.values(pkg.bin), 'README.md', 'CHANGELOG.md', 'LICENSE', 'docs/stability.md', 'docs/getting-started.md', 'dist/widget/feedback-board-widget.js']) {
      expect(paths, path).toContain(path.replace(/^\.\//, ''));
    }
  });

  it('would refuse source maps, tests, benchmarks, examples, screenshots, stamps and secrets', () => {
    const refused = [
      'dist/index.js.map',
      'dist/.build-stamp.json',
      'test/package/pack.test.ts',
      'bench/run.mjs',
      'docs/examples/integration.test.ts',
      'docs/examples/guides/storage.ts',
      'docs/images/pages-board.png',
      'docs/api/index.html',
      'src/index.ts',
      'clients/python/pyproject.toml',
      '.env',
      'feedback.db',
      'dist/key.pem',
    ];
    expect(refused.filter(shipped)).toEqual([]);
  });

  it('carries no private key and no database among its files', () => {
    for (const path of paths) {
      expect(readFileSync(join(ROOT, path), 'utf8'), path).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----|SQLite format 3\0/);
    }
  });

  it(`stays within its budget: ${BUDGET.size / 1e6} MB packed, ${BUDGET.unpackedSize / 1e6} MB unpacked, ${BUDGET.entryCount} files`, () => {
    console.log(`npm pack: ${(packed.size / 1e6).toFixed(2)} MB packed, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked, ${packed.entryCount} files`);
    expect(packed.size).toBeLessThanOrEqual(BUDGET.size);
    expect(packed.unpackedSize).toBeLessThanOrEqual(BUDGET.unpackedSize);
    expect(packed.entryCount).toBeLessThanOrEqual(BUDGET.entryCount);
  });

  it("names each entry point alike in package.json's exports, tsup's entries, tsconfig's paths and typedoc's", () => {
    const entries = (tsup as { entry: Record<string, string> }).entry;
    const paths = (ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile).config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
    const typedoc = (JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as { entryPoints: string[] }).entryPoints;
    const sources = Object.entries(pkg.exports)
      .filter(([subpath]) => subpath !== './package.json')
      .map(([subpath, target]) => {
        const built = (target as { import: string }).import.replace(/^\.\/dist\//, '').replace(/\.js$/, '');
        expect((target as { types: string }).types, subpath).toBe(`./dist/${built}.d.ts`);
        expect(entries[built], `tsup builds ${subpath}`).toBeDefined();
        expect(paths[`feedback-board${subpath.slice(1)}`], `tsconfig's path of ${subpath}`).toEqual([`./${entries[built]}`]);
        return entries[built]!;
      });
    expect(Object.keys(paths).length).toBe(sources.length);
    expect([...typedoc].sort()).toEqual([...sources].sort());
    expect(Object.values(entries).filter((source) => !sources.includes(source))).toEqual(['cli/main.ts']);
  });

  it('is ESM only, for Node 20 and later', () => {
    expect(pkg.type).toBe('module');
    expect(pkg.engines).toEqual({ node: '>=20' });
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (subpath === './package.json') continue;
      expect(Object.keys(target), subpath).toEqual(['types', 'import']);
    }
  });

  it('publint, strict, finds nothing to say', async () => {
    const tarball = readFileSync(packed.tarball);
    const { messages, pkg: linted } = await publint({ pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) }, strict: true, level: 'suggestion' });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, linted, { color: false }) ?? message.code}`)).toEqual([]);
  });
});

describe('what a user installs with it', () => {
  /** Every bare import of the built JavaScript (static and dynamic), as esbuild resolves the files. */
  async function importedPackages(): Promise<Set<string>> {
    const entries = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => join(ROOT, 'dist', file));
    const result = await build({ entryPoints: entries, bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', outdir: scratch, splitting: true, logLevel: 'silent' });
    const found = new Set<string>();
    for (const input of Object.values(result.metafile.inputs)) {
      for (const { path, external } of input.imports) {
        if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue;
        found.add(path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/'));
      }
    }
    return found;
  }

  it('every package the build imports is a dependency or an optional peer, and every dependency is imported', async () => {
    const imported = await importedPackages();
    const dependencies = Object.keys(pkg.dependencies);
    expect(dependencies.filter((name) => !imported.has(name)), 'dependencies nothing imports').toEqual([]);
    const others = [...imported].filter((name) => !dependencies.includes(name)).sort();
    expect(others.filter((name) => pkg.peerDependenciesMeta[name]?.optional !== true), 'imported, but neither a dependency nor an optional peer').toEqual([]);
    // And no optional peer is left over: each is the driver or integration of some subpath. sharp
    // is imported by a name held in a variable (src/images/thumbnails.ts), so that bundlers of an
    // application leave it alone; the build's own bundling cannot see that import either.
    const peers = Object.keys(pkg.peerDependencies).filter((name) => !name.startsWith('@types/'));
    expect(peers.filter((name) => !imported.has(name)), 'optional peers nothing imports').toEqual(['sharp']);
  });
});
