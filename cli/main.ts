#!/usr/bin/env node
/**
 * The `feedback-board` command.
 *
 *   feedback-board serve [--port N] [--host H] [--fixture FILE] [--rate-limit N|off]
 *                        [--auth-throttle off|B/M] [--agent-publishing] [--smtp URL]
 *                        [--allow-private-webhooks] [--max-connections N] [--headers-timeout S]
 *                        [--idle-timeout S] [--shutdown-timeout S] [--public-url URL]
 *                        [--trust-proxy N|CIDR,…] [--log json|text|off] [--metrics]
 *                        [--metrics-port N]   (each also a FEEDBACK_BOARD_* variable)
 *   feedback-board mcp (--url URL | --db FILE) [--key KEY]
 *   feedback-board export --db FILE|URL [--out FILE]
 *   feedback-board import --db FILE|URL FILE
 *
 * Each command's module is loaded when the command runs (and its refusals' classes when it
 * fails), so a command loads only what it uses: `export` never loads the pages, nor `serve` the
 * CSV importer. `serve` is `serve.ts`.
 */
import { isFeedbackBoardError } from '../src/domain/errors.js';
import { PACKAGE_VERSION } from '../src/domain/version.js';
import { helpFor } from './help.js';
import { USAGE, UsageError } from './serve-usage.js';

async function main(argv: string[]): Promise<void> {
  const help = await helpFor(argv);
  if (help !== undefined) return void process.stdout.write(help);
  const [command, ...rest] = argv;
  if (command === 'serve') {
    // The command line is checked before the server's code is loaded (serve-args.ts).
    const args = (await import('./serve-args.js')).parseServeArgs(rest);
    if (args === undefined) return void process.stdout.write(USAGE);
    return (await import('./serve.js')).serve(args);
  }
  if (command === 'mcp') return (await import('./mcp.js')).runMcp(rest);
  if (command === 'export') return (await import('./dump.js')).runExport(rest);
  if (command === 'import') return (await import('./dump.js')).runImport(rest);
  if (command === 'import-csv') return void process.stderr.write(`${await (await import('./import-csv.js')).runImportCsv(rest)}\n`);
  if (command === 'import-canny') return void process.stderr.write(`${await (await import('./import-csv.js')).runImportCanny(rest)}\n`);
  if (command === 'backup') return void process.stdout.write(`${await (await import('./backup.js')).runBackup(rest)}\n`);
  if (command === undefined) {
    // A usage error like any other bad invocation: usage on stderr, exit 2.
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  if (command === '--version') {
    process.stdout.write(`${PACKAGE_VERSION}\n`);
    return;
  }
  if (command === 'help') throw new UsageError(`no command "${rest[0]}"`);
  throw new UsageError(`unknown command "${command}"`);
}

/** Writes `text` on stderr and ends the process with `code`. */
function refuse(text: string, code: number): never {
  process.stderr.write(text);
  process.exit(code);
}

/**
 * What a failed command prints, and its exit code: its usage after a bad command line (2), its
 * refusal of a store, a file or a port (1), or the error's message (1). The classes of a command's
 * refusals are loaded from its own modules, which it has loaded already.
 */
async function fail(error: unknown): Promise<never> {
  const command = process.argv[2];
  const message = (error as Error).message;
  const badArguments = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true;
  if (command === 'backup') {
    const { BACKUP_USAGE, BackupUsageError, BackupError } = await import('./backup.js');
    if (error instanceof BackupUsageError || badArguments) refuse(`feedback-board backup: ${message}\n\n${BACKUP_USAGE}`, 2);
    if (error instanceof BackupError) refuse(`feedback-board: ${message}\n`, 1);
  }
  if (command === 'export' || command === 'import') {
    const [{ DUMP_USAGE, DumpUsageError }, { DumpImportError }] = await Promise.all([import('./dump.js'), import('../src/node/dump.js')]);
    if (error instanceof DumpUsageError || badArguments) refuse(`feedback-board ${command}: ${message}\n\n${DUMP_USAGE}`, 2);
    if (error instanceof DumpImportError) refuse(`feedback-board import: ${message}; nothing was stored\n`, 1);
  }
  if (command === 'import-csv' || command === 'import-canny') {
    const [{ IMPORT_CANNY_USAGE, IMPORT_CSV_USAGE, ImportCsvUsageError }, { CsvImportError }] = await Promise.all([
      import('./import-csv.js'),
      import('../src/node/csv-import.js'),
    ]);
    if (error instanceof ImportCsvUsageError || badArguments) {
      refuse(`feedback-board ${command}: ${message}\n\n${command === 'import-canny' ? IMPORT_CANNY_USAGE : IMPORT_CSV_USAGE}`, 2);
    }
    if (error instanceof CsvImportError) refuse(`feedback-board ${command}: ${message}; nothing was stored\n`, 1);
  }
  if (command === 'mcp') {
    const { MCP_USAGE, McpUsageError } = await import('./mcp.js');
    if (error instanceof McpUsageError || badArguments) refuse(`feedback-board mcp: ${message}\n\n${MCP_USAGE}`, 2);
  }
  // A bad command line of serve is told from the modules that checked it, loaded already: the
  // store's, the metrics' and the listener's are loaded only for a failure that is none of these.
  const options = await Promise.all([import('./net-options.js'), import('./public-options.js'), import('./limit-options.js'), import('./env-options.js'), import('./log-format.js')]);
  const [{ NetOptionError }, { PublicOptionError }, { LimitOptionError }, { EnvOptionError }, { LogOptionError }] = options;
  const badOption = [UsageError, NetOptionError, PublicOptionError, LimitOptionError, EnvOptionError, LogOptionError].some((type) => error instanceof type);
  if (badOption || badArguments) refuse(`feedback-board: ${message}\n\n${USAGE}`, 2);
  const [{ StorageChoiceError }, { MetricsUnavailableError }, { ListenError }] = await Promise.all([
    import('./storage.js'),
    import('./metrics.js'),
    import('./listen-first.js'),
  ]);
  if (error instanceof StorageChoiceError || error instanceof MetricsUnavailableError || error instanceof ListenError) refuse(`feedback-board: ${message}\n`, 1);
  if (isFeedbackBoardError(error)) {
    process.stderr.write(`feedback-board: ${error.message}\n`);
    for (const d of error.details ?? []) process.stderr.write(`  at ${d.path}: ${d.message}\n`);
  } else {
    process.stderr.write(`feedback-board: ${message ?? String(error)}\n`);
  }
  process.exit(1);
}

main(process.argv.slice(2)).catch(fail);
