import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from './paths';

/**
 * docs/spec.md §2 "back": one step back inside the app, or /home when this page is the first the app
 * showed (opened from a link or bookmark: stepping back would leave the site).
 *
 * `pastFrames`: the page holds an iframe whose own navigations add entries to the browser's history
 * (a provider game); back then also steps over every entry added since the page was shown, so it
 * leaves the page instead of going back inside the frame.
 */
export function useBack({ pastFrames = false }: { pastFrames?: boolean } = {}): () => void {
  const navigate = useNavigate();
  // 0 on the server (src/ssr): the browser's own first render reads its history.
  const [lengthAtMount] = useState(() => (typeof window === 'undefined' ? 0 : window.history.length));
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const steps = pastFrames ? Math.max(1, window.history.length - lengthAtMount + 1) : 1;
    if (idx > 0) void navigate(-steps);
    else void navigate(pathTo('home'), { replace: true });
  };
}
