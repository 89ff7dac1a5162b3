import type { Area, Command } from './command.js';
import { width } from './table.js';

const HEADER = `usage: npm run admin -- <command> [args]

Times are the site's (its zone in the server's config), printed with their offset: 2026-11-28 18:00 (UTC+8).`;

const ENVIRONMENT = `environment:
  ADMIN_URL       server (default http://127.0.0.1:$PORT, PORT default 3000)
  ADMIN_TOKEN     operator token (default: the file admin-token in DATA_DIR, default ./data);
                  it acts as admin, as @admin-token in the audit log
  OPERATOR_PASSWORD  create-operator's password (at least 12 characters); unset: asked on the terminal`;

/** Lines are wrapped at this width; a command's summary starts at SUMMARY_AT. */
const LINE_WIDTH = 100;
const SUMMARY_AT = 40;
const USAGE_INDENT = '  ';
const USAGE_CONTINUED = '        ';

/** The whole help: every command of the table, area by area: name, usage, summary. */
export function helpText(areas: Area[]): string {
  const sections = areas.map((area) => [`${area.title}:`, ...area.commands.flatMap(commandLines)].join('\n'));
  return [HEADER, ...sections, ENVIRONMENT].join('\n\n');
}

/** One command's usage and summary (`help <command>`). */
export function commandHelp(command: Command): string {
  const usage = `usage: npm run admin -- ${commandLine(command)}`;
  return [usage, '', ...wrap(command.summary.split(' '), '', '', LINE_WIDTH)].join('\n');
}

const commandLine = (c: Command) => (c.usage ? `${c.name} ${c.usage}` : c.name);

/** `  name usage` (wrapped between its [option] groups), then the summary in its column. */
function commandLines(command: Command): string[] {
  const groups = commandLine(command).match(/\[[^\]]*\]|\S+/g) ?? [];
  const usage = wrap(groups, USAGE_INDENT, USAGE_CONTINUED, LINE_WIDTH);
  const column = ' '.repeat(SUMMARY_AT);
  const summary = wrap(command.summary.split(' '), column, column, LINE_WIDTH);
  const last = usage.at(-1) ?? '';
  if (width(last) >= SUMMARY_AT) return [...usage, ...summary];
  return [...usage.slice(0, -1), last + summary[0]!.slice(width(last)), ...summary.slice(1)];
}

/** Words joined into lines no wider than `max`, the first after `first`, the others after `next`. */
function wrap(items: string[], first: string, next: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const indent = lines.length ? next : first;
    if (line && width(`${indent}${line} ${item}`) > max) {
      lines.push(indent + line);
      line = item;
    } else line = line ? `${line} ${item}` : item;
  }
  return [...lines, (lines.length ? next : first) + line];
}
