import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { errorText } from '../../lib/toast';
import { useBack } from '../../lib/use-back';
import { BadGameUrl, frameSandbox, launchGame } from './api/game-launch';
import './game-page.css';
import './i18n';

/**
 * /game/{code}: a provider game full screen (no tab bar). A slim bar with back, the game's name and
 * the live balance (BALANCE_UPDATED after each round); the game's page fills the rest. Each visit
 * launches anew (game/launch makes a fresh token), so the launch is a mutation, never cached.
 */
export default function GamePage() {
  const { t } = useT();
  const { code = '' } = useParams();
  const location = useLocation();
  // The game's own navigations add entries to the history: back steps over them too.
  const back = useBack({ pastFrames: true });
  const balance = useSession((s) => s.userInfo?.balance);
  const launch = useMutation({ mutationFn: launchGame });
  const { mutate } = launch;
  const [frameLoaded, setFrameLoaded] = useState(false);

  const open = useCallback(() => {
    setFrameLoaded(false);
    mutate(code);
  }, [code, mutate]);
  useEffect(() => open(), [open]);

  // Until the launch answers: the name the lobby's tile passed along.
  const tileName = (location.state as { name?: unknown } | null)?.name;
  const name = launch.data?.name ?? (typeof tileName === 'string' ? tileName : '');
  const failure = launch.isError
    ? launch.error instanceof BadGameUrl
      ? t('games.badUrl')
      : errorText(launch.error)
    : null;

  return (
    <div className="game-page" data-testid="game-page" data-game-code={code}>
      <header className="game-bar">
        <button type="button" className="game-back" aria-label={t('common.back')} onClick={back}>
          <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2.2">
            <path d="M15 5l-7 7 7 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <h1 className="game-name">{name}</h1>
        <div className="game-balance" aria-label={t('games.balance')} data-testid="game-balance">
          {balance === undefined ? (
            <span className="sk sk-line game-balance-sk" />
          ) : (
            <MoneyText key={balance} value={balance} className="game-balance-value" />
          )}
        </div>
      </header>
      <div className="game-stage">
        {failure !== null ? (
          <ErrorState title={t('games.openFailed')} message={failure} onRetry={open} />
        ) : (
          <>
            {launch.data && (
              <iframe
                key={launch.data.url}
                className="game-frame"
                src={launch.data.url}
                title={launch.data.name}
                sandbox={frameSandbox(launch.data.url)}
                allow="autoplay; fullscreen"
                onLoad={() => setFrameLoaded(true)}
                data-testid="game-frame"
              />
            )}
            {!frameLoaded && (
              <div className="game-loading" aria-busy="true" data-testid="game-loading">
                <span className="game-spinner" aria-hidden="true" />
                {t('games.opening')}
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
