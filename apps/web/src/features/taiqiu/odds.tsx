import { useState } from 'react';
import { useT } from '../../lib/i18n';
import './i18n';

/** Decimal odds with two or three places: 1.9 → '1.90', 1.875 → '1.875'. */
export function formatOdds(odds: number): string {
  const milli = Math.round(odds * 1000);
  return milli % 10 === 0 ? (milli / 1000).toFixed(2) : (milli / 1000).toFixed(3);
}

/** ▲ / ▼ after the odds when they moved up / down from `before`. */
export function OddsTrendMark({ now, before }: { now: number; before: number | null }) {
  const { t } = useT();
  if (before === null || before === now) return null;
  const up = now > before;
  return (
    <span
      className={`odds-trend ${up ? 'odds-up' : 'odds-down'}`}
      aria-label={t(up ? 'taiqiu.oddsUp' : 'taiqiu.oddsDown')}
      data-trend={up ? 'up' : 'down'}
    >
      {up ? '▲' : '▼'}
    </span>
  );
}

/** The previous value of odds that changed (null until they change); renders again on each change. */
export function useOddsBefore(odds: number): number | null {
  const [state, setState] = useState<{ now: number; before: number | null }>({ now: odds, before: null });
  if (state.now !== odds) {
    setState({ now: odds, before: state.now });
  }
  return state.now !== odds ? state.now : state.before;
}
