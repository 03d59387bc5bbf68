/** The dashboard's frame: its side navigation around a panel, and shared helpers of its pages. */
import type { Child } from 'hono/jsx';
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { PageContext } from '../context.js';
import type { StatusLabel } from '../../domain/statuses.js';
import { Notice } from '../layout.js';
import { page, redirect } from '../respond.js';

const SECTIONS = [
  ['proposals', 'Proposals', '/dashboard/proposals'],
  ['inbox', 'Inbox', '/dashboard/inbox'],
  ['posts', 'Posts', '/dashboard/posts'],
  ['deleted', 'Deleted', '/dashboard/deleted'],
  ['changelog', 'Changelog', '/dashboard/changelog'],
  ['boards', 'Boards', '/dashboard/boards'],
  ['statuses', 'Statuses', '/dashboard/statuses'],
  ['stats', 'Analytics', '/dashboard/stats'],
  ['keys', 'API keys', '/dashboard/keys'],
  ['agents', 'Connected agents', '/dashboard/agents'],
  ['sso', 'Single sign-on', '/dashboard/sso'],
  ['webhooks', 'Webhooks', '/dashboard/webhooks'],
  ['integrations', 'Integrations', '/dashboard/integrations'],
  ['mail', 'Mail', '/dashboard/mail'],
  ['settings', 'Settings', '/dashboard/settings'],
] as const;

/** One of the dashboard's sections. */
export type Section = (typeof SECTIONS)[number][0];

/**
 * A dashboard page: the side navigation with `section` current (the inbox with its count of
 * waiting posts), and the panel; `labels` are the status labels it shows, whose colours it loads.
 */
export async function dashPage(
  ctx: PageContext,
  section: Section,
  title: string,
  content: Child,
  status = 200,
  labels: readonly StatusLabel[] = [],
): Promise<Response> {
  const waiting = await ctx.team.moderation.countWaiting();
  return page(
    ctx,
    `${title} · Dashboard`,
    <div class="dash">
      <nav class="side" aria-label="Dashboard">
        {SECTIONS.map(([id, label, path]) => (
          <a href={ctx.href(path)} aria-current={id === section ? 'page' : undefined}>
            {label}
            {id === 'inbox' && waiting > 0 ? (
              <>
                {' '}
                <span class="badge waiting-count">{waiting}</span>
                <span class="sr-only"> waiting</span>
              </>
            ) : null}
          </a>
        ))}
      </nav>
      <div class="panel">
        <Notice ctx={ctx} />
        {content}
      </div>
    </div>,
    { status, labels },
  );
}

/** A positive integer path or form value, or null. */
export function idOf(value: unknown): number | null {
  return typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

/** Runs a form's change; a validation error (or a conflict) redirects back with the "invalid" notice. */
export async function change(ctx: PageContext, back: string, notice: string, fn: () => Promise<unknown>): Promise<Response> {
  try {
    await fn();
    return redirect(ctx, back, notice);
  } catch (error) {
    if (isFeedbackBoardError(error) && ['validation_error', 'slug_taken', 'status_unchanged'].includes(error.code)) {
      return redirect(ctx, back, 'invalid');
    }
    throw error;
  }
}

/** A count with its noun, singular for exactly one ("1 vote", "2 votes"); the dashboard is English only. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
