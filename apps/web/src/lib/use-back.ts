import { useNavigate } from 'react-router';
import { pathTo } from './paths';

/**
 * SPEC §2 "back": one step back inside the app, or /home when this page is the first the app
 * showed (opened from a link or bookmark: stepping back would leave the site).
 */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(pathTo('home'), { replace: true });
  };
}
