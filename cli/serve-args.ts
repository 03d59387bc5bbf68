/**
 * The command line of `feedback-board serve`, read and checked before the server's code is loaded:
 * a mistyped option exits 2 with the usage having loaded about 30 modules, not 200.
 */
import { parseArgs } from 'node:util';
import { envArguments } from './env-options.js';
import { LIMIT_OPTIONS, limitOptions } from './limit-options.js';
import { NET_OPTIONS, netOptions } from './net-options.js';
import { PUBLIC_OPTIONS, publicOrigin, trustProxy } from './public-options.js';
import { logFormat } from './log-format.js';
import { UsageError } from './serve-usage.js';

function parsePort(value: string | undefined, option = '--port'): number {
  if (value === undefined) return 8787;
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65535) throw new UsageError(`${option} takes 0..65535, not "${value}"`);
  return Number(value);
}

/** The options of `serve`; each can also come from its environment variable (see env-options.ts). */
const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  db: { type: 'string' },
  'db-read': { type: 'string' },
  'db-write-lock': { type: 'string' },
  'db-pooler': { type: 'string' },
  memory: { type: 'boolean' },
  fixture: { type: 'string' },
  ...LIMIT_OPTIONS,
  'agent-publishing': { type: 'boolean' },
  'allow-private-webhooks': { type: 'boolean' },
  ...NET_OPTIONS,
  ...PUBLIC_OPTIONS,
  smtp: { type: 'string' },
  log: { type: 'string' },
  metrics: { type: 'boolean' },
  'metrics-port': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options as given (or from their environment variables). */
export type ServeValues = ReturnType<typeof parseArgs<{ options: typeof SERVE_OPTIONS; strict: true; allowPositionals: false }>>['values'];

/** What `serve` runs with: the options as given, and those that take a value checked and read. */
export interface ServeArgs {
  values: ServeValues;
  port: number;
  limits: ReturnType<typeof limitOptions>;
  net: ReturnType<typeof netOptions>;
  configuredOrigin: ReturnType<typeof publicOrigin>;
  proxies: ReturnType<typeof trustProxy>;
  log: ReturnType<typeof logFormat>;
  metricsPort: number | undefined;
}

/**
 * `argv` (after `serve`) with the environment's `FEEDBACK_BOARD_*` variables, checked: undefined
 * for `--help`; a {@link UsageError} for an unknown option or a value out of range.
 */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeArgs | undefined {
  const { values } = parseArgs({
    args: [...envArguments(SERVE_OPTIONS, env, argv), ...argv],
    options: SERVE_OPTIONS,
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return undefined;
  const port = parsePort(values.port);
  const limits = limitOptions(values);
  const net = netOptions(values);
  const configuredOrigin = publicOrigin(values['public-url']);
  const proxies = trustProxy(values['trust-proxy']);
  const log = logFormat(values.log);
  if (values['metrics-port'] !== undefined && values.metrics !== true) throw new UsageError('--metrics-port needs --metrics');
  const metricsPort = values['metrics-port'] === undefined ? undefined : parsePort(values['metrics-port'], '--metrics-port');
  return { values, port, limits, net, configuredOrigin, proxies, log, metricsPort };
}
