import type { taiqiu } from '@breakshot/contracts';
import { memo } from 'react';
import { useT } from '../../../lib/i18n';
import type { Side } from './state';

type FrameResult = taiqiu.FrameResult;

/** One pip per frame of the best-of: won by a, by b, in play, or still to play. */
function Pips({ bestOf, frames, inPlay }: { bestOf: number; frames: readonly FrameResult[]; inPlay: number | null }) {
  const winners = new Map(frames.map((f) => [f.number, f.winner]));
  return (
    <span className="trk-pips" aria-hidden="true">
      {Array.from({ length: bestOf }, (_, i) => {
        const n = i + 1;
        const w = winners.get(n);
        const cls = w ? `trk-pip trk-pip-${w}` : n === inPlay ? 'trk-pip trk-pip-live' : 'trk-pip';
        return <span key={n} className={cls} />;
      })}
    </span>
  );
}

/**
 * The match score in frames with its best-of, then a chip per frame played: its winner, its points
 * and its highest break when known, and the frame in play.
 */
export const FramesBlock = memo(function FramesBlock({
  frames,
  score,
  bestOf,
  inPlay,
  names,
}: {
  frames: readonly FrameResult[];
  score: { a: number; b: number };
  bestOf: number;
  /** The frame on, or null. */
  inPlay: number | null;
  names: Record<Side, string>;
}) {
  const { t } = useT();
  const win = Math.floor(bestOf / 2) + 1;
  return (
    <div className="trk-block" data-testid="tracker-frames">
      <div className="trk-block-head">
        <span className="trk-block-title">{t('taiqiu.tracker.frames')}</span>
        <span className="trk-match-score" data-testid="tracker-score">
          <b className="trk-a">{score.a}</b>
          <span className="muted">:</span>
          <b className="trk-b">{score.b}</b>
        </span>
        <Pips bestOf={bestOf} frames={frames} inPlay={inPlay} />
        <span className="muted small trk-best-of">{t('taiqiu.tracker.bestOf', { n: bestOf, win })}</span>
      </div>
      {frames.length === 0 && inPlay === null ? (
        <p className="muted small trk-none">{t('taiqiu.tracker.noFrames')}</p>
      ) : (
        <ol className="trk-fchips">
          {frames.map((f) => (
            <li
              key={f.number}
              className={`trk-fchip trk-fchip-${f.winner}`}
              data-testid="tracker-frame"
              data-frame={f.number}
              data-winner={f.winner}
            >
              <span className="trk-fchip-top">
                <span className="trk-fchip-n">{t('taiqiu.tracker.frameShort', { n: f.number })}</span>
                <span className="trk-fchip-w">{names[f.winner]}</span>
              </span>
              <span className="trk-fchip-p">
                {f.points ? (
                  <span data-testid="tracker-frame-points">
                    {f.points.a}:{f.points.b}
                  </span>
                ) : (
                  <span className="muted">{t('taiqiu.tracker.pointsUnknown')}</span>
                )}
                {f.highBreak !== null && (
                  <span className="trk-fchip-hb" data-testid="tracker-frame-hb">
                    {t('taiqiu.tracker.highBreak', { n: f.highBreak })}
                  </span>
                )}
              </span>
            </li>
          ))}
          {inPlay !== null && !frames.some((f) => f.number === inPlay) && (
            <li className="trk-fchip trk-fchip-live" data-testid="tracker-frame-live" data-frame={inPlay}>
              <span className="trk-fchip-top">
                <span className="trk-fchip-n">{t('taiqiu.tracker.frameShort', { n: inPlay })}</span>
              </span>
              <span className="trk-fchip-p">
                <span className="trk-live-dot" aria-hidden="true" />
                {t('taiqiu.tracker.inPlay')}
              </span>
            </li>
          )}
        </ol>
      )}
    </div>
  );
});
