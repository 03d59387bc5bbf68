/**
 * The small cryptography of OAuth for MCP, all Web Crypto (every runtime has it): random tokens,
 * their SHA-256 hashes (what storage keeps), the S256 PKCE check, and the derivation of a grant's
 * API key from the server's secret and the grant's salt (so the key itself is never stored).
 */
import type { Storage } from '../storage/contract.js';
import { randomBase62, type RandomBytes } from '../domain/ports.js';
import { hashApiKey, KEY_PREFIX } from './keys.js';

/** The setting that holds the secret grant keys are derived from (created on first use). */
export const GRANT_KEY_SECRET_SETTING = 'oauth_grant_key_secret';

/** A new random token: `prefix` and 43 base62 characters (256 bits). */
export function randomToken(random: RandomBytes, prefix: string): string {
  return prefix + randomBase62(random, 43);
}

/** Lower-case hex SHA-256: how codes and tokens are stored, as API keys are. */
export const hashToken = hashApiKey;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 challenge of a PKCE verifier: base64url(SHA-256(verifier)). */
export async function s256(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** RFC 7636: a verifier is 43..128 unreserved characters. */
export const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge: 43 base64url characters. */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The server's grant-key secret: read from storage, or created there by the first process that
 * needs it (inside a write transaction, so every process ends up with the same one).
 */
export async function grantKeySecret(storage: Storage, random: RandomBytes): Promise<string> {
  const stored = await storage.transaction('read', (tx) => tx.getSetting(GRANT_KEY_SECRET_SETTING));
  if (stored !== null) return stored;
  const fresh = randomBase62(random, 43);
  return storage.transaction('write', async (tx) => {
    const again = await tx.getSetting(GRANT_KEY_SECRET_SETTING);
    if (again !== null) return again;
    await tx.setSetting(GRANT_KEY_SECRET_SETTING, fresh);
    return fresh;
  });
}

/** The API key a grant acts through: `fbk_` and the HMAC-SHA-256 of its salt under the secret. */
export async function grantKey(secret: string, salt: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`grant:${salt}`)));
  return KEY_PREFIX + base64url(mac);
}
