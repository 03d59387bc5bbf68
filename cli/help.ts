/**
 * `--help` for every command: `feedback-board COMMAND --help` (or `-h`, anywhere before a `--`)
 * and `feedback-board help COMMAND` print that command's usage on stdout and exit 0, whatever else
 * the command line holds, so asking for help never fails on the options it is asking about.
 */
import { USAGE } from './serve-usage.js';

/** The usage of each command, from the command's module, loaded only when it is asked for. */
const COMMAND_USAGE: Readonly<Record<string, () => Promise<string>>> = {
  serve: async () => USAGE,
  mcp: async () => (await import('./mcp.js')).MCP_USAGE,
  export: async () => (await import('./dump.js')).DUMP_USAGE,
  import: async () => (await import('./dump.js')).DUMP_USAGE,
  'import-csv': async () => (await import('./import-csv.js')).IMPORT_CSV_USAGE,
  'import-canny': async () => (await import('./import-csv.js')).IMPORT_CANNY_USAGE,
  backup: async () => (await import('./backup.js')).BACKUP_USAGE,
};

const asksForHelp = (args: readonly string[]): boolean => {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
};

/**
 * The text to print when `argv` (the arguments after `feedback-board`) asks for help: the usage of
 * the command named, or the general usage; undefined when it does not ask for help (or names an
 * unknown command, which the caller refuses as such).
 */
export async function helpFor(argv: readonly string[]): Promise<string | undefined> {
  const [command, ...rest] = argv;
  if (command === undefined) return undefined;
  if (command === '--help' || command === '-h') return USAGE;
  if (command === 'help') return rest[0] === undefined ? USAGE : Object.hasOwn(COMMAND_USAGE, rest[0]) ? COMMAND_USAGE[rest[0]]!() : undefined;
  return Object.hasOwn(COMMAND_USAGE, command) && asksForHelp(rest) ? COMMAND_USAGE[command]!() : undefined;
}
