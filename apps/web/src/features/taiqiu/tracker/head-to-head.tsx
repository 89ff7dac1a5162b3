import type { taiqiu } from '@breakshot/contracts';
import { memo } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n';
import { pathTo } from '../../../lib/paths';
import { useSiteTime } from '../../../lib/time';
import type { Side } from './state';

/** The two players' earlier meetings, from this match's sides: meetings, wins, frames, the last ones. */
export const HeadToHead = memo(function HeadToHead({
  h2h,
  names,
}: {
  h2h: taiqiu.HeadToHead;
  names: Record<Side, string>;
}) {
  const { t } = useT();
  const formatDateTime = useSiteTime();
  const wins = h2h.wins.a + h2h.wins.b;
  const share = wins > 0 ? Math.round((h2h.wins.a / wins) * 100) : 50;
  return (
    <div className="trk-block trk-h2h" data-testid="tracker-h2h" data-played={h2h.played}>
      <div className="trk-block-head">
        <span className="trk-block-title">{t('taiqiu.tracker.h2h')}</span>
      </div>
      {h2h.played === 0 ? (
        <p className="muted small trk-none" data-testid="tracker-h2h-none">
          {t('taiqiu.tracker.h2hNone')}
        </p>
      ) : (
        <>
          <dl className="trk-h2h-stats">
            <div>
              <dt>{t('taiqiu.tracker.h2hPlayed')}</dt>
              <dd data-testid="tracker-h2h-played">{h2h.played}</dd>
            </div>
            <div>
              <dt>{t('taiqiu.tracker.h2hWins')}</dt>
              <dd data-testid="tracker-h2h-wins">
                <span className="trk-a">{h2h.wins.a}</span> : <span className="trk-b">{h2h.wins.b}</span>
              </dd>
            </div>
            <div>
              <dt>{t('taiqiu.tracker.h2hFrames')}</dt>
              <dd data-testid="tracker-h2h-frames">
                <span className="trk-a">{h2h.frames.a}</span> : <span className="trk-b">{h2h.frames.b}</span>
              </dd>
            </div>
          </dl>
          <div className="trk-h2h-bar" aria-hidden="true">
            <span className="trk-h2h-bar-a" style={{ width: `${share}%` }} />
          </div>
          {h2h.last.length > 0 && (
            <>
              <div className="trk-h2h-last-title muted small">{t('taiqiu.tracker.h2hLast')}</div>
              <ul className="trk-h2h-last" data-testid="tracker-h2h-last">
                {h2h.last.map((m) => (
                  <li key={m.id}>
                    <Link to={pathTo('taiqiu', { id: m.id })} className="trk-h2h-row" data-match-id={m.id}>
                      <span className="muted small mono">{formatDateTime(m.startAt).slice(0, 10)}</span>
                      <span className="trk-h2h-score">
                        <span className={m.winner === 'a' ? 'trk-a' : undefined}>{m.score.a}</span>
                        {' : '}
                        <span className={m.winner === 'b' ? 'trk-b' : undefined}>{m.score.b}</span>
                      </span>
                      <span className={`trk-h2h-winner trk-${m.winner}`}>
                        {t('taiqiu.tracker.h2hWon', { name: names[m.winner] })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
});
