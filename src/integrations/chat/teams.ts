/**
 * A chat message as a Microsoft Teams incoming webhook (or a Workflows "post to a channel when a
 * webhook request is received" flow) takes it: a `message` whose one attachment is an Adaptive
 * Card (version 1.4, which Teams renders on desktop, web and mobile). People's text travels in
 * `TextRun`s of `RichTextBlock`s, which Adaptive Cards never read as markdown (see
 * {@link teamsText}); the facts and the button are ours. A Teams message may hold about 28 KB, so
 * quoted text is cut as on the other platforms.
 */
import { chatContent, CHAT_EXCERPT_LENGTH, type ChatEvent } from './message.js';
import { fit, teamsText } from './text.js';

/** A run of text that is never read as markdown. */
export interface TeamsTextRun {
  type: 'TextRun';
  text: string;
  weight?: 'Bolder';
  size?: 'Small' | 'Large';
  isSubtle?: boolean;
}

/** The card elements a message uses. */
export type TeamsCardElement =
  | { type: 'RichTextBlock'; inlines: TeamsTextRun[] }
  | { type: 'FactSet'; facts: { title: string; value: string }[] };

/** The Adaptive Card of a message. */
export interface TeamsCard {
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json';
  type: 'AdaptiveCard';
  version: '1.4';
  body: TeamsCardElement[];
  actions: { type: 'Action.OpenUrl'; title: string; url: string }[];
}

/** The body of a POST to a Teams incoming webhook or Workflows webhook. */
export interface TeamsMessage {
  type: 'message';
  attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive'; contentUrl: null; content: TeamsCard }];
}

/** How long a title may be in a card (posts' titles are shorter; a board name is cut sooner). */
const TITLE_LENGTH = 300;

const run = (text: string, style: Omit<TeamsTextRun, 'type' | 'text'> = {}): { type: 'RichTextBlock'; inlines: TeamsTextRun[] } => ({
  type: 'RichTextBlock',
  inlines: [{ type: 'TextRun', text, ...style }],
});

/** The Teams message of an event. */
export function teamsMessage(event: ChatEvent): TeamsMessage {
  const content = chatContent(event);
  const body: TeamsCardElement[] = [
    run(`${content.kind} · ${fit(content.board, 200, teamsText)}`, { size: 'Small', isSubtle: true }),
    run(fit(content.title, TITLE_LENGTH, teamsText), { size: 'Large', weight: 'Bolder' }),
    { type: 'FactSet', facts: content.facts.map((fact) => ({ title: fact.label, value: fact.value })) },
  ];
  if (content.excerpt !== null) body.push(run(fit(content.excerpt, CHAT_EXCERPT_LENGTH, teamsText)));
  if (content.excerpt_by !== null) body.push(run(`— ${fit(content.excerpt_by, 200, teamsText)}`, { size: 'Small', isSubtle: true }));
  const actions = [{ type: 'Action.OpenUrl' as const, title: content.link.label, url: content.link.url }];
  if (content.link.url !== event.post.url) actions.push({ type: 'Action.OpenUrl', title: 'Open the post', url: event.post.url });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body, actions },
      },
    ],
  };
}
