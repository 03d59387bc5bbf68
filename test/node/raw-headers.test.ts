/**
 * `listen`'s reader of a request's raw headers answers `get` exactly as a Fetch `Headers` made from
 * the same fields does (any case of the name, repeated fields joined, spaces and tabs around a
 * value dropped), and the API handler reads it only on the request `listen` made.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFeedbackBoard } from '../../src/board.js';
import { listen } from '../../src/node/listen.js';
import { newRequestId, RawHeaderReader } from '../../src/node/request-id.js';
import { createMemoryStorage } from '../../adapters/memory/index.js';

const NAMES = ['authorization', 'x-api-key', 'content-type', 'content-length', 'x-custom'];
const caseOf = (name: string, flips: boolean[]) => [...name].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('');
const space = fc.constantFrom('', ' ', '\t', '  ', ' \t');
const core = fc.stringMatching(/^[!-~]([ !-~]{0,10}[!-~])?$/);
const field = fc.record({
  name: fc.constantFrom(...NAMES),
  flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
  value: fc.tuple(space, fc.option(core, { nil: '' }), space).map(([a, b, c]) => a + b + c),
});

describe('RawHeaderReader', () => {
  it('answers get() as Headers does, for every name in any case', () => {
    fc.assert(
      fc.property(fc.array(field, { maxLength: 8 }), fc.constantFrom(...NAMES, 'absent'), fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), (fields, asked, flips) => {
        const raw = fields.flatMap((f) => [caseOf(f.name, f.flips), f.value]);
        const headers = new Headers(fields.map((f) => [caseOf(f.name, f.flips), f.value] as [string, string]));
        expect(new RawHeaderReader(raw).get(caseOf(asked, flips))).toBe(headers.get(asked));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the API handler behind listen', () => {
  it('reads the key from the raw headers: a repeated Authorization is joined as Fetch joins it, and refused', async () => {
    const board = createFeedbackBoard({ storage: createMemoryStorage(), http: { rateLimit: false } });
    const org = await board.dashboard.organizations.create({ name: 'Acme' });
    const { key } = await board.dashboard.apiKeys.create(org.id, { scope: 'read' });
    const server = await listen((request, context) => board.fetch(request, context));
    try {
      const send = (lines: string[]) =>
        new Promise<string>((done, fail) => {
          import('node:net').then(({ connect }) => {
            const socket = connect(server.port, '127.0.0.1');
            let text = '';
            socket.on('data', (chunk) => (text += chunk.toString()));
            socket.on('end', () => done(text));
            socket.on('error', fail);
            socket.write(`GET /api/v1/boards HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${lines.join('\r\n')}\r\n\r\n`);
          }, fail);
        });
      expect(await send([`AUTHORIZATION:  Bearer ${key}\t`])).toMatch(/^HTTP\/1\.1 200 /);
      expect(await send([`Authorization: Bearer ${key}`, `Authorization: Bearer ${key}`])).toMatch(/^HTTP\/1\.1 401 /);
      expect(await send([`X-Api-Key: ${key}`])).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await server.close();
      await board.close();
    }
  });
});

describe('newRequestId', () => {
  it('makes version 4 UUIDs, each new, with every random digit taking every value', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const seen = new Set<string>();
    // Digits seen at each of the 36 places: more ids than one pool holds (256), so the pool refills.
    const digits = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 5000; i += 1) {
      const id = newRequestId();
      expect(id).toMatch(uuid);
      seen.add(id);
      for (let place = 0; place < 36; place += 1) digits[place]!.add(id[place]!);
    }
    expect(seen.size).toBe(5000);
    const counts = digits.map((set) => set.size);
    // The dashes, the version (4) and the variant (8, 9, a or b) are fixed; every other place is random.
    expect(counts).toEqual(Array.from({ length: 36 }, (_, place) => ([8, 13, 18, 23].includes(place) ? 1 : place === 14 ? 1 : place === 19 ? 4 : 16)));
  });
});
