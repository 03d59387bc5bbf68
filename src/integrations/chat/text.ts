/**
 * People's text made inert for each chat's format, and cut to each field's limit without leaving
 * half an escape or half a character behind. Titles, bodies, comments and board names are
 * people's text: they are escaped wherever the platform would read them as markup, links or
 * mentions. The words of the messages themselves are ours.
 */

/**
 * Slack: `&`, `<` and `>` are its control characters (links `<url|text>`, mentions `<!channel>`,
 * `<@U123>`), in every text object; escaped as HTML entities they show as themselves. Mrkdwn has
 * no escape for `*`, `_` or `~`, so people's text goes into `plain_text` objects, where they mean
 * nothing.
 */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Discord: a backslash before any punctuation shows it as itself, so every character its markdown
 * reads is escaped: emphasis and code (`* _ ~ \``), spoilers (`|`), quotes (`>`), masked links
 * (`[ ]`), mentions and timestamps (`@`, `<`), and headings and lists at a line's start (`#`, `-`,
 * `+`, `1.`). Mentions would not ping anyway: every message says `allowed_mentions: { parse: [] }`.
 */
export function discordEscape(text: string): string {
  return text
    .replace(/[\\*_~`|>[\]<@]/g, '\\$&')
    .replace(/^([ \t]*)([#+-])/gm, '$1\\$2')
    .replace(/^([ \t]*\d+)\./gm, '$1\\.');
}

/**
 * Teams: people's text goes into `TextRun`s, which Adaptive Cards never read as markdown; what is
 * left is the card's `{{DATE(…)}}` and `{{TIME(…)}}` functions, broken apart by a zero-width space.
 */
export function teamsText(text: string): string {
  return text.replace(/\{\{/g, '{\u200b{');
}

/**
 * `text`, escaped by `escape`, in at most `limit` UTF-16 units (what the platforms count): whole
 * when it fits, else the longest prefix of whole characters whose escaped form fits with an
 * ellipsis after it. The prefix is escaped as a text of its own, so a cut never splits an escape.
 */
export function fit(text: string, limit: number, escape: (text: string) => string = (same) => same): string {
  const whole = escape(text);
  if (whole.length <= limit) return whole;
  const characters = Array.from(text);
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (escape(characters.slice(0, middle).join('')).length <= limit - 1) low = middle;
    else high = middle - 1;
  }
  return `${escape(characters.slice(0, low).join('').trimEnd())}…`;
}

/** Whitespace runs folded to one space: for one-line fields (titles, headers). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
