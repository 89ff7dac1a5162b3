import { eq } from 'drizzle-orm';
import { ErrorCode, type cashout, type taiqiuAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import type { Conn } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { publishMatch } from '../matches.js';
import { cashoutRules, matches } from '../tables.js';

/** The book's cash-out margin and tolerance. */
export async function cashoutRulesOf(db: Conn): Promise<cashout.CashoutRuleSet> {
  const [row] = await db.select().from(cashoutRules).where(eq(cashoutRules.id, 1));
  if (!row) throw new Error('taiqiu_cashout_rules has no row (drizzle/0049_cashout.sql)');
  return { marginBp: row.marginBp, toleranceBp: row.toleranceBp };
}

type In<K extends 'cashoutSettingsSet' | 'cashoutSwitch'> = z.output<(typeof taiqiuAdmin)[K]['request']>;

/** Sets the margin and tolerance, audited with what they were; quotes given before stand. */
export const operatorSetCashoutRules = (ctx: AppContext, operator: string, input: In<'cashoutSettingsSet'>) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      await tx.select().from(cashoutRules).where(eq(cashoutRules.id, 1)).for('update');
      const before = await cashoutRulesOf(tx);
      await tx
        .update(cashoutRules)
        .set({ marginBp: input.marginBp, toleranceBp: input.toleranceBp, updatedAt: ctx.now() })
        .where(eq(cashoutRules.id, 1));
      return { before, after: await cashoutRulesOf(tx) };
    },
    ({ before, after }) => ({
      action: 'taiqiu.cashout.settings',
      target: 'cash-out rules',
      payload: input,
      before,
      after,
    }),
  ).then(({ after }) => after);

/** Switches cash-out off or on for the match's bets (parlays with a leg on it included), audited. */
export const operatorSwitchCashout = (ctx: AppContext, operator: string, input: In<'cashoutSwitch'>) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const [match] = await tx.select().from(matches).where(eq(matches.id, input.matchId)).for('update');
      if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound', undefined, { field: 'matchId' });
      await tx.update(matches).set({ cashoutOff: input.off }).where(eq(matches.id, input.matchId));
      // Its bets' owners hear their values (now unavailable, or back) with the match's news.
      await publishMatch(tx, ctx, input.matchId);
      return { before: match.cashoutOff };
    },
    ({ before }) => ({
      action: 'taiqiu.match.cashout',
      target: `match ${input.matchId}`,
      payload: input,
      before: { cashoutOff: before },
      after: { cashoutOff: input.off },
    }),
  ).then(() => ({ id: input.matchId, cashoutOff: input.off }));
