/**
 * The connection options of `feedback-board serve`: `--max-connections`, `--headers-timeout`,
 * `--idle-timeout` and `--shutdown-timeout` (seconds), turned into the options of `listen()`.
 */
import { LISTEN_DEFAULTS, type ListenOptions } from '../src/node/listen.js';

/** The default of `--shutdown-timeout`, in seconds. */
export const SHUTDOWN_TIMEOUT_S = 10;

export const NET_USAGE = `  --max-connections N   open connections at most; idle ones give way to new ones
                        (default ${LISTEN_DEFAULTS.maxConnections})
  --headers-timeout S   seconds for a request's headers to arrive, then 408
                        (default ${LISTEN_DEFAULTS.headersTimeoutMs / 1000})
  --idle-timeout S      seconds before a connection with no traffic is closed
                        (default ${LISTEN_DEFAULTS.idleTimeoutMs / 1000})
  --shutdown-timeout S  on SIGTERM or SIGINT, seconds for requests in flight to finish
                        before their connections are cut (default ${SHUTDOWN_TIMEOUT_S})
`;

/** The parseArgs declarations of these options. */
export const NET_OPTIONS = {
  'max-connections': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'idle-timeout': { type: 'string' },
  'shutdown-timeout': { type: 'string' },
} as const;

/** A bad value of one of these options; the CLI prints it with the usage and exits 2. */
export class NetOptionError extends Error {}

function positive(flag: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(value) || Number(value) > max) throw new NetOptionError(`--${flag} takes an integer from 1 to ${max}, not "${value}"`);
  return Number(value);
}

export function netOptions(values: Partial<Record<keyof typeof NET_OPTIONS, string | undefined>>): ListenOptions {
  const options: ListenOptions = {};
  const maxConnections = positive('max-connections', values['max-connections'], 1_000_000);
  const headers = positive('headers-timeout', values['headers-timeout'], 3600);
  const idle = positive('idle-timeout', values['idle-timeout'], 86_400);
  const shutdown = positive('shutdown-timeout', values['shutdown-timeout'], 3600) ?? SHUTDOWN_TIMEOUT_S;
  if (maxConnections !== undefined) options.maxConnections = maxConnections;
  if (headers !== undefined) options.headersTimeoutMs = headers * 1000;
  if (idle !== undefined) options.idleTimeoutMs = idle * 1000;
  options.closeGraceMs = shutdown * 1000;
  return options;
}
