/**
 * Running the child scripts of `test/adapters/sqlite/children/` as separate Node processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { childScript } from './build-adapter.js';

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningChild {
  process: ChildProcess;
  /** Called with each complete line the child writes to stdout. */
  onLine(listener: (line: string) => void): void;
  done: Promise<ChildResult>;
}

/** Starts `node test/adapters/sqlite/children/<script> <JSON args>`. */
export function startChild(script: string, args: unknown): RunningChild {
  const child = spawn(process.execPath, [childScript(script), JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  const listeners: ((line: string) => void)[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) for (const listener of listeners) listener(line);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const done = new Promise<ChildResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { process: child, onLine: (listener) => listeners.push(listener), done };
}

/** Runs a child to its end and returns the JSON of each line it printed; fails if it failed. */
export async function runChild<T>(script: string, args: unknown): Promise<T[]> {
  const result = await startChild(script, args).done;
  if (result.code !== 0) {
    throw new Error(`${script} exited with ${result.code ?? result.signal}: ${result.stderr}`);
  }
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}
