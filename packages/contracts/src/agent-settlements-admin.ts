import { z } from 'zod';
import { defineAdminCall } from './operator-calls.js';
import { platformTier, siteDate } from './agent-reports.js';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';

/*
 * The operator's side of agent settlement (docs/screens.md operator console: "agents (… platform
 * commission table, dividend periods)"): the platform commission table, statements, and running
 * a period's settlement by hand (the scheduler runs yesterday's commission and last week's
 * dividend on its own). A period settles once: running it again pays nothing more.
 */

export const settlementKinds = ['commission', 'dividend'] as const;
export const settlementKind = z.enum(settlementKinds, { error: 'invalid' });
export type SettlementKind = z.infer<typeof settlementKind>;

export const platformTiersGet = defineAdminCall({
  path: '/agents/platformTiers',
  roles: ['finance', 'risk'],
  request: z.strictObject({}),
  response: envelope(z.object({ tiers: z.array(platformTier) })),
});

/** Replaces the whole table (at most 10 tiers per game type, distinct thresholds). */
export const platformTiersSave = defineAdminCall({
  path: '/agents/platformTiers/save',
  roles: [],
  request: z.strictObject({
    tiers: z.array(platformTier.strict()).max(30, 'too_big'),
    reason: str().trim().min(1, 'required').max(200, 'too_long'),
  }),
  response: envelope(z.object({ tiers: z.array(platformTier) })),
});

export const statementRow = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  agentUsername: z.string(),
  kind: settlementKind,
  /** The day (commission) or the week's Monday (dividend). */
  period: z.string(),
  /** Commission: the team's valid bet; dividend: the team's net loss after costs. */
  base: money,
  carryIn: money,
  carryOut: money,
  amount: money,
  status: z.enum(['paid', 'none']),
  createdAt: isoTime,
});
export type StatementRow = z.infer<typeof statementRow>;

export const statementsList = defineAdminCall({
  path: '/agents/statements',
  roles: ['finance', 'risk'],
  csv: true,
  request: pageRequest
    .extend({
      kind: settlementKind.optional(),
      period: siteDate.optional(),
      username: str().trim().max(32, 'too_long').optional(),
    })
    .strict(),
  response: envelope(pageResult(statementRow).extend({ totalAmount: money })),
});

/**
 * Settles one period now: a commission day, or the dividend week starting that Monday (any
 * other day: 400; weeks in order: 422 while the week before is open). Only a period that has
 * ended. Answers what this run wrote (nothing on a re-run: alreadySettled).
 */
export const settlementRun = defineAdminCall({
  path: '/agents/settle',
  roles: ['finance'],
  request: z.strictObject({ kind: settlementKind, period: siteDate }),
  response: envelope(
    z.object({
      kind: settlementKind,
      period: z.string(),
      statements: z.number().int(),
      paid: money,
      /** Settled before: this run wrote and paid nothing. */
      alreadySettled: z.boolean(),
    }),
  ),
});
