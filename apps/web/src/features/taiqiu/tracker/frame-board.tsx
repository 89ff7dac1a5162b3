import { memo } from 'react';
import { useT } from '../../../lib/i18n';
import {
  ballsOnTable,
  breakVisits,
  pointsOnTable,
  snookersNeeded,
  type FrameInPlay,
  type Side,
  type Visit,
} from './state';
import { TableView } from './table';

/** A player's side of the frame: name, frame points, and a mark when at the table. */
function PlayerSide({ side, name, points, atTable }: { side: Side; name: string; points: number; atTable: boolean }) {
  const { t } = useT();
  return (
    <div
      className={`trk-side trk-side-${side}${atTable ? ' trk-side-on' : ''}`}
      data-testid={`tracker-side-${side}`}
      data-at-table={atTable ? '' : undefined}
    >
      <span className="trk-side-name">{name}</span>
      <span key={points} className="trk-side-points" data-testid={`tracker-points-${side}`}>
        {points}
      </span>
      <span className="trk-side-tag" aria-hidden={!atTable}>
        {t('taiqiu.tracker.atTable')}
      </span>
    </div>
  );
}

/** The break being made: its visits' points as chips, its total, and how far it may still go. */
const BreakRow = memo(function BreakRow({
  frame,
  visits,
  name,
}: {
  frame: FrameInPlay;
  visits: readonly Visit[];
  name: string;
}) {
  const { t } = useT();
  const run = breakVisits(visits, frame);
  const left = pointsOnTable(frame);
  return (
    <div className={`trk-break trk-break-${frame.atTable}`} data-testid="tracker-break" data-break={frame.break}>
      <span className="trk-break-total">{t('taiqiu.tracker.break', { name, n: frame.break })}</span>
      {run.length > 0 && (
        <span className="trk-break-chips" data-testid="tracker-break-visits">
          {run.map((v) => (
            <span key={v.seq} className="trk-break-chip">
              +{v.points}
            </span>
          ))}
        </span>
      )}
      {left !== null && left > 0 && (
        <span className="muted small trk-break-max">{t('taiqiu.tracker.breakMax', { n: left })}</span>
      )}
    </div>
  );
});

/**
 * The frame on (or, between frames, the next one's full rack): the players' frame points with the
 * one at the table marked, the table drawn, the points left on it as a number, and the break.
 */
export function FrameBoard({
  frame,
  nextFrame,
  visits,
  names,
}: {
  frame: FrameInPlay | null;
  nextFrame: number;
  visits: readonly Visit[];
  names: Record<Side, string>;
}) {
  const { t } = useT();
  const left = pointsOnTable(frame);
  const balls = left === null ? null : ballsOnTable(left);
  const behind = snookersNeeded(frame);
  return (
    <div className={`trk-board${frame ? '' : ' trk-board-idle'}`} data-testid="tracker-board">
      <div className="trk-sides">
        <PlayerSide side="a" name={names.a} points={frame?.points.a ?? 0} atTable={frame?.atTable === 'a'} />
        <div className="trk-frame-no">
          {frame ? (
            <>
              <span className="trk-frame-label" data-testid="tracker-frame-no">
                {t('taiqiu.tracker.frameNo', { n: frame.number })}
              </span>
              <span className="muted small">{t('taiqiu.tracker.pointsLabel')}</span>
            </>
          ) : (
            <span className="trk-frame-label small" data-testid="tracker-between">
              {t('taiqiu.tracker.betweenFrames', { n: nextFrame })}
            </span>
          )}
        </div>
        <PlayerSide side="b" name={names.b} points={frame?.points.b ?? 0} atTable={frame?.atTable === 'b'} />
      </div>
      <TableView onTable={frame ? left : null} atTable={frame?.atTable ?? null} />
      {/* Between frames the row stays, blank, so that the page below does not move when a frame starts. */}
      {!frame && (
        <div className="trk-facts small" aria-hidden="true">
          {'\u00a0'}
        </div>
      )}
      {frame && (
        <div className="trk-facts small">
          {left !== null && (
            <span className="trk-on-table" data-testid="tracker-on-table" data-on-table={left}>
              {t('taiqiu.tracker.onTable', { n: left })}
            </span>
          )}
          {balls && (
            <span className="muted">
              {balls.reds > 0 ? t('taiqiu.tracker.redsLeft', { n: balls.reds }) : t('taiqiu.tracker.coloursOnly')}
            </span>
          )}
          {behind && (
            <span className="trk-snookers" data-testid="tracker-snookers">
              {t('taiqiu.tracker.snookers', { name: names[behind] })}
            </span>
          )}
        </div>
      )}
      {frame && frame.atTable !== null && frame.break > 0 && (
        <BreakRow frame={frame} visits={visits} name={names[frame.atTable]} />
      )}
      <p className="trk-estimate muted">{t('taiqiu.tracker.estimate')}</p>
    </div>
  );
}
