import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useSiteZone } from '../../lib/time';
import { ChipRadios } from './chip-filter';
import {
  customRange,
  DATE_PRESETS,
  MAX_CUSTOM_DAYS,
  presetRange,
  rangeInstants,
  type DatePreset,
  type DateRange,
} from './date-range';
import './ui-i18n';
import './ui.css';

export interface DateFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** IANA zone of the site (sys config); ranges are calendar days there. */
  timeZone: string;
  /** Clock, for tests. */
  now?: () => Date;
  /** The chips offered (default: DATE_PRESETS; the agent reports add last week). */
  presets?: readonly DatePreset[];
}

/**
 * The shared date filter of report and record pages: 今天 / 昨天 / 本周 / 本月 / 上月 / 自定义
 * (custom: two dates, at most 90 days, not after today). Chips carry `data-preset`.
 */
export function DateFilter({
  value,
  onChange,
  timeZone,
  now = () => new Date(),
  presets = DATE_PRESETS,
}: DateFilterProps) {
  const { t } = useT();
  const [customOpen, setCustomOpen] = useState(value.preset === 'custom');
  const [from, setFrom] = useState(value.preset === 'custom' ? value.from : '');
  const [to, setTo] = useState(value.preset === 'custom' ? value.to : '');
  const [error, setError] = useState<string | null>(null);

  const pick = (preset: DatePreset) => {
    if (preset === 'custom') {
      setCustomOpen(true);
      if (!from && !to) {
        setFrom(value.from);
        setTo(value.to);
      }
      return;
    }
    setCustomOpen(false);
    setError(null);
    onChange(presetRange(preset, now(), timeZone));
  };

  const apply = () => {
    const r = customRange(from, to, now(), timeZone);
    if (r.error) {
      setError(t(`ui.date.error.${r.error}`, { days: MAX_CUSTOM_DAYS }));
      return;
    }
    setError(null);
    onChange(r.range);
  };

  const active: DatePreset = customOpen ? 'custom' : value.preset;
  return (
    <div className="date-filter" data-testid="date-filter">
      <ChipRadios
        options={presets}
        value={active}
        onChange={pick}
        label={(p) => t(`ui.date.${p}`)}
        dataKey="preset"
        ariaLabel={t('ui.date.filter')}
      />
      {customOpen && (
        <div className="date-custom">
          <label>
            <span>{t('ui.date.from')}</span>
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} aria-label={t('ui.date.from')} />
          </label>
          <span className="date-custom-sep">–</span>
          <label>
            <span>{t('ui.date.to')}</span>
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-label={t('ui.date.to')} />
          </label>
          <button type="button" className="btn btn-gold btn-small" onClick={apply} data-testid="date-apply">
            {t('ui.date.apply')}
          </button>
        </div>
      )}
      {customOpen && error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
      {!customOpen && (
        <div className="date-filter-range muted">
          {value.from === value.to ? value.from : `${value.from} ~ ${value.to}`}
        </div>
      )}
    </div>
  );
}

/** State of a date filter: a preset (recomputed in the site's zone) or a custom range. */
export function useDateRange(initial: Exclude<DatePreset, 'custom'> = 'month', now: () => Date = () => new Date()) {
  const timeZone = useSiteZone();
  const [state, setState] = useState<DateRange | Exclude<DatePreset, 'custom'>>(initial);
  const range = typeof state === 'string' ? presetRange(state, now(), timeZone) : state;
  const setRange = (r: DateRange) => setState(r.preset === 'custom' ? r : r.preset);
  // What the record calls take (contracts `timeRange`): the range's bounds as instants.
  return { range, setRange, timeZone, instants: rangeInstants(range, timeZone) };
}
