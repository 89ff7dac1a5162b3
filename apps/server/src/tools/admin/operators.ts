import { operatorCalls, operatorsAdmin } from '@breakshot/contracts';
import { arg, words } from './args.js';
import { defineCommand, type Command, type Io } from './command.js';
import { UsageError } from './errors.js';
import { siteTime } from './format.js';
import { operatorPassword } from './password.js';

/** Console accounts. */
export const operatorCommands = [
  defineCommand({
    name: 'create-operator',
    usage: '<username> <role>',
    summary:
      "a console account (role: admin, finance, risk or content); the password comes from OPERATOR_PASSWORD or is asked for on the terminal (hidden), never from the command line; the TOTP is set up at the account's first console login",
    async run({ positionals }, io) {
      const username = arg(positionals, 0, 'username');
      const role = arg(positionals, 1, 'role');
      if (!(operatorCalls.operatorRoles as readonly string[]).includes(role))
        throw new UsageError(`role: one of ${operatorCalls.operatorRoles.join(', ')}, not ${role}`);
      if (positionals.length > 2)
        throw new UsageError('create-operator takes no password argument: use OPERATOR_PASSWORD');
      const password = await operatorPassword();
      const data = await io.post(operatorsAdmin.operatorCreate, { username, password, role });
      io.print(`operator ${data.username} (${data.role}) created; the TOTP is set up at the first console login`);
    },
  }),
  defineCommand({
    name: 'operators',
    usage: '',
    summary: 'console accounts',
    async run(_args, io) {
      const time = await siteTime(io);
      const data = await io.post(operatorsAdmin.operatorsList, {});
      io.table(
        data.list.map((o) => ({
          username: o.username,
          role: o.role,
          status: o.status,
          password: o.passwordSet ? 'set' : 'setup link pending',
          totp: o.totp ? 'yes' : 'not yet',
          created: time(o.createdAt),
        })),
        data.list.length,
      );
    },
  }),
  operatorChange('operator-disable', 'disable a console account: its sessions end, login refused', (io, r) =>
    io.post(operatorsAdmin.operatorSetStatus, { ...r, status: 'disabled' }),
  ),
  operatorChange('operator-enable', 'enable a console account again', (io, r) =>
    io.post(operatorsAdmin.operatorSetStatus, { ...r, status: 'active' }),
  ),
  operatorChange('operator-reset-totp', 'clear the TOTP (lost phone): the next login enrolls anew', (io, r) =>
    io.post(operatorsAdmin.operatorResetTotp, r),
  ),
];

/** A change of a console account that needs a reason, and prints the account after it. */
function operatorChange(
  name: string,
  summary: string,
  change: (io: Io, request: { username: string; reason: string }) => Promise<OperatorState>,
): Command {
  return defineCommand({
    name,
    usage: '<username> <reason…>',
    summary,
    async run({ positionals }, io) {
      const username = arg(positionals, 0, 'username');
      const reason = words(positionals, 1);
      if (!reason) throw new UsageError(`${name} needs a reason`);
      const data = await change(io, { username, reason });
      io.print(
        `operator ${data.username}: ${data.status}, TOTP ${data.totp ? 'set up' : 'to be set up at the next login'}`,
      );
    },
  });
}

interface OperatorState {
  username: string;
  status: string;
  totp: boolean;
}
