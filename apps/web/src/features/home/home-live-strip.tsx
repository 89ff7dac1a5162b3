import { memo } from 'react';
import { useT } from '../../lib/i18n';
import type { MatchItem } from './api/taiqiu-matches';

/**
 * A live match card's strip: the frame on with its points, who is at the table (a dot on their
 * side) and the break they are on; between frames, the frame up next. Kept by MATCH_UPDATED with
 * the rest of the card (home-live.tsx applyToItem).
 */
export const LiveStrip = memo(function LiveStrip({ m }: { m: MatchItem }) {
  const { t } = useT();
  const frame = m.frame;
  if (m.status !== 'live') return null;
  if (!frame) {
    return (
      <div className="home-strip home-strip-idle" data-testid="home-strip">
        <span className="home-strip-mid">{t('home.live.strip.next', { n: m.score.a + m.score.b + 1 })}</span>
      </div>
    );
  }
  const at = frame.atTable;
  const name = at === 'a' ? m.playerA.name : at === 'b' ? m.playerB.name : null;
  const label = [
    t('home.live.strip.frame', { n: frame.number }),
    `${frame.points.a} : ${frame.points.b}`,
    name &&
      (frame.break > 0
        ? t('home.live.strip.breakOf', { name, n: frame.break })
        : t('home.live.strip.atTable', { name })),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="home-strip" data-testid="home-strip" data-at-table={at ?? ''} aria-label={label} role="group">
      <span className={`home-strip-side${at === 'a' ? ' home-strip-on' : ''}`}>
        <span className="home-strip-dot" aria-hidden="true" />
        <b key={frame.points.a} data-testid="home-strip-a">
          {frame.points.a}
        </b>
      </span>
      <span className="home-strip-mid">
        <span className="home-strip-frame">{t('home.live.strip.frame', { n: frame.number })}</span>
        {at !== null && frame.break > 0 && (
          <span className="home-strip-break" data-testid="home-strip-break">
            {t('home.live.strip.break', { n: frame.break })}
          </span>
        )}
      </span>
      <span className={`home-strip-side home-strip-side-b${at === 'b' ? ' home-strip-on' : ''}`}>
        <b key={frame.points.b} data-testid="home-strip-b">
          {frame.points.b}
        </b>
        <span className="home-strip-dot" aria-hidden="true" />
      </span>
    </div>
  );
});
