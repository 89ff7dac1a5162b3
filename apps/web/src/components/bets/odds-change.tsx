import Popup from 'antd-mobile/es/components/popup';
import { useId, useState } from 'react';
import { ODDS_CHANGES, useBetPreferences, useSetOddsChange, type OddsChange } from '../../lib/bet-preferences';
import { useT } from '../../lib/i18n';
import { errorText, showToast } from '../../lib/toast';
import { RadioMark } from '../ui/radio-mark';
import './bets.css';
import './i18n';

/*
 * The price-change preference of in-play bets (赔率变化时: 不接受 / 只接受更高 / 接受任何), on
 * the bet slip and in /user/setting: read from taiqiu/preferences, saved with
 * taiqiu/preferencesSet as soon as it is chosen (shown at once; put back with a toast when the
 * save fails).
 */

/** The preference as saved (null until loaded) and `choose`, which saves a new one. */
export function useOddsChange() {
  const { t } = useT();
  const q = useBetPreferences();
  const save = useSetOddsChange((err) => void showToast(t('bets.pref.saveFailed', { reason: errorText(err) }), 'fail'));
  const value = q.data?.oddsChange ?? null;
  return {
    value,
    failed: q.isError && value === null,
    retry: () => void q.refetch(),
    choose: (next: OddsChange) => {
      if (next !== value) save.mutate(next);
    },
  };
}

/** The three choices as radio rows, each saying what it does. */
export function OddsChangeOptions({
  value,
  onChoose,
  labelledBy,
}: {
  value: OddsChange | null;
  onChoose: (v: OddsChange) => void;
  labelledBy?: string;
}) {
  const { t } = useT();
  return (
    <div className="oc-options" role="radiogroup" aria-labelledby={labelledBy} data-testid="odds-change-options">
      {ODDS_CHANGES.map((k) => (
        <button
          key={k}
          type="button"
          role="radio"
          aria-checked={value === k}
          className={`oc-option${value === k ? ' oc-option-on' : ''}`}
          onClick={() => onChoose(k)}
          data-testid={`odds-change-${k}`}
        >
          <RadioMark on={value === k} />
          <span className="oc-option-text">
            <span className="oc-option-label">{t(`bets.pref.${k}`)}</span>
            <span className="oc-option-hint">{t(`bets.pref.hint.${k}`)}</span>
          </span>
        </button>
      ))}
    </div>
  );
}

/**
 * On the bet slip: one row, 赔率变化时 and the choice, that opens the three choices in place; a
 * choice saves and closes them.
 */
export function OddsChangeRow() {
  const { t } = useT();
  const pref = useOddsChange();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  return (
    <div className={`oc${open ? ' oc-open' : ''}`} data-testid="odds-change" data-value={pref.value ?? ''}>
      <button
        type="button"
        className="oc-head"
        aria-expanded={open}
        onClick={() => (pref.failed ? pref.retry() : setOpen((o) => !o))}
        data-testid="odds-change-toggle"
      >
        <span className="oc-label" id={labelId}>
          {t('bets.pref.title')}
        </span>
        <span className="oc-value" data-testid="odds-change-value">
          {pref.failed ? t('bets.pref.retry') : pref.value === null ? '…' : t(`bets.pref.${pref.value}`)}
        </span>
        <span className="oc-caret" aria-hidden="true" />
      </button>
      {open && pref.value !== null && (
        <OddsChangeOptions
          value={pref.value}
          labelledBy={labelId}
          onChoose={(v) => {
            pref.choose(v);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

/** /user/setting: the preference's sheet, with what in-play acceptance is; a choice saves and closes it. */
export function OddsChangeSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useT();
  const pref = useOddsChange();
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      <div className="sheet-form" data-testid="odds-change-sheet">
        <div className="sheet-head">
          <h2 id={titleId}>{t('bets.pref.title')}</h2>
          <button type="button" className="icon-btn" aria-label={t('bets.pref.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <p className="muted small oc-intro">{t('bets.pref.intro')}</p>
        <OddsChangeOptions
          value={pref.value}
          labelledBy={titleId}
          onChoose={(v) => {
            pref.choose(v);
            onClose();
          }}
        />
      </div>
    </Popup>
  );
}
