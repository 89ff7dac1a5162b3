import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { noticesQuery } from './api/notice-list';
import { promotionBannersQuery } from './api/promotion-banners';
import './home-banners.css';
import './i18n-banners';

/*
 * The banner carousel and the notice marquee of /home: part of the start-up code, as the banners are
 * the first screen's largest element and their data comes with the page (app/boot-data.ts).
 */

const SLIDE_MS = 4_500;

/** Where a banner or notice leads: its in-app link, else its article at /details/{id}. */
export function noticeTarget(n: { id: number; link: string | null }): string {
  return n.link && n.link.startsWith('/') && !n.link.startsWith('//') ? n.link : pathTo('details', { id: n.id });
}

/** One slide: a content banner or a running promotion's, with the data attribute naming it. */
interface Slide {
  key: string;
  to: string;
  title: string;
  summary: string;
  image: string | null;
  attrs: Record<`data-${string}`, number>;
}

/**
 * Banner carousel (CSS scroll-snap; swipes, auto-advances, dots) and the notice marquee. The
 * content banners come first, then the running promotions' (each opens its details page).
 */
export default function HomeBanners() {
  const { t, lang } = useT();
  const banners = useQuery(noticesQuery('banner', lang));
  const promos = useQuery(promotionBannersQuery(lang));
  const notices = useQuery(noticesQuery('notice', lang));
  const slides: Slide[] = [
    ...(banners.data?.list ?? []).map(({ id, title, summary, image, link }) => ({
      key: `b${id}`,
      to: noticeTarget({ id, link }),
      title,
      summary,
      image,
      attrs: { 'data-banner-id': id },
    })),
    ...(promos.data ?? []).map(({ id, title, summary, image }) => ({
      key: `p${id}`,
      to: pathTo('youhuiDetails', {}, { id }),
      title,
      summary,
      image,
      attrs: { 'data-promotion-id': id },
    })),
  ];
  const lines = notices.data?.list ?? [];
  return (
    <>
      {banners.isPending || promos.isPending ? (
        <div className="home-banner home-banner-sk sk" aria-busy="true" />
      ) : (
        slides.length > 0 && <BannerCarousel slides={slides} label={t('home.live.banners')} />
      )}
      {notices.isPending && <div className="home-notice-ph sk" aria-busy="true" />}
      {lines.length > 0 && (
        <div className="home-notice" data-testid="notice-marquee">
          <svg
            className="home-notice-icon"
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
          >
            <path d="M4 10v4h3l5 4V6L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
          </svg>
          <div className="marquee" aria-label={t('home.live.notices')}>
            <div className="marquee-track" style={{ animationDuration: `${Math.max(12, lines.length * 9)}s` }}>
              {[0, 1].map((copy) =>
                lines.map((n) => (
                  <Link
                    key={`${copy}-${n.id}`}
                    to={noticeTarget(n)}
                    className="marquee-item"
                    aria-hidden={copy === 1 || undefined}
                    tabIndex={copy === 1 ? -1 : undefined}
                    data-notice-id={copy === 0 ? n.id : undefined}
                  >
                    {n.title}
                  </Link>
                )),
              )}
            </div>
          </div>
        </div>
      )}
    </>
  );
}

function BannerCarousel({ slides, label }: { slides: Slide[]; label: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const pausedUntil = useRef(0);

  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || Date.now() < pausedUntil.current || el.clientWidth === 0) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % slides.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, SLIDE_MS);
    return () => clearInterval(timer);
  }, [slides.length]);

  return (
    <div className="home-banner" data-testid="banner-carousel">
      <div
        ref={track}
        className="home-banner-track"
        aria-label={label}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
        onPointerDown={() => {
          pausedUntil.current = Date.now() + 2 * SLIDE_MS;
        }}
      >
        {slides.map((b, i) => (
          <Link key={b.key} to={b.to} className="home-banner-slide" {...b.attrs}>
            {/* Slides out of sight load as they scroll in: each image costs the first load (an SVG
                is parsed on the main thread). */}
            {b.image && <img src={b.image} alt="" draggable={false} loading={i === 0 ? 'eager' : 'lazy'} />}
            <span className={`home-banner-caption${b.image ? '' : ' home-banner-plain'}`}>
              <strong>{b.title}</strong>
              <span>{b.summary}</span>
            </span>
          </Link>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="home-banner-dots" aria-hidden="true">
          {slides.map((b, i) => (
            <span key={b.key} className={i === index ? 'on' : undefined} />
          ))}
        </div>
      )}
    </div>
  );
}
