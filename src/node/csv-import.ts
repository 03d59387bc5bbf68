/**
 * Importing feedback into one board of one organization: from a CSV file in the columns of
 * docs/import.md or in another tool's export format (Fider, UserVoice, Quackback), or from Canny's
 * API answers (import-canny.ts). Posts, votes and threaded comments, voters found or created by
 * e-mail, every timestamp kept. The rows are read and checked first, then written in ONE
 * transaction of the store: a bad row is named by its place and nothing is stored. Rows an earlier
 * import stored (by their source id) are skipped, so an import may be run again.
 */
import type { Readable } from 'node:stream';
import type { PostStatus } from '../domain/records.js';
import type { Storage, StorageTx } from '../storage/contract.js';
import { createBoardBody, createCommentBody, createPostBody } from '../domain/requests.js';
import { voterInput } from '../services/comments.js';
import { orgInput } from '../services/dashboard.js';
import { schemaProblem } from './import-rules.js';
import { CsvImportError, type CsvFeedback } from './csv-rows.js';
import { readCsvRows } from './csv-read.js';
import { checkFeedback } from './import-checks.js';
import { FEEDBACK_CSV, statusKey, type CsvFormat, type FormatContext } from './import-format.js';
import { fiderFormat, quackbackFormat, uservoiceFormat } from './import-formats.js';
import { storeFeedback, type StoredCounts } from './import-store.js';

export { CsvImportError } from './csv-rows.js';

/** The CSV formats `importFeedbackCsv` reads. */
export const CSV_FORMATS = ['csv', 'fider', 'uservoice', 'quackback'] as const;
/** One of {@link CSV_FORMATS}: the feedback CSV columns, or another tool's export. */
export type CsvFormatName = (typeof CSV_FORMATS)[number];

const FORMATS: Readonly<Record<CsvFormatName, () => CsvFormat>> = {
  csv: () => FEEDBACK_CSV,
  fider: fiderFormat,
  uservoice: uservoiceFormat,
  quackback: quackbackFormat,
};

/** Where to import: an organization by name and a board of it by slug. */
export interface CsvImportTarget {
  /** The organization's exact name. */
  organization: string;
  /** Create the organization when none has the name (else that is refused, naming the ones there are). */
  createOrganization?: boolean;
  /** The board's slug (lower-case letters, digits and single hyphens); created (unpublished, named by the slug) when absent. */
  board: string;
  /** The format of the file; default `csv`, the columns of docs/import.md. */
  format?: CsvFormatName;
  /** The source's statuses mapped to ours, by name (case and `_`/`-`/spaces aside), before the format's own mapping. */
  statuses?: Readonly<Record<string, PostStatus>>;
  /** The board of the source system to import, when the rows hold several. */
  sourceBoard?: string;
  /** The time a created organization, board or voter gets; the import's start by default. */
  now?: string;
}

/** What an import stored, and what it skipped or left out. */
export interface CsvImportResult extends StoredCounts {
  /** True when no organization had the name, so the import created it (with `createOrganization`). */
  organizationCreated: boolean;
  /** True when the organization had no board of the slug, so the import created it (unpublished). */
  boardCreated: boolean;
  /** The separator the CSV file's fields were read with (none for rows that are not CSV). */
  delimiter?: ',' | ';' | '\t';
  /** What the source holds that the import does not carry over, with how many (`votes (Fider's export counts them…)`: 14). */
  leftOut: Readonly<Record<string, number>>;
}

/** The organization of the exact name, created only when asked to; else refused naming the ones there are. */
async function organizationOf(tx: StorageTx, target: CsvImportTarget, now: string): Promise<{ id: number; created: boolean }> {
  const organizations = await tx.listOrganizations();
  const found = organizations.find(({ name }) => name === target.organization);
  if (found !== undefined) return { id: found.id, created: false };
  if (target.createOrganization === true) return { id: (await tx.insertOrganization({ name: target.organization, created_at: now })).id, created: true };
  const like = organizations.filter(({ name }) => name.toLowerCase() === target.organization.toLowerCase()).map(({ name }) => `"${name}"`);
  const there = organizations.length === 0 ? 'the store has none yet' : `the store has ${organizations.map(({ name }) => `"${name}"`).join(', ')}`;
  throw new CsvImportError(
    `no organization is named "${target.organization}"${like.length > 0 ? ` (did you mean ${like.join(' or ')}? names are exact)` : ''}: ${there}; to create it, add --create-org`,
  );
}

/** A context for a format's mapping, counting what it leaves out into `leftOut`. */
export function formatContext(target: CsvImportTarget, now: string, leftOut: Record<string, number>): FormatContext {
  return {
    now,
    statuses: new Map(Object.entries(target.statuses ?? {}).map(([name, status]) => [statusKey(name), status])),
    leaveOut(what, count = 1) {
      if (count > 0) leftOut[what] = (leftOut[what] ?? 0) + count;
    },
  };
}

/** Refuses, naming its place, the first row whose fields the API would refuse (the same schemas). */
function checkFields(feedback: CsvFeedback): void {
  const author = (row: { email: string | null; name: string }) => (row.email === null ? null : schemaProblem(voterInput, { email: row.email, name: row.name }));
  const refuse = (where: string, problem: string | null) => {
    if (problem !== null) throw new CsvImportError(`${where}: ${problem}`);
  };
  for (const post of feedback.posts) refuse(post.where, schemaProblem(createPostBody, { title: post.title, body: post.body }) ?? author(post));
  for (const vote of feedback.votes) refuse(vote.where, author(vote));
  for (const comment of feedback.comments) refuse(comment.where, schemaProblem(createCommentBody, { body: comment.body }) ?? author(comment));
}

/**
 * Stores rows read by any format (every one of them through the row path), after checking them as a
 * whole, in one write transaction; `format` namespaces their source ids.
 */
export async function importFeedback(
  storage: Storage,
  rows: CsvFeedback,
  target: CsvImportTarget & { now: string },
  format: string,
): Promise<Omit<CsvImportResult, 'leftOut' | 'delimiter'>> {
  checkTarget(target);
  const feedback = checkFeedback(rows, target.sourceBoard);
  checkFields(feedback);
  return storage.transaction('write', async (tx) => {
    const organization = await organizationOf(tx, target, target.now);
    const existing = await tx.getBoardBySlug(organization.id, target.board);
    const board =
      existing ??
      (await tx.insertBoard({
        organization_id: organization.id, slug: target.board, name: target.board, description: '', welcome_message: '',
        published: false, logo_url: null, created_at: target.now,
      }));
    const counts = await storeFeedback(tx, feedback, { organizationId: organization.id, boardId: board.id, format, now: target.now });
    return { ...counts, organizationCreated: organization.created, boardCreated: existing === null };
  });
}

function checkTarget(target: CsvImportTarget): void {
  if (target.organization.trim() === '') throw new CsvImportError('the organization name is empty');
  const named = schemaProblem(orgInput, { name: target.organization });
  if (named !== null) throw new CsvImportError(`the organization ${named}`);
  if (!createBoardBody.safeParse({ slug: target.board, name: target.board }).success) {
    throw new CsvImportError(`'${target.board}' is not a board slug (lower-case letters, digits and single hyphens)`);
  }
}

/**
 * Imports the CSV file read from `input` into `storage`, in one write transaction.
 *
 * @throws {@link CsvImportError} for a file that is not CSV, a bad row (its line), a bad target or
 *   an organization that does not exist (without `createOrganization`); nothing was stored.
 */
export async function importFeedbackCsv(storage: Storage, input: Readable, target: CsvImportTarget): Promise<CsvImportResult> {
  checkTarget(target);
  const format = target.format ?? 'csv';
  const now = target.now ?? new Date().toISOString();
  const leftOut: Record<string, number> = {};
  const { feedback, delimiter } = await readCsvRows(input, FORMATS[format](), formatContext(target, now, leftOut));
  return { ...(await importFeedback(storage, feedback, { ...target, now }, format)), delimiter, leftOut };
}
