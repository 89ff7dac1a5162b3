import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useInertUntilRunning } from '../../lib/browser-value';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import {
  favouriteCount,
  isStarred,
  MAX_FAVOURITES,
  useFavourites,
  useSetFavourite,
  type FavouriteTarget,
} from '../../lib/taiqiu-favourites';
import { errorText, showToast } from '../../lib/toast';
import './favourites.css';
import './i18n';

/** The route guard's pause between "请先登录" and /login (app/guard.tsx). */
const LOGIN_DELAY_MS = 500;

const STAR = 'M12 3.2l2.7 5.5 6.1.9-4.4 4.3 1 6.1L12 17.1 6.6 20l1-6.1L3.2 9.6l6.1-.9z';

/** A star drawn (filled by CSS when on), for buttons and marks. */
export function StarIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path d={STAR} />
    </svg>
  );
}

/** A guest asked for something a player does: "请先登录", then /login with the way back. */
export function useLoginFirst(): () => void {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    void showToast(t('guard.loginFirst'));
    const back = location.pathname + location.search;
    setTimeout(() => void navigate(pathTo('login', {}, { redirect: back })), LOGIN_DELAY_MS);
  };
}

/**
 * A star that keeps a match or a player among the player's favourites: tapped, it turns at once
 * and is saved (put back with a toast when the save fails). A guest's tap asks to log in.
 */
export function FavouriteStar({
  target,
  label,
  small = false,
  testId,
}: {
  target: FavouriteTarget;
  /** What the star keeps, read by screen readers (its state is aria-pressed). */
  label: string;
  small?: boolean;
  testId?: string;
}) {
  const { t } = useT();
  const loggedIn = useSession((s) => s.token !== null);
  const favourites = useFavourites(loggedIn);
  const loginFirst = useLoginFirst();
  const save = useSetFavourite((err) => void showToast(t('fav.failed', { reason: errorText(err) }), 'fail'));
  const on = loggedIn && isStarred(favourites.data, target);
  const inert = useInertUntilRunning();

  const tap = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!loggedIn) {
      loginFirst();
      return;
    }
    if (!on && favouriteCount(favourites.data) >= MAX_FAVOURITES) {
      void showToast(t('fav.full', { n: MAX_FAVOURITES }));
      return;
    }
    save.mutate({ target, on: !on });
  };

  return (
    <button
      type="button"
      className={`fav-star${small ? ' fav-star-sm' : ''}${on ? ' fav-star-on' : ''}`}
      aria-pressed={on}
      aria-disabled={inert}
      aria-label={label}
      onClick={tap}
      data-testid={testId}
      data-on={on ? 'true' : 'false'}
    >
      <StarIcon />
    </button>
  );
}
