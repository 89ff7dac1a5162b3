import { agentCommands } from './agents.js';
import { auditCommands } from './audit.js';
import { billiardsCommands } from './billiards.js';
import { channelCommands } from './channels.js';
import { defineCommand, type Area, type Command } from './command.js';
import { contentCommands } from './content.js';
import { UsageError } from './errors.js';
import { gameCommands } from './games.js';
import { commandHelp, helpText } from './help.js';
import { messageCommands } from './messages.js';
import { moneyCommands } from './money.js';
import { operatorCommands } from './operators.js';
import { playerCommands } from './players.js';
import { providerCommands } from './providers.js';

/** Every command of `npm run admin`, by area, in the order of the help. */
export const areas: Area[] = [
  { title: 'deposits, withdrawals and balances', commands: moneyCommands },
  { title: 'audit', commands: auditCommands },
  { title: 'recharge channels', commands: channelCommands },
  { title: 'players', commands: playerCommands },
  { title: 'billiards', commands: billiardsCommands },
  { title: 'game providers', commands: providerCommands },
  { title: 'provider games', commands: gameCommands },
  { title: 'console operators', commands: operatorCommands },
  { title: 'notices, pages and contact', commands: contentCommands },
  { title: 'messages and feedback', commands: messageCommands },
  { title: 'agents', commands: agentCommands },
  {
    title: 'help',
    commands: [
      defineCommand({
        name: 'help',
        usage: '[command]',
        summary: "this text, or one command's usage",
        async run({ positionals: [name] }, io) {
          io.print(name === undefined ? helpText(areas) : commandHelp(commandNamed(name)));
        },
      }),
    ],
  },
];

/** The command of this name; an unknown one is a usage error. */
export function commandNamed(name: string): Command {
  const command = areas.flatMap((a) => a.commands).find((c) => c.name === name);
  if (!command) throw new UsageError(`unknown command: ${name}`);
  return command;
}
