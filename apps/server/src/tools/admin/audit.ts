import { playersAdmin } from '@breakshot/contracts';
import { defineCommand } from './command.js';
import { siteTime } from './format.js';

/** The operator audit log. */
export const auditCommands = [
  defineCommand({
    name: 'audit',
    usage: '[action]',
    summary: 'the operator audit log',
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const action = positionals[0];
      const data = await io.post(playersAdmin.auditList, { page: 1, pageSize: 100, ...(action ? { action } : {}) });
      io.table(
        data.list.map((a) => ({
          at: time(a.at),
          operator: a.operator,
          action: a.action,
          target: a.target,
          payload: JSON.stringify(a.payload),
        })),
        data.total,
      );
    },
  }),
];
