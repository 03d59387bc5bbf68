/**
 * Markdown of post bodies and comments, rendered on the server for the pages and for mail.
 *
 * The API keeps every text as it was written; only the pages and mail show it rendered. The
 * rendering is built to be safe on text from anyone:
 * - raw HTML in the text is shown as text (`html: false`), so `<script>` never reaches a page;
 * - links are kept only for `http:`, `https:` and `mailto:` targets (relative links too); a
 *   `javascript:`, `vbscript:`, `file:` or `data:` link stays plain text;
 * - every link carries `rel="nofollow ugc noopener"`: the text is user content, and the board
 *   must not lend it its search ranking;
 * - images are off: the pages load nothing from elsewhere (their Content-Security-Policy), and a
 *   remote image in a mail would tell its sender who read it.
 *
 * - in comments, an @mention (`services/mentions.ts`) is set off in a `span.mention`, its text
 *   escaped like any other text.
 *
 * markdown-it is a run-time dependency of `feedback-board/pages` only; the core never imports it.
 */
import MarkdownIt from 'markdown-it';
import { raw } from 'hono/html';
import { MENTION_PATTERN } from '../services/mentions.js';

/** The `rel` of every link rendered from Markdown. */
export const MARKDOWN_LINK_REL = 'nofollow ugc noopener';

const SAFE_SCHEME = /^(https?:|mailto:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Whether a link target may become a link: an absolute `http:`, `https:` or `mailto:` URL, or a
 * relative one (no scheme). markdown-it has already normalized the URL (entities decoded,
 * percent-encoded), and control characters and spaces are stripped here before the scheme is
 * read, so `java\tscript:` and `JaVaScRiPt:` are refused like `javascript:`.
 */
export function isSafeMarkdownLink(url: string): boolean {
  const target = url.replace(/[\u0000-\u0020\u007f]+/g, '').trim();
  if (SAFE_SCHEME.test(target)) return true;
  return !ANY_SCHEME.test(target);
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });
markdown.disable('image');
markdown.validateLink = isSafeMarkdownLink;

const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, index, options) => {
  const token = tokens[index]!;
  token.attrSet('rel', MARKDOWN_LINK_REL);
  return renderToken(tokens, index, options);
};

const escapeHtml = markdown.utils.escapeHtml;
const renderText = markdown.renderer.rules.text!;
markdown.renderer.rules.text = (tokens, index, options, env: { mentions?: boolean }, self) => {
  if (!env.mentions) return renderText(tokens, index, options, env, self);
  const content = tokens[index]!.content;
  let html = '';
  let last = 0;
  for (const match of content.matchAll(MENTION_PATTERN)) {
    const mention = match[0].replace(/[.-]+$/, '');
    html += `${escapeHtml(content.slice(last, match.index))}<span class="mention">${escapeHtml(mention)}</span>`;
    last = match.index + mention.length;
  }
  return html + escapeHtml(content.slice(last));
};

/** The HTML of a Markdown text (a fragment: paragraphs, lists, code, links); `mentions` sets off @mentions. */
export function renderMarkdown(text: string, options: { mentions?: boolean } = {}): string {
  return markdown.render(text, { mentions: options.mentions === true });
}

/**
 * The plain text of a Markdown text, for excerpts and link previews: what a reader sees of it
 * (link texts, code, list items) with the Markdown syntax gone and whitespace collapsed; cut to
 * `max` characters with "…" when longer.
 */
export function markdownExcerpt(text: string, max: number): string {
  const parts: string[] = [];
  for (const token of markdown.parse(text, {})) {
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline') parts.push(child.content);
        else if (child.type === 'softbreak' || child.type === 'hardbreak') parts.push(' ');
      }
      parts.push(' ');
    } else if (token.type === 'fence' || token.type === 'code_block') {
      parts.push(token.content, ' ');
    }
  }
  const plain = parts.join('').replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

/** A Markdown text rendered into the page, in a `div` of class `markdown`. */
export function Markdown(props: { text: string; class?: string; mentions?: boolean }) {
  const html = renderMarkdown(props.text, { mentions: props.mentions === true });
  return <div class={props.class ? `markdown ${props.class}` : 'markdown'}>{raw(html)}</div>;
}
