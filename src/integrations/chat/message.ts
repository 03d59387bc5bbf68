/**
 * What a chat message says, before any platform's format: the event (a new post, a status change,
 * a team comment, a proposal waiting), its headline, the facts shown beside the title, the excerpt
 * of people's text it quotes, and the link it offers. The platform modules only lay this out.
 */
import type { PostStatus } from '../../domain/records.js';
import type { ChatEventName } from '../../domain/integrations.js';
import { oneLine } from './text.js';

/** The post a message is about. `url` is its public page. */
export interface ChatPost {
  id: number;
  title: string;
  status: PostStatus;
  url: string;
  body: string;
  vote_count: number;
}

/** An event a board's chat target may post. */
export type ChatEvent =
  | { type: 'post.created'; board: { name: string }; post: ChatPost }
  | { type: 'post.status_changed'; board: { name: string }; post: ChatPost; previous_status: PostStatus }
  | { type: 'comment.created'; board: { name: string }; post: ChatPost; comment: { body: string; author: string } }
  | {
      type: 'proposal.created';
      board: { name: string };
      post: ChatPost;
      proposal: { status: PostStatus; note: string; proposed_by: string };
      /** The dashboard page where the team confirms or rejects it. */
      review_url: string;
    };

/** The statuses as the team reads them. */
export const STATUS_LABELS: Readonly<Record<PostStatus, string>> = {
  open: 'Open',
  planned: 'Planned',
  in_progress: 'In progress',
  shipped: 'Shipped',
  declined: 'Declined',
};

/** How much of a body, comment or note a message quotes (before any escaping). */
export const CHAT_EXCERPT_LENGTH = 500;

/** A label and its value, shown beside the title (our words only: no escaping needed). */
export interface ChatFact {
  label: string;
  value: string;
}

/** A message in platform-neutral parts. `board` and `title` and `excerpt` are people's text. */
export interface ChatContent {
  event: ChatEventName;
  /** Ours: "New post", "Status changed", "Team comment", "Proposal waiting". */
  kind: string;
  board: string;
  title: string;
  facts: ChatFact[];
  /** People's text quoted under the title (a body, a comment, a note), or null. */
  excerpt: string | null;
  /** Who wrote the excerpt, when it is a comment or a note. */
  excerpt_by: string | null;
  link: { label: string; url: string };
  status: PostStatus;
}

const KINDS: Readonly<Record<ChatEventName, string>> = {
  'post.created': 'New post',
  'post.status_changed': 'Status changed',
  'comment.created': 'Team comment',
  'proposal.created': 'Proposal waiting',
};

/** The message an event makes, in platform-neutral parts. */
export function chatContent(event: ChatEvent): ChatContent {
  const { post } = event;
  const facts: ChatFact[] = [];
  let excerpt: string | null = null;
  let excerptBy: string | null = null;
  let link = { label: 'Open the post', url: post.url };
  switch (event.type) {
    case 'post.created':
      facts.push({ label: 'Status', value: STATUS_LABELS[post.status] });
      excerpt = post.body;
      break;
    case 'post.status_changed':
      facts.push({ label: 'Status', value: `${STATUS_LABELS[event.previous_status]} → ${STATUS_LABELS[post.status]}` });
      break;
    case 'comment.created':
      facts.push({ label: 'Status', value: STATUS_LABELS[post.status] });
      excerpt = event.comment.body;
      excerptBy = event.comment.author;
      break;
    case 'proposal.created':
      facts.push({ label: 'Proposed', value: `${STATUS_LABELS[post.status]} → ${STATUS_LABELS[event.proposal.status]}` });
      excerpt = event.proposal.note;
      excerptBy = event.proposal.proposed_by;
      link = { label: 'Review the proposal', url: event.review_url };
      break;
  }
  facts.push({ label: 'Votes', value: String(post.vote_count) });
  return {
    event: event.type,
    kind: KINDS[event.type],
    board: oneLine(event.board.name),
    title: oneLine(post.title),
    facts,
    excerpt: excerpt !== null && excerpt.trim() !== '' ? excerpt.trim() : null,
    excerpt_by: excerptBy !== null && excerptBy.trim() !== '' ? oneLine(excerptBy) : null,
    link,
    status: event.type === 'proposal.created' ? event.proposal.status : post.status,
  };
}
