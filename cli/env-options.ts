/**
 * `serve`'s options from environment variables: `FEEDBACK_BOARD_` and the option's name in upper
 * case with `_` for `-` (`--rate-limit` ← `FEEDBACK_BOARD_RATE_LIMIT`). A variable is read exactly
 * as its flag would be, and a flag on the command line wins over its variable; so does either of
 * `--db` and `--memory` over the other's variable, as they exclude each other.
 */

/** The parseArgs declaration of one option. */
type Declaration = { readonly type: 'string' | 'boolean' };

/** Options whose flags exclude each other: a flag of the group silences the group's variables. */
const EXCLUSIVE_GROUPS: readonly (readonly string[])[] = [['db', 'memory']];

/** A variable whose value no flag could have; the CLI prints it with the usage and exits 2. */
export class EnvOptionError extends Error {}

/** The variable of option `name`. */
export function envName(name: string): string {
  return `FEEDBACK_BOARD_${name.toUpperCase().replaceAll('-', '_')}`;
}

function givenOnCommandLine(argv: readonly string[], name: string): boolean {
  return argv.some((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
}

/**
 * The command-line tokens the variables stand for, to be placed before `argv` (whose flags then
 * win, the last value of an option being the one kept). Boolean variables take `1`/`true` or
 * `0`/`false`; empty variables are ignored.
 */
export function envArguments(options: Readonly<Record<string, Declaration>>, env: NodeJS.ProcessEnv, argv: readonly string[]): string[] {
  const tokens: string[] = [];
  for (const [name, { type }] of Object.entries(options)) {
    if (name === 'help') continue;
    const variable = envName(name);
    const value = env[variable];
    if (value === undefined || value === '') continue;
    const group = EXCLUSIVE_GROUPS.find((g) => g.includes(name)) ?? [name];
    if (group.some((member) => givenOnCommandLine(argv, member))) continue;
    if (type === 'string') {
      tokens.push(`--${name}=${value}`);
      continue;
    }
    if (value === '1' || value === 'true') tokens.push(`--${name}`);
    else if (value !== '0' && value !== 'false') throw new EnvOptionError(`${variable} takes 1, true, 0 or false, not "${value}"`);
  }
  return tokens;
}
