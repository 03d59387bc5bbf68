/**
 * The heavy reads run as index walks: each statement the adapter issues for a list or statistic
 * is captured and explained, and its plan must use the index made for it, with no full scan of the
 * posts and no sort of the result (which would read every matching post to return one page).
 */
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStorage, type SqliteStorage } from '../../../adapters/sqlite/index.js';
import type { StorageTx } from '../../../src/storage/contract.js';
import { POST_STATUSES } from '../../../src/domain/records.js';
import { at, newPost, seedBoard, tempDir } from './helpers.js';
import { onDay } from '../../../testing/fixtures.js';

const temp = tempDir();
const statements: string[] = [];
let db: Database.Database;
let storage: SqliteStorage;
let boardId: number;
let keyId: number;
let tagId: number;

beforeAll(async () => {
  db = new Database(temp.file(), { verbose: (sql) => statements.push(String(sql)) });
  storage = createSqliteStorage({ database: db });
  ({ boardId, keyId } = await storage.transaction('write', seedBoard));
  await storage.transaction('write', async (tx) => {
    for (let i = 0; i < 500; i += 1) {
      const status = POST_STATUSES[i % POST_STATUSES.length]!;
      await tx.insertPost(
        newPost(boardId, {
          status,
          hidden: i % 11 === 0,
          queue_rank: i % 7 === 0 ? i : null,
          shipped_at: status === 'shipped' ? at(i) : null,
          created_at: at(i),
        }),
      );
    }
    const [tag] = await tx.ensureTags(boardId, ['Rare']);
    tagId = tag!.id;
    for (let id = 10; id <= 50; id += 10) await tx.setPostTags(id, [tagId]);
  });
});
afterAll(async () => {
  await storage.close();
  db.close();
  temp.remove();
});

/** The plans of the SELECTs `read` issues, one array of plan lines per statement. */
async function plansOf(read: (tx: StorageTx) => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]> {
  statements.length = 0;
  await storage.transaction('read', read);
  return statements
    .filter((sql) => /^\s*(SELECT|WITH)\b/i.test(sql))
    .map((sql) => ({
      sql,
      plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail),
    }));
}

/** Asserts that the statement returning the rows (the first) walks `index` without sorting. */
function expectIndexWalk(plans: { sql: string; plan: string[] }[], index: string): void {
  const rows = plans[0]!;
  expect(rows.plan.join('\n')).toMatch(new RegExp(`SEARCH p USING (COVERING )?INDEX ${index}\\b`));
  expect(rows.plan.join('\n')).not.toMatch(/TEMP B-TREE FOR (ORDER BY|LAST TERM)/);
  for (const { plan } of plans) expect(plan.join('\n')).not.toMatch(/^SCAN p\b/m);
}

const page = { limit: 20, offset: 40 };

describe('sqlite query plans', () => {
  it('walks an index for every sort and filter of the post list', async () => {
    expectIndexWalk(await plansOf((tx) => tx.listPosts(boardId, { ...page, sort: 'new' })), 'fb_posts_new');
    expectIndexWalk(await plansOf((tx) => tx.listPosts(boardId, { ...page, sort: 'top' })), 'fb_posts_top');
    expectIndexWalk(
      await plansOf((tx) => tx.listPosts(boardId, { ...page, sort: 'new', status: 'planned' })),
      'fb_posts_status_new',
    );
    expectIndexWalk(
      await plansOf((tx) => tx.listPosts(boardId, { ...page, sort: 'top', status: 'open', search: 'po' })),
      'fb_posts_status_top',
    );
    // Without a search or a tag, the total is the maintained count, not a count of the posts.
    for (const status of [undefined, 'planned'] as const) {
      const plans = await plansOf((tx) => tx.listPosts(boardId, { ...page, sort: 'new', ...(status ? { status } : {}) }));
      expect(plans[1]!.plan.join('\n')).toMatch(/^SEARCH fb_board_post_counts USING PRIMARY KEY \(board_id=\?/m);
    }
  });

  it('answers a search of three characters or more from the trigram index, and a tag from its posts', async () => {
    const search = await plansOf((tx) => tx.listPosts(boardId, { limit: 20, offset: 0, sort: 'new', search: 'dark' }));
    // The matches' ids in page order from the trigram index, then the page's rows by id.
    expect(search).toHaveLength(2);
    expect(search[0]!.plan.join('\n')).toMatch(/^SCAN fb_posts_search VIRTUAL TABLE INDEX \d+:/m);
    for (const { plan } of search) {
      expect(plan.join('\n')).toMatch(/SEARCH p USING INTEGER PRIMARY KEY/);
      expect(plan.join('\n')).not.toMatch(/^SCAN p\b/m);
    }
    const tagged = await plansOf((tx) => tx.listPosts(boardId, { ...page, sort: 'new', tagId: tagId }));
    // The tag's board, its maintained count of posts less the board's few merged posts among them
    // (probed from the merges: never a walk of the tag's posts, which a common tag has many of),
    // the board's size (its maintained counts), then its few posts sorted.
    const total = tagged[1]!.plan.join('\n');
    expect(total).toMatch(/SEARCH fb_tag_posts USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(total).toMatch(/SEARCH m USING (COVERING )?INDEX fb_post_merges_board \(board_id=\?\)[\s\S]*SEARCH pt USING PRIMARY KEY \(post_id=\? AND tag_id=\?\)/);
    expect(total).not.toMatch(/fb_post_tags_tag/);
    expect(tagged[2]!.plan.join('\n')).toMatch(/SEARCH fb_board_post_counts USING PRIMARY KEY \(board_id=\?\)/);
    expect(tagged[3]!.plan.join('\n')).toMatch(/SEARCH pt USING COVERING INDEX fb_post_tags_tag \(tag_id=\?\)[\s\S]*SEARCH p USING INTEGER PRIMARY KEY/);
    for (const { plan } of tagged) expect(plan.join('\n')).not.toMatch(/^SCAN (p|fb_posts)\b/m);
  });

  it('walks the status index for a tag on many posts with a status, and takes the total from the maintained count per tag and status', async () => {
    // A tag on every other post: among one status's 100 posts, about every other carries it.
    const common = await storage.transaction('write', async (tx) => {
      const [tag] = await tx.ensureTags(boardId, ['Common']);
      for (let id = 2; id <= 500; id += 2) await tx.setPostTags(id, id % 10 === 0 ? [tagId, tag!.id] : [tag!.id]);
      return tag!.id;
    });
    const plans = await plansOf((tx) => tx.listPosts(boardId, { ...page, sort: 'top', status: 'planned', tagId: common }));
    // The tag's board, the total (its count for the status less the merged posts among them), the
    // tag's count, the status's count, the page: no count of posts, only the page walks them.
    expect(plans).toHaveLength(5);
    const total = plans[1]!.plan.join('\n');
    expect(total).toMatch(/SEARCH fb_tag_status_posts USING PRIMARY KEY \(tag_id=\? AND status=\?\)/);
    expect(total).toMatch(/SEARCH m USING (COVERING )?INDEX fb_post_merges_board \(board_id=\?\)/);
    expect(total).not.toMatch(/fb_posts_status_|fb_posts_board|fb_post_tags_tag/);
    expect(plans[2]!.plan.join('\n')).toMatch(/SEARCH fb_tag_posts USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plans[3]!.plan.join('\n')).toMatch(/SEARCH fb_board_post_counts USING PRIMARY KEY \(board_id=\? AND status=\?\)/);
    for (const { plan } of plans.slice(0, 4)) expect(plan.join('\n')).not.toMatch(/USING (COVERING )?INDEX fb_posts_/);
    expectIndexWalk(plans.slice(4), 'fb_posts_status_top');
    for (const { plan } of plans) expect(plan.join('\n')).not.toMatch(/fb_post_tags_tag|^SCAN (p|fb_posts)\b/m);
  });

  it("ranks a board's posts by company revenue from the company voters' votes, then walks the top index for the rest, never scanning a table", async () => {
    const [plan, ...others] = await plansOf((tx) => tx.listPostsByCompanyRevenue(boardId, page));
    expect(others).toEqual([]);
    const text = plan!.plan.join('\n');
    // The total from the maintained counts.
    expect(text).toMatch(/SEARCH fb_board_post_counts USING PRIMARY KEY \(board_id=\?\)/);
    // The posts with a revenue: the organization's voters of a company by index, each one's
    // company by primary key, its votes by the index of votes by voter, each vote's post by id;
    // never the votes of a post.
    expect(text).toMatch(/SEARCH vc USING COVERING INDEX fb_voter_companies_organization \(organization_id=\?\)\n(.*\n)*SEARCH c USING PRIMARY KEY \(organization_id=\? AND id=\?\)\n(.*\n)*SEARCH v USING COVERING INDEX fb_votes_voter \(voter_id=\?\)\nSEARCH p USING INTEGER PRIMARY KEY/);
    expect(text).not.toMatch(/fb_votes_post_time|\(post_id=\?/);
    // The rest: a walk of the top index that skips merged and revenue posts and stops after the
    // page, with no sort before the end of its subquery (the sorts left are of the revenue posts
    // and of the page's rows).
    expect(text).toMatch(/SEARCH p USING (COVERING )?INDEX fb_posts_top \(board_id=\?\)\n(?:(?!USE TEMP B-TREE|SCAN \(subquery).*\n)*SCAN \(subquery-\d+\)\n/);
    expect(text).not.toMatch(/RIGHT PART OF ORDER BY/);
    // No table is scanned: only the constant row, subqueries, the revenue posts and the page.
    expect(text).not.toMatch(/^SCAN (?!CONSTANT ROW$|\(subquery-\d+\)$|revenue$|r$|total$|page LEFT-JOIN$)/m);
  });

  it("counts a voter's recent posts and comments on their indexes", async () => {
    const posts = await plansOf((tx) => tx.listVoterPostTimes(1, at(0)));
    expect(posts[0]!.plan.join('\n')).toMatch(/SEARCH fb_post_authors USING (COVERING )?INDEX fb_post_authors_voter \(voter_id=\? AND created_at>\?\)/);
    const comments = await plansOf((tx) => tx.listVoterCommentTimes(1, at(0)));
    expect(comments[0]!.plan.join('\n')).toMatch(/SEARCH fb_comments USING (COVERING )?INDEX fb_comments_voter \(voter_id=\? AND created_at>\?\)/);
    for (const { plan } of [...posts, ...comments]) expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|^SCAN/m);
  });

  it("reads the moderation inbox and a voter's held posts on their indexes, without sorting", async () => {
    const inbox = await plansOf((tx) => tx.listHeldPosts(1, 'waiting'));
    expect(inbox[0]!.plan.join('\n')).toMatch(/SEARCH fb_held_posts USING INDEX fb_held_posts_organization_state \(organization_id=\? AND state=\?\)/);
    const count = await plansOf((tx) => tx.countHeldPosts(1, 'waiting'));
    expect(count[0]!.plan.join('\n')).toMatch(/SEARCH fb_held_posts USING COVERING INDEX fb_held_posts_organization_state/);
    const voter = await plansOf((tx) => tx.listVoterHeldPosts(1, at(0)));
    expect(voter[0]!.plan.join('\n')).toMatch(/SEARCH fb_held_posts USING INDEX fb_held_posts_voter \(voter_id=\? AND created_at>\?\)/);
    for (const { plan } of [...inbox, ...count, ...voter]) expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|^SCAN/m);
  });

  it('walks the partial indexes of the queue, roadmap and changelog', async () => {
    const queue = await plansOf((tx) => tx.listQueue(boardId, { apiKeyId: keyId, now: at(0), limit: 100 }));
    expectIndexWalk(queue, 'fb_posts_queue_ranked');
    expect(queue[1]!.plan.join('\n')).toMatch(/INDEX fb_posts_queue_planned\b/);
    expect(queue[1]!.plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    // The total is two maintained counts, less the claims found from the claims table: it
    // reads no post but a claimed one's, by its key.
    const total = queue[2]!.plan.join('\n');
    expect(total).toMatch(/SEARCH fb_board_statuses USING PRIMARY KEY \(board_id=\? AND status=\?\)/);
    expect(total).toMatch(/SEARCH fb_ranked_posts USING PRIMARY KEY \(board_id=\?\)/);
    expect(total).toMatch(/SCAN c\b[\s\S]*SEARCH p USING INTEGER PRIMARY KEY/);
    expect(total).not.toMatch(/INDEX fb_posts_/);
    expect(total.match(/ p USING/g)).toHaveLength(1);
    expectIndexWalk(await plansOf((tx) => tx.listRoadmap(boardId, page)), 'fb_posts_roadmap');
    expectIndexWalk(await plansOf((tx) => tx.listChangelog(boardId, page)), 'fb_posts_shipped');
  });

  it('claim-next walks the two partial indexes of the queue, without sorting', async () => {
    statements.length = 0;
    const rollback = new Error('roll back');
    await expect(
      storage.transaction('write', async (tx) => {
        await tx.claimNextPost({ board_id: boardId, api_key_id: keyId, now: at(0), expires_at: at(60) });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const insert = statements.find((sql) => /^\s*INSERT INTO fb_claims/i.test(sql))!;
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${insert}`).all() as { detail: string }[]).map((row) => row.detail).join('\n');
    expect(plan).toMatch(/SEARCH p USING (COVERING )?INDEX fb_posts_queue_ranked\b/);
    expect(plan).toMatch(/SEARCH p USING (COVERING )?INDEX fb_posts_queue_planned\b/);
    // Each half stops at its first free post in index order; only those one-row halves are
    // ordered (by which half they come from), never the posts themselves.
    expect(plan).not.toMatch(/SEARCH p [^\n]*\n(CORRELATED [^\n]*\n[^\n]*\n)?USE TEMP B-TREE/);
    expect(plan).not.toMatch(/^SCAN p\b/m);
  });

  it('computes statistics from index ranges and the maintained aggregates, never from the votes', async () => {
    const window = { from: onDay(0, 0), to: onDay(90, 0) };
    const ship = await plansOf((tx) => tx.shipStats(boardId, window));
    // The posts come from the shipped index alone, in its order.
    expect(ship[0]!.plan.join('\n')).toMatch(/USING COVERING INDEX fb_posts_shipped \(board_id=\? AND shipped_at>\? AND shipped_at<\?\)/);
    expect(ship[0]!.plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    // Distinct voters of the shipped posts: the per-day counts of their latest shipped days.
    expect(ship[1]!.plan.join('\n')).toMatch(/SEARCH fb_ship_last_days USING PRIMARY KEY \(board_id=\? AND day>\? AND day<\?\)/);
    expect(ship[1]!.plan.join('\n')).toMatch(/SEARCH v USING COVERING INDEX fb_ship_voters_last \(board_id=\? AND last_day>\?\)/);
    expect(ship[1]!.plan.join('\n')).not.toMatch(/fb_votes|TEMP B-TREE/);
    const analytics = await plansOf((tx) => tx.analytics(boardId, window));
    const all = analytics.map(({ plan }) => plan.join('\n')).join('\n');
    expect(all).toMatch(/SEARCH fb_board_days USING PRIMARY KEY \(board_id=\? AND day>\? AND day<\?\)/);
    expect(all).toMatch(/SEARCH fb_board_last_days USING PRIMARY KEY \(board_id=\? AND day>\? AND day<\?\)/);
    expect(all).toMatch(/SEARCH v USING COVERING INDEX fb_board_voters_last \(board_id=\? AND last_day>\?\)/);
    expect(all).toMatch(/SEARCH fb_board_statuses USING PRIMARY KEY \(board_id=\?\)/);
    expect(all).toMatch(/INDEX fb_posts_requests\b/);
    expect(all).toMatch(/SEARCH fb_ship_days USING PRIMARY KEY \(board_id=\? AND day>\? AND day<\?\)/);
    expect(all).not.toMatch(/fb_votes|fb_comments|fb_posts_new|TEMP B-TREE/);
    expect(all).not.toMatch(/^SCAN (?!CONSTANT ROW)/m);
  });

  it('finds similar posts through the word index: a bounded count per word, then the candidates by id', async () => {
    const counts = await plansOf((tx) => tx.countPostsByWord(boardId, ['dark', 'mod'], 401));
    expect(counts).toHaveLength(2);
    for (const { plan } of counts) expect(plan.join('\n')).toMatch(/SEARCH fb_post_words USING PRIMARY KEY \(board_id=\? AND word=\?\)/);
    const [list] = await plansOf((tx) => tx.listPostsByWords(boardId, ['dark', 'mod']));
    const plan = list!.plan.join('\n');
    expect(plan).toMatch(/SEARCH w USING PRIMARY KEY \(board_id=\? AND word=\?\)/);
    expect(plan).toMatch(/SEARCH p USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/^SCAN (p|w|fb_posts|fb_post_words)\b/m);
  });

  // The probe is SQLite's own (adapters/sqlite/tx/attachments.ts): PostgreSQL would pay a round trip for it.
  it("reads a post's parts (tags, evidence, claim, images, links, its status) in one statement, each by the post's key, without sorting", async () => {
    const plans = await plansOf((tx) => tx.getPostParts(10, 1));
    expect(plans).toHaveLength(1);
    // No sorter: the few rows of each part are sorted after (an ordered list costs a sorter each).
    const plan = plans[0]!.plan.filter((line) => !/^(COMPOUND QUERY|LEFT-MOST SUBQUERY|UNION ALL)$/.test(line));
    expect(plan).toEqual([
      'SEARCH pt USING PRIMARY KEY (post_id=?)',
      'SEARCH t USING INTEGER PRIMARY KEY (rowid=?)',
      'SEARCH fb_evidence USING INDEX fb_evidence_post (post_id=?)',
      'SEARCH fb_claims USING INTEGER PRIMARY KEY (rowid=?)',
      'SEARCH fb_attachments USING INDEX fb_attachments_post (post_id=?)',
      'SEARCH fb_post_links USING INDEX sqlite_autoindex_fb_post_links_1 (post_id=?)',
      'SEARCH fb_statuses USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });

  it("reads one post's images by key, and a page's only after one probe of the index finds some in its id range", async () => {
    const [one] = await plansOf((tx) => tx.listPostAttachments([7]));
    expect(one!.plan.join('\n')).toMatch(/SEARCH fb_attachments USING (COVERING )?INDEX fb_attachments_post \(post_id=\?\)/);
    const page = await plansOf((tx) => tx.listPostAttachments([3, 90, 41]));
    // No image in the range: the probe alone, on the partial index of posts' images.
    expect(page).toHaveLength(1);
    expect(page[0]!.plan.join('\n')).toMatch(/SEARCH fb_attachments USING COVERING INDEX fb_attachments_post \(post_id>\? AND post_id<\?\)/);
  });
});

