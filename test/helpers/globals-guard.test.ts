import { describe, expect, it } from 'vitest';
import { listen } from '../../src/node/listen.js';
import { changedGlobals, globalsSnapshot } from './globals.js';

describe('the guard of the globals every test file shares with the others of its worker', () => {
  it('sees the Fetch classes replaced the way a server bridge replaces them, and nothing once they are put back', async () => {
    const before = globalsSnapshot();
    const descriptors = (['Request', 'Response'] as const).map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)!] as const);
    const server = await listen(async () => new Response('ok'), { port: 0, ownProcess: true });
    await server.close();
    try {
      expect(changedGlobals(before, globalsSnapshot())).toEqual(['Request', 'Response']);
    } finally {
      for (const [name, descriptor] of descriptors) Object.defineProperty(globalThis, name, descriptor);
    }
    expect(changedGlobals(before, globalsSnapshot())).toEqual([]);
  });

  it('sees a timer assigned over, and not a global read for the first time', () => {
    const before = globalsSnapshot();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'setTimeout')!;
    globalThis.setTimeout = (() => 0) as unknown as typeof setTimeout;
    try {
      expect(changedGlobals(before, globalsSnapshot())).toEqual(['setTimeout']);
    } finally {
      Object.defineProperty(globalThis, 'setTimeout', original);
    }
    void globalThis.FormData;
    expect(changedGlobals(before, globalsSnapshot())).toEqual([]);
  });
});
