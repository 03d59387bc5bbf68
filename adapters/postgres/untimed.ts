/**
 * Work an operator starts rather than a request: a schema migration, the rebuild of the
 * statistics, the load of a dump. Each is one transaction whose statements may each take far
 * longer than a request's: on a large store, rebuilding a counter reads every vote. The pool's
 * timeouts are there to guard requests (the server's `statement_timeout` and
 * `idle_in_transaction_session_timeout`, and the client's `query_timeout` a little after them), so
 * such a transaction lifts them all from its start with {@link beginUntimed}.
 */
import type pg from 'pg';

/** The longest timer Node keeps (about 24.8 days): in effect, no client-side read timeout. */
const NO_READ_TIMEOUT = 2 ** 31 - 1;

type QueryConfig = { text: string; values?: unknown[] } & Record<string, unknown>;

/**
 * Begins a transaction on `client` (with `begin`, such as `BEGIN` or one with an isolation level)
 * whose timeouts are lifted: the server's statement timeout and its idle-in-transaction timeout
 * (`SET LOCAL`, so they end with the transaction: between two statements the process may read a
 * dump's next rows, or wait for a busy event loop, for longer than a request's statement may
 * idle), and the client's read timeout. The `SET LOCAL`s travel with `BEGIN` in one message: sent
 * after its answer, they would leave the transaction idle under the request's timeout for as long
 * as the process took to send them, and a busy process can take longer than that (the server then
 * ends the connection). Resolves with the client to send the transaction's statements through,
 * whose every statement waits for its answer however long it takes (pg's `query_timeout`, set for
 * the pool, would give up on it and leave the transaction in an unknown state). Statements are
 * strings or `{ text, values }` configs, as this adapter sends.
 */
export async function beginUntimed<C extends pg.ClientBase>(client: C, begin = 'BEGIN'): Promise<C> {
  const query = (config: string | QueryConfig, values?: unknown[]) => {
    const base: QueryConfig = typeof config === 'string' ? { text: config } : { ...config };
    if (values !== undefined) base.values = values;
    return client.query({ ...base, query_timeout: NO_READ_TIMEOUT } as unknown as pg.QueryConfig);
  };
  await query(`${begin}; SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0`);
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
