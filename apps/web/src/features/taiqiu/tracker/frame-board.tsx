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

/**
 * A player's side of the board: name, a figure (the frame's points; once the match is over, the
 * frames won), and a tag while marked (at the table; the winner).
 */
function PlayerSide({
  side,
  name,
  figure,
  figureOf,
  tag,
  marked,
}: {
  side: Side;
  name: string;
  figure: number;
  figureOf: 'points' | 'frames';
  tag: string;
  marked: boolean;
}) {
  return (
    <div
      className={`trk-side trk-side-${side}${marked ? ' trk-side-on' : ''}`}
      data-testid={`tracker-side-${side}`}
      data-marked={marked ? '' : undefined}
    >
      <span className="trk-side-name">{name}</span>
      <span key={figure} className="trk-side-points" data-testid={`tracker-${figureOf}-${side}`}>
        {figure}
      </span>
      <span className="trk-side-tag" aria-hidden={!marked}>
        {tag}
      </span>
    </div>
  );
}

/** A row kept, blank, where the board has nothing to say now: the page below does not move when it has. */
const BlankRow = ({ className }: { className: string }) => (
  <div className={className} aria-hidden="true">
    {'\u00a0'}
  </div>
);

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
 * The frame on (or, between frames and before the match, the next one's full rack): the players'
 * frame points with the one at the table marked, the table drawn, the points left on it as a
 * number, and the break.
 */
export function FrameBoard({
  frame,
  nextFrame,
  startsAt,
  visits,
  names,
}: {
  frame: FrameInPlay | null;
  nextFrame: number;
  /** When the match is still to start: its start, as shown. */
  startsAt?: string;
  visits: readonly Visit[];
  names: Record<Side, string>;
}) {
  const { t } = useT();
  const left = pointsOnTable(frame);
  const balls = left === null ? null : ballsOnTable(left);
  const behind = snookersNeeded(frame);
  const side = (s: Side) => (
    <PlayerSide
      side={s}
      name={names[s]}
      figure={frame?.points[s] ?? 0}
      figureOf="points"
      tag={t('taiqiu.tracker.atTable')}
      marked={frame?.atTable === s}
    />
  );
  return (
    <div className={`trk-board${frame ? '' : ' trk-board-idle'}`} data-testid="tracker-board">
      <div className="trk-sides">
        {side('a')}
        <div className="trk-frame-no">
          {frame ? (
            <>
              <span className="trk-frame-label" data-testid="tracker-frame-no">
                {t('taiqiu.tracker.frameNo', { n: frame.number })}
              </span>
              <span className="muted small">{t('taiqiu.tracker.pointsLabel')}</span>
            </>
          ) : startsAt ? (
            <span className="trk-frame-label" data-testid="tracker-not-started">
              {t('taiqiu.tracker.notStarted')}
            </span>
          ) : (
            <span className="trk-frame-label small" data-testid="tracker-between">
              {t('taiqiu.tracker.betweenFrames', { n: nextFrame })}
            </span>
          )}
        </div>
        {side('b')}
      </div>
      <TableView onTable={frame ? left : null} atTable={frame?.atTable ?? null} />
      {frame ? (
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
      ) : startsAt ? (
        <div className="trk-facts small muted" data-testid="tracker-starts-at">
          {t('taiqiu.tracker.startsAt', { time: startsAt })}
        </div>
      ) : (
        <BlankRow className="trk-facts small" />
      )}
      {frame && frame.atTable !== null && frame.break > 0 ? (
        <BreakRow frame={frame} visits={visits} name={names[frame.atTable]} />
      ) : (
        <BlankRow className="trk-break trk-break-blank" />
      )}
      <p className="trk-estimate muted">{t('taiqiu.tracker.estimate')}</p>
    </div>
  );
}

/**
 * The board once the match is over or cancelled: the frames each won with the winner marked, the
 * table cleared, and the score in words. It keeps the live board's rows, so that what is below
 * does not move when a match ends (a layout shift of 0.13: bench/README.md, Lighthouse).
 */
export function EndedBoard({
  status,
  score,
  winner,
  names,
}: {
  status: 'finished' | 'cancelled';
  score: { a: number; b: number };
  winner: Side | null;
  names: Record<Side, string>;
}) {
  const { t } = useT();
  const finished = status === 'finished';
  const side = (s: Side) => (
    <PlayerSide
      side={s}
      name={names[s]}
      figure={score[s]}
      figureOf="frames"
      tag={t('taiqiu.tracker.winner')}
      marked={winner === s}
    />
  );
  return (
    <div className="trk-board trk-board-idle" data-testid="tracker-ended" data-winner={winner ?? undefined}>
      <div className="trk-sides">
        {side('a')}
        <div className="trk-frame-no">
          <span className="trk-frame-label" data-testid="tracker-ended-title">
            {t(finished ? 'taiqiu.tracker.ended' : 'taiqiu.tracker.cancelled')}
          </span>
          <span className="muted small">{t('taiqiu.tracker.framesWon')}</span>
        </div>
        {side('b')}
      </div>
      <TableView onTable={0} atTable={null} />
      <div className="trk-facts small muted">{t('taiqiu.tracker.framesPlayed', { n: score.a + score.b })}</div>
      <div
        className={`trk-break ${winner ? `trk-break-${winner}` : 'trk-break-blank'}`}
        data-testid="tracker-final-score"
      >
        {t(finished ? 'taiqiu.tracker.finalScore' : 'taiqiu.tracker.scoreAtEnd', {
          a: `${names.a} ${score.a}`,
          b: `${score.b} ${names.b}`,
        })}
      </div>
      <BlankRow className="trk-estimate" />
    </div>
  );
}
