import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { reportAdmin } from '@breakshot/contracts';
import { percent } from './percent';
import { playersTexts as t } from './texts';

type Cohort = reportAdmin.CohortRow;
const RETAINED = ['d1', 'd7', 'd30'] as const;

/**
 * A retention cell: the share of the day's registrants as a percentage over the count, shaded by
 * the share like a heatmap; a plain dash for a day not yet that far back or with no registrants.
 */
function RetentionCell({ players, registered }: { players: number | null; registered: number }) {
  if (players === null || registered === 0) return <Typography.Text type="secondary">{t.notYet}</Typography.Text>;
  const share = players / registered;
  return (
    <div
      data-share={share.toFixed(3)}
      style={{
        // Shaded up to a half retained: retention rarely goes higher, and the lower shares should still tell apart.
        background: `rgba(22, 104, 220, ${0.06 + Math.min(share * 2, 1) * 0.8})`,
        color: share > 0.3 ? '#fff' : undefined,
        borderRadius: 4,
        padding: '2px 8px',
        textAlign: 'right',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      <div>{percent(share)}</div>
      <div style={{ fontSize: 12, opacity: 0.75 }}>{players}</div>
    </div>
  );
}

/** The cohorts' columns: the registration day, its registrants, and D1/D7/D30 as heat cells. */
export const retentionColumns: ColumnsType<Cohort> = [
  { title: t.day, dataIndex: 'day', width: 128 },
  { title: t.registered, dataIndex: 'registered', align: 'right', width: 96 },
  ...RETAINED.map((key) => ({
    title: t.retention[key],
    dataIndex: key,
    width: 128,
    render: (players: number | null, row: Cohort) => <RetentionCell players={players} registered={row.registered} />,
  })),
];
