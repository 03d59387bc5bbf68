/**
 * Serving attached images at `/attachments/{id}/{sha256}.{ext}` (and their thumbnails at
 * `/attachments/{id}/{sha256}/thumbnail.webp`), GET and HEAD, without session or cookies: only
 * while the public may see their post (else 404, as for an unknown one). The bytes are sent with
 * their type, `X-Content-Type-Options: nosniff` and a CSP that runs nothing, so no browser ever
 * treats them as a page; the URL names the content hash, so they are cached for a year. An image
 * of a private board's post is served only to those the board is open to (their cookies are read
 * for it), never kept by a shared cache, and a 404 like an unknown one to everybody else.
 *
 * The team's dashboard shows the same images below `/dashboard` (`/dashboard/attachments/...`),
 * for a signed-in team member only and whatever its post's visibility, with the same headers
 * except that nothing of them may be kept in a cache (`private, no-store`), as for every page of
 * the dashboard.
 */
import { ATTACHMENT_EXTENSIONS } from '../domain/attachments.js';
import type { FeedbackBoard } from '../board.js';
import type { Thumbnailer } from '../images/thumbnails.js';
import type { ServedAttachment } from '../services/attachments.js';
import { SmallLru } from '../http/lru.js';
import { openBoardIds, privateBoardIds, type SignedIn } from './board-access.js';

const FILE = /^\/attachments\/([1-9][0-9]{0,15})\/([0-9a-f]{64})(?:\.([a-z]+)|\/thumbnail\.webp)$/;

/** Headers every attachment answer carries. */
export const ATTACHMENT_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** Where the dashboard serves the team's view of the images: this, then the public path. */
export const TEAM_ATTACHMENTS_PREFIX = '/dashboard';

/** The cache rule of the team's view: like every dashboard page, kept by no cache. */
const TEAM_CACHE_CONTROL = 'private, no-store';

/** `filename="…"` with anything but plain printable ASCII replaced, and the exact name as `filename*`. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } });
}

/** Whether `pathName` (below the pages' base) names an attachment or a thumbnail. */
export function isAttachmentPath(pathName: string): boolean {
  return pathName.startsWith('/attachments/');
}

/** The attachment path of the team's view `pathName` (below the pages' base), or null when it names none. */
export function teamAttachmentPath(pathName: string): string | null {
  const rest = pathName.startsWith(`${TEAM_ATTACHMENTS_PREFIX}/`) ? pathName.slice(TEAM_ATTACHMENTS_PREFIX.length) : '';
  return isAttachmentPath(rest) ? rest : null;
}

/** Reads an attachment (`id`, `sha256`) with its bytes for one audience, or null. */
type AttachmentReader = (id: number, sha256: string) => Promise<ServedAttachment | null>;

/** The answers to GET and HEAD of attachment paths, for the public and for the signed-in team. */
export interface AttachmentServer {
  /** An attachment path below the pages' base: answered while the public may see the image. */
  public(request: Request, pathName: string): Promise<Response>;
  /** An attachment path below {@link TEAM_ATTACHMENTS_PREFIX}, for a signed-in team member: any image of the organization. */
  team(request: Request, pathName: string): Promise<Response>;
}

/**
 * The answers to attachment paths of organization `organizationId`'s pages. Thumbnails are made
 * by `thumbnailer` (kept for the last 64 asked, for both audiences: a thumbnail is looked up only
 * after its image was found for the asker) and, without one that works, the thumbnail path answers
 * the original. `signedIn` says who a public request is, asked only for an image of a private
 * board (the team's view sees every board).
 */
export function attachmentServer(
  board: FeedbackBoard,
  organizationId: number,
  thumbnailer: Thumbnailer | null,
  signedIn: (request: Request) => Promise<SignedIn>,
): AttachmentServer {
  const team = board.team(organizationId);
  const thumbnails = new SmallLru<string, Uint8Array>({ max: 64 });

  async function thumbnailOf(found: ServedAttachment): Promise<Uint8Array | null> {
    const key = `${found.record.id}:${found.record.sha256}`;
    const kept = thumbnails.get(key);
    if (kept) return kept;
    const made = thumbnailer && (await thumbnailer.make(found.bytes));
    if (made) thumbnails.set(key, made.bytes);
    return made?.bytes ?? null;
  }

  /** Whether `found` is on a private board that the asker of `request` may not see. */
  async function closedTo(request: Request, found: ServedAttachment): Promise<{ closed: boolean; refused: boolean }> {
    const closed = (await privateBoardIds(board, [found.board_id])).has(found.board_id);
    if (!closed) return { closed, refused: false };
    return { closed, refused: !(await openBoardIds(board, [found.board_id], await signedIn(request))).has(found.board_id) };
  }

  const serve = (readFor: AttachmentReader, cacheControl: string, checkAccess: boolean) => async (request: Request, pathName: string): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    const match = FILE.exec(pathName);
    if (!match) return notFound();
    const [, id, sha256, extension] = match;
    const found = await readFor(Number(id), sha256!);
    if (!found || (extension !== undefined && extension !== ATTACHMENT_EXTENSIONS[found.record.content_type])) return notFound();
    const access = checkAccess ? await closedTo(request, found) : { closed: false, refused: false };
    if (access.refused) return notFound();
    const thumbnail = extension === undefined ? await thumbnailOf(found) : null;
    const bytes = thumbnail ?? found.bytes;
    const etag = thumbnail ? `"${sha256}-thumbnail"` : `"${sha256}"`;
    const headers = new Headers({
      ...ATTACHMENT_HEADERS,
      'cache-control': cacheControl,
      'content-type': thumbnail ? 'image/webp' : found.record.content_type,
      'content-length': String(bytes.length),
      'content-disposition': contentDisposition(found.record.filename),
      etag,
      ...(access.closed ? { 'cache-control': 'private, no-cache', vary: 'Cookie' } : {}),
    });
    const unchanged = request.headers.get('if-none-match')?.split(',').some((tag) => tag.trim() === etag) === true;
    if (unchanged) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };

  return {
    public: serve(team.attachments.readPublic, ATTACHMENT_HEADERS['cache-control'], true),
    team: serve(team.attachments.read, TEAM_CACHE_CONTROL, false),
  };
}
