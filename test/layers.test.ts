/**
 * The dependency rule of the layout (docs/architecture.md, "Layers"): imports run only downwards
 * through the rooms of `LAYERS`, so `src/` never imports an adapter, MCP, the mock server or the
 * CLI, and no files import each other in a circle. Checked on the compiler's resolution of every
 * production file; the checks themselves are shown to fail on graphs that break each rule.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, LAYERS, readModuleGraph, roomOf, upwardImports, type ModuleGraph } from './helpers/module-graph.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const graph = readModuleGraph(ROOT);

const graphOf = (edges: Record<string, string[]>): ModuleGraph => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the layers of the package', () => {
  it('reads every production file, and each lies in a room of the layers', () => {
    expect(graph.size).toBeGreaterThan(200);
    for (const file of ['src/board.ts', 'src/http/handler.ts', 'adapters/sqlite/index.ts', 'cli/main.ts', 'mcp/server.ts', 'testing/index.ts']) {
      expect(graph.has(file), file).toBe(true);
    }
    expect([...graph.keys()].filter((file) => roomOf(file) === null)).toEqual([]);
    expect(graph.get('cli/main.ts')!.size).toBeGreaterThan(3);
  });

  it('has no import that runs upwards or sideways between rooms', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('has no files that import each other in a circle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('names an upward import, a sideways one and a file outside the rooms', () => {
    const broken = graphOf({
      'src/storage/contract.ts': ['src/services/posts.ts', 'src/domain/records.ts'],
      'adapters/sqlite/index.ts': ['adapters/postgres/index.ts'],
      'src/http/handler.ts': ['elsewhere/x.ts'],
    });
    const found = upwardImports(broken, LAYERS);
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toContain('src/storage (layer 1) may not import src/services (layer 4)');
    expect(found.join('\n')).toContain('adapters/sqlite (layer 10) may not import adapters/postgres (layer 10)');
    expect(found.join('\n')).toContain('elsewhere/x.ts is in no room');
  });

  it('finds a circle of three files and a self-import, and nothing in a chain', () => {
    const circle = graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'] });
    expect(importCycles(circle)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });
});
