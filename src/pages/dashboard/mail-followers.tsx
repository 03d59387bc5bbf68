/**
 * The follower part of the dashboard's Mail page: which events mail the followers of a post (the
 * organization's setting, honoured when news is queued), and the mail that failed for good, with
 * its recipient, the mail server's last error, the attempts and the last try.
 */
import type { MailFailureRecord } from '../../storage/contract/mail.js';
import type { FollowerMailSettings } from '../../services/follower-mail.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { redirect } from '../respond.js';

/** How many failed mails the page lists, newest first. */
const FAILURES_SHOWN = 50;

const EVENT_CHOICES: { kind: keyof FollowerMailSettings; label: string; hint: string }[] = [
  { kind: 'status', label: 'Status changes', hint: 'A confirmed proposal, or a status change made with "notify voters".' },
  { kind: 'team_comment', label: 'Team comments', hint: 'A comment or reply by the team on a post they follow.' },
  { kind: 'reply', label: 'Replies', hint: 'Someone replied to their comment.' },
  { kind: 'changelog', label: 'Changelog entries', hint: 'An entry linking posts they follow is published: one mail per entry.' },
];

/** What the section shows: the settings and the newest failed mail. */
export interface FollowerMailState {
  settings: FollowerMailSettings;
  failures: MailFailureRecord[];
  totalFailures: number;
}

/** Reads the organization's settings and failed mail. */
export async function followerMailState(ctx: PageContext): Promise<FollowerMailState> {
  const organizationId = ctx.options.organizationId;
  const page = await ctx.board.storage.transaction('read', (tx) => tx.listMailFailures(organizationId, { limit: FAILURES_SHOWN, offset: 0 }));
  return { settings: await ctx.team.api.mail.settings(), failures: page.rows, totalFailures: page.total };
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The settings form and the failed-mail list. */
export function FollowerMailSection({ ctx, state }: { ctx: PageContext; state: FollowerMailState }) {
  return (
    <>
      <PostForm ctx={ctx} action="/dashboard/mail/followers" class="card" label="Mail to followers">
        <h2 class="h3">Mail to followers</h2>
        <p class="muted">
          Voters follow the posts they submit, vote for or comment on. Choose what mails them: at most one mail per post every 10 minutes, with
          every link to unsubscribe from the post or the board.
        </p>
        <fieldset class="choices">
          <legend>Mail followers about</legend>
          {EVENT_CHOICES.map((choice) => (
            <label class="check">
              <input type="checkbox" name={choice.kind} value="on" checked={state.settings[choice.kind]} />
              <span>
                {choice.label} <span class="muted small">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit">Save</button>
      </PostForm>
      <section class="card" aria-labelledby="failed-mail">
        <h2 class="h3" id="failed-mail">
          Failed mail
        </h2>
        {state.failures.length === 0 ? (
          <p class="muted">No mail to followers has failed.</p>
        ) : (
          <>
            <p class="muted">
              Mail the server refused on every try. Fix the mail setup (the test e-mail above shows the server's answer); later news to these
              followers is mailed again.
            </p>
            <table class="attempts">
              <thead>
                <tr>
                  <th scope="col">Recipient</th>
                  <th scope="col">Error</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last try</th>
                </tr>
              </thead>
              <tbody>
                {state.failures.map((failure) => (
                  <tr>
                    <td class="nowrap">
                      <code>{failure.address}</code>
                    </td>
                    <td>
                      <code>{failure.error}</code>
                    </td>
                    <td>{failure.attempts}</td>
                    <td class="nowrap">{when(failure.failed_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {state.totalFailures > state.failures.length ? (
              <p class="muted small">and {state.totalFailures - state.failures.length} older failed mails</p>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}

/** Stores the checked events as the organization's settings; an unchecked box turns its kind off. */
export async function followerMailSettingsAction(ctx: PageContext, form: FormData): Promise<Response> {
  const settings: FollowerMailSettings = { status: false, team_comment: false, reply: false, changelog: false };
  for (const choice of EVENT_CHOICES) settings[choice.kind] = form.get(choice.kind) === 'on';
  await ctx.team.api.mail.updateSettings(settings);
  return redirect(ctx, '/dashboard/mail', 'saved');
}
