/**
 * Slack messages: typed by Slack's own Block Kit types (`@slack/types`, checked by the compiler),
 * within Block Kit's documented limits at run time, and with hostile text inert.
 */
import type { KnownBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { slackMessage, SLACK_LIMITS, type SlackMessage } from '../../src/integrations/chat/slack.js';
import { slackEscape } from '../../src/integrations/chat/text.js';
import { events, hostileEvents, POST } from './fixtures/chat-events.js';

/** The body of an incoming-webhook POST, in Slack's types (`@slack/webhook`'s arguments, the parts used). */
interface SlackIncomingWebhookBody {
  text?: string;
  blocks?: KnownBlock[];
  unfurl_links?: boolean;
  unfurl_media?: boolean;
}

/** The message itself; the compiler checks that it is a body Slack's types accept. */
const typed = <T extends SlackIncomingWebhookBody>(message: T): T => message;

/** What breaks Block Kit's documented limits (the `@slack/types` docs of each field). */
function limitViolations(message: SlackMessage): string[] {
  const found: string[] = [];
  const text = (where: string, object: { text: string }, max: number) => {
    if (object.text.length < 1 || object.text.length > max) found.push(`${where}: ${object.text.length} characters`);
  };
  if (message.blocks.length > 50) found.push('more than 50 blocks');
  if (message.text.length > SLACK_LIMITS.fallback) found.push('fallback text too long');
  message.blocks.forEach((block, i) => {
    if (block.type === 'header') text(`header ${i}`, block.text, 150);
    if (block.type === 'context') {
      if (block.elements.length > 10) found.push(`context ${i}: more than 10 elements`);
      block.elements.forEach((element) => text(`context ${i}`, element, 3000));
    }
    if (block.type === 'section' && 'text' in block) text(`section ${i}`, block.text, 3000);
    if (block.type === 'section' && 'fields' in block) {
      if (block.fields.length > 10) found.push(`section ${i}: more than 10 fields`);
      block.fields.forEach((field) => text(`section ${i} field`, field, 2000));
    }
  });
  return found;
}

/** Every text of a message where people's text may appear: all but the one mrkdwn link section. */
function peoplesTexts(message: SlackMessage): string[] {
  const texts = [message.text];
  for (const block of message.blocks) {
    if (block.type === 'header') texts.push(block.text.text);
    if (block.type === 'context') texts.push(...block.elements.map((element) => element.text));
    if (block.type === 'section' && 'text' in block && block.text.type === 'plain_text') texts.push(block.text.text);
  }
  return texts;
}

describe('slackMessage', () => {
  it('lays out a new post: what happened and where, the title, the facts, the body, the link', () => {
    const message = typed(slackMessage(events()[0]!));
    expect(message).toEqual({
      text: 'New post on Ideas: Dark mode for the dashboard',
      blocks: [
        { type: 'context', elements: [{ type: 'plain_text', text: 'New post · Ideas' }] },
        { type: 'header', text: { type: 'plain_text', text: 'Dark mode for the dashboard' } },
        { type: 'section', fields: [{ type: 'mrkdwn', text: '*Status*\nPlanned' }, { type: 'mrkdwn', text: '*Votes*\n42' }] },
        { type: 'section', text: { type: 'plain_text', text: POST.body } },
        { type: 'section', text: { type: 'mrkdwn', text: `<${POST.url}|Open the post>` } },
      ],
      unfurl_links: false,
      unfurl_media: false,
    });
  });

  it('says what changed for a status change, a team comment and a proposal waiting', () => {
    const [, changed, comment, proposal] = events().map(slackMessage);
    expect(changed!.blocks[2]).toEqual({ type: 'section', fields: [{ type: 'mrkdwn', text: '*Status*\nPlanned → Shipped' }, { type: 'mrkdwn', text: '*Votes*\n42' }] });
    expect(changed!.blocks).toHaveLength(4);
    expect(comment!.blocks[3]).toEqual({ type: 'section', text: { type: 'plain_text', text: 'We are on it. Follow along here.' } });
    expect(comment!.blocks[4]).toEqual({ type: 'context', elements: [{ type: 'plain_text', text: '— Ada (team)' }] });
    expect(proposal!.text).toBe('Proposal waiting on Ideas: Dark mode for the dashboard');
    expect(proposal!.blocks.at(-1)).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '<https://feedback.example.com/dashboard/posts/12|Review the proposal>' } });
  });

  it('stays within Block Kit’s limits and keeps every hostile text inert', () => {
    for (const { title, event } of hostileEvents()) {
      const message = typed(slackMessage(event));
      expect({ title: title.slice(0, 40), event: event.type, violations: limitViolations(message) }).toEqual({ title: title.slice(0, 40), event: event.type, violations: [] });
      for (const text of peoplesTexts(message)) {
        // No control character is left unescaped: no link, mention or broadcast can be formed.
        expect(text).not.toMatch(/[<>]/);
        expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/);
      }
      // The only mrkdwn that can hold a link is ours.
      const links = message.blocks.filter((block) => block.type === 'section' && 'text' in block && block.text.type === 'mrkdwn');
      expect(links.map((block) => 'text' in block && block.text.text)).toEqual([event.type === 'proposal.created' ? '<https://feedback.example.com/dashboard/posts/12|Review the proposal>' : `<${POST.url}|Open the post>`]);
    }
  });

  it('escapes a broadcast as text, and cuts a 10,000-character title to the header’s 150 with an ellipsis', () => {
    const [broadcast] = hostileEvents().map(({ event }) => slackMessage(event));
    expect(broadcast!.blocks[1]).toEqual({ type: 'header', text: { type: 'plain_text', text: '&lt;!channel&gt; &lt;!here&gt; &lt;@U0123ABC&gt; please look' } });
    const long = slackMessage(events({ ...POST, title: 'A'.repeat(10_000) })[0]!);
    const header = long.blocks[1] as { text: { text: string } };
    expect(header.text.text).toBe(`${'A'.repeat(149)}…`);
  });

  it('never cuts inside an escape or a surrogate pair', () => {
    const title = `${'&'.repeat(40)}😀`.repeat(20);
    const header = (slackMessage(events({ ...POST, title })[0]!).blocks[1] as { text: { text: string } }).text.text;
    expect(header.length).toBeLessThanOrEqual(150);
    expect(header.replace(/…$/, '')).toMatch(/^(?:&amp;|😀)+$/);
    expect(slackEscape('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
  });

  it('encodes a | in the link’s URL, which would end it', () => {
    const message = slackMessage(events({ ...POST, url: 'https://feedback.example.com/boards/a|b/posts/1?x=<y>&z' })[0]!);
    expect(message.blocks.at(-1)).toEqual({ type: 'section', text: { type: 'mrkdwn', text: '<https://feedback.example.com/boards/a%7Cb/posts/1?x=&lt;y&gt;&amp;z|Open the post>' } });
  });
});
