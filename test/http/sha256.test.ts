/** The synchronous SHA-256 of API keys (Node's, where the runtime has it) gives Web Crypto's digest for any string. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Base64UrlSync, sha256HexSync } from '../../src/http/sha256.js';
import { hashApiKey } from '../../src/services/keys.js';

async function webCrypto(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('sha256HexSync', () => {
  it('is available in Node, so no request waits on the thread pool to check its key', () => {
    expect(sha256HexSync).toBeTypeOf('function');
  });
  const sha256Hex = (text: string) => sha256HexSync!(text);

  it('gives the FIPS 180-4 test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('equals Web Crypto on strings of every length around the block boundaries, and on any text', async () => {
    for (let n = 0; n <= 200; n++) expect(sha256Hex('k'.repeat(n))).toBe(await webCrypto('k'.repeat(n)));
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 120 }), async (text) => {
        expect(sha256Hex(text)).toBe(await webCrypto(text));
      }),
      { numRuns: 300 },
    );
  });

  it('is the hash the key store holds', async () => {
    expect(sha256Hex('fbk_live_abc')).toBe(await hashApiKey('fbk_live_abc'));
  });

  it("in base64url, gives Web Crypto's digest without padding (the pages' CSRF tokens)", async () => {
    expect(sha256Base64UrlSync).toBeTypeOf('function');
    const webBase64Url = async (text: string) =>
      Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64url');
    expect(sha256Base64UrlSync!('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 120 }), async (text) => {
        expect(sha256Base64UrlSync!(text)).toBe(await webBase64Url(text));
      }),
      { numRuns: 300 },
    );
  });
});
