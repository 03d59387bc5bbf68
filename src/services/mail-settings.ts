/**
 * The organization's mail settings (docs/mail.md): which kinds of news mail the followers of a
 * post (status changes, team comments, replies), each on unless the team turned it off. The
 * setting is honoured when news is queued (`follower-mail.ts`); operations of the `team` scope.
 */
import { updateMailSettingsBody, type UpdateMailSettingsInput } from '../domain/requests.js';
import { requireScope } from '../domain/scopes.js';
import type { MailSettings } from '../domain/team-responses.js';
import { parseOrThrow } from '../domain/validation.js';
import { read, write, type Caller, type ServiceContext } from './context.js';
import { followerMailSettingName, readFollowerMailSettings } from './follower-mail.js';

/** Which kinds of mail go to the followers of a post; `team` scope. */
export function getMailSettings(ctx: ServiceContext, caller: Caller): Promise<MailSettings> {
  requireScope(caller.scope, 'team');
  return read(ctx, (tx) => readFollowerMailSettings(tx, caller.organizationId));
}

/** Turns kinds of follower mail on or off; absent kinds are unchanged. Answers every kind; `team` scope. */
export function updateMailSettings(ctx: ServiceContext, caller: Caller, body: UpdateMailSettingsInput = {}): Promise<MailSettings> {
  requireScope(caller.scope, 'team');
  const changes = parseOrThrow(updateMailSettingsBody, body);
  return write(ctx, async (tx) => {
    const settings = { ...(await readFollowerMailSettings(tx, caller.organizationId)), ...changes };
    await tx.setSetting(followerMailSettingName(caller.organizationId), JSON.stringify(settings));
    return settings;
  });
}
