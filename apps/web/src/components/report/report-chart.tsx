import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { SkeletonLines } from '../ui/page-state';
import './report-chart.css';

const HEIGHT = 200;
const GREEN = '#3ecf8e';
const RED = '#ff5d6c';
const MUTED = '#8e9abd';
const GRID = 'rgba(255, 255, 255, 0.06)';

export interface ChartPoint {
  /** YYYY-MM-DD */
  date: string;
  /** Minor units, or a count (see `unit`). */
  value: number;
}

/** What the values are: money in minor units, or counts (people, orders). */
export type ChartUnit = 'money' | 'count';

/** 12345 minor units → "123" / "1.2k" / "-4.5万": short labels of the value axis, in yuan (or plain counts). */
function shortAmount(raw: number, lang: string, unit: ChartUnit): string {
  const v = unit === 'money' ? raw / 100 : raw;
  const abs = Math.abs(v);
  if (lang !== 'en' && abs >= 10_000) return `${+(v / 10_000).toFixed(1)}万`;
  if (abs >= 1000) return `${+(v / 1000).toFixed(1)}k`;
  return `${+v.toFixed(abs < 10 && unit === 'money' ? 2 : 0)}`;
}

/**
 * Daily figures (win/loss, deposits…) as bars, green above zero and red below, drawn by uPlot on a
 * canvas. uPlot is imported here at run time, so only the pages that chart load it (the lazy-page
 * budget, scripts/size-check.mjs). Shared by the personal report and the agent reports.
 */
export function ReportChart({
  points,
  lang,
  label,
  unit = 'money',
}: {
  points: ChartPoint[];
  lang: string;
  label: string;
  unit?: ChartUnit;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let plot: uPlot | null = null;
    let cancelled = false;
    const el = box.current;
    if (!el) return;
    const onResize = () => plot?.setSize({ width: el.clientWidth, height: HEIGHT });
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const xs = points.map((_, i) => i);
        const pos = points.map((p) => (p.value > 0 ? p.value : null));
        const neg = points.map((p) => (p.value < 0 ? p.value : null));
        const bars = UPlot.paths.bars!({ size: [0.6, 28], align: 0 });
        const series = (stroke: string): uPlot.Series => ({
          stroke,
          fill: stroke,
          paths: bars,
          points: { show: false },
        });
        plot = new UPlot(
          {
            width: el.clientWidth,
            height: HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            scales: {
              x: { time: false, range: (_u, min, max) => [min - 0.6, max + 0.6] },
              y: {
                range: (_u, min, max) => {
                  const floor = unit === 'money' ? 100 : 1;
                  const top = Math.max(max, 0, floor);
                  const bottom = Math.min(min, 0, -floor);
                  return [bottom * 1.15, top * 1.15];
                },
              },
            },
            axes: [
              {
                stroke: MUTED,
                grid: { show: false },
                ticks: { show: false },
                font: '11px sans-serif',
                space: 36,
                values: (_u, splits) => splits.map((i) => points[i]?.date.slice(5) ?? ''),
              },
              {
                stroke: MUTED,
                grid: { stroke: GRID, width: 1 },
                ticks: { show: false },
                font: '11px sans-serif',
                size: 44,
                values: (_u, splits) => splits.map((v) => shortAmount(v, lang, unit)),
              },
            ],
            series: [{}, series(GREEN), series(RED)],
          },
          [xs, pos, neg],
          el,
        );
        setReady(true);
        window.addEventListener('resize', onResize);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      window.removeEventListener('resize', onResize);
      plot?.destroy();
    };
  }, [points, lang, unit]);

  return (
    <div className="report-chart" role="img" aria-label={label} data-testid="report-chart">
      {!ready && !failed && <SkeletonLines count={4} />}
      <div ref={box} className="report-chart-canvas" />
    </div>
  );
}
