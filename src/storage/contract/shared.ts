/**
 * Shapes every aggregate of the storage contract uses: a page of a list, and a record to insert.
 * The aggregate tables of which methods write, and of generic fallbacks, are typed here too.
 */

/** One page of a list plus the number of matches before `limit`/`offset` were applied. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** One page of a list. */
export interface PageQuery {
  /** 1..500 */
  limit: number;
  /** >= 0 */
  offset: number;
}

/** A record to insert: everything but the `id`, which the storage assigns. */
export type NewRecord<T extends { id: number }> = Omit<T, 'id'>;

/**
 * Whether each method of an aggregate writes: `true` for a method a `read` transaction must not
 * call. A Record over the aggregate's keys, so a method added to an aggregate's interface must be
 * listed in its table before anything compiles.
 */
export type WritesTable<Aggregate> = Readonly<Record<keyof Aggregate, boolean>>;

/**
 * Generic fallbacks of an aggregate: for some methods, an implementation in terms of other methods
 * of the contract, which an adapter may leave out (it then gets the fallback). Each entry receives
 * the transaction's complete methods (typed as `Reach`: the aggregate's own, and those of other
 * aggregates it names) and returns the method. A fallback keeps every documented result and
 * ordering; an adapter that implements the method itself is usually faster.
 */
export type FallbackTable<Aggregate, Reach = Aggregate> = {
  readonly [M in keyof Aggregate]?: (self: Reach) => Aggregate[M];
};

/** An aggregate of the contract as data: which of its methods write, and its generic fallbacks. */
export interface AggregateDefinition<Aggregate, Reach = Aggregate> {
  writes: WritesTable<Aggregate>;
  fallbacks: FallbackTable<Aggregate, Reach>;
}
