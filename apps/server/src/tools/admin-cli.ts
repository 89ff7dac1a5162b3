import { type Io } from './admin/command.js';
import { areas, commandNamed } from './admin/commands.js';
import { ApiError, UsageError } from './admin/errors.js';
import { helpText } from './admin/help.js';
import { parseCommandLine } from './admin/parse.js';
import { post, siteConfig } from './admin/server.js';
import { tableLines } from './admin/table.js';

/**
 * `npm run admin -- <command> [args]`: the operator's calls over HTTP to the running server (a
 * PGlite data folder can be open in one process only). The commands are a table, by area, in
 * tools/admin/commands.ts. Prints tables; exits 1 when the server refuses, 2 on a usage error.
 */

const io: Io = {
  post,
  siteConfig,
  print: (line) => console.log(line),
  table: (rows, total) => tableLines(rows, total).forEach((line) => console.log(line)),
};

async function main([name = 'help', ...argv]: string[]): Promise<void> {
  // No command, `--help` and `-h` ask for the help.
  const command = commandNamed(name === '--help' || name === '-h' ? 'help' : name);
  await command.run(parseCommandLine(command, argv), io);
}

try {
  await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${helpText(areas)}`);
    process.exitCode = 2;
  } else if (err instanceof ApiError) {
    console.error(err.message);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
