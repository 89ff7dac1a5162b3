import { parseArgs } from 'node:util';
import type { Command, CommandArgs } from './command.js';
import { UsageError } from './errors.js';

/**
 * parseArgs would read a negative amount (`adjust bob -20 …`, `--turnover -1`) as the short
 * options -2 -0: such words are hidden from it behind this mark, and given back afterwards.
 */
const NEGATIVE = '\u0000';
const hide = (word: string) => (/^-\d/.test(word) ? NEGATIVE + word : word);
const unhide = (word: string) => (word.startsWith(NEGATIVE) ? word.slice(NEGATIVE.length) : word);

/** A command's words and options (strict: an option it does not have is a UsageError). */
export function parseCommandLine(command: Command, argv: string[]): CommandArgs {
  const names = command.options ?? [];
  try {
    const { values, positionals } = parseArgs({
      args: argv.map(hide),
      options: Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      strict: true,
      allowPositionals: true,
    });
    const options = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? unhide(value) : undefined]),
    );
    return { positionals: positionals.map(unhide), options };
  } catch (err) {
    const text = parseErrorText(command, err);
    if (text === undefined) throw err;
    throw new UsageError(text);
  }
}

/** parseArgs's refusal in the words of the CLI: which option, and which the command has. */
function parseErrorText(command: Command, err: unknown): string | undefined {
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : String(err);
  const [, given = ''] = /'(--?[^' ]+)/.exec(message) ?? [];
  const names = (command.options ?? []).map((n) => `--${n}`).join(', ');
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return `unknown option ${given} for ${command.name} (${names ? `its options: ${names}` : 'it takes none'})`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `${given} needs a value (one that starts with a dash is written ${given}=-…)`;
  return undefined;
}
