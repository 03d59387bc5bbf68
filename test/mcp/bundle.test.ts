/**
 * The MCP SDK stays an optional peer: the core (`src/index.ts`), the client and every adapter
 * bundle without it, and in the build only `dist/mcp/` (and the CLI, at run time) imports it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SDK = /@modelcontextprotocol[\\/]sdk/;

it.each(['src/index.ts', 'src/client/index.ts', 'adapters/memory/index.ts', 'adapters/indexeddb/index.ts'])(
  '%s bundles without the MCP SDK',
  async (entry) => {
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      external: ['better-sqlite3', 'fetch-mock', 'node:*'],
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => SDK.test(path) || path.startsWith('mcp/'))).toEqual([]);
  },
  30_000,
);

it('the core bundles none of OAuth for MCP beyond its storage: no token, consent or endpoint code', async () => {
  const result = await build({
    entryPoints: ['src/index.ts'], absWorkingDir: ROOT, bundle: true, write: false, format: 'esm', platform: 'neutral',
    mainFields: ['module', 'main'], external: ['better-sqlite3', 'fetch-mock', 'node:*'], metafile: true, logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.some((path) => path.startsWith('src/storage/'))).toBe(true);
  expect(inputs.filter((path) => /^(src\/services\/oauth|src\/pages\/|mcp\/)/.test(path))).toEqual([]);
}, 30_000);

it('the bundle check sees the SDK when an entry does import it (the check has teeth)', async () => {
  const result = await build({
    entryPoints: ['mcp/index.ts'], absWorkingDir: ROOT, bundle: true, write: false, format: 'esm', platform: 'node',
    external: ['better-sqlite3', 'fetch-mock'], metafile: true, logLevel: 'silent',
  });
  expect(Object.keys(result.metafile.inputs).some((path) => SDK.test(path))).toBe(true);
}, 30_000);

it('in the build, only the mcp entry and the CLI (with the command modules it loads when they run) name the SDK; the core entry reaches no chunk that does', () => {
  const dist = join(ROOT, 'dist');
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  const naming = files.filter((file) => SDK.test(readFileSync(join(dist, file), 'utf8'))).sort();
  expect(naming.length).toBeGreaterThan(0);
  // `serve-*.js` and `mcp-*.js` are cli/serve.ts and cli/mcp.ts, which the CLI loads when their command runs.
  for (const file of naming) expect(file).toMatch(/^(mcp[\\/]index\.js|cli[\\/]main\.js|(chunk|serve|mcp)-[\w-]+\.js)$/);
  // Walk the static imports of dist/index.js: none of the files it loads names the SDK.
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    expect(SDK.test(code), file).toBe(false);
    for (const match of code.matchAll(/(?:^|[;\n])\s*(?:import|export)[^'"]*?from\s*["'](\.\/[^"']+)["']/g)) visit(join(file, '..', match[1]!).replace(/^\.\//, ''));
  };
  visit('index.js');
  expect(seen.size).toBeGreaterThan(1);
});
