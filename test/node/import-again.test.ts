/**
 * An import run again (src/node/csv-import.ts): rows stored before are found by their source id
 * (a column, or a hash of the row) and skipped, votes already cast are not cast twice, and only
 * what is new is stored; a deleted post stays deleted. Also what a file must be: an organization
 * that exists (or --create-org), text rather than a workbook or binary data, one source board at
 * a time; a semicolon- or tab-separated file is read as such; tags, hidden and merged posts.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../adapters/memory/index.js';
import { CsvImportError, importFeedbackCsv, type CsvImportTarget } from '../../src/node/csv-import.js';
import type { Storage } from '../../src/storage/contract.js';
import { GOOD_CSV, HEADER, T } from './csv-fixture.js';
import { dumpOf, IMPORT_STORES } from './import-stores.js';

const ADAPTERS = IMPORT_STORES;

const TARGET: CsvImportTarget = { organization: 'Acme', createOrganization: true, board: 'features', now: '2024-03-20T10:00:00.000Z' };
const importText = (storage: Storage, text: string | Buffer, target: Partial<CsvImportTarget> = {}) =>
  importFeedbackCsv(storage, Readable.from([typeof text === 'string' ? Buffer.from(text) : text]), { ...TARGET, ...target });

const titles = (storage: Storage) =>
  storage.transaction('read', async (tx) => {
    const board = await tx.getBoardBySlug(1, 'features');
    return board === null ? [] : (await tx.listPosts(board.id, { sort: 'new', limit: 100, offset: 0 })).rows.map((post) => post.title).sort();
  });

describe.each(Object.keys(ADAPTERS))('%s: the same rows again', (name) => {
  it('stores nothing the second time: every row is found, every vote already cast', async () => {
    const { storage, port } = ADAPTERS[name]!();
    const first = await importText(storage, GOOD_CSV);
    expect(first).toMatchObject({ posts: 2, votes: 3, repeatedVotes: 1, comments: 3, votersCreated: 3, skipped: { posts: 0, votes: 0, comments: 0 } });
    const before = await dumpOf(port);
    const second = await importText(storage, GOOD_CSV);
    expect(second).toMatchObject({ posts: 0, votes: 0, repeatedVotes: 1, comments: 0, votersCreated: 0, organizationCreated: false, boardCreated: false, skipped: { posts: 2, votes: 3, comments: 3 } });
    expect(await dumpOf(port)).toBe(before);
  });

  it('a file that grew stores only what is new: a post, a vote for an old post, a reply to an old comment', async () => {
    const { storage } = ADAPTERS[name]!();
    await importText(storage, GOOD_CSV);
    const grown = `${GOOD_CSV}post,p3,,,Offline mode,,open,dan@example.com,Dan,${T(8)}\nvote,,p2,,,,,dan@example.com,,${T(9)}\ncomment,c4,p1,c3,,Even deeper,,,,${T(9)}\n`;
    const result = await importText(storage, grown);
    expect(result).toMatchObject({ posts: 1, votes: 1, comments: 1, votersCreated: 1, skipped: { posts: 2, votes: 3, comments: 3 } });
    await storage.transaction('read', async (tx) => {
      const comments = await tx.listComments(1);
      const deeper = comments.find((c) => c.body === 'Deeper')!;
      expect(comments.find((c) => c.body === 'Even deeper')).toMatchObject({ parent_comment_id: deeper.id, is_admin: true });
      expect((await tx.getPost(2))!.vote_count).toBe(2);
    });
  });
});

describe('source ids', () => {
  it('a row with a source_id is the same row whatever else changed; without one, a changed row is a new one', async () => {
    const storage = createMemoryStorage();
    const header = `${HEADER},source_id`;
    await importText(storage, `${header}\npost,a,,,Dark mode,,open,,,${T(1)},fider-1\npost,b,,,Export,,open,,,${T(2)},\n`);
    const edited = await importText(storage, `${header}\npost,x,,,Dark mode (edited),,planned,,,${T(1)},fider-1\npost,y,,,Export (edited),,open,,,${T(2)},\n`);
    expect(edited).toMatchObject({ posts: 1, skipped: { posts: 1 } });
    expect(await titles(storage)).toEqual(['Dark mode', 'Export', 'Export (edited)']);
  });

  it('a deleted post is not imported again, and votes for it are skipped', async () => {
    const storage = createMemoryStorage();
    await importText(storage, GOOD_CSV);
    await storage.transaction('write', async (tx) => void (await tx.deletePost(1)));
    const again = await importText(storage, GOOD_CSV);
    expect(again).toMatchObject({ posts: 0, votes: 0, comments: 0, skipped: { posts: 2, votes: 3, comments: 3 } });
    expect(await titles(storage)).toEqual(['Export']);
  });

  it('two rows of one source id are refused, naming both lines', async () => {
    const text = `${HEADER},source_id\npost,a,,,A,,open,,,${T(1)},7\npost,b,,,B,,open,,,${T(1)},7\n`;
    await expect(importText(createMemoryStorage(), text)).rejects.toThrow(new CsvImportError("line 3: source_id '7' is also the source id of the post at line 2"));
  });
});

describe('the organization', () => {
  it('a name no organization has is refused without --create-org, naming the near one; nothing is stored', async () => {
    const { storage, port } = ADAPTERS['sqlite']!();
    await importText(storage, GOOD_CSV);
    const before = await dumpOf(port);
    await expect(importText(storage, GOOD_CSV, { organization: 'acme', createOrganization: false })).rejects.toThrow(
      new CsvImportError('no organization is named "acme" (did you mean "Acme"? names are exact): the store has "Acme"; to create it, add --create-org'),
    );
    await expect(importText(createMemoryStorage(), GOOD_CSV, { createOrganization: false })).rejects.toThrow(/the store has none yet; to create it, add --create-org$/);
    expect(await dumpOf(port)).toBe(before);
    expect(await importText(storage, GOOD_CSV, { organization: 'acme' })).toMatchObject({ organizationCreated: true, posts: 2 });
  });
});

describe('what a file must be', () => {
  it.each([
    ['semicolons', ';'],
    ['tabs', '\t'],
  ])('a file separated by %s is read as such, quoted separators and commas inside fields kept', async (_name, separator) => {
    const rows = [
      ['type', 'id', 'post_id', 'title', 'body', 'email', 'created_at'],
      ['post', 'p1', '', 'Dark mode, please', `"Night; owls\tsay ""yes"""`, 'alice@example.com', T(1)],
    ];
    const result = await importText(createMemoryStorage(), rows.map((row) => row.join(separator)).join('\r\n'));
    expect(result).toMatchObject({ posts: 1, delimiter: separator });
  });

  it.each([
    ['an Excel workbook', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), 'the file is not CSV: it is a ZIP archive (an Excel .xlsx or OpenDocument workbook?): save it as CSV (UTF-8)'],
    ['an old Excel workbook', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'the file is not CSV: it is an Office document (an Excel .xls workbook?): save it as CSV (UTF-8)'],
    ['UTF-16 text', Buffer.from(`\ufeff${HEADER}\n`, 'utf16le'), 'the file is not CSV: it is UTF-16 text: save it as CSV in UTF-8'],
    ['a PDF', Buffer.from('%PDF-1.7\n'), 'the file is not CSV: it is a PDF document'],
    ['binary data', Buffer.concat([Buffer.from(`${HEADER}\npost,p1`), Buffer.from([0, 1, 2, 3])]), `the file is not CSV: it holds binary data (a NUL byte at offset ${HEADER.length + 8})`],
  ])('%s is refused as not CSV, and nothing is stored', async (_name, bytes, message) => {
    const { storage, port } = ADAPTERS['memory']!();
    const before = await dumpOf(port);
    await expect(importText(storage, bytes)).rejects.toThrow(new CsvImportError(message));
    expect(await dumpOf(port)).toBe(before);
  });

  it('rows of several source boards are refused unless one is chosen; the chosen one brings its votes and comments', async () => {
    const header = `${HEADER},board`;
    const text = [
      header, `post,a,,,Dark mode,,open,,,${T(1)},Features`, `post,b,,,Crash on start,,open,,,${T(1)},Bugs`,
      `vote,,a,,,,,v1@example.com,,${T(2)},`, `vote,,b,,,,,v2@example.com,,${T(2)},`, `comment,c,b,,,Same here,,,,${T(3)},`,
    ].join('\n');
    await expect(importText(createMemoryStorage(), text)).rejects.toThrow(
      new CsvImportError('the rows hold posts of 2 boards ("Features", "Bugs"): import them one board at a time, choosing each with --source-board NAME'),
    );
    await expect(importText(createMemoryStorage(), text, { sourceBoard: 'Ideas' })).rejects.toThrow('no post of the board "Ideas": the rows\' boards are "Features", "Bugs"');
    const storage = createMemoryStorage();
    expect(await importText(storage, text, { sourceBoard: 'Bugs' })).toMatchObject({ posts: 1, votes: 1, comments: 1 });
    expect(await titles(storage)).toEqual(['Crash on start']);
  });

  it('--status maps a status of another name; one it does not know is refused by the row path', async () => {
    const text = `${HEADER}\npost,a,,,A,,wip,,,${T(1)}\n`;
    await expect(importText(createMemoryStorage(), text)).rejects.toThrow("line 2: status 'wip' is not one of open, planned, in_progress, shipped, declined");
    const storage = createMemoryStorage();
    await importText(storage, text, { statuses: { WIP: 'in_progress' } });
    expect((await storage.transaction('read', (tx) => tx.getPost(1)))!.status).toBe('in_progress');
  });
});

describe('tags, hidden posts, merges and authors known by name', () => {
  const header = `${HEADER},tags,hidden,merged_into,merged_at`;

  it('stores them as the columns say', async () => {
    const storage = createMemoryStorage();
    const text = [
      header,
      `post,a,,,Dark mode,,open,,Alice,${T(1)},UI| Theme |ui,,,`,
      `post,b,,,Dark theme,,open,,Alice,${T(2)},,true,a,${T(3)}`,
      `post,c,,,Night mode,,open,,Bob,${T(2)},,,b,`,
      `post,d,,,Spam,,open,,,${T(2)},,true,,`,
    ].join('\n');
    expect(await importText(storage, text)).toMatchObject({ posts: 4, votersCreated: 2 });
    await storage.transaction('read', async (tx) => {
      expect(((await tx.getTagsOfPosts([1])).get(1) ?? []).map((tag) => tag.name)).toEqual(['UI', 'Theme']);
      // Merged posts are stored after the others (ids 3 and 4), and land in the post that is not
      // merged itself: Night mode → Dark theme → Dark mode.
      expect((await tx.getPost(2))!).toMatchObject({ title: 'Spam', hidden: true, is_admin: true });
      expect(await tx.getPostMerge(3)).toMatchObject({ target_id: 1, merged_at: new Date(T(3)).toISOString(), source_hidden: true });
      expect(await tx.getPostMerge(4)).toMatchObject({ target_id: 1, merged_at: new Date(T(2)).toISOString(), source_hidden: false });
      expect((await tx.getPost(4))!).toMatchObject({ title: 'Night mode', hidden: true });
      const alice = (await tx.getVoter((await tx.getPostAuthor(1))!))!;
      expect(alice).toMatchObject({ name: 'Alice', email: null });
      expect(await tx.getPostAuthor(3)).toBe(alice.id);
    });
  });

  it.each([
    [`post,a,,,A,,open,,,${T(1)},,,z,`, "line 2: merged_into 'z' is not the id of a post in the file"],
    [`post,a,,,A,,open,,,${T(1)},,,b,\npost,b,,,B,,open,,,${T(1)},,,a,`, "line 2: merged_into 'b' leads back to this post"],
    [`post,a,,,A,,open,,,${T(1)},,,,${T(2)}`, 'line 2: merged_at is set but merged_into is not'],
    [`post,a,,,A,,open,,,${T(1)},${'x'.repeat(41)},,,`, `line 2: the tag '${'x'.repeat(41)}' is longer than 40 characters`],
    [`post,a,,,A,,open,,,${T(1)},${Array.from({ length: 21 }, (_, i) => `t${i}`).join('|')},,,`, 'line 2: 21 tags: a post has at most 20'],
    [`post,a,,,A,,open,,,${T(1)},,maybe,,`, "line 2: hidden 'maybe' is not true or false"],
  ])('refuses %j', async (row, message) => {
    await expect(importText(createMemoryStorage(), `${header}\n${row}\n`)).rejects.toThrow(new CsvImportError(message));
  });
});
