/**
 * The SHA-256 of the API key on every request, and of the CSRF cookie on every page. Where the runtime offers Node's crypto module
 * (`process.getBuiltinModule`: Node 20.16 and later, Bun, Deno), the digest is synchronous and
 * native: no thread pool and no promise per request, which `crypto.subtle.digest` costs and which
 * is more than hashing a key of a few dozen bytes. Elsewhere (browsers) the handler falls back to
 * Web Crypto (`hashApiKey`). Both give the lower-case hex digest the key store holds; a property
 * test checks that they agree.
 *
 * The module is looked up at run time, so the core imports nothing of Node and a browser bundle
 * carries no hash implementation of its own.
 */

/** The encodings of a digest this package asks for. */
type DigestEncoding = 'hex' | 'base64url';

interface NodeHash {
  update(data: string, encoding: 'utf8'): NodeHash;
  digest(encoding: DigestEncoding): string;
}

interface NodeCrypto {
  createHash(algorithm: 'sha256'): NodeHash;
  /** One-shot digest (Node 20.12 and later): about a third of `createHash`'s cost on a short key. */
  hash?(algorithm: 'sha256', data: string, encoding: DigestEncoding): string;
}

interface ProcessWithBuiltins {
  getBuiltinModule?(id: string): unknown;
}

function nodeCrypto(): NodeCrypto | null {
  try {
    const runtime = (globalThis as { process?: ProcessWithBuiltins }).process;
    const module = typeof runtime?.getBuiltinModule === 'function' ? runtime.getBuiltinModule('node:crypto') : undefined;
    return typeof (module as Partial<NodeCrypto> | undefined)?.createHash === 'function' ? (module as NodeCrypto) : null;
  } catch {
    return null;
  }
}

const native = nodeCrypto();

/** The SHA-256 of a string's UTF-8 in `encoding`, synchronously; null without a native hash. */
function syncDigest(encoding: DigestEncoding): ((text: string) => string) | null {
  if (native === null) return null;
  if (typeof native.hash === 'function') return (text) => native.hash!('sha256', text, encoding);
  return (text) => native.createHash('sha256').update(text, 'utf8').digest(encoding);
}

/**
 * The hex SHA-256 of a string's UTF-8, synchronously, where the runtime has a native hash; null
 * where it has none (then hash with Web Crypto).
 */
export const sha256HexSync: ((text: string) => string) | null = syncDigest('hex');

/** As {@link sha256HexSync}, in base64url without padding (the pages' CSRF tokens). */
export const sha256Base64UrlSync: ((text: string) => string) | null = syncDigest('base64url');
