/**
 * A post's status as the pages show it: its organization's label (docs/statuses.md) in the label's
 * colour. A default label the organization did not rename is shown in the page's language (the
 * category's own words); a renamed or added label is shown as written.
 *
 * The pages allow no inline style (their Content-Security-Policy), so a label's colour comes from
 * a stylesheet named by the colours a page shows, `assets/labels.css?c=6b21a8.145c2a`: it reads no
 * data, is the same for every organization, and is cached for good. Its text is black or white,
 * whichever reads better on the colour, so any colour keeps its label readable.
 */
import { isDefaultName, type StatusLabel } from '../domain/statuses.js';
import type { PageContext } from './context.js';
import { statusText } from './layout.js';

/** The path of the label colours' stylesheet, below the pages' base. */
export const LABEL_SHEET_PATH = '/assets/labels.css';

/** At most this many colours in one stylesheet (an organization has at most 50 statuses). */
const MAX_SHEET_COLORS = 64;

const HEX = /^[0-9a-f]{6}$/;

/**
 * The words of a label: the category's translation when the label still has its category's
 * default name (English where there is no request), else the name as the organization wrote it.
 */
export function labelText(label: Pick<StatusLabel, 'name'>, category: string, ctx?: PageContext): string {
  return isDefaultName(category, label.name) ? statusText(category, ctx) : label.name;
}

/** A label as a badge in its colour; the category's class stays as the fallback colour. */
export function LabelBadge({ label, status, ctx }: { label: StatusLabel; status: string; ctx?: PageContext }) {
  return <span class={`badge status-${status} label-${label.color.slice(1)}`}>{labelText(label, status, ctx)}</span>;
}

/** The stylesheet path of the distinct colours of `labels`, or null when there are none. */
export function labelSheetHref(labels: readonly Pick<StatusLabel, 'color'>[]): string | null {
  const colors = [...new Set(labels.map((label) => label.color.slice(1).toLowerCase()).filter((hex) => HEX.test(hex)))].sort();
  return colors.length === 0 ? null : `${LABEL_SHEET_PATH}?c=${colors.join('.')}`;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(color: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(color.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour of a label of `color`: white or black, whichever contrasts more (never below 4.58:1). */
export function labelTextColor(color: string): '#ffffff' | '#000000' {
  return contrastRatio(color, '#ffffff') >= contrastRatio(color, '#000000') ? '#ffffff' : '#000000';
}

/** The stylesheet of `labels.css?c=…`: one rule per valid colour named, the others ignored. */
export function labelSheet(query: string | null): string {
  const colors = [...new Set((query ?? '').toLowerCase().split('.'))].filter((hex) => HEX.test(hex)).slice(0, MAX_SHEET_COLORS);
  return colors.map((hex) => `.badge.label-${hex} { background: #${hex}; color: ${labelTextColor(`#${hex}`)}; border-color: #${hex}; }`).join('\n') + '\n';
}

/** The answer of `labels.css`: the same query is the same sheet for ever. */
export function labelSheetResponse(url: URL): Response {
  return new Response(labelSheet(url.searchParams.get('c')), {
    headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
  });
}
