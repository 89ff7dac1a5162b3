import { z } from 'zod';
import { defineAdminCall } from './operator-calls.js';
import { commissionRates, dividendRatioBp, inviteLink, memberKind } from './agent.js';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { rowId, str } from './fields.js';

/*
 * The operator's side of the agent area (docs/screens.md operator console: "agents (tree, rates, …)"):
 * find a player in the tree, see their upline chain and direct members, set a player's kind,
 * rates and dividend ratio (a top-level player any value up to the maximum, anyone else ≤ their
 * upline's: 422), see and disable their invite links, and list agent transfers. Writes are audited.
 */

const reason = str().trim().min(1, 'required').max(200, 'too_long');

export const agentRow = z.object({
  id: z.number().int(),
  username: z.string(),
  kind: memberKind,
  /** The direct upline, null for a top-level player. */
  parent: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  rates: commissionRates,
  dividendRatioBp: z.number().int(),
  directCount: z.number().int(),
  teamCount: z.number().int(),
  createdAt: isoTime,
});
export type AgentRow = z.infer<typeof agentRow>;

/** Players by name part, or the direct members of `parentId` (top-level players when neither). */
export const agentsList = defineAdminCall({
  path: '/agents/list',
  roles: ['finance', 'risk'],
  request: pageRequest
    .extend({
      keyword: str().trim().max(32, 'too_long').optional(),
      parentId: rowId.optional(),
      kind: memberKind.optional(),
    })
    .strict(),
  response: envelope(pageResult(agentRow)),
});

export const agentDetails = defineAdminCall({
  path: '/agents/details',
  roles: ['finance', 'risk'],
  request: z.strictObject({ id: rowId }),
  response: envelope(
    agentRow.extend({
      /** Upline chain, nearest first. */
      chain: z.array(z.object({ id: z.number().int(), username: z.string(), depth: z.number().int() })),
      links: z.array(inviteLink),
      hasSecurityPassword: z.boolean(),
      hasRechargePassword: z.boolean(),
    }),
  ),
});

export const agentProfileSave = defineAdminCall({
  path: '/agents/profile/save',
  roles: [],
  request: z.strictObject({ id: rowId, kind: memberKind, rates: commissionRates, dividendRatioBp, reason }),
  response: envelope(agentRow),
});

export const agentLinkStatusSave = defineAdminCall({
  path: '/agents/link/setStatus',
  roles: ['risk'],
  request: z.strictObject({ id: rowId, enabled: z.boolean({ error: 'invalid_type' }), reason }),
  response: envelope(inviteLink),
});

export const agentTransferRow = z.object({
  id: z.number().int(),
  // Flat, so each is a column of the CSV.
  agentId: z.number().int(),
  agentUsername: z.string(),
  memberId: z.number().int(),
  memberUsername: z.string(),
  amount: money,
  turnoverMultiple: z.number().int(),
  remark: z.string(),
  createdAt: isoTime,
});

export const agentTransfersList = defineAdminCall({
  path: '/agents/transfers',
  roles: ['finance', 'risk'],
  csv: true,
  request: pageRequest
    .extend({
      /** Agent or member name (exact, case-insensitive). */
      username: str().trim().max(32, 'too_long').optional(),
      from: z.iso.datetime({ offset: true, error: 'invalid' }).optional(),
      to: z.iso.datetime({ offset: true, error: 'invalid' }).optional(),
    })
    .strict(),
  response: envelope(pageResult(agentTransferRow).extend({ totalAmount: money })),
});
