import type { CSSProperties } from 'react';

const circle = (style: CSSProperties): CSSProperties => ({
  position: 'absolute',
  borderRadius: '50%',
  background: '#fff',
  ...style,
});

/**
 * The banner as the player app lays it out, drawn here with CSS: the server's art (content
 * bannerArt, a 750×300 diagonal gradient with two soft circles) and the title and summary over it.
 */
export function BannerPreview({
  from,
  to,
  title,
  summary,
}: {
  from: string;
  to: string;
  title: string;
  summary: string;
}) {
  return (
    <div
      data-testid="banner-preview"
      style={{
        position: 'relative',
        overflow: 'hidden',
        aspectRatio: '750 / 300',
        borderRadius: 12,
        background: `linear-gradient(to bottom right, ${from}, ${to})`,
        color: '#fff',
        padding: '6% 7%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)',
      }}
    >
      <div style={circle({ width: '32%', aspectRatio: '1', right: '-1%', top: '-17%', opacity: 0.08 })} />
      <div style={circle({ width: '18.7%', aspectRatio: '1', right: '-1%', bottom: '-7%', opacity: 0.1 })} />
      <div style={{ position: 'relative', fontSize: 22, fontWeight: 700, textShadow: '0 1px 3px rgba(0,0,0,0.25)' }}>
        {title}
      </div>
      <div style={{ position: 'relative', fontSize: 13, marginTop: 6, opacity: 0.92, maxWidth: '70%' }}>{summary}</div>
    </div>
  );
}
