/**
 * The code in the guides is real code. Every ```ts or ```js block of docs/*.md is marked
 * `<!-- example: examples/... -->` and is an excerpt of that file; the files under
 * docs/examples/guides and docs/examples/snippets type-check against the built package (as a user
 * imports it); the guides' examples run, and what they print is what their `// → ...` comments
 * say. (The runtime examples, docs/examples/runtimes/*.js, run under Bun and Deno in
 * test/runtimes.) Relative links of the docs and the README lead to files that exist.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { assertFreshBuild } from '../helpers/fresh-build.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = join(ROOT, 'docs');
const EXAMPLES = join(DOCS, 'examples');

const guides = readdirSync(DOCS).filter((name) => name.endsWith('.md')).sort();
const CODE_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'tsx']);
const MARKER = /^<!-- example: (\S+) -->$/;

interface Block {
  guide: string;
  line: number;
  language: string;
  text: string;
  /** The example file the block says it is taken from, relative to docs/. */
  source: string | null;
}

const normalize = (text: string) => text.split('\n').map((line) => line.trimEnd()).join('\n');

function blocksOf(guide: string): Block[] {
  const lines = readFileSync(join(DOCS, guide), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.trimEnd() === '```');
    if (end < 0) throw new Error(`${guide}:${i + 1}: unclosed code block`);
    let previous = i - 1;
    while (previous >= 0 && lines[previous]!.trim() === '') previous--;
    const marker = previous >= 0 ? MARKER.exec(lines[previous]!.trim()) : null;
    blocks.push({ guide, line: i + 1, language: open[1]!, text: lines.slice(i + 1, end).join('\n'), source: marker?.[1] ?? null });
    i = end;
  }
  return blocks;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const allBlocks = guides.flatMap(blocksOf);
const codeBlocks = allBlocks.filter((b) => CODE_LANGUAGES.has(b.language));
const runnable = readdirSync(join(EXAMPLES, 'guides')).filter((name) => name.endsWith('.ts')).sort();

describe('code blocks of the guides', () => {
  it('every guide has code, and every code block names its language', () => {
    expect(guides.length).toBeGreaterThanOrEqual(8);
    for (const block of allBlocks) expect(block.language, `${block.guide}:${block.line}`).not.toBe('');
    expect(codeBlocks.length).toBeGreaterThan(20);
  });

  it.each(codeBlocks.map((b) => [`${b.guide}:${b.line}`, b] as const))('%s is an excerpt of its example file', (_, block) => {
    expect(block.source, 'the line before the block must be <!-- example: examples/... -->').toMatch(/^examples\//);
    const file = resolve(DOCS, block.source!);
    expect(existsSync(file), `${block.source} does not exist`).toBe(true);
    expect(normalize(readFileSync(file, 'utf8'))).toContain(normalize(block.text).trim());
  });

  it('every example file is shown in some guide', () => {
    const shown = new Set(codeBlocks.map((b) => resolve(DOCS, b.source ?? '')));
    const files = filesUnder(EXAMPLES).filter((file) => /\.(ts|js)$/.test(file));
    expect(files.filter((file) => !shown.has(file)).map((file) => relative(ROOT, file))).toEqual([]);
  });
});

describe('the examples', () => {
  it('type-check against the built package, as a user imports it', () => {
    assertFreshBuild();
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', join(EXAMPLES, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  it.each(runnable)('guides/%s runs and prints what its comments say', async (name) => {
    const file = join(EXAMPLES, 'guides', name);
    const expected = readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const match = /\/\/ → (.*)$/.exec(line);
        return match ? [match[1]!.trimEnd()] : [];
      });
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      log.mockRestore();
    }
    expect(printed).toEqual(expected);
  });
});

describe('links', () => {
  const documents = [...guides.map((g) => join(DOCS, g)), join(ROOT, 'README.md')];
  it.each(documents.map((file) => [relative(ROOT, file), file] as const))('relative links of %s lead to files', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:|^#/.test(t));
    for (const target of targets) {
      expect(existsSync(resolve(dirname(file), target.split('#')[0]!)), `${relative(ROOT, file)} → ${target}`).toBe(true);
    }
  });
});
