/**
 * A first-come, first-served limit on how many async tasks run at once. A write transaction takes
 * a slot before its connection (write-session.ts), so that writers waiting for a lock in the
 * database hold at most this many of the pool's connections.
 */
export class Slots {
  readonly #limit: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  /** `limit` tasks at most run at once; it must be a positive integer. */
  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('feedback-board/postgres: a slot limit must be a positive integer');
    this.#limit = limit;
  }

  /** Resolves once a slot is taken for the caller, who must `release()` it. */
  async acquire(): Promise<void> {
    if (this.#running < this.#limit) this.#running++;
    else await new Promise<void>((take) => this.#waiting.push(take));
  }

  /** Frees a slot taken with `acquire()`. */
  release(): void {
    // The slot passes straight to the next waiter, so none can overtake it.
    const next = this.#waiting.shift();
    if (next === undefined) this.#running--;
    else next();
  }
}
