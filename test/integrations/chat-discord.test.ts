/**
 * Discord messages: typed by Discord's own API types (`discord-api-types`, the body of "Execute
 * Webhook", checked by the compiler), within its documented embed limits at run time, pinging
 * nobody, and with hostile text inert.
 */
import type { RESTPostAPIWebhookWithTokenJSONBody } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { discordMessage, DISCORD_LIMITS, type DiscordMessage } from '../../src/integrations/chat/discord.js';
import { discordEscape } from '../../src/integrations/chat/text.js';
import { events, hostileEvents, POST } from './fixtures/chat-events.js';

/** The message itself; the compiler checks that it is a body Discord's types accept. */
const typed = <T extends RESTPostAPIWebhookWithTokenJSONBody>(message: T): T => message;

/** What breaks Discord's documented embed limits. */
function limitViolations(message: DiscordMessage): string[] {
  const found: string[] = [];
  const check = (where: string, text: string | undefined, max: number) => {
    if (text !== undefined && (text.length > max || text.length === 0)) found.push(`${where}: ${text.length}`);
  };
  if (message.embeds.length > 10) found.push('more than 10 embeds');
  for (const embed of message.embeds) {
    check('title', embed.title, DISCORD_LIMITS.title);
    check('description', embed.description, DISCORD_LIMITS.description);
    check('author', embed.author.name, DISCORD_LIMITS.author);
    check('footer', embed.footer.text, DISCORD_LIMITS.footer);
    if (embed.fields.length > 25) found.push('more than 25 fields');
    for (const field of embed.fields) {
      check('field name', field.name, 256);
      check('field value', field.value, DISCORD_LIMITS.fieldValue);
    }
    const total = embed.title.length + (embed.description?.length ?? 0) + embed.author.name.length + embed.footer.text.length + embed.fields.reduce((sum, field) => sum + field.name.length + field.value.length, 0);
    if (total > DISCORD_LIMITS.total) found.push(`embed total ${total}`);
  }
  return found;
}

/** Unescaped markdown or mention syntax left in `text` (a backslash-escaped character is inert). */
function liveSyntax(text: string): string[] {
  const unescaped = text.replace(/\\./g, '');
  const found: string[] = [];
  if (/[*_~`|[\]<@]/.test(unescaped)) found.push(`markup: ${unescaped.match(/[*_~`|[\]<@]/g)!.join('')}`);
  if (/^[ \t]*(?:#|-|\+|\d+\.)/m.test(unescaped)) found.push('a heading or list');
  return found;
}

describe('discordMessage', () => {
  it('lays out a new post as one embed that pings nobody', () => {
    expect(typed(discordMessage(events()[0]!))).toEqual({
      embeds: [
        {
          author: { name: 'New post · Ideas' },
          title: 'Dark mode for the dashboard',
          url: POST.url,
          color: 0x2563eb,
          fields: [
            { name: 'Status', value: 'Planned', inline: true },
            { name: 'Votes', value: '42', inline: true },
          ],
          footer: { text: '#fb-12' },
          description: 'The dashboard is too bright at night.\n\n\\- It hurts\n\\- Please',
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('says what changed for a status change, a team comment and a proposal waiting', () => {
    const [, changed, comment, proposal] = events().map(discordMessage);
    expect(changed!.embeds[0]).toMatchObject({ color: 0x16a34a, fields: [{ name: 'Status', value: 'Planned → Shipped' }, { name: 'Votes' }] });
    expect(changed!.embeds[0]).not.toHaveProperty('description');
    expect(comment!.embeds[0]).toMatchObject({ author: { name: 'Team comment · Ideas' }, description: 'We are on it. Follow along here.', fields: [{}, {}, { name: 'By', value: 'Ada (team)' }] });
    expect(proposal!.embeds[0]!.fields.at(-1)).toEqual({ name: 'Review', value: '[Review the proposal](https://feedback.example.com/dashboard/posts/12)', inline: false });
    expect(proposal!.embeds[0]!.url).toBe(POST.url);
  });

  it('stays within Discord’s limits, pings nobody and keeps every hostile text inert', () => {
    for (const { title, event } of hostileEvents()) {
      const message = typed(discordMessage(event));
      const where = { title: title.slice(0, 40), event: event.type };
      expect({ ...where, violations: limitViolations(message) }).toEqual({ ...where, violations: [] });
      expect(message.allowed_mentions).toEqual({ parse: [] });
      const embed = message.embeds[0]!;
      const rendered = [embed.title, embed.description ?? '', ...embed.fields.filter((field) => field.name !== 'Review').map((field) => field.value)];
      for (const text of rendered) expect({ ...where, live: liveSyntax(text) }).toEqual({ ...where, live: [] });
    }
  });

  it('escapes pings, emphasis and masked links, and cuts at a whole character', () => {
    expect(discordEscape('@everyone <@&1> *b* [x](javascript:alert(1)) ||s||')).toBe('\\@everyone \\<\\@&1\\> \\*b\\* \\[x\\](javascript:alert(1)) \\|\\|s\\|\\|');
    expect(discordEscape('# H\n- a\n  + b\n12. c\nnot-a-list 3.5')).toBe('\\# H\n\\- a\n  \\+ b\n12\\. c\nnot-a-list 3.5');
    const emoji = discordMessage(events({ ...POST, title: '😀'.repeat(5_000) })[0]!).embeds[0]!.title;
    expect(emoji.length).toBeLessThanOrEqual(DISCORD_LIMITS.title);
    expect(emoji).toMatch(/^(?:😀)+…$/u);
  });
});
