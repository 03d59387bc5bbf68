/** A running throwaway cluster (see pg-cluster.mjs). */
export interface Cluster {
  /** Connects as the superuser `postgres` to the database `postgres`. */
  url: string;
  dir: string;
  port: number;
  bin: string;
  /** Stops the server at once and removes the folder. */
  stop(): void;
  /** Fast shutdown; the folder stays. */
  halt(): void;
  /** Starts a halted server again on the same port. */
  resume(): void;
}
export function findPostgresBin(): string | null;
export function freePort(): Promise<number>;
export function startCluster(options?: { dir?: string; port?: number; keep?: boolean; maxConnections?: number }): Promise<Cluster>;
export function stopClusterIn(dir: string): void;
export function startReplica(primary: Cluster, options?: { dir?: string; port?: number; keep?: boolean; maxConnections?: number }): Promise<Cluster>;
export function ownedDir(wanted?: string): string;
export function runAsServerUser(file: string, args: string[]): Buffer;
