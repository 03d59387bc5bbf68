/**
 * Posting a chat message, as data: the request to a chat target's incoming-webhook URL and the
 * reading of its answer, which the webhook dispatcher sends and retries like any outbound call.
 * Each platform answers success its own way (Slack `200 ok`, Discord `200` with the message under
 * `?wait=true`, Teams `200 1` or, for Workflows, `202`) and failure too: Discord says how long to
 * wait in its JSON, and Teams' older connectors answer `200` with the failure in the text.
 */
import type { ChatPlatform } from '../../domain/integrations.js';
import { answerJson, failedAnswer, INTEGRATION_USER_AGENT, invalidField, isRetryableStatus, type OutboundAnswer, type OutboundOutcome, type OutboundRequest } from '../outbound.js';
import { numberAt } from '../payload.js';
import { refusedTarget } from '../../webhooks/targets.js';
import { discordMessage } from './discord.js';
import type { ChatEvent } from './message.js';
import { slackMessage } from './slack.js';
import { teamsMessage } from './teams.js';

const NAMES: Readonly<Record<ChatPlatform, string>> = { slack: 'Slack', discord: 'Discord', teams: 'Teams' };

/** Where each platform's incoming webhooks live. */
const HOSTS: Readonly<Record<ChatPlatform, (url: URL) => boolean>> = {
  slack: (url) => (url.hostname === 'hooks.slack.com' || url.hostname === 'hooks.slack-gov.com') && url.pathname.startsWith('/services/'),
  discord: (url) => /^(?:(?:canary|ptb)\.)?discord(?:app)?\.com$/.test(url.hostname) && /^\/api(?:\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname),
  teams: (url) => /(?:^|\.)(?:webhook\.office\.com|logic\.azure\.com|powerplatform\.com|powerautomate\.com)$/.test(url.hostname),
};

/**
 * A chat target's URL, checked: an `https:` incoming-webhook URL of its platform (Slack's
 * `hooks.slack.com/services/…`, Discord's `discord.com/api/webhooks/{id}/{token}`, Teams'
 * `*.webhook.office.com` or a Workflows URL). With private networks allowed (closed networks,
 * tests), any http(s) URL. Throws a `validation_error` naming `url` otherwise.
 */
export function checkChatUrl(platform: ChatPlatform, raw: string, allowPrivateNetworks: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidField('url', 'must be an absolute URL');
  }
  if (allowPrivateNetworks) {
    const refused = refusedTarget(url.href, true);
    if (refused !== null) throw invalidField('url', refused);
    return url.href;
  }
  if (url.protocol !== 'https:' || !HOSTS[platform](url)) throw invalidField('url', `must be an incoming-webhook URL of ${NAMES[platform]}`);
  return url.href;
}

/**
 * A chat URL as it may be shown once saved: the scheme and host, and the last four characters,
 * which tell two targets apart without giving the path's secret away
 * (`https://hooks.slack.com/…WXYZ`).
 */
export function maskChatUrl(raw: string): string {
  const url = new URL(raw);
  return `${url.protocol}//${url.host}/…${raw.slice(-4)}`;
}

/** Where a message to the target's URL is posted: Discord's with `?wait=true`, so that it answers the message (or why not). */
export function chatMessageUrl(platform: ChatPlatform, url: string): string {
  if (platform !== 'discord') return url;
  const parsed = new URL(url);
  parsed.searchParams.set('wait', 'true');
  return parsed.href;
}

/** The request that posts `event` to a chat target. */
export function chatRequest(platform: ChatPlatform, url: string, event: ChatEvent): OutboundRequest {
  const message = platform === 'slack' ? slackMessage(event) : platform === 'discord' ? discordMessage(event) : teamsMessage(event);
  return {
    method: 'POST',
    url: chatMessageUrl(platform, url),
    headers: { 'content-type': 'application/json', 'user-agent': INTEGRATION_USER_AGENT },
    body: JSON.stringify(message),
  };
}

/** What a chat platform's answer says: posted, or why not and whether to try again. */
export function interpretChatAnswer(platform: ChatPlatform, answer: OutboundAnswer): OutboundOutcome<null> {
  const name = NAMES[platform];
  const text = answer.body.trim().slice(0, 300);
  if (answer.status >= 200 && answer.status < 300) {
    // Teams' older connectors answer 200 and say in the text that the post failed.
    const failed = platform === 'teams' ? /delivery failed.*?HTTP error (\d{3})/i.exec(text) : null;
    if (!failed) return { ok: true, value: null };
    const status = Number(failed[1]);
    return { ok: false, retry: isRetryableStatus(status), retry_after_ms: null, status: answer.status, error: `${name} answered ${answer.status}: ${text}` };
  }
  if (answer.status >= 300 && answer.status < 400) return failedAnswer(answer, name, 'a redirect (not followed)', false);
  if (platform === 'discord') {
    const json = answerJson(answer);
    const failure = failedAnswer(answer, name, text);
    const seconds = numberAt(json, 'retry_after');
    return failure.retry && failure.retry_after_ms === null && seconds !== null ? { ...failure, retry_after_ms: Math.ceil(seconds * 1000) } : failure;
  }
  return failedAnswer(answer, name, text);
}
