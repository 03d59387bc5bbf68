/**
 * What the three providers' inbound checks share: the shape of their verdict, the comparisons
 * that must not leak timing, and reading the delivery's id and JSON body. Web Crypto only, so the
 * checks run wherever the core runs.
 *
 * HMAC signatures are compared by `crypto.subtle.verify`, which recomputes the MAC and compares
 * it in constant time inside the platform's crypto library; shared tokens (GitLab's) by
 * {@link constantTimeEqual}.
 */

/** Why a delivery was refused. */
export type InboundRefusal = 'missing_signature' | 'bad_signature' | 'stale' | 'missing_delivery_id' | 'malformed';

/** A delivery as the endpoint received it: its headers and its exact body bytes (or their UTF-8 text). */
export interface InboundRequest {
  headers: Headers;
  body: string | Uint8Array;
}

/** The verdict on a delivery: accepted with its id, event name and parsed body, or refused. */
export type InboundCheck =
  | { ok: true; delivery_id: string; event: string; payload: Record<string, unknown> }
  | { ok: false; refusal: InboundRefusal; status: 400 | 401; message: string };

/** The HTTP status of each refusal: 401 for anything about authenticity, 400 for a malformed delivery. */
export function refuse(refusal: InboundRefusal, message: string): InboundCheck {
  const status = refusal === 'missing_delivery_id' || refusal === 'malformed' ? 400 : 401;
  return { ok: false, refusal, status, message };
}

/** The body's bytes: as given, or the UTF-8 encoding of its text. */
export function bodyBytes(body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return typeof body === 'string' ? new TextEncoder().encode(body) : (new Uint8Array(body) as Uint8Array<ArrayBuffer>);
}

/** The body as a JSON object, or null when it is not one. */
export function parseJsonObject(body: string | Uint8Array): Record<string, unknown> | null {
  try {
    const text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A delivery id: 1 to 200 visible ASCII characters, else null. */
export function deliveryIdOf(value: string | null): string | null {
  const id = value?.trim() ?? '';
  return /^[\x21-\x7e]{1,200}$/.test(id) ? id : null;
}

// Imported keys by secret: importing costs about as much as verifying. Bounded; the oldest goes first.
const KEY_CACHE_SIZE = 256;
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    if (keys.size >= KEY_CACHE_SIZE) keys.delete(keys.keys().next().value!);
    keys.set(secret, key);
    key.catch(() => keys.delete(secret));
  }
  return key;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Whether `signatureHex` is the HMAC-SHA256 of `body` under any of `secrets`, each keyed by its
 * UTF-8 bytes. It must be 64 lowercase hex digits, as GitHub and Linear send it (and as their
 * own helpers compare it); anything else is false without computing a MAC.
 */
export async function verifyHmacSha256Hex(secrets: readonly string[], body: Uint8Array<ArrayBuffer>, signatureHex: string): Promise<boolean> {
  if (!HEX_SHA256.test(signatureHex)) return false;
  const signature = hexBytes(signatureHex);
  for (const secret of secrets) {
    if (secret !== '' && (await crypto.subtle.verify('HMAC', await hmacKey(secret), signature, body))) return true;
  }
  return false;
}

/**
 * Whether two strings are equal, in a time that depends on `expected`'s length only: every byte
 * of `expected` is compared whatever `given` holds, and a length difference counts as a difference.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!;
  return difference === 0;
}
