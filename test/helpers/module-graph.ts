/**
 * The package's module graph as the TypeScript compiler resolves it (every static, type-only and
 * dynamic import of every production file), and the two rules the layout keeps: imports between
 * rooms run only downwards through {@link LAYERS}, and no files import each other in a circle.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The rooms of the package, bottom first. A file may import files of its own room and of rooms
 * below it, never above. A room is a folder (every file under it) or a single file.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['src/domain'],
  ['src/storage'],
  ['src/webhooks'],
  ['src/integrations'],
  ['src/services', 'src/i18n'],
  ['src/fixture', 'src/mail'],
  ['src/http'],
  ['src/client', 'src/openapi', 'src/node', 'src/images'],
  ['src/board.ts'],
  ['src/pages', 'src/index.ts', 'adapters/sql'],
  ['adapters/memory', 'adapters/sqlite', 'adapters/indexeddb', 'adapters/postgres'],
  ['testing', 'mcp', 'mock-server'],
  ['cli', 'widget'],
];

/** The production folders the graph covers (tests, docs, benchmarks and scripts are not in it). */
export const PRODUCTION_ROOTS = ['src', 'adapters', 'testing', 'mcp', 'mock-server', 'cli', 'widget'];

/** Files and the files each imports, as paths relative to the repository root. */
export type ModuleGraph = Map<string, Set<string>>;

/** Reads the graph of every `.ts`/`.tsx` file under the production roots of `root`. */
export function readModuleGraph(root: string): ModuleGraph {
  const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowJs: false, jsx: ts.JsxEmit.ReactJSX };
  const files = ts.sys
    .readDirectory(root, ['.ts', '.tsx'], undefined, PRODUCTION_ROOTS.map((folder) => `${folder}/**/*`))
    .filter((file) => !file.endsWith('.d.ts'));
  const graph: ModuleGraph = new Map();
  for (const file of files) {
    const from = relative(root, file);
    const edges = new Set<string>();
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue; // packages and node: built-ins are not rooms
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport) edges.add(relative(root, resolved.resolvedFileName));
      else edges.add(relative(root, join(file, '..', specifier)));
    }
    graph.set(from, edges);
  }
  return graph;
}

/** The room of a file: the longest entry of {@link LAYERS} it lies in, with that room's layer. */
export function roomOf(file: string, layers = LAYERS): { room: string; layer: number } | null {
  let best: { room: string; layer: number } | null = null;
  layers.forEach((rooms, layer) => {
    for (const room of rooms) {
      if ((file === room || file.startsWith(`${room}/`)) && (!best || room.length > best.room.length)) best = { room, layer };
    }
  });
  return best;
}

/** Every import that runs upwards or sideways between rooms, or leaves the known rooms. */
export function upwardImports(graph: ModuleGraph, layers = LAYERS): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const source = roomOf(from, layers);
    for (const to of targets) {
      const target = roomOf(to, layers);
      if (!source || !target) {
        found.push(`${from} -> ${to}: ${source ? to : from} is in no room of the layers`);
      } else if (source.room !== target.room && target.layer >= source.layer) {
        found.push(`${from} -> ${to}: ${source.room} (layer ${source.layer}) may not import ${target.room} (layer ${target.layer})`);
      }
    }
  }
  return found.sort();
}

/** The circles of files that import each other (strongly connected components of 2+ files, or a self-import). */
export function importCycles(graph: ModuleGraph): string[][] {
  // Tarjan's algorithm, iterative so a long chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.edges.next();
      if (!step.done) {
        const to = step.value;
        if (!graph.has(to)) continue;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
