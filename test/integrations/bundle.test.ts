/**
 * Where the integrations code may go: it bundles for the browser with no Node built-in and no
 * package outside it (Web Crypto, URL and fetch types only, so it runs wherever the core runs);
 * the core loads it only on first use, in chunks of its own; and no production file imports the packages its tests
 * use as oracles and schemas (dev dependencies only).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserBuild, browserChunks } from '../helpers/esbuild.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEST_ONLY = ['@octokit/webhooks-methods', '@octokit/webhooks-examples', '@octokit/webhooks-types', '@linear/sdk', '@slack/types', 'discord-api-types', 'graphql'];

function productionFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe('the integrations code', () => {
  it('bundles for the browser with no Node built-in and no import left', async () => {
    const result = await browserBuild("export * from './src/integrations/index.ts';");
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/integrations/github/verify.ts');
    expect(inputs.filter((path) => path.startsWith('node:') || path.includes('node_modules/@octokit') || path.includes('node_modules/@linear'))).toEqual([]);
    expect(Object.values(result.metafile.outputs)[0]!.imports).toEqual([]);
  }, 60_000);

  it('is loaded by the core only on the first delivery, connection, link, chat message or outbound call, never with it', async () => {
    const { initial, lazy } = await browserChunks("export * from './src/index.ts';");
    expect(initial.inputs.filter((path) => path.startsWith('src/integrations/') || path.includes('integration-') || path.includes('chat-'))).toEqual([]);
    expect(lazy.inputs).toEqual(expect.arrayContaining(['src/integrations/github/verify.ts', 'src/services/integration-inbound.ts', 'src/services/integration-connections.ts', 'src/services/integration-links.ts', 'src/services/integration-calls.ts', 'src/integrations/tracker-calls.ts', 'src/services/chat-messages.ts', 'src/integrations/chat/slack.ts']));
  }, 60_000);

  it('and no production file imports a package its tests use as an oracle or a schema', () => {
    const offenders: string[] = [];
    for (const folder of ['src', 'adapters', 'mcp', 'mock-server', 'cli', 'testing', 'widget']) {
      for (const file of productionFiles(folder)) {
        const text = readFileSync(join(ROOT, file), 'utf8');
        for (const name of TEST_ONLY) if (new RegExp(`from\\s+['"]${name}(?:/[^'"]*)?['"]|import\\(\\s*['"]${name}`).test(text)) offenders.push(`${file}: ${name}`);
      }
    }
    expect(offenders).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const name of TEST_ONLY) {
      expect({ name, dev: manifest['devDependencies']?.[name] !== undefined, runtime: manifest['dependencies']?.[name] ?? manifest['peerDependencies']?.[name] ?? null }).toEqual({ name, dev: true, runtime: null });
    }
  });
});
