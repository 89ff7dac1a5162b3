import { fieldLabel } from '@breakshot/contracts';
import type { FieldErrors } from '../../../components/ui/form-errors';
import { TextField } from '../../../components/ui/form-field';
import { GAME_TYPES } from '../../../lib/game-types';
import { useT } from '../../../lib/i18n';
import { cleanAmountTyping } from '../../../lib/amount';
import { formatRateBp } from '../../../lib/rate';
import './i18n';
import type { OwnRates, RateField, RateTexts } from './rates';

/**
 * The commission rate of every game type and, for an agent, the dividend ratio, as percentages;
 * each shows my own as its ceiling.
 */
export function RatesFields({
  texts,
  onText,
  own,
  withRatio,
  errors,
}: {
  texts: RateTexts;
  onText: (field: RateField, text: string) => void;
  own: OwnRates;
  withRatio: boolean;
  errors: FieldErrors<RateField>;
}) {
  const { t, lang } = useT();
  const field = (f: RateField, label: string, max: number) => (
    <TextField
      key={f}
      label={label}
      inputMode="decimal"
      placeholder="0"
      hint={<span className="ag-max">≤ {formatRateBp(max)}</span>}
      suffix={<span className="ag-pct">%</span>}
      value={texts[f]}
      onValue={(v) => onText(f, cleanAmountTyping(v))}
      error={errors[f]}
      testId={`rate-${f}`}
    />
  );
  return (
    <div className="ag-rates">
      <div className="ag-rates-head">
        <span>{t('agent.rate.title')}</span>
        <span className="muted small">{t('agent.rate.ceiling')}</span>
      </div>
      <div className="ag-rates-grid">
        {GAME_TYPES.map((g) => field(g, t('agent.rate.game', { game: fieldLabel(g, lang) }), own.rates[g]))}
        {withRatio && field('dividendRatioBp', t('agent.ratio'), own.dividendRatioBp)}
      </div>
    </div>
  );
}
