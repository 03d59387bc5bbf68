/**
 * The API's field rules for what is imported (`feedback-board import`, `import-csv`): the same
 * schemas the operations and the dashboard validate with, applied to each row before anything is
 * stored, so an import can hold nothing the API would refuse (a 5 MiB title, a NUL, a lone
 * surrogate, a name of 10,000 characters). Rows of tables no operation writes are held to the
 * characters of every text (well-formed, no NUL): a NUL cannot move to PostgreSQL.
 */
import * as z from 'zod/mini';
import {
  addEvidenceBody,
  claimBody,
  createBoardBody,
  createCommentBody,
  createPostBody,
  proposeStatusBody,
  submitPostBody,
  tagName,
} from '../domain/requests.js';
import { issuesToDetails, text } from '../domain/validation.js';
import { reactionInput, voterInput } from '../services/comments.js';
import { orgInput } from '../services/dashboard.js';
import { memberInput } from '../services/people.js';
import type { DumpRow } from '../storage/dump-tables.js';
import type { TableName } from '../storage/record-store.js';

/** Why `value` breaks `schema`, as `field message` (the first issue; only the message for a value that is no object), or null. */
export function schemaProblem(schema: z.ZodMiniType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const [detail] = issuesToDetails(result.error.issues);
  if (detail === undefined) return 'is not valid';
  return detail.path === '' ? detail.message : `${detail.path} ${detail.message}`;
}

/** The fields of `row` among `names` that hold a value (null and absent ones left out). */
function given(row: DumpRow, names: readonly string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of names) if (row[name] !== null && row[name] !== undefined) fields[name] = row[name];
  return fields;
}

/** The schema and the fields of a row it checks, for each table an operation or the dashboard writes. */
const ROW_RULES: Partial<Record<TableName, (row: DumpRow) => string | null>> = {
  organizations: (row) => schemaProblem(orgInput, given(row, ['name'])),
  boards: (row) => schemaProblem(createBoardBody, given(row, ['slug', 'name', 'description', 'welcome_message'])),
  posts: (row) => {
    const proposal = row['proposal'] as { status?: unknown; note?: unknown } | null;
    return (
      schemaProblem(createPostBody, given(row, ['title', 'body', 'status'])) ??
      (proposal ? schemaProblem(proposeStatusBody, { status: proposal.status, note: proposal.note }) : null)
    );
  },
  tags: (row) => schemaProblem(z.object({ name: tagName }), given(row, ['name'])),
  evidence: (row) => schemaProblem(addEvidenceBody, given(row, ['kind', 'ref', 'label', 'action_key'])),
  claims: (row) => schemaProblem(claimBody, given(row, ['agent_label'])),
  // A voter signed in by the application alone may have no e-mail address.
  voters: (row) => schemaProblem(z.partial(voterInput), given(row, ['email', 'name'])),
  comments: (row) => schemaProblem(createCommentBody, given(row, ['body'])),
  reactions: (row) => schemaProblem(z.object({ reaction: reactionInput }), given(row, ['reaction'])),
  held_posts: (row) => schemaProblem(submitPostBody, given(row, ['title', 'body'])),
  team_members: (row) => schemaProblem(memberInput, given(row, ['email', 'name'])),
};

/** Any text, of any length: well-formed, without NUL. */
const anyText = text(0, Number.MAX_SAFE_INTEGER);

/** The first text in `value` (a field, or a list or object of them) that breaks the rules of all text. */
function textProblem(value: unknown, path: string): string | null {
  if (typeof value === 'string') {
    const problem = schemaProblem(anyText, value);
    return problem === null ? null : `${path} ${problem}`;
  }
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return null;
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(item, `${path}.${key}`);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Why a row of `table` cannot be imported, as `field message` ("title must be at most 200
 * characters"), or null: the API's rules for the fields it writes, and for every text of the row
 * well-formed Unicode without NUL.
 */
export function importedRowProblem(table: TableName, row: DumpRow): string | null {
  const ruled = ROW_RULES[table]?.(row) ?? null;
  if (ruled !== null) return ruled;
  for (const [field, value] of Object.entries(row)) {
    const problem = textProblem(value, field);
    if (problem !== null) return problem;
  }
  return null;
}
