/**
 * `--help` for every command: `feedback-board COMMAND --help` (or `-h`, anywhere before a `--`)
 * and `feedback-board help COMMAND` print that command's usage on stdout and exit 0, whatever else
 * the command line holds, so asking for help never fails on the options it is asking about.
 */
import { BACKUP_USAGE } from './backup.js';
import { DUMP_USAGE } from './dump.js';
import { IMPORT_CANNY_USAGE, IMPORT_CSV_USAGE } from './import-csv.js';
import { MCP_USAGE } from './mcp.js';
import { USAGE } from './serve-usage.js';

/** The usage of each command. */
const COMMAND_USAGE: Readonly<Record<string, string>> = {
  serve: USAGE,
  mcp: MCP_USAGE,
  export: DUMP_USAGE,
  import: DUMP_USAGE,
  'import-csv': IMPORT_CSV_USAGE,
  'import-canny': IMPORT_CANNY_USAGE,
  backup: BACKUP_USAGE,
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
export function helpFor(argv: readonly string[]): string | undefined {
  const [command, ...rest] = argv;
  if (command === undefined) return undefined;
  if (command === '--help' || command === '-h') return USAGE;
  if (command === 'help') return rest[0] === undefined ? USAGE : COMMAND_USAGE[rest[0]];
  return Object.hasOwn(COMMAND_USAGE, command) && asksForHelp(rest) ? COMMAND_USAGE[command] : undefined;
}
