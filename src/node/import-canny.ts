/**
 * Importing from Canny: the answers of Canny's API saved in a folder (`posts.json` from
 * `/api/v1/posts/list`, and `comments.json`, `votes.json` from `/comments/list` and `/votes/list`;
 * each the answer as it came, or an array of the objects of every page). Posts keep their status,
 * tags, category (as a tag), author and time; the posts merged into each (`mergeHistory`) become
 * merged posts; comments keep their threads, the team's (by admins) become the team's; internal
 * comments stay out. Every row takes the one row path, and an import may be run again.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PostStatus } from '../domain/records.js';
import type { Storage } from '../storage/contract.js';
import { CsvImportError, readRow, type CsvFeedback } from './csv-rows.js';
import { formatContext, importFeedback, type CsvImportResult, type CsvImportTarget } from './csv-import.js';
import { mapStatus, type FormatContext, type RowValues } from './import-format.js';

/** Canny's built-in statuses (a company's own need --status). */
const CANNY_STATUSES: Readonly<Record<string, PostStatus>> = {
  open: 'open',
  'under review': 'open',
  planned: 'planned',
  'in progress': 'in_progress',
  complete: 'shipped',
  closed: 'declined',
};

const LABEL = "Canny's API answers";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The objects of one file: an array, or the API's answer (`{ "posts": [...], "hasMore": … }`); [] when the file is absent and optional. */
async function objectsOf(dir: string, name: 'posts' | 'comments' | 'votes', required: boolean): Promise<Json[]> {
  const file = `${name}.json`;
  let content: string;
  try {
    content = await readFile(join(dir, file)).then((bytes) => new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (error instanceof TypeError) throw new CsvImportError(`${file} is not valid UTF-8`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !required) return [];
    throw new CsvImportError(`cannot read ${join(dir, file)}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    throw new CsvImportError(`${file} is not valid JSON (${(error as Error).message})`);
  }
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) ? parsed[name] : undefined;
  if (!Array.isArray(list)) throw new CsvImportError(`${file} holds neither an array of ${name} nor the API's answer with "${name}"`);
  const bad = list.findIndex((item) => !isObject(item) || text(item['id']) === '');
  if (bad !== -1) throw new CsvImportError(`${file}, ${name.slice(0, -1)} ${bad + 1}: not an object with an id`);
  return list as Json[];
}

/** Who wrote it: an admin is the board team; a deleted account (no user) a person of that name. */
function authorOf(user: unknown): Pick<RowValues, 'email' | 'name'> {
  if (!isObject(user)) return { email: '', name: 'deleted account' };
  if (user['isAdmin'] === true) return { email: '', name: '' };
  return { email: text(user['email']), name: text(user['name']) || 'Canny user' };
}

function postRows(post: Json, where: string, context: FormatContext, listed: ReadonlySet<string>): RowValues[] {
  const id = text(post['id']);
  const board = isObject(post['board']) ? text(post['board']['name']) : '';
  const status = mapStatus(text(post['status']), CANNY_STATUSES, context, where, LABEL);
  const tags = [...(Array.isArray(post['tags']) ? post['tags'] : []), post['category']].filter(isObject).map((tag) => text(tag['name']));
  const row: RowValues = {
    type: 'post', id, source_id: id, title: text(post['title']), body: text(post['details']), status, created_at: text(post['created']),
    shipped_at: status === 'shipped' ? text(post['statusChangedAt']) : '', tags: tags.join('|'), board, ...authorOf(post['author']),
  };
  // The posts merged into it: their title and time are kept; their votes are already this post's.
  const merged = (Array.isArray(post['mergeHistory']) ? post['mergeHistory'] : []).filter(isObject).flatMap((entry): RowValues[] => {
    const source = isObject(entry['post']) ? entry['post'] : {};
    const sourceId = text(source['id']);
    if (sourceId === '' || listed.has(sourceId)) return [];
    return [{
      type: 'post', id: sourceId, source_id: sourceId, title: text(source['title']), created_at: text(source['created']), board,
      merged_into: id, merged_at: text(entry['created']),
    }];
  });
  return [row, ...merged];
}

/** Reads the folder's answers into rows, each through the row path. */
export async function readCannyExport(dir: string, context: FormatContext): Promise<CsvFeedback> {
  const [posts, comments, votes] = [await objectsOf(dir, 'posts', true), await objectsOf(dir, 'comments', false), await objectsOf(dir, 'votes', false)];
  const feedback: CsvFeedback = { posts: [], votes: [], comments: [] };
  const listed = new Set(posts.map((post) => text(post['id'])));
  let line = 0;
  const add = (values: RowValues, where: string) => readRow({ line: ++line, where, values }, feedback);
  const postOf = (item: Json) => (isObject(item['post']) ? text(item['post']['id']) : '');
  for (const [i, post] of posts.entries()) {
    const where = `posts.json, post ${i + 1} (id ${text(post['id'])})`;
    for (const values of postRows(post, where, context, listed)) add(values, where);
  }
  for (const [i, comment] of comments.entries()) {
    if (comment['internal'] === true || comment['private'] === true) {
      context.leaveOut('internal comments (seen by the team only, in Canny)');
      continue;
    }
    const id = text(comment['id']);
    add(
      { type: 'comment', id, source_id: id, post_id: postOf(comment), parent_id: text(comment['parentID']), body: text(comment['value']), created_at: text(comment['created']), ...authorOf(comment['author']) },
      `comments.json, comment ${i + 1} (id ${id})`,
    );
  }
  for (const [i, vote] of votes.entries()) {
    const voter = isObject(vote['voter']) ? vote['voter'] : {};
    if (text(voter['email']) === '') {
      context.leaveOut('votes of voters without an e-mail address');
      continue;
    }
    add({ type: 'vote', post_id: postOf(vote), email: text(voter['email']), name: text(voter['name']), created_at: text(vote['created']) }, `votes.json, vote ${i + 1} (id ${text(vote['id'])})`);
  }
  return feedback;
}

/**
 * Imports the Canny API answers saved in `dir` into `storage`, in one write transaction.
 *
 * @throws {@link CsvImportError} for a missing or unreadable file, a bad object (named by its file, place and id),
 *   a bad target or an organization that does not exist (without `createOrganization`); nothing was stored.
 */
export async function importCannyExport(storage: Storage, dir: string, target: Omit<CsvImportTarget, 'format'>): Promise<CsvImportResult> {
  const now = target.now ?? new Date().toISOString();
  const leftOut: Record<string, number> = {};
  const feedback = await readCannyExport(dir, formatContext(target, now, leftOut));
  return { ...(await importFeedback(storage, feedback, { ...target, now }, 'canny')), leftOut };
}
