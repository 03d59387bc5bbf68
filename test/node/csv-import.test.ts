/**
 * Importing feedback from CSV (src/node/csv-import.ts) on memory and SQLite: a good file stores
 * posts, votes (voters by e-mail, a repeated vote counted once) and threaded comments with their
 * timestamps; a bad row, a bad header, an empty file, a field the API would refuse or bytes that
 * are not UTF-8 are refused naming the line, and the store is byte for byte what it was before
 * (its dump compared).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../src/storage/contract.js';
import { CsvImportError, importFeedbackCsv } from '../../src/node/csv-import.js';
import { newBoard, newOrganization, newVoter } from '../../testing/fixtures.js';
import { GOOD_CSV, HEADER, T } from './csv-fixture.js';
import { dumpOf, IMPORT_STORES } from './import-stores.js';

const ADAPTERS = IMPORT_STORES;

const NOW = '2024-03-20T10:00:00.000Z';
const importText = (storage: Storage, text: string) => importFeedbackCsv(storage, Readable.from([text]), { organization: 'Acme', board: 'features', now: NOW });

describe.each(Object.keys(ADAPTERS))('%s', (name) => {
  it('a good file stores posts, votes by voters found or created by e-mail, and threaded comments, keeping the timestamps', async () => {
    const { storage } = ADAPTERS[name]!();
    await storage.transaction('write', async (tx) => {
      const org = await tx.insertOrganization(newOrganization());
      await tx.insertVoter(newVoter(org.id, { email: 'bob@example.com', name: 'Bob' }));
    });
    const result = await importText(storage, GOOD_CSV);
    expect(result).toEqual({
      posts: 2, votes: 3, repeatedVotes: 1, comments: 3, votersCreated: 2, organizationCreated: false, boardCreated: true,
      skipped: { posts: 0, votes: 0, comments: 0 }, delimiter: ',', leftOut: {},
    });
    await storage.transaction('read', async (tx) => {
      const [org] = await tx.listOrganizations();
      const board = (await tx.getBoardBySlug(org!.id, 'features'))!;
      const { rows: items } = await tx.listPosts(board.id, { sort: 'new', limit: 10, offset: 0 });
      const dark = items.find((post) => post.title === 'Dark mode, please')!;
      expect(dark).toMatchObject({ body: 'Night owls say "yes"\nand more', status: 'planned', is_admin: false, vote_count: 2, comment_count: 3, created_at: '2024-03-01T10:00:00.000Z' });
      const shipped = items.find((post) => post.title === 'Export')!;
      expect(shipped).toMatchObject({ status: 'shipped', is_admin: true, shipped_at: '2024-03-02T10:00:00.000Z', vote_count: 1 });
      const alice = (await tx.getVoterByEmail(org!.id, 'alice@example.com'))!;
      expect(alice).toMatchObject({ name: 'Alice', created_at: NOW });
      expect(await tx.getPostAuthor(dark.id)).toBe(alice.id);
      const bob = (await tx.getVoterByEmail(org!.id, 'bob@example.com'))!;
      expect((await tx.listVoterIds(dark.id)).sort()).toEqual([alice.id, bob.id].sort());
      const comments = await tx.listComments(dark.id);
      const first = comments.find((c) => c.body === 'First')!;
      const reply = comments.find((c) => c.body === 'Reply, to "first"')!;
      expect(first).toMatchObject({ parent_comment_id: null, voter_id: bob.id, is_admin: false, created_at: '2024-03-05T10:00:00.000Z' });
      expect(reply).toMatchObject({ parent_comment_id: first.id, voter_id: null, is_admin: true });
      expect(comments.find((c) => c.body === 'Deeper')).toMatchObject({ parent_comment_id: reply.id });
    });
  });

  it('a bad row on line 57 is named and nothing of the file is stored', async () => {
    const { storage, port } = ADAPTERS[name]!();
    await storage.transaction('write', async (tx) => void (await tx.insertBoard(newBoard((await tx.insertOrganization(newOrganization())).id))));
    const rows = [HEADER, `post,p0,,,"Two\nlines",,open,,,${T(1)}`];
    for (let i = 1; rows.length < 54; i++) rows.push(`post,p${i},,,Post ${i},,open,v${i}@example.com,,${T(1)}`, `vote,,p${i},,,,,w${i}@example.com,,${T(2)}`);
    rows.push(`comment,c1,p1,,,Hi,,,,${T(2)}`);
    rows.push(`post,bad,,,Bad one,,wip,,,${T(3)}`, `post,late,,,After,,open,,,${T(3)}`);
    // Line 1 is the header and the first post spans lines 2-3, so the 'wip' row starts on line 57.
    const before = await dumpOf(port);
    await expect(importText(storage, rows.join('\n'))).rejects.toThrow(
      new CsvImportError("line 57: status 'wip' is not one of open, planned, in_progress, shipped, declined"),
    );
    expect(await dumpOf(port)).toBe(before);
    const fixed = rows.join('\n').replace(',wip,', ',in_progress,');
    expect((await importText(storage, fixed)).posts).toBe(29);
    expect(await dumpOf(port)).not.toBe(before);
  });

  it('refusals name the line and store nothing', async () => {
    const { storage, port } = ADAPTERS[name]!();
    const before = await dumpOf(port);
    const refused: Array<[string, string | RegExp]> = [
      ['', 'the file is empty (no header line)'],
      [`${HEADER},votes\n`, 'line 1: unknown column votes (the columns are type, id, post_id, title, body, email, created_at, parent_id, status, name, shipped_at, source_id, tags, hidden, merged_into, merged_at, board)'],
      ['type,id,post_id,title,body\n', 'line 1: missing required columns email, created_at'],
      [`${HEADER}\npost,p1,,,T,,open,,,${T(1)}\nvote,,p9,,,,,a@example.com,,${T(2)}`, "line 3: post_id 'p9' is not the id of a post in the file"],
      [`${HEADER}\npost,p1,,,T,,open,,,${T(1)}\nvote,,p1,,,,,,,${T(2)}`, 'line 3: a vote needs an email'],
      [`${HEADER}\npost,p1,,,T,,open,not-mail,,${T(1)}`, "line 2: email 'not-mail' is not an e-mail address"],
      [`${HEADER}\npost,p1,,,T,,open,,,yesterday`, "line 2: created_at 'yesterday' is not an ISO 8601 date and time"],
      [`${HEADER}\npost,p1,,,T,,open,,,${T(1)}\ncomment,c1,p1,c0,,Hi,,,,${T(2)}`, "line 3: parent_id 'c0' is not the id of a comment in the file"],
      [`${HEADER}\npost,p1,,,T,,open,,,${T(1)}\npost,p1,,,U,,open,,,${T(1)}`, "line 3: post id 'p1' is also the id of the post at line 2"],
      [`${HEADER}\nidea,p1,,,T,,open,,,${T(1)}`, "line 2: type 'idea' is not one of post, vote, comment"],
      [`${HEADER}\npost,p1,,,"T,,open,,,${T(1)}`, /^not valid CSV|^line \d+: not valid CSV/],
      [`${HEADER}\npost,p1,,,T,,open,,`, /^line 2: not valid CSV/],
    ];
    for (const [text, message] of refused) {
      const failure = importText(storage, text);
      await expect(failure).rejects.toBeInstanceOf(CsvImportError);
      await expect(failure).rejects.toThrow(message);
    }
    await expect(importFeedbackCsv(storage, Readable.from(['']), { organization: 'Acme', board: 'Not A Slug' })).rejects.toThrow(/is not a board slug/);
    expect(await dumpOf(port)).toBe(before);
  });

  it("refuses fields the API would refuse and bytes that are not UTF-8, naming the line, storing nothing", async () => {
    const { storage, port } = ADAPTERS[name]!();
    const before = await dumpOf(port);
    const post = (title: string, body = '', author = ',') => `post,p1,,,"${title}","${body}",open,${author},${T(1)}`;
    const refused: Array<[string | Buffer | string[], string]> = [
      [`${HEADER}\n${post('x'.repeat(5 * 1024 * 1024))}`, 'line 2: title must be at most 200 characters'],
      [`${HEADER}\n${post('T', 'y'.repeat(20_001))}`, 'line 2: body must be at most 20000 characters'],
      // A NUL early in the file marks it as binary; one further on breaks the field's rule.
      [`${HEADER}\n${post('Dark\u0000mode')}`, 'the file is not CSV: it holds binary data (a NUL byte at offset'],
      [
        // (in chunks, as a file is read: the first 64 KiB are looked at as a whole)
        [`${HEADER}\n${[1, 2, 3, 4].map((n) => post(`T${n}`, 'b'.repeat(19_000)).replace('p1', `p${n}`)).join('\n')}\n`, post('Dark\u0000mode').replace('p1', 'p5')],
        'line 6: title must not contain NUL characters',
      ],
      [`${HEADER}\n${post('   ')}`, 'line 2: a post needs a title'],
      [`${HEADER}\n${post('T', '', `a@example.com,${'n'.repeat(121)}`)}`, 'line 2: name must be at most 120 characters'],
      [`${HEADER}\n${post('T')}\ncomment,c1,p1,,,"${'z'.repeat(10_001)}",,,,${T(2)}`, 'line 3: body must be at most 10000 characters'],
      [`${HEADER}\n${post('T')}\nvote,,p1,,,,,${'m'.repeat(320)}@example.com,,${T(2)}`, 'line 3: email must be at most 320 characters'],
      // "café" in Latin-1 on line 3: its é is the lone byte 0xE9.
      [Buffer.concat([Buffer.from(`${HEADER}\n${post('T')}\n${post('Caf').replace('p1', 'p2')}`.replace('"Caf"', '"Caf')), Buffer.from([0xe9]), Buffer.from('"')]), 'line 3: not valid UTF-8'],
    ];
    for (const [text, message] of refused) {
      const failure = importFeedbackCsv(storage, Readable.from(Array.isArray(text) ? text : [text]), { organization: 'Acme', board: 'features', now: NOW });
      await expect(failure).rejects.toBeInstanceOf(CsvImportError);
      await expect(failure).rejects.toThrow(message);
    }
    await expect(importFeedbackCsv(storage, Readable.from([GOOD_CSV]), { organization: 'A'.repeat(121), board: 'features' })).rejects.toThrow(
      'the organization name must be at most 120 characters',
    );
    expect(await dumpOf(port)).toBe(before);
  });
});
