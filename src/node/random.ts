/**
 * Random bytes for a server: Node's CSPRNG read 4 KiB at a time into a pool that hands out each
 * byte once, as a copy, and wipes it from the pool as it goes. One `getRandomValues` call costs
 * about 2 µs whatever its length (a crypto job and a call into OpenSSL), so the 48 bytes of a
 * webhook message's id cost 2 µs read alone and 0.1 µs from the pool; Node's own `randomUUID`
 * keeps such a pool. More than 1 KiB at once, and any length but a whole number, go to the CSPRNG
 * directly, so such a length is taken as `new Uint8Array` takes it (a negative one is a RangeError).
 */
import { randomFillSync } from 'node:crypto';
import type { RandomBytes } from '../domain/ports.js';

/** The bytes read from the CSPRNG at once. */
const POOL_BYTES = 4096;
/** Longer requests are read directly. */
const POOLED_AT_MOST = 1024;

/** A {@link RandomBytes} source that reads the CSPRNG through a pool of its own. */
export function pooledRandom(): RandomBytes {
  const pool = new Uint8Array(POOL_BYTES);
  let taken = POOL_BYTES;
  return (length) => {
    if (!(Number.isInteger(length) && length >= 0 && length <= POOLED_AT_MOST)) return randomFillSync(new Uint8Array(length));
    if (taken + length > POOL_BYTES) {
      randomFillSync(pool);
      taken = 0;
    }
    const bytes = pool.slice(taken, taken + length);
    pool.fill(0, taken, taken + length);
    taken += length;
    return bytes;
  };
}
