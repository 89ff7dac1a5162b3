import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { ParlaySheet } from './parlay-slip';
import './parlay-i18n';
import './parlay.css';
import { useParlaySlip } from './use-parlay-slip';

/**
 * The parlay bar floating over a page once legs are collected ("串关 3", the chosen system), and
 * the parlay slip it opens. The slip's state lives here, so a pending slip is still decided with
 * the sheet closed.
 */
export function ParlayDock() {
  const { t } = useT();
  const slip = useParlaySlip();
  const [open, setOpen] = useState(false);
  const n = slip.legs.length;
  const { phase } = slip.state;
  const pending = phase.kind === 'pending';
  const close = () => {
    // Closing an accepted slip is done with it: the next legs make a new one.
    if (phase.kind === 'accepted') slip.done();
    setOpen(false);
  };
  const system = n >= 2 ? slip.systems.find((s) => s.sizes.join(',') === slip.sizes?.join(','))?.name : null;
  return (
    <>
      {(n > 0 || pending) && (
        <>
          <div className="parlay-bar-space" aria-hidden="true" />
          <button
            type="button"
            className={`parlay-bar${pending ? ' parlay-bar-pending' : ''}`}
            onClick={() => setOpen(true)}
            data-testid="parlay-bar"
            data-legs={n}
          >
            <span className="parlay-bar-tag">
              {t('taiqiu.parlay.bar')}
              <span className="parlay-bar-n" data-testid="parlay-bar-count">
                {n}
              </span>
            </span>
            <span className="parlay-bar-text">
              {pending
                ? t('taiqiu.parlay.barPending')
                : `${t('taiqiu.parlay.barLegs', { n })}${system ? ` · ${system}` : ''}`}
            </span>
            <span className="parlay-bar-go">{t('taiqiu.parlay.barOpen')} ›</span>
          </button>
        </>
      )}
      <ParlaySheet visible={open} slip={slip} onClose={close} />
    </>
  );
}
