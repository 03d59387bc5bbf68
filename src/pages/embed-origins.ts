/**
 * A board's allowed embedding origins: the sites whose pages may show the board in a frame (embed
 * mode, embed.ts). They are kept with the stored settings, one setting per board holding a JSON
 * array, so every adapter keeps them and every process sharing the storage honours them.
 *
 * An origin is stored exactly as a browser sends it: `https://host` or `https://host:port`, or
 * `http://localhost:port` (also `127.0.0.1` and `[::1]`) for development; no path, no user name.
 * The dashboard's form also takes an address as copied from the address bar, `https://host/`, and
 * keeps its origin. Anything else is refused with a message that says why, and nothing changes.
 */
import type { FeedbackBoard } from '../board.js';
import { notFound, validationError } from '../domain/errors.js';

/** At most this many origins per board. */
export const MAX_EMBED_ORIGINS = 20;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const settingName = (boardId: number) => `board_embed_origins:${boardId}`;

/** Why `text` is not an allowed embedding origin, or null when it is one. */
export function embedOriginProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not an origin: write it as https://example.com`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    return `"${text}" must start with https:// (http:// only for localhost)`;
  }
  if (url.origin !== text) return `"${text}" must be an origin alone, such as ${url.origin} (no path)`;
  return null;
}

/**
 * An entry of the dashboard's form as an origin: a site's address with nothing after the host but
 * the root path (`https://Shop.example/`, as an address bar shows it) is its origin
 * (`https://shop.example`); anything else stays as written, for {@link embedOriginProblem} to judge.
 */
export function normalizedEmbedOrigin(entry: string): string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return entry;
  }
  return url.origin !== 'null' && url.href === `${url.origin}/` ? url.origin : entry;
}

/**
 * Parses the dashboard's text (one origin per line, or separated by spaces or commas; blank lines
 * ignored; a trailing slash dropped; duplicates kept once) into the list to store. Throws
 * `validation_error` naming the first bad entry.
 */
export function parseEmbedOrigins(text: string): string[] {
  const entries = text.split(/[\s,]+/).filter((entry) => entry !== '');
  return checkedOrigins([...new Set(entries.map(normalizedEmbedOrigin))]);
}

function checkedOrigins<T extends readonly string[]>(origins: T): T {
  for (const origin of origins) {
    const problem = embedOriginProblem(origin);
    if (problem) throw validationError('embed_origins', problem);
  }
  if (origins.length > MAX_EMBED_ORIGINS) throw validationError('embed_origins', `at most ${MAX_EMBED_ORIGINS} origins`);
  return origins;
}

/** The stored origins of a board by id; a stored value that is not a list of origins counts as none. */
export async function embedOriginsOf(board: FeedbackBoard, boardId: number): Promise<string[]> {
  const stored = await board.storage.transaction('read', (tx) => tx.getSetting(settingName(boardId)));
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string' && embedOriginProblem(entry) === null) : [];
  } catch {
    return [];
  }
}

/** Replaces the origins of the organization's board `slug` (an empty list removes the setting). */
export async function setEmbedOrigins(board: FeedbackBoard, organizationId: number, slug: string, origins: readonly string[]): Promise<void> {
  checkedOrigins(origins);
  await board.storage.transaction('write', async (tx) => {
    const record = await tx.getBoardBySlug(organizationId, slug);
    if (!record) throw notFound('Board not found');
    await tx.setSetting(settingName(record.id), origins.length > 0 ? JSON.stringify(origins) : null);
  });
}
