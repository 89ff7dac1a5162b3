import type { taiqiu } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { parlayRulesQuery } from './api/parlay';
import { useParlay, type AddResult } from './parlay-store';
import './parlay-i18n';
import './parlay.css';

const TOAST: Record<Exclude<AddResult, 'exists'>, string> = {
  added: 'taiqiu.parlay.added',
  replaced: 'taiqiu.parlay.replaced',
  full: 'taiqiu.parlay.full',
};

/**
 * The single slip's "+ 加入串关": puts its pick in the parlay instead of betting it alone (a
 * second pick of the same match takes the first one's place, and says so); "已加入串关 · 移出"
 * when the pick is there. Only for the market types the parlay rules take, while the market is open.
 */
export function ParlayAdd({
  match,
  market,
  selection,
  open,
  onAdded,
}: {
  match: taiqiu.MatchDetails;
  market: taiqiu.Market;
  selection: taiqiu.Market['selections'][number];
  open: boolean;
  /** After the pick went in (the single slip closes). */
  onAdded: () => void;
}) {
  const { t } = useT();
  const rules = useQuery(parlayRulesQuery());
  const legs = useParlay((s) => s.legs);
  if (!rules.data || !rules.data.legTypes.includes(market.type)) return null;
  const { maxLegs } = rules.data;
  const inSlip = legs.some((l) => l.matchId === match.id && l.selectionId === selection.id);
  const full = !legs.some((l) => l.matchId === match.id) && legs.length >= maxLegs;

  const add = () => {
    const result = useParlay.getState().add(
      {
        matchId: match.id,
        marketId: market.id,
        selectionId: selection.id,
        marketType: market.type,
        gameName: `${match.playerA.name} vs ${match.playerB.name}`,
        marketName: market.name,
        selectionName: selection.name,
        odds: selection.odds,
        minStake: market.minStake,
        maxStake: market.maxStake,
      },
      maxLegs,
    );
    if (result === 'exists') return;
    const n = useParlay.getState().legs.length;
    void showToast(t(TOAST[result], { n: result === 'full' ? maxLegs : n }), result === 'full' ? undefined : 'success');
    if (result !== 'full') onAdded();
  };

  return (
    <div className="parlay-add" data-testid="parlay-add-row">
      <span className="muted small">
        {full
          ? t('taiqiu.parlay.full', { n: maxLegs })
          : legs.length > 0
            ? t('taiqiu.parlay.addHintN', { n: legs.length })
            : t('taiqiu.parlay.addHint')}
      </span>
      {inSlip ? (
        <button
          type="button"
          className="chip chip-active parlay-add-btn"
          onClick={() => {
            useParlay.getState().remove(match.id);
            void showToast(t('taiqiu.parlay.removed'));
          }}
          data-testid="parlay-add"
          data-in="1"
        >
          {t('taiqiu.parlay.inSlip')} · {t('taiqiu.parlay.removeOne')}
        </button>
      ) : (
        <button
          type="button"
          className="chip parlay-add-btn"
          disabled={!open || full}
          onClick={add}
          data-testid="parlay-add"
          data-in="0"
        >
          {t('taiqiu.parlay.add')}
        </button>
      )}
    </div>
  );
}
