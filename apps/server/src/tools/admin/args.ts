import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

/** The `i`th word of the command line, which the command cannot do without. */
export function arg(positionals: string[], i: number, name: string): string {
  const value = positionals[i];
  if (!value) throw new UsageError(`missing <${name}>`);
  return value;
}

/** The words from the `from`th on, as one text (a reason, a message's body); '' when none. */
export function words(positionals: string[], from: number): string {
  return positionals.slice(from).join(' ').trim();
}

/** A `--name` option the command cannot do without. */
export function option<N extends string>(options: Partial<Record<N, string>>, name: N): string {
  const value = options[name];
  if (value === undefined) throw new UsageError(`missing --${name}`);
  return value;
}

/** An option given, else what the thing being changed has; a new one needs it. */
export function keep<T>(given: T | undefined, current: T | undefined, name: string): T {
  const value = given ?? current;
  if (value === undefined) throw new UsageError(`missing --${name} (needed for a new one)`);
  return value;
}

/** A command of options only refuses words: `<command> takes <what>, not <words>`. */
export function noWords(positionals: string[], command: string, what = 'options only'): void {
  if (positionals.length) throw new UsageError(`${command} takes ${what}, not ${positionals.join(' ')}`);
}

/** A file the command names: a page or notice body (HTML; the server sanitizes it), a provider's key. */
export function readBody(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${err instanceof Error ? err.message : err}`);
  }
}
