/**
 * What an import checks across its rows, once every row has passed the row path (csv-rows.ts) and
 * before the store is touched: one board of the source system at a time, ids and source ids
 * unique, every reference naming a row of the file, merges that end at a post that is not merged,
 * and threads stored parents first within the reply depth the API allows.
 */
import { MAX_REPLY_DEPTH } from '../domain/limits.js';
import { CsvImportError, type CsvComment, type CsvFeedback, type CsvPost } from './csv-rows.js';

/** The posts of `board` only (and their votes and comments), when the rows come from several boards. */
function oneBoard(feedback: CsvFeedback, sourceBoard: string | undefined): CsvFeedback {
  const boards = [...new Set(feedback.posts.map((post) => post.board))];
  const named = (names: string[]) => names.map((name) => (name === '' ? '(no board)' : `"${name}"`)).join(', ');
  if (sourceBoard === undefined) {
    if (boards.length <= 1) return feedback;
    throw new CsvImportError(`the rows hold posts of ${boards.length} boards (${named(boards)}): import them one board at a time, choosing each with --source-board NAME`);
  }
  if (!boards.includes(sourceBoard)) throw new CsvImportError(`no post of the board "${sourceBoard}": the rows' boards are ${named(boards)}`);
  const kept = new Set(feedback.posts.filter((post) => post.board === sourceBoard).map((post) => post.id));
  const others = new Set(feedback.posts.filter((post) => post.board !== sourceBoard).map((post) => post.id));
  // Votes and comments of another board's posts go with them; those naming no post stay, to be refused.
  const ours = ({ post_id }: { post_id: string }) => kept.has(post_id) || !others.has(post_id);
  return { posts: feedback.posts.filter((post) => kept.has(post.id)), votes: feedback.votes.filter(ours), comments: feedback.comments.filter(ours) };
}

/** Refuses a second row of the same id, or of the same source id, among rows of one kind. */
function unique<T extends { id: string; source_id: string | null; where: string }>(rows: readonly T[], kind: string): Map<string, T> {
  const byId = new Map<string, T>();
  const bySource = new Map<string, T>();
  for (const row of rows) {
    const twin = byId.get(row.id);
    if (twin !== undefined) throw new CsvImportError(`${row.where}: ${kind} id '${row.id}' is also the id of the ${kind} at ${twin.where}`);
    byId.set(row.id, row);
    if (row.source_id === null) continue;
    const sourceTwin = bySource.get(row.source_id);
    if (sourceTwin !== undefined) throw new CsvImportError(`${row.where}: source_id '${row.source_id}' is also the source id of the ${kind} at ${sourceTwin.where}`);
    bySource.set(row.source_id, row);
  }
  return byId;
}

/** Each merged post's merge target followed to its end: the post it lands in is not merged itself. */
function resolveMerges(posts: Map<string, CsvPost>): void {
  for (const post of posts.values()) {
    if (post.merged_into === null) continue;
    const seen = new Set([post.id]);
    let target = posts.get(post.merged_into);
    while (target !== undefined && target.merged_into !== null && !seen.has(target.id)) {
      seen.add(target.id);
      target = posts.get(target.merged_into);
    }
    if (target === undefined) throw new CsvImportError(`${post.where}: merged_into '${post.merged_into}' is not the id of a post in the file`);
    if (seen.has(target.id)) throw new CsvImportError(`${post.where}: merged_into '${post.merged_into}' leads back to this post`);
    post.merged_into = target.id;
  }
}

/** Comments ordered so that every parent comes before its replies; refuses replies too deep. */
function threadOrder(comments: readonly CsvComment[]): CsvComment[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const depth = new Map<string, number>();
  const depthOf = (comment: CsvComment, seen: Set<string>): number => {
    const known = depth.get(comment.id);
    if (known !== undefined) return known;
    if (seen.has(comment.id)) throw new CsvImportError(`${comment.where}: comment '${comment.id}' is its own ancestor through parent_id`);
    seen.add(comment.id);
    const value = comment.parent_id === null ? 0 : depthOf(byId.get(comment.parent_id)!, seen) + 1;
    if (value > MAX_REPLY_DEPTH) throw new CsvImportError(`${comment.where}: a reply deeper than ${MAX_REPLY_DEPTH} levels`);
    depth.set(comment.id, value);
    return value;
  };
  for (const comment of comments) depthOf(comment, new Set());
  return [...comments].sort((a, b) => depth.get(a.id)! - depth.get(b.id)! || a.line - b.line);
}

/**
 * The rows to store, checked as a whole: of the one source board (`sourceBoard`, needed when the
 * rows hold several), merges resolved to their final post, posts to merge after the posts they
 * land in, comments parents first.
 *
 * @throws {@link CsvImportError} naming the place of the first row that breaks a rule.
 */
export function checkFeedback(all: CsvFeedback, sourceBoard?: string): CsvFeedback {
  const feedback = oneBoard(all, sourceBoard);
  const posts = unique(feedback.posts, 'post');
  for (const vote of feedback.votes) {
    if (!posts.has(vote.post_id)) throw new CsvImportError(`${vote.where}: post_id '${vote.post_id}' is not the id of a post in the file`);
  }
  const comments = unique(feedback.comments, 'comment');
  for (const comment of feedback.comments) {
    if (!posts.has(comment.post_id)) throw new CsvImportError(`${comment.where}: post_id '${comment.post_id}' is not the id of a post in the file`);
    if (comment.parent_id === null) continue;
    const parent = comments.get(comment.parent_id);
    if (parent === undefined) throw new CsvImportError(`${comment.where}: parent_id '${comment.parent_id}' is not the id of a comment in the file`);
    if (parent.post_id !== comment.post_id) throw new CsvImportError(`${comment.where}: parent_id '${comment.parent_id}' is a comment on another post`);
  }
  resolveMerges(posts);
  const ordered = [...feedback.posts].sort((a, b) => Number(a.merged_into !== null) - Number(b.merged_into !== null) || a.line - b.line);
  return { posts: ordered, votes: feedback.votes, comments: threadOrder(feedback.comments) };
}
