import { useState } from 'react';
import { useT } from '../../lib/i18n';
import './i18n';

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
