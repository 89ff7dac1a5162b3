import Popup from 'antd-mobile/es/components/popup';
import { useT } from '../../../lib/i18n';
import type { CashoutValue } from './api';
import { AutoCashout } from './auto-cashout';
import { CashoutDoneView } from './cashout-done';
import './cashout-i18n';
import { CashoutPart } from './cashout-part';
import './cashout.css';
import { useCashoutSheet } from './use-cashout-sheet';

/**
 * The cash-out sheet (bottom sheet) of one open billiards bet: its quote, the part of the running
 * stake, confirm; then what was paid. Below, the bet's automatic cash-out.
 */
export function CashoutSheet({
  betNo,
  value,
  onAutoSaved,
  onClose,
}: {
  betNo: string | null;
  /** The bet's value as the page has it (its automatic cash-out). */
  value: CashoutValue | undefined;
  onAutoSaved: (value: CashoutValue) => void;
  onClose: () => void;
}) {
  return (
    <Popup
      visible={betNo !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {betNo !== null && (
        <SheetBody key={betNo} betNo={betNo} value={value} onAutoSaved={onAutoSaved} onClose={onClose} />
      )}
    </Popup>
  );
}

function SheetBody({
  betNo,
  value,
  onAutoSaved,
  onClose,
}: {
  betNo: string;
  value: CashoutValue | undefined;
  onAutoSaved: (value: CashoutValue) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const sheet = useCashoutSheet(betNo);
  const { phase } = sheet.state;
  return (
    <div className="sheet-form cashout" data-testid="cashout-sheet" data-bet-no={betNo} data-phase={phase.kind}>
      <div className="sheet-head">
        <h2>{t('cashout.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('cashout.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="cashout-bet-no muted small mono">{betNo}</div>
      {phase.kind === 'done' ? (
        <CashoutDoneView done={phase.done} onClose={onClose} />
      ) : (
        <>
          {phase.kind === 'quoting' && sheet.quote === null && (
            <div className="cashout-wait muted" data-testid="cashout-quoting">
              {t('cashout.quoting')}
            </div>
          )}
          {phase.kind === 'quoteFailed' && (
            <div className="cashout-alert" role="alert" data-testid="cashout-quote-failed">
              <span>{phase.text}</span>
              <button type="button" className="btn btn-ghost btn-small" onClick={sheet.requote}>
                {t('cashout.retry')}
              </button>
            </div>
          )}
          {sheet.quote !== null && <CashoutPart sheet={sheet} />}
          <AutoCashout betNo={betNo} autoAt={value?.autoAt ?? null} onSaved={onAutoSaved} />
        </>
      )}
    </div>
  );
}
