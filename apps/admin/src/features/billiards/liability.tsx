import type { CSSProperties } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tooltip, Typography } from 'antd';
import { taiqiuAdmin } from '@breakshot/contracts';
import { Liability } from '../../components/liability-text';
import { call } from '../../lib/api';
import { usePollWhileDown } from '../../lib/console-live';
import { money } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { useMay } from '../../lib/use-may';
import { billiardsTexts as t } from './texts';

/*
 * The book's liability on the board (docs/design.md §9, "Liability"): a match's worst case in the
 * list, each market's in its card, each selection's net beside its odds. Above 0 the book loses
 * (red); at or below, it keeps money whatever happens.
 */

/** How often an open match's liability is read again while the live connection is down. */
const LIABILITY_REFRESH_MS = 2_000;

const tabular: CSSProperties = { fontVariantNumeric: 'tabular-nums' };

/**
 * The match's liability by market and selection while it may be bet on: read again on news of its
 * book (lib/console-live.tsx), or every few seconds while the live connection is down.
 */
export function useMatchLiability(matchId: number, open: boolean) {
  const may = useMay();
  const input = { matchId };
  const refetchInterval = usePollWhileDown(LIABILITY_REFRESH_MS);
  const { data } = useQuery({
    queryKey: callKey(taiqiuAdmin.liability, input),
    queryFn: ({ signal }) => call(taiqiuAdmin.liability, input, { signal }),
    enabled: open && may(taiqiuAdmin.liability),
    refetchInterval,
    placeholderData: keepPreviousData,
  });
  const markets = new Map(data?.markets.map((m) => [m.marketId, m]));
  const selections = new Map(data?.markets.flatMap((m) => m.selections.map((s) => [s.selectionId, s] as const)));
  return { worst: data?.worst, markets, selections };
}

/** A market's stakes and worst case, at the foot of its card (a market without bets shows none). */
export function MarketLiabilityLine({ market }: { market: taiqiuAdmin.MarketLiability }) {
  if (market.stake === 0) return null;
  return (
    <Tooltip title={t.worstTip}>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, ...tabular }}>
        {t.marketStake(money(market.stake))} · {t.worst} <Liability amount={market.worst} size={12} />
      </Typography.Text>
    </Tooltip>
  );
}

/** A selection's bets and net for the book if it wins, under its odds; its stakes and return in the tooltip. */
export function SelectionExposure({ exposure }: { exposure: taiqiuAdmin.SelectionLiability }) {
  const { bets, stake, payout, net } = exposure;
  return (
    <Tooltip title={t.exposureTip(bets, money(stake), money(payout), money(net))}>
      <Typography.Text
        type="secondary"
        data-testid={`exposure-${exposure.selectionId}`}
        style={{ display: 'block', textAlign: 'right', fontSize: 12, lineHeight: '16px', ...tabular }}
      >
        {t.betsN(bets)} · <Liability amount={net} size={12} />
      </Typography.Text>
    </Tooltip>
  );
}
