import { Link } from 'react-router';
import { MoneyText } from '../../../components/ui/money-text';
import { SignedMoney } from '../../../components/ui/signed-money';
import { useT } from '../../../lib/i18n';
import { formatRateBp } from '../../../lib/rate';
import type { ReportColumn } from './report-config';
import '../shared/report-i18n';

/** A report figure as its column says: money (two decimals), signed money (green/red), a count, or a rate. */
export function FigureValue({ format, value }: { format: ReportColumn['format']; value: number }) {
  switch (format) {
    case 'money':
      return <MoneyText value={value} />;
    case 'signed':
      return <SignedMoney value={value} />;
    case 'bp':
      return <span>{formatRateBp(value)}</span>;
    case 'count':
      return <span>{value}</span>;
  }
}

/** Figures in a grid of label and value (`cell-<key>`); a figure with a `{date}` route links to it. */
export function FigureCells({
  columns,
  values,
  linkOf,
}: {
  columns: readonly ReportColumn[];
  values: Record<string, number> | undefined;
  linkOf?: (column: ReportColumn, value: number) => string | null;
}) {
  const { t } = useT();
  return (
    <div className={`ag-cells ag-cells-${columns.length === 4 || columns.length === 2 ? 2 : 3}`}>
      {columns.map((c) => {
        const value = values?.[c.key] ?? 0;
        const to = values ? linkOf?.(c, value) : null;
        const body = (
          <>
            <span className="muted small">{t(`agent.col.${c.key}`)}</span>
            <strong>
              {values ? <FigureValue format={c.format} value={value} /> : <span className="sk sk-line ag-cell-sk" />}
              {to && <span className="ag-cell-more">›</span>}
            </strong>
          </>
        );
        return to ? (
          <Link key={c.key} to={to} className="ag-cell ag-cell-link" data-testid={`cell-${c.key}`} data-drill={c.key}>
            {body}
          </Link>
        ) : (
          <div key={c.key} className="ag-cell" data-testid={`cell-${c.key}`}>
            {body}
          </div>
        );
      })}
    </div>
  );
}
