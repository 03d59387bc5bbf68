/**
 * Standard Webhooks signing, through Web Crypto (every runtime has it). A secret is `whsec_` +
 * base64 of the key's bytes; the signature of one attempt is `v1,` + base64 HMAC-SHA256 of
 * `{webhook-id}.{webhook-timestamp}.{body}` keyed with those bytes. The `standardwebhooks`
 * package verifies exactly this.
 */
import type { RandomBytes } from '../domain/ports.js';

/** The prefix of every webhook signing secret. */
export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 24;

/** Base64 (standard alphabet, padded) of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A new secret: `whsec_` + base64 of 24 random bytes. */
export function generateWebhookSecret(random: RandomBytes): string {
  return SECRET_PREFIX + toBase64(random(SECRET_BYTES));
}

/**
 * The key bytes of a secret: the base64 after `whsec_`. Secrets made before signing existed
 * (`whsec_` + 32 base62 characters) are valid base64 too, and keep working as they are.
 * Throws a TypeError for anything else.
 */
export function secretKeyBytes(secret: string): Uint8Array {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  if (encoded.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    throw new TypeError('a webhook secret is "whsec_" followed by base64');
  }
  return fromBase64(encoded);
}

/** True for `whsec_` followed by base64 of at least 16 bytes. */
export function isWebhookSecret(secret: string): boolean {
  try {
    return secretKeyBytes(secret).length >= 16;
  } catch {
    return false;
  }
}

// Imported keys by secret: importing costs as much as signing. Bounded; the oldest goes first.
const KEY_CACHE_SIZE = 256;
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', secretKeyBytes(secret) as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    if (keys.size >= KEY_CACHE_SIZE) keys.delete(keys.keys().next().value!);
    keys.set(secret, key);
    key.catch(() => keys.delete(secret));
  }
  return key;
}

/** The `webhook-signature` value of one attempt: `v1,` + base64 HMAC-SHA256. */
export async function signWebhook(secret: string, msgId: string, timestampSeconds: number, body: string): Promise<string> {
  const key = await hmacKey(secret);
  const signed = new TextEncoder().encode(`${msgId}.${timestampSeconds}.${body}`);
  return `v1,${toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, signed)))}`;
}
