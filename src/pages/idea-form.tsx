/** The form of a new idea, on the board page and the pages of submitting one (submit-idea.tsx). */
import type { TagRecord } from '../domain/records.js';
import type { Board } from '../domain/responses.js';
import type { PageContext } from './context.js';
import type { IdeaDraft } from './idea-draft.js';
import { PostForm } from './layout.js';

/** The board's tags, offered as choices. */
export function boardTags(ctx: PageContext, board: Board): Promise<TagRecord[]> {
  return ctx.board.storage.transaction('read', (tx) => tx.listTags(board.id));
}

const EMPTY: IdeaDraft = { title: '', body: '', tags: [] };

/** The idea form: title, text, the board's tags; `anyway` makes it the second step's form. */
export function IdeaForm(props: { ctx: PageContext; board: Board; tags: TagRecord[]; draft?: IdeaDraft; anyway?: boolean }) {
  const { ctx, board, tags, anyway } = props;
  const draft = props.draft ?? EMPTY;
  const chosen = new Set(draft.tags.map((t) => t.toLowerCase()));
  return (
    <PostForm ctx={ctx} action={`/boards/${encodeURIComponent(board.slug)}/ideas`} class="idea-form" label="Submit an idea">
      {anyway ? <input type="hidden" name="step" value="post" /> : null}
      <div class="field">
        <label for="idea-title">Your idea, in a sentence</label>
        <input id="idea-title" name="title" required maxlength={200} value={draft.title} autocomplete="off" />
      </div>
      <div class="field">
        <label for="idea-body">More detail (optional)</label>
        <textarea id="idea-body" name="body" maxlength={20000} rows={4}>
          {draft.body}
        </textarea>
      </div>
      {tags.length > 0 ? (
        <fieldset class="field tag-choice">
          <legend>Tags (optional)</legend>
          {tags.map((tag) => (
            <label class="check">
              <input type="checkbox" name="tags" value={tag.name} checked={chosen.has(tag.name.toLowerCase())} /> {tag.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      {ctx.voter ? null : <p class="muted small">You sign in by e-mail first; your idea is kept meanwhile.</p>}
      <button type="submit">{anyway ? 'Post my idea anyway' : ctx.voter ? 'Submit idea' : 'Sign in and submit'}</button>
    </PostForm>
  );
}
