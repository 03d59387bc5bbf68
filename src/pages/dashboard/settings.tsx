/**
 * The dashboard's settings: agent publishing, the team (add a member by e-mail), and the signed-in
 * member's own address and name. The first member of a server that made one for itself has an
 * address nobody reads (`team@localhost`): the page says so, and the member puts theirs in its
 * place; a refused address is shown back with the reason, and nothing changes.
 */
import { isFeedbackBoardError } from '../../domain/errors.js';
import type { PageContext } from '../context.js';
import { PostForm } from '../layout.js';
import { notFoundPage, redirect } from '../respond.js';
import { change, dashPage } from './frame.js';

/** What the own-address form was sent with, and why it was refused. */
interface Refusal {
  email: string;
  name: string;
  message: string;
}

/** An address at `localhost` (or one of its names) receives no mail from anywhere else. */
const unreachable = (email: string) => /@(localhost|127\.0\.0\.1|\[::1\])$/i.test(email);

export async function settingsPage(ctx: PageContext, refused?: Refusal): Promise<Response> {
  const publishing = await ctx.board.dashboard.settings.getAgentPublishing();
  const members = await ctx.team.members.list();
  return dashPage(
    ctx,
    'settings',
    'Settings',
    <>
      <h1>Settings</h1>
      <OwnAddressForm ctx={ctx} refused={refused} />
      <PostForm ctx={ctx} action="/dashboard/settings/agent-publishing" class="card" label="Agent publishing">
        <h2 class="h3">Agent publishing</h2>
        <p class="muted">
          {publishing ? 'On: keys with the write scope may publish boards through the API.' : 'Off: only the team publishes boards, here.'}
        </p>
        <input type="hidden" name="value" value={publishing ? 'off' : 'on'} />
        <button type="submit" class="secondary">
          {publishing ? 'Turn agent publishing off' : 'Turn agent publishing on'}
        </button>
      </PostForm>
      <div class="card">
        <h2 class="h3">Team</h2>
        <ul>
          {members.map((m) => (
            <li>
              {m.name ? <span class="user-text">{m.name} </span> : ''}
              <code>{m.email}</code>
            </li>
          ))}
        </ul>
        <PostForm ctx={ctx} action="/dashboard/settings/team" label="Add a team member">
          <div class="field">
            <label for="member-email">Add a team member by e-mail</label>
            <input id="member-email" name="email" type="email" required maxlength={320} />
          </div>
          <button type="submit">Add</button>
        </PostForm>
      </div>
    </>,
    refused ? 422 : 200,
  );
}

/** The signed-in member's address (where their sign-in links and the test e-mail go) and name. */
function OwnAddressForm({ ctx, refused }: { ctx: PageContext; refused: Refusal | undefined }) {
  const member = ctx.member;
  if (!member) return null;
  const email = refused?.email ?? member.email;
  return (
    <PostForm ctx={ctx} action="/dashboard/settings/me" class="card" label="Your address">
      <h2 class="h3">Your address</h2>
      {unreachable(member.email) ? (
        <p class="notice" role="status">
          <code>{member.email}</code> receives no mail: put your own address here, where your sign-in links and the test e-mail go.
        </p>
      ) : null}
      {refused ? (
        <div class="notice error" role="alert" id="own-address-error">
          {refused.message}. Nothing changed.
        </div>
      ) : null}
      <div class="field">
        <label for="own-email">Your e-mail address</label>
        <input
          id="own-email"
          name="email"
          type="email"
          required
          maxlength={320}
          value={email}
          aria-invalid={refused ? 'true' : undefined}
          aria-describedby={refused ? 'own-address-error' : undefined}
        />
      </div>
      <div class="field">
        <label for="own-name">Your name</label>
        <input id="own-name" name="name" maxlength={120} value={refused?.name ?? member.name} />
      </div>
      <button type="submit">Save</button>
    </PostForm>
  );
}

/** POST /dashboard/settings/me: the signed-in member's new address and name. */
export async function ownAddressAction(ctx: PageContext, form: FormData): Promise<Response> {
  if (!ctx.member) return notFoundPage(ctx);
  const input = { email: String(form.get('email') ?? '').trim(), name: String(form.get('name') ?? '').trim() };
  try {
    await ctx.team.members.update(ctx.member.id, input);
  } catch (error) {
    if (!isFeedbackBoardError(error) || error.code !== 'validation_error') throw error;
    const detail = error.details?.[0];
    const message = detail ? `${detail.path === 'email' ? 'The address' : 'The name'} ${detail.message}` : error.message;
    return settingsPage(ctx, { ...input, message });
  }
  return redirect(ctx, '/dashboard/settings', 'saved');
}

export function agentPublishingAction(ctx: PageContext, form: FormData): Promise<Response> {
  return change(ctx, '/dashboard/settings', 'saved', () => ctx.board.dashboard.settings.setAgentPublishing(form.get('value') === 'on'));
}

export function addMemberAction(ctx: PageContext, form: FormData): Promise<Response> {
  return change(ctx, '/dashboard/settings', 'saved', () => ctx.team.members.add({ email: String(form.get('email') ?? '') }));
}
