import { memo } from 'react';
import { useT } from '../../../lib/i18n';
import { MAX_VISITS, visitTotals, type Side, type Visit } from './state';

/*
 * Momentum: the last visits' points as bars, player a above the axis and b below, newest on the
 * right; a foul's penalty is a red bar on the side it scored for, with a red mark on the axis.
 * Each bar is keyed by its visit's sequence number, so a new visit adds one bar and the others
 * slide left by a CSS transition.
 */

const W = 300;
const H = 84;
const MID = H / 2;
const MAX_H = MID - 6;
const SLOT = W / MAX_VISITS;
const BAR = SLOT - 3;
/** The scale's least top, so a run of small visits does not look like big ones. */
const MIN_SCALE = 24;

function Bar({ v, x, scale }: { v: Visit; x: number; scale: number }) {
  const h = (n: number) => Math.max(1.5, (Math.min(n, scale) / scale) * MAX_H);
  const up = (side: Side) => side === 'a';
  const other: Side = v.player === 'a' ? 'b' : 'a';
  const points = v.points > 0 ? h(v.points) : 1.5;
  return (
    <g
      className="trk-vbar"
      style={{ transform: `translateX(${x}px)` }}
      data-testid="tracker-visit"
      data-seq={v.seq}
      data-player={v.player}
      data-points={v.points}
      data-foul={v.foul}
    >
      <rect
        className={`trk-bar trk-bar-${v.player}${v.points > 0 ? '' : ' trk-bar-zero'}`}
        x={0}
        y={up(v.player) ? MID - points : MID}
        width={BAR}
        height={points}
        rx={1.5}
      />
      {v.foul > 0 && (
        <>
          <rect
            className="trk-bar trk-bar-foul"
            x={0}
            y={up(other) ? MID - h(v.foul) : MID}
            width={BAR}
            height={h(v.foul)}
            rx={1.5}
          />
          <circle className="trk-foul-mark" cx={BAR / 2} cy={MID} r={2.4} />
        </>
      )}
    </g>
  );
}

export const Momentum = memo(function Momentum({
  visits,
  names,
}: {
  visits: readonly Visit[];
  names: Record<Side, string>;
}) {
  const { t } = useT();
  if (visits.length === 0) {
    return (
      <div className="trk-block" data-testid="tracker-momentum">
        <div className="trk-block-head">
          <span className="trk-block-title">{t('taiqiu.tracker.momentum')}</span>
        </div>
        <p className="muted small trk-none">{t('taiqiu.tracker.noVisits')}</p>
      </div>
    );
  }
  const scale = Math.max(MIN_SCALE, ...visits.map((v) => Math.max(v.points, v.foul)));
  const x0 = W - visits.length * SLOT;
  const totals = visitTotals(visits);
  const starts = visits.flatMap((v, i) => (i > 0 && v.frame !== visits[i - 1]!.frame ? [{ i, frame: v.frame }] : []));
  return (
    <div className="trk-block" data-testid="tracker-momentum">
      <div className="trk-block-head">
        <span className="trk-block-title">{t('taiqiu.tracker.momentum')}</span>
        <span className="muted small" data-testid="tracker-momentum-totals">
          {t('taiqiu.tracker.momentumTotals', { n: visits.length, a: totals.a, b: totals.b })}
        </span>
      </div>
      <svg
        className="trk-momentum"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('taiqiu.tracker.momentumLabel', { n: visits.length, a: names.a, b: names.b })}
      >
        <line className="trk-axis" x1={0} y1={MID} x2={W} y2={MID} />
        {starts.map(({ i, frame }) => (
          <line
            key={`f${frame}`}
            className="trk-frame-sep"
            style={{ transform: `translateX(${x0 + i * SLOT - 1.5}px)` }}
            x1={0}
            y1={2}
            x2={0}
            y2={H - 2}
          />
        ))}
        {visits.map((v, i) => (
          <Bar key={v.seq} v={v} x={x0 + i * SLOT + 1.5} scale={scale} />
        ))}
      </svg>
      <div className="trk-legend small">
        <span className="trk-key trk-key-a">{names.a}</span>
        <span className="trk-key trk-key-b">{names.b}</span>
        <span className="trk-key trk-key-foul">{t('taiqiu.tracker.foul')}</span>
      </div>
    </div>
  );
});
