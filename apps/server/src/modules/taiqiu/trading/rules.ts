import { eq } from 'drizzle-orm';
import { taiqiu, type taiqiuAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import type { Conn } from '../../../platform/db.js';
import { tradingRules, type MatchRow } from '../tables.js';

/* The book's trading rules (docs/design.md §9, "Limits"): one row, set by an admin. */

type Row = typeof tradingRules.$inferSelect;
export type TradingRulesRow = Row;
type RulesInput = z.output<(typeof taiqiuAdmin)['tradingRulesSet']['request']>;

const MISSING = 'taiqiu_trading_rules has no row (drizzle/0051_trading_limits.sql)';

/** The rules as the console shows them: every market type's limit, in the book's order. */
export const ruleSetOf = (
  row: Pick<Row, 'liabilityLimits' | 'bigBet' | 'correctionSecondAbove'>,
): taiqiuAdmin.TradingRuleSet => ({
  liabilityLimits: taiqiu.marketTypes.map((type) => ({ type, liabilityLimit: row.liabilityLimits[type] ?? null })),
  bigBet: row.bigBet,
  correctionSecondAbove: row.correctionSecondAbove,
});

/** The rules' row, as the bets read it. */
export async function tradingRulesRow(db: Conn): Promise<Row> {
  const [row] = await db.select().from(tradingRules).where(eq(tradingRules.id, 1));
  if (!row) throw new Error(MISSING);
  return row;
}

export const tradingRulesOf = async (db: Conn): Promise<taiqiuAdmin.TradingRuleSet> =>
  ruleSetOf(await tradingRulesRow(db));

/**
 * The most the book may lose on a market of `type` of the match: the match's own limit, else the
 * book's default; null: none.
 */
export function liabilityLimitOf(
  book: Pick<Row, 'liabilityLimits'> | null,
  match: Pick<MatchRow, 'marketSettings'>,
  type: taiqiu.MarketType,
): number | null {
  return match.marketSettings[type]?.liabilityLimit ?? book?.liabilityLimits[type] ?? null;
}

/** Sets the book's defaults, audited with what they were; a match's own limits stay. */
export const operatorSetTradingRules = (ctx: AppContext, operator: string, input: RulesInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const [locked] = await tx.select().from(tradingRules).where(eq(tradingRules.id, 1)).for('update');
      if (!locked) throw new Error(MISSING);
      const liabilityLimits: Row['liabilityLimits'] = { ...locked.liabilityLimits };
      for (const { type, liabilityLimit } of input.liabilityLimits) {
        if (liabilityLimit === null) delete liabilityLimits[type];
        else liabilityLimits[type] = liabilityLimit;
      }
      const correctionSecondAbove =
        input.correctionSecondAbove === undefined ? locked.correctionSecondAbove : input.correctionSecondAbove;
      const set = { liabilityLimits, bigBet: input.bigBet, correctionSecondAbove };
      await tx
        .update(tradingRules)
        .set({ ...set, updatedAt: ctx.now() })
        .where(eq(tradingRules.id, 1));
      return { before: ruleSetOf(locked), after: ruleSetOf(set) };
    },
    ({ before, after }) => ({ action: 'taiqiu.trading.rules', target: 'trading rules', payload: input, before, after }),
  ).then(({ after }) => after);
