/**
 * The form of a new idea (on the board page and the pages of submitting one, submit-idea.tsx) and
 * its draft, kept while a visitor signs in: a short-lived cookie (`fb_draft`, 30 minutes, same
 * flags as the pages' other cookies), read back once into the form and deleted.
 *
 * A cookie rather than the sign-in link's return path: the return path travels inside the e-mailed
 * link (mail servers, scanners and logs would read the idea) and holds at most 1,024 characters,
 * while the cookie never leaves the browser that wrote the draft. A cookie holds about 4 KB: a
 * longer text is cut, and the form says so.
 */
import type { TagRecord } from '../domain/records.js';
import type { StatusRecord } from '../domain/statuses.js';
import type { Board, Field } from '../domain/responses.js';
import type { PageContext } from './context.js';
import { FieldInputs, fieldDraftFromForm, type FieldDraft, type FieldRefusal } from './field-inputs.js';
import { PostForm } from './layout.js';
import { ImagesField } from './attachments.js';
import { cookie, readCookies } from './security.js';

/** What the idea form holds: title, text, the names of the chosen tags and the board's fields as typed. */
export interface IdeaDraft {
  title: string;
  body: string;
  tags: string[];
  fields?: FieldDraft;
  /** True when the text was cut to fit the cookie. */
  cut?: boolean;
}

const DRAFT_COOKIE = 'fb_draft';
const DRAFT_TTL_SECONDS = 30 * 60;
/** The cookie value's budget: browsers keep 4,096 bytes of name, value and attributes. */
const MAX_VALUE_LENGTH = 3_600;
const MAX_TAGS = 20;

/** The draft a form sent: strings only, in the lengths the form allows; the values of the board's `fields`. */
export function draftFromForm(form: FormData, fields: readonly Field[]): IdeaDraft {
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === 'string' ? [...value].slice(0, max).join('') : '';
  };
  const tags = form.getAll('tags').filter((t): t is string => typeof t === 'string' && t !== '');
  return { title: text('title', 200), body: text('body', 20_000), tags: [...new Set(tags)].slice(0, MAX_TAGS), fields: fieldDraftFromForm(form, fields) };
}

function encode(value: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(value))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decode(value: string): unknown {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}

/** Keeps the draft of the board `slug` in the cookie, its text cut to what fits (marked, so the form says so). */
export function keepDraft(ctx: PageContext, slug: string, draft: IdeaDraft): void {
  let body = [...draft.body];
  let fields = draft.fields ?? {};
  let value = encode({ s: slug, t: draft.title, b: draft.body, g: draft.tags, f: fields });
  while (value.length > MAX_VALUE_LENGTH && (body.length > 0 || Object.keys(fields).length > 0)) {
    // Shrink the text by the share that is over, at least one character, until it fits; then drop the fields' values.
    if (body.length > 0) body = body.slice(0, Math.max(0, Math.min(body.length - 1, Math.floor((body.length * MAX_VALUE_LENGTH) / value.length) - 1)));
    else fields = {};
    value = encode({ s: slug, t: draft.title, b: body.join(''), g: draft.tags, f: fields, c: 1 });
  }
  ctx.setCookies.push(cookie(DRAFT_COOKIE, value, { path: ctx.href('/'), secure: ctx.secure, partitioned: ctx.embed !== null, maxAge: DRAFT_TTL_SECONDS }));
}

/**
 * The kept draft of the board `slug`, or null; a draft is read once (its cookie is deleted). A
 * value that is not a draft, or a draft of another board, is dropped.
 */
export function takeDraft(ctx: PageContext, slug: string): IdeaDraft | null {
  const raw = readCookies(ctx.request).get(DRAFT_COOKIE);
  if (raw === undefined) return null;
  ctx.setCookies.push(cookie(DRAFT_COOKIE, '', { path: ctx.href('/'), secure: ctx.secure, partitioned: ctx.embed !== null, maxAge: 0 }));
  try {
    const value = decode(raw) as { s?: unknown; t?: unknown; b?: unknown; g?: unknown; f?: unknown; c?: unknown };
    if (value.s !== slug || typeof value.t !== 'string' || typeof value.b !== 'string' || !Array.isArray(value.g)) return null;
    const tags = value.g.filter((t): t is string => typeof t === 'string').slice(0, MAX_TAGS);
    const fields: FieldDraft = {};
    if (typeof value.f === 'object' && value.f !== null) {
      for (const [key, typed] of Object.entries(value.f)) if (typeof typed === 'string') fields[key] = typed;
    }
    return { title: value.t.slice(0, 200), body: value.b.slice(0, 20_000), tags, fields, ...(value.c === 1 ? { cut: true } : {}) };
  } catch {
    return null;
  }
}

/** Deletes a kept draft (once the idea is posted). */
export function dropDraft(ctx: PageContext): void {
  if (readCookies(ctx.request).has(DRAFT_COOKIE)) {
    ctx.setCookies.push(cookie(DRAFT_COOKIE, '', { path: ctx.href('/'), secure: ctx.secure, partitioned: ctx.embed !== null, maxAge: 0 }));
  }
}

/** The board's custom fields, in the form's order. */
export function boardFields(ctx: PageContext, board: Board): Promise<Field[]> {
  return ctx.board.storage.transaction('read', (tx) => tx.listFields(board.id));
}

/** The board's tags, offered as choices. */
export function boardTags(ctx: PageContext, board: Board): Promise<TagRecord[]> {
  return ctx.board.storage.transaction('read', (tx) => tx.listTags(board.id));
}

/**
 * What the idea form offers: the board's tags and its custom fields, in one read (the board page
 * shows the form on every view).
 */
export function boardChoices(ctx: PageContext, board: Board): Promise<{ tags: TagRecord[]; fields: Field[] }> {
  return ctx.board.storage.transaction('read', async (tx) => ({ tags: await tx.listTags(board.id), fields: await tx.listFields(board.id) }));
}

/**
 * What the board page shows beside its posts, in one read: the organization's statuses (its
 * filter) and, with the idea form, the board's tags and custom fields.
 */
export function boardPageChoices(ctx: PageContext, board: Board, form: boolean): Promise<{ statuses: StatusRecord[]; tags: TagRecord[]; fields: Field[] }> {
  return ctx.board.storage.transaction('read', async (tx) => ({
    statuses: await tx.listStatuses(ctx.team.organizationId),
    tags: form ? await tx.listTags(board.id) : [],
    fields: form ? await tx.listFields(board.id) : [],
  }));
}

const EMPTY: IdeaDraft = { title: '', body: '', tags: [] };

/**
 * The idea form: title, text, the board's fields and tags; `anyway` makes it the second step's
 * form; `refusal` is the field the service refused, its message shown next to it.
 */
export function IdeaForm(props: { ctx: PageContext; board: Board; tags: TagRecord[]; fields: readonly Field[]; draft?: IdeaDraft; anyway?: boolean; refusal?: FieldRefusal | null }) {
  const { ctx, board, tags, anyway } = props;
  const draft = props.draft ?? EMPTY;
  const chosen = new Set(draft.tags.map((t) => t.toLowerCase()));
  return (
    <PostForm ctx={ctx} action={`/boards/${encodeURIComponent(board.slug)}/ideas`} class="idea-form" label={ctx.t('board.submitIdea')} files>
      {anyway ? <input type="hidden" name="step" value="post" /> : null}
      <div class="field">
        <label for="idea-title">{ctx.t('idea.yourIdea')}</label>
        <input id="idea-title" name="title" required maxlength={200} value={draft.title} autocomplete="off" />
      </div>
      <div class="field">
        <label for="idea-body">{ctx.t('idea.detail')}</label>
        <textarea id="idea-body" name="body" maxlength={20000} rows={4}>
          {draft.body}
        </textarea>
      </div>
      <FieldInputs ctx={ctx} fields={props.fields} draft={draft.fields ?? {}} refusal={props.refusal} />
      {tags.length > 0 ? (
        <fieldset class="field tag-choice">
          <legend>{ctx.t('idea.tags')}</legend>
          {tags.map((tag) => (
            <label class="check">
              <input type="checkbox" name="tags" value={tag.name} checked={chosen.has(tag.name.toLowerCase())} /> <bdi>{tag.name}</bdi>
            </label>
          ))}
        </fieldset>
      ) : null}
      {ctx.voter ? <ImagesField ctx={ctx} id="idea-images" /> : <p class="muted small">{ctx.t('idea.signInFirst')}</p>}
      <button type="submit">{anyway ? ctx.t('idea.postAnyway') : ctx.voter ? ctx.t('idea.submit') : ctx.t('idea.signInAndSubmit')}</button>
    </PostForm>
  );
}
