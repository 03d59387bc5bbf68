/**
 * A first-come, first-served async mutex. Adapters whose connection is shared by every request
 * of the process (memory, SQLite) run each transaction under it, so that the statements of one
 * transaction never interleave with another's between awaits.
 */
export class AsyncLock {
  #tail: Promise<void> = Promise.resolve();

  /** Runs `fn` once every earlier holder has finished; the lock is released however `fn` ends. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    // The next holder waits for this one to settle, never for its outcome.
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
