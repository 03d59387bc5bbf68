/**
 * A chat message as a Slack incoming webhook takes it: Block Kit `blocks`, and a `text` that
 * notifications and old clients show instead. People's text travels in `plain_text` objects,
 * escaped (see {@link slackEscape}) and cut to Block Kit's limits: 150 characters in a header,
 * 3000 in a section's text, 2000 in a field. The link is the only `mrkdwn`, and it is ours.
 */
import { chatContent, CHAT_EXCERPT_LENGTH, type ChatEvent } from './message.js';
import { fit, slackEscape } from './text.js';

/** A Block Kit text object. */
export interface SlackText {
  type: 'plain_text' | 'mrkdwn';
  text: string;
}

/** The blocks a message uses. */
export type SlackBlock =
  | { type: 'context'; elements: SlackText[] }
  | { type: 'header'; text: { type: 'plain_text'; text: string } }
  | { type: 'section'; text: SlackText }
  | { type: 'section'; fields: SlackText[] };

/** The body of a POST to a Slack incoming webhook. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
  unfurl_links: boolean;
  unfurl_media: boolean;
}

/** Block Kit's limits, as Slack documents them. */
export const SLACK_LIMITS = { header: 150, sectionText: 3000, field: 2000, fallback: 3000 } as const;

const plain = (text: string): SlackText => ({ type: 'plain_text', text });

/** A URL inside `<url|label>`: its control characters escaped, and `|`, which would end it, encoded. */
function linkTarget(url: string): string {
  return slackEscape(url).replace(/\|/g, '%7C');
}

/** The Slack message of an event. */
export function slackMessage(event: ChatEvent): SlackMessage {
  const content = chatContent(event);
  const blocks: SlackBlock[] = [
    { type: 'context', elements: [plain(`${content.kind} · ${fit(content.board, 200, slackEscape)}`)] },
    { type: 'header', text: { type: 'plain_text', text: fit(content.title, SLACK_LIMITS.header, slackEscape) } },
    { type: 'section', fields: content.facts.map((fact) => ({ type: 'mrkdwn', text: `*${fact.label}*\n${fact.value}` })) },
  ];
  if (content.excerpt !== null) {
    blocks.push({ type: 'section', text: plain(fit(content.excerpt, CHAT_EXCERPT_LENGTH, slackEscape)) });
    if (content.excerpt_by !== null) blocks.push({ type: 'context', elements: [plain(`— ${fit(content.excerpt_by, 200, slackEscape)}`)] });
  }
  blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `<${linkTarget(content.link.url)}|${content.link.label}>` } });
  return {
    text: fit(`${content.kind} on ${content.board}: ${content.title}`, SLACK_LIMITS.fallback, slackEscape),
    blocks,
    unfurl_links: false,
    unfurl_media: false,
  };
}
