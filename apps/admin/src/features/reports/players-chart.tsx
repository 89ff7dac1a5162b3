import { useMemo } from 'react';
import type { reportAdmin } from '@breakshot/contracts';
import { EChart, type EChartOption } from '../../components/echart';
import { playersTexts as t } from './texts';

/** Registrations, first depositors and active players per period: bars and a line. */
export function PlayersChart({ rows }: { rows: reportAdmin.PlayersRow[] }) {
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((r) => r.period) },
      yAxis: [{ type: 'value' }, { type: 'value', splitLine: { show: false } }],
      series: [
        { name: t.registrations, type: 'bar', data: rows.map((r) => r.registrations), itemStyle: { color: '#1668dc' } },
        {
          name: t.firstDepositors,
          type: 'bar',
          data: rows.map((r) => r.firstDepositors),
          itemStyle: { color: '#52c41a' },
        },
        {
          name: t.activePlayers,
          type: 'line',
          yAxisIndex: 1,
          data: rows.map((r) => r.activePlayers),
          itemStyle: { color: '#faad14' },
        },
      ],
    }),
    [rows],
  );
  return <EChart option={option} height={280} />;
}
