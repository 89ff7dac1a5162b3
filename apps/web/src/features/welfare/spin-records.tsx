import { useState } from 'react';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { RecordList } from '../../components/ui/record-list';
import { useSiteTime } from '../../lib/time';
import { canVerify, fairFloat, sha256Hex, weightedIndex } from '../../lib/fair';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { welfareKeys } from './api/rewards';
import { fetchSpinRecords, type SpinDraw, type SpinRecordsPage } from './api/spin';

/** My prizes, newest first, each with the data that proves it (and, once the seed is out, a check). */
export function SpinRecords() {
  const { t } = useT();
  return (
    <>
      <h2 className="section-title">{t('wheel.mine')}</h2>
      <RecordList<SpinDraw, SpinRecordsPage>
        queryKey={welfareKeys.spinRecords()}
        fetchPage={fetchSpinRecords}
        itemKey={(d) => d.id}
        testId="spin-records"
        skeletonRows={2}
        empty={{ icon: '◎', title: t('wheel.mineEmpty'), text: t('wheel.mineEmptyText') }}
        renderItem={(d) => <DrawRow draw={d} />}
      />
    </>
  );
}

function DrawRow({ draw: d }: { draw: SpinDraw }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <div className="rec spin-rec" data-draw-id={d.id}>
      <div className="rec-top">
        <span className="muted small">{formatDateTime(d.createdAt)}</span>
        {d.amount > 0 ? (
          <MoneyText value={d.amount} className="rec-amount gold-text" />
        ) : (
          <span className="rec-title muted">{d.label}</span>
        )}
      </div>
      <div className="rec-bottom">
        <span>{d.amount > 0 ? t('wheel.prizeWon') : t('wheel.noPrize')}</span>
        {d.rewardId !== null && (
          <Link to={pathTo('lingjiang')} className="spin-rec-claim">
            {t('wheel.rewardsLink')} ›
          </Link>
        )}
      </div>
      <details className="fair-details">
        <summary>{t('wheel.fairData')}</summary>
        <dl className="fair-rows">
          <dt>{t('fair.date')}</dt>
          <dd>{d.date}</dd>
          <dt>{t('fair.seedHash')}</dt>
          <dd className="mono">{d.seedHash}</dd>
          <dt>{t('fair.serverSeed')}</dt>
          <dd className={d.serverSeed ? 'mono' : 'muted'}>{d.serverSeed ?? t('fair.seedLater')}</dd>
          <dt>{t('fair.clientSeed')}</dt>
          <dd className="mono">{d.clientSeed}</dd>
          <dt>{t('fair.nonce')}</dt>
          <dd className="mono">{d.nonce}</dd>
          <dt>{t('fair.weights')}</dt>
          <dd className="mono">[{d.weights.join(', ')}]</dd>
        </dl>
        {d.serverSeed !== null && <VerifyDraw draw={d} serverSeed={d.serverSeed} />}
      </details>
    </div>
  );
}

type Check = 'idle' | 'busy' | 'unsupported' | { hashOk: boolean; index: number };

/** Recomputes the draw in the browser from the revealed seed: hash first, then the prize. */
function VerifyDraw({ draw: d, serverSeed }: { draw: SpinDraw; serverSeed: string }) {
  const { t } = useT();
  const [check, setCheck] = useState<Check>('idle');
  const verify = async () => {
    if (!canVerify()) return setCheck('unsupported');
    setCheck('busy');
    const [hash, x] = await Promise.all([sha256Hex(serverSeed), fairFloat(serverSeed, d.clientSeed, d.nonce)]);
    setCheck({ hashOk: hash === d.seedHash, index: weightedIndex(d.weights, x) });
  };
  return (
    <div className="fair-verify">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={check === 'busy'}
        onClick={() => void verify()}
        data-testid="verify-draw"
      >
        {t(check === 'busy' ? 'fair.verifying' : 'fair.verify')}
      </button>
      {check === 'unsupported' && <p className="fair-bad small">{t('fair.unsupported')}</p>}
      {typeof check === 'object' &&
        (check.hashOk && check.index === d.prizeIndex ? (
          <p className="fair-ok small" data-testid="verify-result">
            ✓ {t('fair.ok', { n: check.index + 1 })}
          </p>
        ) : (
          <p className="fair-bad small" data-testid="verify-result">
            ✗{' '}
            {t('fair.bad', {
              why: check.hashOk ? t('fair.badIndex', { n: check.index + 1 }) : t('fair.badHash'),
            })}
          </p>
        ))}
    </div>
  );
}
