import { eq } from 'drizzle-orm';
import { taiqiu, type taiqiuAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import type { Conn } from '../../../platform/db.js';
import { parlayRules } from '../tables.js';

/** The book's parlay rules: the most legs, the most a slip may return, the market types a leg may be of. */
export async function rulesOf(db: Conn): Promise<taiqiu.ParlayRuleSet> {
  const [row] = await db.select().from(parlayRules).where(eq(parlayRules.id, 1));
  if (!row) throw new Error('taiqiu_parlay_rules has no row (drizzle/0048_parlays.sql)');
  // In the book's order, whatever order the operator gave.
  const legTypes = taiqiu.marketTypes.filter((type) => row.legTypes.includes(type));
  return { maxLegs: row.maxLegs, maxReturn: row.maxReturn, legTypes };
}

type RulesInput = z.output<(typeof taiqiuAdmin)['parlaySettingsSet']['request']>;

/** Sets the parlay rules, audited with what they were; slips placed before stand. */
export const operatorSetParlayRules = (ctx: AppContext, operator: string, input: RulesInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const [locked] = await tx.select().from(parlayRules).where(eq(parlayRules.id, 1)).for('update');
      if (!locked) throw new Error('taiqiu_parlay_rules has no row (drizzle/0048_parlays.sql)');
      const before = await rulesOf(tx);
      const { maxLegs, maxReturn, legTypes } = input;
      await tx
        .update(parlayRules)
        .set({ maxLegs, maxReturn, legTypes: [...new Set(legTypes)], updatedAt: ctx.now() })
        .where(eq(parlayRules.id, 1));
      return { before, after: await rulesOf(tx) };
    },
    ({ before, after }) => ({
      action: 'taiqiu.parlay.settings',
      target: 'parlay rules',
      payload: input,
      before,
      after,
    }),
  ).then(({ after }) => after);
