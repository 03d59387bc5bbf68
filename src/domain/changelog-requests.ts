/**
 * The request schemas of changelog entries (docs/changelog.md). A module of their own, named by
 * the operation table beside `requests.ts`: the core's browser bundle holds `requests.ts` whole,
 * and these load only with the service that uses them.
 */
import * as z from 'zod/mini';
import { LIMITS } from './requests.js';
import { enumParam, int, intParam, text, trimmedText } from './validation.js';

/** The limits of an entry: its title and body in code points, its linked posts. */
export const CHANGELOG_LIMITS = { title: 200, body: 20_000, posts: 50 } as const;

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/;
const DATE_TIME_ERROR = 'must be a date-time with its offset, such as 2026-12-01T09:00:00Z';

/** Whether a text of the pattern names a real instant: a day of its month (Date.parse takes 02-30 for 03-02), a time of day. */
function isDateTime(value: string): boolean {
  const day = Date.parse(value.slice(0, 10));
  return day === day && new Date(day).toISOString().startsWith(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

/**
 * A date-time with its offset (`2026-12-01T09:00:00Z`, `…+02:00`), as the UTC ISO timestamp it
 * names. Checked by a pattern and the clock's own parse rather than zod's ISO checks, which would
 * cost the core's browser bundle 0.8 KB.
 */
const dateTime = z.pipe(
  z.string().check(z.regex(DATE_TIME, DATE_TIME_ERROR), z.refine(isDateTime, DATE_TIME_ERROR)),
  z.transform((value: string) => new Date(value).toISOString()),
);

/**
 * Body of `POST /boards/{slug}/changelog/entries`: `title` (1–200 characters, trimmed), `body`
 * (Markdown, 1–20,000 characters), `post_ids` (posts of the board, at most 50, each once) and
 * `publish_at` (absent, null or past: published now).
 */
export const createChangelogEntryBody = z.strictObject({
  title: trimmedText(1, CHANGELOG_LIMITS.title),
  body: text(1, CHANGELOG_LIMITS.body),
  post_ids: z._default(z.array(int(1)).check(z.maxLength(CHANGELOG_LIMITS.posts, `at most ${CHANGELOG_LIMITS.posts} posts`)), []),
  publish_at: z.optional(z.nullable(dateTime)),
});

/**
 * Body of `PATCH /boards/{slug}/changelog/entries/{entry_id}`: any of `title`, `body`, `post_ids`
 * (the same rules as when written) and, while the entry waits, `publish_at` (null or a time not in
 * the future: published now).
 */
export const updateChangelogEntryBody = z.strictObject({
  title: z.optional(trimmedText(1, CHANGELOG_LIMITS.title)),
  body: z.optional(text(1, CHANGELOG_LIMITS.body)),
  post_ids: z.optional(z.array(int(1)).check(z.maxLength(CHANGELOG_LIMITS.posts, `at most ${CHANGELOG_LIMITS.posts} posts`))),
  publish_at: z.optional(z.nullable(dateTime)),
});

/**
 * Query of `GET /boards/{slug}/changelog/entries`: `state` (`published` or `scheduled`; absent,
 * both, to `write` and `team` keys; other keys see published entries only), `limit`, `offset`.
 */
export const listChangelogEntriesQuery = z.object({
  state: z.optional(enumParam(['published', 'scheduled'] as const)),
  limit: z._default(intParam(1, LIMITS.pageSize), LIMITS.defaultPageSize),
  offset: z._default(intParam(0), 0),
});

/** Body of `POST /boards/{slug}/changelog/entries`: `title`, `body` (Markdown), `post_ids`, `publish_at` (absent: now). */
export type CreateChangelogEntryInput = z.input<typeof createChangelogEntryBody>;

/** Body of `PATCH /boards/{slug}/changelog/entries/{entry_id}`: the fields to change. */
export type UpdateChangelogEntryInput = z.input<typeof updateChangelogEntryBody>;
