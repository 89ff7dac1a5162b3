import { useQuery, useQueryClient } from '@tanstack/react-query';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { newClientSeed } from '../../lib/fair';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { welfareKeys } from './api/rewards';
import { drawSpin, spinInfoQuery, type SpinInfo, type SpinResult } from './api/spin';
import { FairSection } from './fair-section';
import { SpinRecords } from './spin-records';
import { prefersReducedMotion, SPIN_MS, landingRotation, Wheel } from './wheel';
import { Winners } from './winners';
import './welfare-ui';

type Phase = 'idle' | 'drawing' | 'spinning';

/**
 * /user/tiantianzhuan, the daily wheel: spins left and how to earn more, the wheel (it stops on
 * the prize the server drew; no animation for reduced motion), the result, everyone's recent
 * prizes, my prizes with their fairness data, and how to verify a draw.
 */
export default function TiantianzhuanPage() {
  const q = useQuery(spinInfoQuery());
  // The player may type their own; each spin then gets a fresh one.
  const [clientSeed, setClientSeed] = useState(newClientSeed);
  if (q.isError && !q.data) {
    return (
      <div className="page welfare">
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  return (
    <div className="page welfare wheel-page" data-testid="wheel-page">
      {q.data ? (
        <WheelPanel info={q.data} clientSeed={clientSeed} onSeedUsed={() => setClientSeed(newClientSeed())} />
      ) : (
        <div className="wheel-skeleton" aria-busy="true">
          <span className="sk wheel-sk-disc" />
          <SkeletonLines count={2} />
        </div>
      )}
      {q.data && <Winners winners={q.data.winners} />}
      <SpinRecords />
      {q.data && <FairSection info={q.data} clientSeed={clientSeed} onClientSeed={setClientSeed} />}
    </div>
  );
}

function WheelPanel({ info, clientSeed, onSeedUsed }: { info: SpinInfo; clientSeed: string; onSeedUsed: () => void }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const qc = useQueryClient();
  const prizes = [...info.prizes].sort((a, b) => a.index - b.index);
  const [rotation, setRotation] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<SpinResult | null>(null);
  const pressed = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  /** The wheel has stopped: the result shows, and this page's lists (my prizes, winners) catch up. */
  const finish = (r: SpinResult) => {
    timer.current = null;
    pressed.current = false;
    setPhase('idle');
    setResult(r);
    void qc.invalidateQueries({ queryKey: welfareKeys.all });
  };

  const spin = async () => {
    if (pressed.current) return;
    pressed.current = true;
    setPhase('drawing');
    try {
      const r = await drawSpin(clientSeed.trim() || newClientSeed());
      onSeedUsed();
      qc.setQueryData<SpinInfo>(
        welfareKeys.spin(),
        (old) => old && { ...old, spinsLeft: r.spinsLeft, used: old.used + 1 },
      );
      // The prize is decided now: every welfare figure is stale, so the other pages refetch when
      // opened, even if this one is left mid-spin; this page's lists wait for the wheel to stop.
      void qc.invalidateQueries({ queryKey: welfareKeys.all, refetchType: 'none' });
      setRotation((from) => landingRotation(from, r.prizeIndex, prizes.length));
      if (prefersReducedMotion()) return finish(r);
      setPhase('spinning');
      timer.current = setTimeout(() => finish(r), SPIN_MS);
    } catch (err) {
      pressed.current = false;
      setPhase('idle');
      void showToast(errorText(err), 'fail');
      void qc.invalidateQueries({ queryKey: welfareKeys.spin() });
    }
  };

  const none = info.spinsLeft <= 0;
  const fromDeposits = info.fromDeposits;
  return (
    <>
      <section className="card wheel-card">
        <Wheel
          prizes={prizes}
          rotation={rotation}
          spinning={phase === 'spinning'}
          landed={result?.prizeIndex ?? null}
          button={
            <button
              type="button"
              className="wheel-go"
              disabled={none || phase !== 'idle'}
              aria-busy={phase !== 'idle'}
              aria-label={t('wheel.spinLabel')}
              onClick={() => void spin()}
              data-testid="spin"
            >
              <span>{t('wheel.spin')}</span>
            </button>
          }
        />
        <p className={`wheel-left${none ? ' wheel-left-none' : ''}`} data-testid="spins-left" aria-live="polite">
          {phase === 'spinning'
            ? t('wheel.spinning')
            : none
              ? t('wheel.noneLeft')
              : t('wheel.left', { n: info.spinsLeft })}
        </p>
      </section>

      <section className="card wheel-how" data-testid="wheel-how">
        <h2 className="wheel-how-title">{t('wheel.howTitle')}</h2>
        <ul>
          <li>{t('wheel.howFree')}</li>
          <li>{t('wheel.howDeposit', { min: formatMoney(info.depositMin, symbol), max: info.depositMax })}</li>
        </ul>
        <div className="wheel-how-foot">
          <span className="muted small">
            {t('wheel.howUsage', { free: info.free, deposit: fromDeposits, used: info.used })}
          </span>
          <Link to={pathTo('chongzhi')} className="btn btn-ghost btn-small" data-testid="to-deposit">
            {t('wheel.deposit')}
          </Link>
        </div>
      </section>

      <SpinResultSheet
        result={result}
        canSpin={info.spinsLeft > 0}
        onClose={() => setResult(null)}
        onAgain={() => {
          setResult(null);
          void spin();
        }}
      />
    </>
  );
}

function SpinResultSheet({
  result,
  canSpin,
  onClose,
  onAgain,
}: {
  result: SpinResult | null;
  canSpin: boolean;
  onClose: () => void;
  onAgain: () => void;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const won = result !== null && result.amount > 0;
  return (
    <CenterPopup visible={result !== null} onMaskClick={onClose} bodyClassName="spin-result" destroyOnClose>
      {result && (
        <div data-testid="spin-result" data-prize-index={result.prizeIndex}>
          <div className={`spin-result-burst${won ? '' : ' spin-result-lose'}`} aria-hidden="true" />
          <h2>{won ? t('wheel.resultWin') : t('wheel.resultLose')}</h2>
          {won && !result.label.includes((result.amount / 100).toFixed(2)) && (
            <p className="spin-result-label">{result.label}</p>
          )}
          <p className="spin-result-prize gold-text" data-testid="spin-result-prize">
            {won ? <MoneyText value={result.amount} /> : result.label}
          </p>
          <p className="muted small">{won ? t('wheel.resultClaimHint') : t('wheel.resultLoseText')}</p>
          <div className="spin-result-actions">
            {won ? (
              <>
                <button type="button" className="btn btn-ghost" onClick={onClose}>
                  {t('wheel.close')}
                </button>
                <button
                  type="button"
                  className="btn btn-gold"
                  onClick={() => void navigate(pathTo('lingjiang'))}
                  data-testid="spin-claim"
                >
                  {t('wheel.claim')}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="btn btn-ghost" onClick={onClose}>
                  {t('wheel.close')}
                </button>
                {canSpin && (
                  <button type="button" className="btn btn-gold" onClick={onAgain}>
                    {t('wheel.again')}
                  </button>
                )}
              </>
            )}
          </div>
        </div>
      )}
    </CenterPopup>
  );
}
