import type { ReactNode } from 'react';
import './ui.css';

export interface DetailRow {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
}

/** Label/value rows of a details page. */
export function DetailRows({ rows }: { rows: (DetailRow | false | null | undefined)[] }) {
  return (
    <dl className="detail-rows">
      {rows.filter(Boolean).map((r, i) => {
        const row = r as DetailRow;
        return (
          <div key={i} className="detail-row">
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
