import type { taiqiu } from '@breakshot/contracts';
import { memo, useMemo, useState } from 'react';
import { useInertUntilRunning } from '../../../lib/browser-value';
import { useT } from '../../../lib/i18n';
import { useTabRemembered } from '../../../lib/tab-memory';
import { useSiteTime } from '../../../lib/time';
import { EndedBoard, FrameBoard } from './frame-board';
import { FramesBlock } from './frames';
import { HeadToHead } from './head-to-head';
import './i18n';
import { Momentum } from './momentum';
import { nextFrameNumber, type FrameInPlay, type Side } from './state';
import './tracker.css';
import { useTracker } from './use-tracker';

/** Whether the tracker is open survives a trip to another page and back (this tab only). */
const OPEN_KEY = 'tracker_open';

export interface TrackerProps {
  matchId: number;
  status: taiqiu.MatchStatus;
  bestOf: number;
  startAt: string;
  /** Frames won so far, as the match page has it (kept current by MATCH_UPDATED). */
  score: { a: number; b: number };
  /** The match's winner once it is decided, as the match page has it. */
  winner: Side | null;
  frame: FrameInPlay | null;
  playerA: string;
  playerB: string;
}

function Skeleton() {
  return (
    <div className="trk-block" aria-busy="true" data-testid="tracker-loading">
      <span className="sk sk-line" />
      <span className="sk sk-line" />
    </div>
  );
}

/**
 * The head: title, what is on in a few words (read when collapsed), and the toggle. Named by its
 * visible text (speech input says what it sees); aria-expanded tells open or not.
 */
function Head({ open, onToggle, summary }: { open: boolean; onToggle: () => void; summary: string }) {
  const { t } = useT();
  const inert = useInertUntilRunning();
  return (
    <button
      type="button"
      className="trk-head"
      aria-expanded={open}
      aria-disabled={inert}
      onClick={onToggle}
      data-testid="tracker-toggle"
    >
      <span className="trk-title">{t('taiqiu.tracker.title')}</span>
      <span className="trk-summary muted small" data-testid="tracker-summary">
        {summary}
      </span>
      <span className="trk-caret" aria-hidden="true" />
    </button>
  );
}

/**
 * The live tracker of /taiqiu/{id} (docs/design.md §9): the frame on drawn on a table, the
 * frames played, the momentum of the last visits and the players' head-to-head. Its history is
 * read once (taiqiu/tracker) and kept by MATCH_UPDATED (use-tracker.ts); the frame on is the match
 * page's. Open or collapsed by its head.
 */
function Tracker({ matchId, status, bestOf, startAt, score, winner, frame, playerA, playerB }: TrackerProps) {
  const { t } = useT();
  const formatDateTime = useSiteTime();
  const remembered = useTabRemembered(OPEN_KEY);
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? remembered !== '0';
  const q = useTracker(matchId, score);
  const names = useMemo<Record<Side, string>>(() => ({ a: playerA, b: playerB }), [playerA, playerB]);
  const toggle = () => {
    sessionStorage.setItem(OPEN_KEY, open ? '0' : '1');
    setToggled(!open);
  };

  const summary =
    status === 'live' && frame
      ? `${t('taiqiu.tracker.frameNo', { n: frame.number })} · ${frame.points.a} : ${frame.points.b}`
      : status === 'scheduled'
        ? t('taiqiu.tracker.notStarted')
        : status === 'live'
          ? `${score.a} : ${score.b}`
          : t(status === 'finished' ? 'taiqiu.tracker.ended' : 'taiqiu.tracker.cancelled');

  const data = q.data;
  const history = q.isPending ? (
    <Skeleton />
  ) : q.isError ? (
    <div className="trk-block trk-failed" role="alert">
      <span className="muted small">{t('taiqiu.tracker.failed')}</span>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => void q.refetch()}>
        {t('common.retry')}
      </button>
    </div>
  ) : null;

  return (
    <section
      className={`card trk${open ? ' trk-open' : ''}`}
      data-testid="tracker"
      data-status={status}
      data-loaded={data ? '' : undefined}
    >
      <Head open={open} onToggle={toggle} summary={summary} />
      <div className="trk-body">
        <div className="trk-inner" inert={!open}>
          {(status === 'live' || status === 'scheduled') && (
            <FrameBoard
              frame={status === 'live' ? frame : null}
              nextFrame={nextFrameNumber(score)}
              startsAt={status === 'scheduled' ? formatDateTime(startAt).slice(5, 16) : undefined}
              visits={data?.visits ?? []}
              names={names}
            />
          )}
          {(status === 'finished' || status === 'cancelled') && (
            <EndedBoard status={status} score={score} winner={winner} names={names} />
          )}
          {history}
          {data && (
            <>
              <FramesBlock
                frames={data.frames}
                score={score}
                bestOf={bestOf}
                inPlay={status === 'live' ? (frame?.number ?? null) : null}
                names={names}
              />
              <Momentum visits={data.visits} names={names} />
              <HeadToHead h2h={data.headToHead} names={names} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

export default memo(Tracker);
