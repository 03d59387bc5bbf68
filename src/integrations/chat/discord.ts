/**
 * A chat message as Discord's "execute webhook" takes it: one embed, and
 * `allowed_mentions: { parse: [] }` so that nothing in it can ping anyone. Discord renders
 * markdown in an embed's title, description and field values, so people's text there is escaped
 * (see {@link discordEscape}); the author line and the footer are shown as they are. Everything is
 * cut to Discord's embed limits: title 256, description 4096, field value 1024, author and
 * footer 256 and 2048, 6000 characters in all.
 */
import type { PostStatus } from '../../domain/records.js';
import { chatContent, CHAT_EXCERPT_LENGTH, type ChatEvent } from './message.js';
import { discordEscape, fit } from './text.js';

/** The embed a message uses. */
export interface DiscordEmbed {
  title: string;
  url: string;
  description?: string;
  color: number;
  author: { name: string };
  fields: { name: string; value: string; inline: boolean }[];
  footer: { text: string };
}

/** The body of a POST to a Discord webhook. */
export interface DiscordMessage {
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: [] };
}

/** Discord's embed limits, as it documents them. */
export const DISCORD_LIMITS = { title: 256, description: 4096, fieldValue: 1024, author: 256, footer: 2048, total: 6000 } as const;

/** A colour per status, so a channel reads at a glance. */
const COLORS: Readonly<Record<PostStatus, number>> = {
  open: 0x6b7280,
  planned: 0x2563eb,
  in_progress: 0xd97706,
  shipped: 0x16a34a,
  declined: 0xdc2626,
};

/** The Discord message of an event. */
export function discordMessage(event: ChatEvent): DiscordMessage {
  const content = chatContent(event);
  const fields = content.facts.map((fact) => ({ name: fact.label, value: fact.value, inline: true }));
  if (content.excerpt_by !== null) fields.push({ name: 'By', value: fit(content.excerpt_by, 200, discordEscape), inline: true });
  // The title links to the post; a proposal's review page gets a link of its own (ours, so unescaped).
  if (content.link.url !== event.post.url) fields.push({ name: 'Review', value: `[${content.link.label}](${content.link.url})`, inline: false });
  const embed: DiscordEmbed = {
    author: { name: fit(`${content.kind} · ${content.board}`, DISCORD_LIMITS.author) },
    title: fit(content.title, DISCORD_LIMITS.title, discordEscape),
    url: event.post.url,
    color: COLORS[content.status],
    fields,
    footer: { text: `#fb-${event.post.id}` },
  };
  if (content.excerpt !== null) embed.description = fit(content.excerpt, CHAT_EXCERPT_LENGTH, discordEscape);
  return { embeds: [embed], allowed_mentions: { parse: [] } };
}
