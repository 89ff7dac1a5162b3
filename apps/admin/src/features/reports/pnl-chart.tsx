import { useMemo } from 'react';
import type { reportAdmin } from '@breakshot/contracts';
import { EChart, type EChartOption } from '../../components/echart';
import { money } from '../../lib/money';
import { reportTexts as t } from './texts';

const yuan = (minor: number) => minor / 100;
const axisMoney = (v: number) => (Math.abs(v) >= 10_000 ? `${v / 10_000}万` : String(v));

/** GGR and NGR per period (bars) and the turnover (a line on its own axis). */
export function PnlChart({ rows }: { rows: reportAdmin.PnlRow[] }) {
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => money(Math.round(v * 100)) },
      legend: { top: 0 },
      grid: { left: 64, right: 64, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((r) => r.period) },
      yAxis: [
        { type: 'value', axisLabel: { formatter: axisMoney } },
        { type: 'value', axisLabel: { formatter: axisMoney }, splitLine: { show: false } },
      ],
      series: [
        { name: t.ggr, type: 'bar', data: rows.map((r) => yuan(r.ggr)), itemStyle: { color: '#1668dc' } },
        { name: t.ngr, type: 'bar', data: rows.map((r) => yuan(r.ngr)), itemStyle: { color: '#52c41a' } },
        {
          name: t.turnover,
          type: 'line',
          yAxisIndex: 1,
          data: rows.map((r) => yuan(r.turnover)),
          itemStyle: { color: '#faad14' },
        },
      ],
    }),
    [rows],
  );
  return <EChart option={option} height={300} />;
}
