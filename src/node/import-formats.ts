/**
 * The CSV exports of other feedback tools, read as they are published (docs/import.md): Fider's
 * posts export (`app/pkg/csv/csv.go`: one row per post), UserVoice's full suggestions export (one
 * row per idea and voter) and Quackback's CSV import template. Each record becomes rows in the
 * feedback CSV columns, which take the one row path like any other; each row carries the
 * source's own id (or, when the source has none, a hash of the record), so importing the same
 * export again skips what it stored before.
 */
import type { PostStatus } from '../domain/records.js';
import { CsvImportError } from './csv-rows.js';
import { columnKey, mapStatus, statusKey, type CsvFormat, type RowValues } from './import-format.js';
import { contentId } from './import-ids.js';

/** Refuses a header without one of `required` (compared by {@link columnKey}); other columns are left alone. */
function needColumns(label: string, header: readonly string[], required: readonly string[]): void {
  const keys = new Set(header.map(columnKey));
  const missing = required.filter((column) => !keys.has(columnKey(column)));
  if (missing.length > 0) throw new CsvImportError(`line 1: ${label} needs the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
}

const count = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : 0);

/** Fider's statuses (its `enum.PostStatus`); `duplicate` is a merge and `deleted` is left out. */
const FIDER_STATUSES: Readonly<Record<string, PostStatus>> = {
  open: 'open',
  planned: 'planned',
  started: 'in_progress',
  completed: 'shipped',
  declined: 'declined',
};

/** Fider's posts export: number, title, description, created_at, created_by (a name), status, the team's response, tags joined by ", ". */
export function fiderFormat(): CsvFormat {
  const label = "Fider's posts export";
  return {
    label,
    checkHeader: (header) => needColumns(label, header, ['number', 'title', 'description', 'created_at', 'status']),
    rows(record, where, context) {
      const number = record('number');
      const status = statusKey(record('status'));
      if (status === 'deleted') {
        context.leaveOut('posts deleted in Fider');
        return [];
      }
      const respondedAt = record('responded_at');
      const post: RowValues = {
        type: 'post', id: number, source_id: number, title: record('title'), body: record('description'), created_at: record('created_at'),
        name: record('created_by'), tags: record('tags').split(', ').join('|'),
      };
      const original = record('original_number').trim();
      if (status === 'duplicate' && original !== '') {
        // A merged post, landing in its original.
        Object.assign(post, { status: 'open', merged_into: original, merged_at: respondedAt });
      } else {
        post.status = status === 'duplicate' ? 'declined' : mapStatus(record('status'), FIDER_STATUSES, context, where, label);
        if (post.status === 'shipped') post.shipped_at = respondedAt;
      }
      context.leaveOut("votes (Fider's export counts them, without the voters)", count(record('votes_count')));
      context.leaveOut("comments (Fider's export counts them only)", count(record('comments_count')));
      if (record('response').trim() === '') return [post];
      // The team's response, as a comment of the team.
      const id = `response-${number}`;
      return [post, { type: 'comment', id, source_id: id, post_id: number, body: record('response'), created_at: respondedAt || record('created_at') }];
    },
    settle(feedback, context) {
      const numbers = new Set(feedback.posts.map((post) => post.id));
      for (const post of feedback.posts) {
        if (post.merged_into === null || numbers.has(post.merged_into)) continue;
        Object.assign(post, { merged_into: null, merged_at: null, status: 'declined' });
        context.leaveOut('duplicates of posts not in the export (stored as declined)');
      }
    },
  };
}

/** UserVoice's default statuses, and the names accounts commonly give theirs. */
const USERVOICE_STATUSES: Readonly<Record<string, PostStatus>> = {
  '': 'open',
  active: 'open',
  open: 'open',
  new: 'open',
  'under review': 'open',
  reviewing: 'open',
  planned: 'planned',
  started: 'in_progress',
  'in progress': 'in_progress',
  'working on it': 'in_progress',
  completed: 'shipped',
  shipped: 'shipped',
  done: 'shipped',
  declined: 'declined',
  closed: 'declined',
  'will not implement': 'declined',
  "won't do": 'declined',
  duplicate: 'declined',
};

/** UserVoice's `YYYY-MM-DD hh:mm:ss` (UTC) as ISO 8601; other forms as they are. */
function uservoiceTime(text: string): string {
  const value = text.trim();
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
}

/** Labels as a JSON array (`["ui","theme"]`) or a list separated by commas. */
function labelsOf(text: string): string[] {
  const value = text.trim();
  if (value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: a list of names.
    }
  }
  return value.split(',');
}

/** UserVoice's full suggestions export: an idea's columns on every row, and the row's voter. */
export function uservoiceFormat(): CsvFormat {
  const label = "UserVoice's suggestions export";
  const seen = new Set<string>();
  return {
    label,
    checkHeader: (header) => needColumns(label, header, ['Idea Id', 'Idea Title', 'Created Timestamp']),
    rows(record, where, context) {
      const id = record('Idea Id').trim();
      const rows: RowValues[] = [];
      if (!seen.has(id)) {
        seen.add(id);
        const moderation = statusKey(record('Moderation State'));
        const status = mapStatus(record('Public Status Name'), USERVOICE_STATUSES, context, where, label);
        const updatedAt = uservoiceTime(record('Public Status Updated Timestamp'));
        const tags = [...labelsOf(record('Labels')), record('Category Name')].map((name) => name.trim()).filter((name) => name !== '');
        rows.push({
          type: 'post', id, source_id: id, title: record('Idea Title'), body: record('Idea Description'), status, shipped_at: status === 'shipped' ? updatedAt : '',
          created_at: uservoiceTime(record('Created Timestamp')), email: record('Idea Creator Email Address'), name: record('Idea Creator Name'),
          tags: tags.join('|'), hidden: String(!['', 'approved', 'published'].includes(moderation)), board: record('Forum Name'),
        });
        const message = record('Public Status Update Message');
        if (message.trim() !== '') {
          rows.push({ type: 'comment', id: `response-${id}`, source_id: `response-${id}`, post_id: id, body: message, created_at: updatedAt || uservoiceTime(record('Created Timestamp')) });
        }
      }
      const voter = record('User Email Address');
      if (voter.trim() !== '') {
        const votedAt = uservoiceTime(record('Linked Idea Creation Date')) || uservoiceTime(record('Created Timestamp'));
        rows.push({ type: 'vote', post_id: id, email: voter, name: record('User Name'), created_at: votedAt });
      }
      return rows;
    },
  };
}

/** Quackback's default statuses (custom ones need --status). */
const QUACKBACK_STATUSES: Readonly<Record<string, PostStatus>> = {
  '': 'open',
  open: 'open',
  'under review': 'open',
  planned: 'planned',
  'in progress': 'in_progress',
  complete: 'shipped',
  closed: 'declined',
};

/** Quackback's CSV import template: title, content, status, tags (commas), board, author, vote_count, created_at, source_id. */
export function quackbackFormat(): CsvFormat {
  const label = "Quackback's import template";
  return {
    label,
    checkHeader: (header) => needColumns(label, header, ['title', 'content']),
    rows(record, where, context) {
      // A row without a source_id is known by what it says; its time may be blank (then: now).
      const given = record('source_id').trim();
      const id = given || `row-${contentId(record('title'), record('content'), record('author_email'), record('author_name'), record('board'), record('created_at'))}`;
      context.leaveOut('votes (the template counts them, without the voters)', count(record('vote_count')));
      return [{
        type: 'post', id, source_id: id, title: record('title'), body: record('content'), status: mapStatus(record('status'), QUACKBACK_STATUSES, context, where, label),
        tags: record('tags').split(',').join('|'), board: record('board'), email: record('author_email'), name: record('author_name'),
        created_at: record('created_at').trim() || context.now,
      }];
    },
  };
}
