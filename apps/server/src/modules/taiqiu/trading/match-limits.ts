import type { taiqiuAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import { lockedMatch, setMarketSettings, settingsOf } from '../operator.js';
import { tradingRulesRow } from './rules.js';

type LimitInput = z.output<(typeof taiqiuAdmin)['limitSet']['request']>;

/**
 * Sets the match's own liability limit of a market type (null: the book's default again), audited
 * with what it was. Bets placed before stand; a market held at its limit stays held until a trader
 * opens it.
 */
export const operatorSetLimit = (ctx: AppContext, operator: string, input: LimitInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const { match } = await lockedMatch(tx, input.matchId);
      const { liabilityLimit: _was, ...kept } = match.marketSettings[input.type] ?? {};
      const after = input.liabilityLimit === null ? kept : { ...kept, liabilityLimit: input.liabilityLimit };
      await setMarketSettings(tx, ctx, match, input.type, after);
      const marketSettings = { ...match.marketSettings, [input.type]: after };
      return {
        before: match.marketSettings[input.type]?.liabilityLimit ?? null,
        settings: settingsOf({ ...match, marketSettings }, await tradingRulesRow(tx)),
      };
    },
    ({ before }) => ({
      action: 'taiqiu.match.limit',
      target: `match ${input.matchId} ${input.type}`,
      payload: input,
      before: { liabilityLimit: before },
      after: { liabilityLimit: input.liabilityLimit },
    }),
  ).then(({ settings }) => ({ id: input.matchId, marketSettings: settings }));
