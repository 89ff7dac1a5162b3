import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areas } from '../../src/tools/admin/commands.js';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';

/** Nothing listens here: what these tests run must not need the server. */
const NO_SERVER = 'http://127.0.0.1:9';
const TESTS = fileURLToPath(new URL('..', import.meta.url));
const commands = areas.flatMap((a) => a.commands);

/**
 * The commands the test files run, read from their sources: the first word of the arguments they
 * pass to adminCli (under the name they import it as), given inline or through a `const` array.
 */
function commandsRunByTests(): Set<string> {
  const run = new Set<string>();
  for (const file of readdirSync(TESTS, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.test.ts')) continue;
    const source = readFileSync(join(TESTS, file), 'utf8');
    const imported = /import \{([^}]*)\} from '\.\.\/helpers\/admin-cli\.js'/.exec(source)?.[1] ?? '';
    const alias = /\badminCli\b(?:\s+as\s+(\w+))?/.exec(imported);
    if (!alias) continue;
    const calls = new RegExp(`\\b${alias[1] ?? 'adminCli'}\\(\\s*[\\w.]+,\\s*(?:\\[\\s*'([\\w-]+)'|(\\w+)\\b)`, 'g');
    for (const [, inline, variable] of source.matchAll(calls)) {
      const name = inline ?? new RegExp(`const ${variable} = \\[\\s*'([\\w-]+)'`).exec(source)?.[1];
      if (name) run.add(name);
    }
  }
  return run;
}

describe('npm run admin: the table of commands', { timeout: CLI_TEST_TIMEOUT }, () => {
  it('prints the help, without a server, with every command of the table under its area', async () => {
    const help = await adminCli(NO_SERVER, ['help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: npm run admin -- <command> \[args\]\n/);
    for (const area of areas) expect(help.stdout).toContain(`\n${area.title}:\n`);
    const listed = help.stdout.split('\n').flatMap((line) => /^ {2}([a-z-]+)(?: |$)/.exec(line)?.[1] ?? []);
    expect(listed.sort()).toEqual(commands.map((c) => c.name).sort());
    for (const asked of [[], ['--help'], ['-h']]) expect((await adminCli(NO_SERVER, asked)).stdout).toBe(help.stdout);
  });

  it("prints one command's usage, and the help with exit 2 for an unknown command", async () => {
    const one = await adminCli(NO_SERVER, ['help', 'reject']);
    expect(one).toMatchObject({
      code: 0,
      stdout:
        'usage: npm run admin -- reject <orderNo> <reason…>\n\nreviewing/approved → rejected, money back to the player\n',
    });
    const unknown = await adminCli(NO_SERVER, ['refund', 'W1']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^unknown command: refund\n\nusage: npm run admin/);
    expect((await adminCli(NO_SERVER, ['help', 'refund'])).code).toBe(2);
  });

  it('refuses an option the command does not have, before calling the server', async () => {
    const games = await adminCli(NO_SERVER, ['games', '--bogus', 'x']);
    expect(games.code).toBe(2);
    expect(games.stderr).toMatch(/^unknown option --bogus for games \(its options: --provider\)\n/);
    const reject = await adminCli(NO_SERVER, ['reject', 'W1', '--force', 'yes']);
    expect(reject.code).toBe(2);
    expect(reject.stderr).toMatch(/^unknown option --force for reject \(it takes none\)\n/);
    const missing = await adminCli(NO_SERVER, ['adjust', 'bob', '-20', 'x', '--turnover']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^--turnover needs a value/);
  });

  it('has every command of the table run by at least one test', () => {
    const run = commandsRunByTests();
    expect(
      commands.map((c) => c.name).filter((name) => !run.has(name)),
      'commands no test runs',
    ).toEqual([]);
  });
});
