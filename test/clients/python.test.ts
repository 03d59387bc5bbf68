/**
 * Runs the Python client's unittest suite (clients/python/tests), which starts the built CLI
 * (`dist/cli/main.js serve`) with its own fixtures and calls it over HTTP.
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const probe = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = probe.error === undefined && probe.status === 0;

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

describe('Python client', () => {
  it.skipIf(!hasPython)(
    hasPython
      ? 'passes its unittest suite against the built CLI'
      : 'passes its unittest suite against the built CLI (skipped: python3 is not on PATH)',
    async () => {
      const { code, output } = await run('python3', [
        '-m',
        'unittest',
        'discover',
        '-s',
        'clients/python/tests',
        '-t',
        'clients/python',
      ]);
      if (code !== 0) console.error(output);
      expect(code, output).toBe(0);
    },
    180_000,
  );
});
