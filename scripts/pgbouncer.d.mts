/** A running throwaway PgBouncer (see pgbouncer.mjs). */
export interface Pgbouncer {
  port: number;
  dir: string;
  /** A URL of `database` through the pooler. */
  url(database: string): string;
  /** Stops the pooler (its connections are cut) and removes the folder. */
  stop(): void;
}
export function findPgbouncer(): string | null;
export function startPgbouncer(
  upstream: { host: string; port: number; user?: string; password?: string },
  options?: { dir?: string; port?: number; poolMode?: 'session' | 'transaction' | 'statement'; poolSize?: number },
): Promise<Pgbouncer>;
export function stopPgbouncerIn(dir: string): void;
