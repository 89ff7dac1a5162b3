import { newClientSeed } from '../../lib/fair';
import { useT } from '../../lib/i18n';
import type { SpinInfo } from './api/spin';

/** Provably fair: today's committed hash, yesterday's revealed seed, and how to check a draw. */
export function FairSection({
  info,
  clientSeed,
  onClientSeed,
}: {
  info: SpinInfo;
  clientSeed: string;
  onClientSeed: (seed: string) => void;
}) {
  const { t } = useT();
  return (
    <>
      <h2 className="section-title">{t('fair.title')}</h2>
      <section className="card fair" data-testid="fairness">
        <p className="muted small fair-intro">{t('fair.intro')}</p>
        <dl className="fair-rows">
          <dt>{t('fair.todayHash', { date: info.today.date })}</dt>
          <dd className="mono" data-testid="today-hash">
            {info.today.seedHash}
          </dd>
          {info.yesterday ? (
            <>
              <dt>{t('fair.yesterdaySeed', { date: info.yesterday.date })}</dt>
              <dd className="mono" data-testid="yesterday-seed">
                {info.yesterday.serverSeed}
              </dd>
              <dt>{t('fair.yesterdayHash')}</dt>
              <dd className="mono">{info.yesterday.seedHash}</dd>
            </>
          ) : (
            <>
              <dt>{t('fair.yesterday')}</dt>
              <dd className="muted">{t('fair.noYesterday')}</dd>
            </>
          )}
        </dl>
        <label className="fair-seed">
          <span className="small">{t('fair.nextClientSeed')}</span>
          <span className="fair-seed-box">
            <input
              value={clientSeed}
              maxLength={64}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => onClientSeed(e.target.value)}
              data-testid="client-seed"
            />
            <button type="button" className="btn btn-ghost btn-small" onClick={() => onClientSeed(newClientSeed())}>
              {t('fair.newSeed')}
            </button>
          </span>
        </label>
        <h3 className="fair-how-title">{t('fair.howTitle')}</h3>
        <ol className="fair-how">
          <li>{t('fair.how1')}</li>
          <li>{t('fair.how2')}</li>
          <li>{t('fair.how3')}</li>
        </ol>
      </section>
    </>
  );
}
