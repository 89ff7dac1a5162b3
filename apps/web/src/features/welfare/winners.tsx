import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import type { SpinInfo } from './api/spin';

/** Everyone's recent prizes, scrolling sideways (still, and scrollable by hand, for reduced motion). */
export function Winners({ winners }: { winners: SpinInfo['winners'] }) {
  const { t } = useT();
  const items = (hidden: boolean) =>
    winners.map((w, i) => (
      <span key={`${hidden ? 'b' : 'a'}${i}`} className="marquee-item" aria-hidden={hidden || undefined}>
        <span className="marquee-user">{w.username}</span> {t('wheel.won')}{' '}
        <strong>{w.amount > 0 ? <MoneyText value={w.amount} /> : w.label}</strong>
      </span>
    ));
  return (
    <section className="card winners" data-testid="winners">
      <span className="winners-title">{t('wheel.winners')}</span>
      {winners.length === 0 ? (
        <span className="muted small">{t('wheel.winnersNone')}</span>
      ) : (
        <div className="marquee">
          {/* The list twice, so the loop joins up without a gap. */}
          <div className="marquee-track" style={{ animationDuration: `${Math.max(12, winners.length * 4)}s` }}>
            {items(false)}
            {items(true)}
          </div>
        </div>
      )}
    </section>
  );
}
