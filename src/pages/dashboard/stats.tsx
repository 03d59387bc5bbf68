/** The dashboard's analytics and ship statistics of a board, with charts. */
import type { PageContext } from '../context.js';
import { BarList, DailyChart } from '../charts.js';
import { day, STATUS_TEXT, STATUSES } from '../layout.js';
import { counted, dashPage } from './frame.js';

export async function statsPage(ctx: PageContext): Promise<Response> {
  const boards = (await ctx.team.api.boards.list()).boards;
  const board = boards.find((b) => b.slug === ctx.url.searchParams.get('board')) ?? boards[0];
  const period = ctx.url.searchParams.get('period') === '90d' ? '90d' : '30d';
  const shipPeriod = ctx.url.searchParams.get('ship') === 'week' ? 'week' : 'month';
  if (!board) return dashPage(ctx, 'stats', 'Analytics', <p class="muted">No boards yet.</p>);
  const analytics = await ctx.team.api.stats.analytics(board.slug, { period });
  const ship = await ctx.team.api.stats.shipStats(board.slug, { period: shipPeriod });
  return dashPage(
    ctx,
    'stats',
    'Analytics',
    <>
      <h1>Analytics</h1>
      <form class="filters" method="get" action={ctx.href('/dashboard/stats')}>
        <div class="field">
          <label for="board">Board</label>
          <select id="board" name="board">
            {boards.map((b) => (
              <option value={b.slug} selected={b.slug === board.slug}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="period">Window</label>
          <select id="period" name="period">
            <option value="30d" selected={period === '30d'}>
              Last 30 days
            </option>
            <option value="90d" selected={period === '90d'}>
              Last 90 days
            </option>
          </select>
        </div>
        <div class="field">
          <label for="ship">Shipped in</label>
          <select id="ship" name="ship">
            <option value="month" selected={shipPeriod === 'month'}>
              This month
            </option>
            <option value="week" selected={shipPeriod === 'week'}>
              This week
            </option>
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      <div class="stats">
        {(
          [
            ['New posts', analytics.totals.posts],
            ['Votes', analytics.totals.votes],
            ['Comments', analytics.totals.comments],
            ['Voters', analytics.totals.voters],
          ] as const
        ).map(([label, value]) => (
          <div class="card">
            <div class="muted small">{label}</div>
            <div class="stat">{value}</div>
          </div>
        ))}
      </div>
      <section class="card" aria-labelledby="votes-h">
        <h2 id="votes-h" class="h3">
          Votes per day
        </h2>
        <DailyChart id="votes" title="Votes per day" points={analytics.votes_over_time.map((p) => ({ date: p.date, value: p.vote_count }))} />
      </section>
      <section class="card" aria-labelledby="posts-h">
        <h2 id="posts-h" class="h3">
          New posts per day
        </h2>
        <DailyChart id="posts" title="New posts per day" points={analytics.posts_over_time.map((p) => ({ date: p.date, value: p.post_count }))} />
      </section>
      <section class="card" aria-labelledby="status-h">
        <h2 id="status-h" class="h3">
          Posts by status
        </h2>
        <BarList id="status" title="Posts by status" items={STATUSES.map((s) => ({ label: STATUS_TEXT[s]!, value: analytics.status_breakdown[s] }))} />
      </section>
      <section class="card" aria-labelledby="ship-h">
        <h2 id="ship-h" class="h3">
          Shipped: {ship.period_label}
        </h2>
        <p>
          <span class="stat">{ship.shipped_count}</span> {ship.shipped_count === 1 ? 'post' : 'posts'} shipped, for <strong>{ship.voter_count}</strong>{' '}
          {ship.voter_count === 1 ? 'voter' : 'voters'}. All time:{' '}
          {analytics.ship_velocity.shipped_total}; {analytics.ship_velocity.shipped_per_week} per week and {analytics.ship_velocity.shipped_per_month} per
          month over the window.
        </p>
        <ul class="plain">
          {ship.posts.map((p) => (
            <li>
              <a href={ctx.href(`/dashboard/posts/${p.id}`)}>{p.title}</a>
              <span class="muted small count-text">
                {counted(p.vote_count, 'vote')} · {day(p.shipped_at)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section class="card" aria-labelledby="top-h">
        <h2 id="top-h" class="h3">
          Top requests
        </h2>
        <BarList id="top" title="Top requests by votes" items={analytics.top_requests.map((p) => ({ label: p.title.length > 18 ? `${p.title.slice(0, 17)}…` : p.title, value: p.vote_count }))} />
        <p class="muted small">
          {analytics.engagement.comments_per_post} comments per new post; {analytics.engagement.posts_with_votes_percent}% of new posts have votes.
        </p>
      </section>
    </>,
  );
}
