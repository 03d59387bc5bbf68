/**
 * A board's posts ranked by the revenue of the companies behind them: each company once per post
 * (its people and its company voter alike), posts with none at revenue 0, ties by vote count, then
 * creation time, then id (all descending: the post list's `top` order), hidden posts in and merged
 * posts out as in the post list, exact paging and total, and a revenue read as it is now (a
 * withdrawn vote, a company's new revenue). Every page agrees with the whole ranking, those that
 * straddle the end of the posts with a revenue too, and a company at revenue 0 leaves its posts
 * among the others at 0, each once.
 */
import type { CompanyRecord } from '../src/domain/sso.js';
import type { StorageTx } from '../src/storage/contract.js';
import { at, newBoard, newOrganization, newPost, newVoter } from './fixtures.js';
import type { SuiteContext } from './harness.js';

export function companyRevenueTests(ctx: SuiteContext): void {
  const { expect } = ctx;
  const company = (organization: number, id: string, monthly_revenue: number): CompanyRecord => ({
    organization_id: organization, id, name: `Company ${id}`, monthly_revenue, updated_at: at(0),
  });

  /**
   * One board of posts p1..p10 (ids ascending) and their voters:
   * - p1: two people of Big (5,000): Big once, 2 votes
   * - p2: a person of Mid (3,000) and one of Small (3,000): 6,000, 2 votes
   * - p3: Mid's company voter: 3,000, 1 vote
   * - p4: a person of Small: 3,000, 1 vote (ties p3 on revenue and votes)
   * - p5: a person of Mid and Mid's company voter: 3,000 (once), 2 votes
   * - p6: three people of no company: 0, 3 votes
   * - p7: no vote: 0, 0 votes
   * - p8: hidden, a person of Big: 5,000, 1 vote
   * - p9: merged into p1, a person of Big: left out
   * - p10: a person of Free (revenue 0): 0, 1 vote
   * and a post of another board voted by Big's people, which never shows.
   */
  async function seed() {
    return ctx.write(async (tx: StorageTx) => {
      const org = (await tx.insertOrganization(newOrganization())).id;
      const board = (await tx.insertBoard(newBoard(org))).id;
      const other = (await tx.insertBoard(newBoard(org, { slug: 'other', name: 'Other' }))).id;
      for (const [id, revenue] of [['big', 5_000], ['mid', 3_000], ['small', 3_000], ['free', 0]] as const) {
        await tx.putCompany(company(org, id, revenue));
      }
      const voter = async (companyId: string | null) => {
        const id = (await tx.insertVoter(newVoter(org))).id;
        if (companyId !== null) await tx.setVoterCompany(id, org, companyId);
        return id;
      };
      const ann = await voter('big');
      const bob = await voter('big');
      const mia = await voter('mid');
      const sam = await voter('small');
      const fay = await voter('free');
      const nobody = [await voter(null), await voter(null), await voter(null)];
      const midVoter = await voter('mid');
      await tx.insertCompanyVoter({ organization_id: org, company_id: 'mid', voter_id: midVoter, created_at: at(0) });

      const p: number[] = [];
      for (let i = 1; i <= 10; i++) p.push((await tx.insertPost(newPost(board, { title: `Post ${i}`, created_at: at(i), hidden: i === 8 || i === 9 }))).id);
      const otherPost = (await tx.insertPost(newPost(other, { title: 'Elsewhere' }))).id;
      const votes: [number, number[]][] = [
        [p[0]!, [ann, bob]],
        [p[1]!, [mia, sam]],
        [p[2]!, [midVoter]],
        [p[3]!, [sam]],
        [p[4]!, [mia, midVoter]],
        [p[5]!, nobody],
        [p[7]!, [ann]],
        [p[8]!, [bob]],
        [p[9]!, [fay]],
        [otherPost, [ann, bob, mia]],
      ];
      for (const [postId, voterIds] of votes) {
        for (const voterId of voterIds) await tx.insertVote({ post_id: postId, voter_id: voterId, created_at: at(20) });
      }
      await tx.insertPostMerge({
        source_id: p[8]!, target_id: p[0]!, board_id: board, merged_at: at(30), source_hidden: false,
        votes_added: [], comment_ids: [], evidence_ids: [], claim: null,
      });
      return { org, board, other, otherPost, p, mia };
    });
  }

  const ranking = (page: { rows: { post: { id: number }; revenue: number }[] }) => page.rows.map((row) => [row.post.id, row.revenue]);

  ctx.t.describe('posts by company revenue', () => {
    ctx.test('ranks the board by the revenue of its distinct companies, then votes, then creation, then id, every post once with an exact total', async () => {
      const { board, other, otherPost, p } = await seed();
      const all = await ctx.read((tx) => tx.listPostsByCompanyRevenue(board, { limit: 500, offset: 0 }));
      const [p1, p2, p3, p4, p5, p6, p7, p8, , p10] = p;
      expect(ranking(all)).toEqual([
        [p2, 6_000],
        [p1, 5_000],
        [p8, 5_000],
        [p5, 3_000],
        [p4, 3_000],
        [p3, 3_000],
        [p6, 0],
        [p10, 0],
        [p7, 0],
      ]);
      expect(all.total).toBe(9);
      // The rows are the posts as stored: the hidden one included as it is, vote counts and all.
      const stored = await ctx.read(async (tx) => {
        const posts = [];
        for (const row of all.rows) posts.push(await tx.getPost(row.post.id));
        return posts;
      });
      expect(all.rows.map((row) => row.post)).toEqual(stored);
      expect(all.rows.map((row) => row.post.vote_count)).toEqual([2, 2, 1, 2, 1, 1, 3, 1, 0]);
      expect(all.rows.find((row) => row.post.id === p8)!.post.hidden).toBe(true);

      const listed = await ctx.read((tx) => tx.listPosts(board, { sort: 'new', limit: 500, offset: 0 }));
      expect(listed.rows.map((post) => post.id).sort((a, b) => a - b)).toEqual(all.rows.map((row) => row.post.id).sort((a, b) => a - b));
      expect(listed.total).toBe(all.total);

      const ids = all.rows.map((row) => row.post.id);
      for (const [limit, offset] of [[3, 2], [1, 0], [4, 4], [4, 6], [1, 7], [5, 8], [2, 9], [10, 20]] as const) {
        const page = await ctx.read((tx) => tx.listPostsByCompanyRevenue(board, { limit, offset }));
        expect([page.rows.map((row) => row.post.id), page.total]).toEqual([ids.slice(offset, offset + limit), 9]);
      }
      expect(ranking(await ctx.read((tx) => tx.listPostsByCompanyRevenue(other, { limit: 10, offset: 0 })))).toEqual([[otherPost, 8_000]]);
      expect(await ctx.read((tx) => tx.listPostsByCompanyRevenue(999, { limit: 10, offset: 0 }))).toEqual({ rows: [], total: 0 });
    });

    ctx.test('reads the revenue as it is now: a withdrawn vote moves its post down, a new revenue moves its posts', async () => {
      const { org, board, p, mia } = await seed();
      const [p1, p2, p3, p4, p5, p6, p7, p8, , p10] = p;
      await ctx.write((tx) => tx.deleteVote(p2!, mia));
      const order = async () => ranking(await ctx.read((tx) => tx.listPostsByCompanyRevenue(board, { limit: 500, offset: 0 })));
      expect(await order()).toEqual([
        [p1, 5_000],
        [p8, 5_000],
        [p5, 3_000],
        [p4, 3_000],
        [p3, 3_000],
        [p2, 3_000],
        [p6, 0],
        [p10, 0],
        [p7, 0],
      ]);
      await ctx.write((tx) => tx.putCompany(company(org, 'small', 7_000)));
      await ctx.write((tx) => tx.setVoterCompany(mia, org, null));
      expect(await order()).toEqual([
        [p4, 7_000],
        [p2, 7_000],
        [p1, 5_000],
        [p8, 5_000],
        [p5, 3_000],
        [p3, 3_000],
        [p6, 0],
        [p10, 0],
        [p7, 0],
      ]);
    });

    ctx.test('breaks ties by creation time before id, and every page, across the end of the revenue posts too, is a slice of the whole ranking', async () => {
      // Posts q1..q12 (ids ascending), created out of id order; Acme at 1,000, Free at 0:
      // - q3: Acme and Free, 2 votes: 1,000
      // - q1 (created at 5), q11 (hidden, at 4), q2 (at 3): Acme, 1 vote: 1,000
      // - q5 (at 9), q4 (at 4): 3 votes, q4's from Free and two people of no company: 0
      // - q7 (at 2): 1 vote of no company; q6 (at 1): Free's vote: 0
      // - q10 (at 8), q9 and q8 (both at 7): no vote: 0
      // - q12: merged into q3, Acme's vote: left out
      const { org, board, q } = await ctx.write(async (tx: StorageTx) => {
        const org = (await tx.insertOrganization(newOrganization())).id;
        const board = (await tx.insertBoard(newBoard(org))).id;
        await tx.putCompany(company(org, 'acme', 1_000));
        await tx.putCompany(company(org, 'free', 0));
        const voter = async (companyId: string | null) => {
          const id = (await tx.insertVoter(newVoter(org))).id;
          if (companyId !== null) await tx.setVoterCompany(id, org, companyId);
          return id;
        };
        const acme = await voter('acme');
        const free = await voter('free');
        const people = [await voter(null), await voter(null), await voter(null)];
        const created = [5, 3, 6, 4, 9, 1, 2, 7, 7, 8, 4, 6];
        const q: number[] = [];
        for (const [i, minute] of created.entries()) {
          q.push((await tx.insertPost(newPost(board, { title: `Q${i + 1}`, created_at: at(minute), hidden: i === 10 }))).id);
        }
        const votes: [number, number[]][] = [
          [q[0]!, [acme]],
          [q[1]!, [acme]],
          [q[2]!, [acme, free]],
          [q[3]!, [free, people[0]!, people[1]!]],
          [q[4]!, people],
          [q[5]!, [free]],
          [q[6]!, [people[2]!]],
          [q[10]!, [acme]],
          [q[11]!, [acme]],
        ];
        for (const [postId, voterIds] of votes) {
          for (const voterId of voterIds) await tx.insertVote({ post_id: postId, voter_id: voterId, created_at: at(20) });
        }
        await tx.insertPostMerge({
          source_id: q[11]!, target_id: q[2]!, board_id: board, merged_at: at(30), source_hidden: false,
          votes_added: [], comment_ids: [], evidence_ids: [], claim: null,
        });
        return { org, board, q };
      });
      const [q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11] = q;
      const all = await ctx.read((tx) => tx.listPostsByCompanyRevenue(board, { limit: 500, offset: 0 }));
      expect(ranking(all)).toEqual([
        [q3, 1_000],
        [q1, 1_000],
        [q11, 1_000],
        [q2, 1_000],
        [q5, 0],
        [q4, 0],
        [q7, 0],
        [q6, 0],
        [q10, 0],
        [q9, 0],
        [q8, 0],
      ]);
      expect(all.total).toBe(11);
      const ids = all.rows.map((row) => row.post.id);
      for (let limit = 1; limit <= 5; limit++) {
        for (let offset = 0; offset <= 12; offset++) {
          const page = await ctx.read((tx) => tx.listPostsByCompanyRevenue(board, { limit, offset }));
          expect([limit, offset, page.rows.map((row) => row.post.id), page.total]).toEqual([limit, offset, ids.slice(offset, offset + limit), 11]);
        }
      }
      // With Acme at 0 no post has a revenue: the ranking is the post list's top order, each once.
      await ctx.write((tx) => tx.putCompany(company(org, 'acme', 0)));
      const zeros = await ctx.read((tx) => tx.listPostsByCompanyRevenue(board, { limit: 500, offset: 0 }));
      const top = await ctx.read((tx) => tx.listPosts(board, { sort: 'top', limit: 500, offset: 0 }));
      expect(zeros.rows.map((row) => row.post.id)).toEqual(top.rows.map((post) => post.id));
      expect(zeros.rows.every((row) => row.revenue === 0)).toBe(true);
      expect(zeros.total).toBe(11);
    });
  });
}
