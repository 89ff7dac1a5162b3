import type { SysConfig } from '@breakshot/contracts';
import type { post } from './server.js';
import type { Row } from './table.js';

/** What a command reaches outside itself: the server and the terminal's output. */
export interface Io {
  /** One admin call with the operator token; resolves with its data (ApiError when refused). */
  post: typeof post;
  /** The site's config: its time zone. */
  siteConfig(): Promise<SysConfig>;
  /** A line on stdout. */
  print(line: string): void;
  /** Rows as a table on stdout; `total`: how many there are in all. */
  table(rows: Row[], total: number): void;
}

/** A command line once `node:util` parseArgs has read it: words, and `--name value` options. */
export interface CommandArgs<O extends string = string> {
  positionals: string[];
  options: Partial<Record<O, string>>;
}

/** One operator command: `npm run admin -- <name> <usage>`. */
export interface Command<O extends string = string> {
  name: string;
  /** What follows the name on the command line, as the help shows it. */
  usage: string;
  summary: string;
  /** Its `--name value` options (each takes a value); any other option is a usage error. */
  options?: readonly O[];
  run(args: CommandArgs<O>, io: Io): Promise<void>;
}

/** The commands of one area, under a title in the help. */
export interface Area {
  title: string;
  commands: Command[];
}

/** A command, typed by the names of its options. */
export const defineCommand = <const O extends string = never>(command: Command<O>): Command => command;
