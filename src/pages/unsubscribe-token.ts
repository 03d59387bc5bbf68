/**
 * Unsubscribe tokens: what a mail's one-click unsubscribe link carries. A token names an address
 * and a post of a board, or (post 0) the whole board, and is signed with HMAC-SHA-256 under a
 * secret kept in the storage, so the link works without a session, for as long as the secret
 * lives, and a token cannot be made or altered without the secret. docs/mail.md says why signed
 * rather than random.
 *
 * Format: `u1.{board}.{post}.{address as base64url}.{signature as base64url}`.
 */
import type { Storage } from '../storage/contract.js';

/** What a token unsubscribes: `address` from post `postId` of board `boardId`, or (0) the whole board. */
export interface UnsubscribeScope {
  boardId: number;
  /** The post; 0 for every post of the board. */
  postId: number;
  /** Lower-cased. */
  address: string;
}

/** The storage setting that holds the signing secret, created on first use. */
export const UNSUBSCRIBE_SECRET_SETTING = 'mail.unsubscribe_secret';

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(new ArrayBuffer(binary.length));
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

const secrets = new WeakMap<Storage, Promise<CryptoKey>>();

/**
 * The HMAC key of `storage`'s secret, created (32 random bytes) by the first caller. The secret is
 * inserted only when absent and the stored one is used, so processes starting at once on an empty
 * store all end with the one secret the store kept (a token one signs, every other verifies).
 */
export function unsubscribeKey(storage: Storage): Promise<CryptoKey> {
  let key = secrets.get(storage);
  if (key === undefined) {
    key = (async () => {
      const secret = await storage.transaction('write', async (tx) => {
        const stored = await tx.getSetting(UNSUBSCRIBE_SECRET_SETTING);
        return stored ?? tx.insertSettingIfAbsent(UNSUBSCRIBE_SECRET_SETTING, base64url(crypto.getRandomValues(new Uint8Array(32))));
      });
      return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    })();
    key.catch(() => secrets.delete(storage));
    secrets.set(storage, key);
  }
  return key;
}

const payloadOf = (scope: UnsubscribeScope) => `u1.${scope.boardId}.${scope.postId}.${base64url(encoder.encode(scope.address))}`;

/** The signed token of `scope`. */
export async function signUnsubscribeToken(key: CryptoKey, scope: UnsubscribeScope): Promise<string> {
  const payload = payloadOf(scope);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload)));
  return `${payload}.${base64url(signature)}`;
}

const TOKEN = /^u1\.([1-9][0-9]{0,9})\.(0|[1-9][0-9]{0,9})\.([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{43})$/;

/** The scope a token names, or null for anything not signed by `key` (malformed, altered, forged). */
export async function verifyUnsubscribeToken(key: CryptoKey, token: string | null): Promise<UnsubscribeScope | null> {
  const match = token === null ? null : TOKEN.exec(token);
  if (!match) return null;
  const [, board, post, address, signature] = match;
  const addressBytes = fromBase64url(address!);
  const signatureBytes = fromBase64url(signature!);
  if (!addressBytes || !signatureBytes) return null;
  const payload = `u1.${board}.${post}.${address}`;
  // crypto.subtle.verify compares in constant time.
  if (!(await crypto.subtle.verify('HMAC', key, signatureBytes, encoder.encode(payload)))) return null;
  return { boardId: Number(board), postId: Number(post), address: new TextDecoder().decode(addressBytes) };
}
