/**
 * The comments of a post page, a page at a time: threads (a comment with all its replies) are
 * taken oldest first until a page holds `COMMENTS_PER_PAGE` comments, and a thread is never split,
 * so a reply is always shown with its thread. Pages are plain links (`?comments=2#comments`), so
 * they work without JavaScript; `?comment=ID` opens the page that holds that comment.
 */
import type { Comment } from '../domain/responses.js';
import type { PageContext } from './context.js';

/** Comments (replies included) a page of comments holds, unless one thread alone is longer. */
export const COMMENTS_PER_PAGE = 100;

/** One page of threads, which page it is, and how many there are. */
export interface CommentPage {
  threads: Comment[];
  number: number;
  count: number;
}

/** The comments of a thread: the comment and all its replies, counted without recursion. */
function threadSize(thread: Comment): number {
  let size = 0;
  const stack = [thread];
  for (let next = stack.pop(); next; next = stack.pop()) {
    size += 1;
    stack.push(...next.replies);
  }
  return size;
}

/** True when the thread holds the comment `id`. */
function holds(thread: Comment, id: number): boolean {
  const stack = [thread];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.id === id) return true;
    stack.push(...next.replies);
  }
  return false;
}

/** The page the request asks for (`comments=N` or `comment=ID`; the first by default, the last past the end). */
export function commentPage(ctx: PageContext, threads: Comment[]): CommentPage {
  const starts: number[] = [];
  let filled = COMMENTS_PER_PAGE;
  threads.forEach((thread, i) => {
    if (filled >= COMMENTS_PER_PAGE) {
      starts.push(i);
      filled = 0;
    }
    filled += threadSize(thread);
  });
  if (starts.length === 0) return { threads: [], number: 1, count: 1 };
  const pageOf = (index: number) => starts.filter((start) => start <= index).length;
  let number = 1;
  const asked = ctx.url.searchParams.get('comments') ?? '';
  const comment = ctx.url.searchParams.get('comment') ?? '';
  if (/^[1-9][0-9]{0,8}$/.test(asked)) number = Math.min(Number(asked), starts.length);
  else if (/^[1-9][0-9]{0,15}$/.test(comment)) {
    const index = threads.findIndex((thread) => holds(thread, Number(comment)));
    if (index >= 0) number = pageOf(index);
  }
  const end = starts[number] ?? threads.length;
  return { threads: threads.slice(starts[number - 1], end), number, count: starts.length };
}

/** Links to the earlier and later pages of comments, when there are several. */
export function CommentPageLinks(props: { ctx: PageContext; base: string; page: CommentPage }) {
  const { ctx, base, page } = props;
  if (page.count === 1) return null;
  const link = (number: number) => ctx.href(`${base}?comments=${number}#comments`);
  return (
    <nav class="pager" aria-label={ctx.t('comments.pages')}>
      {page.number > 1 ? <a href={link(page.number - 1)}>{ctx.t('comments.earlier')}</a> : null}
      <span class="muted small">{ctx.t('comments.page', { number: page.number, count: page.count })}</span>
      {page.number < page.count ? <a href={link(page.number + 1)}>{ctx.t('comments.later')}</a> : null}
    </nav>
  );
}
