import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Segmented } from '../../components/ui/segmented';
import { useT } from '../../lib/i18n';
import { gameListQuery, type LobbyGameType } from './api/game-list';
import { GameTile } from './game-tile';
import './game-lobby.css';
import './i18n-games';
import { useTabRemembered } from '../../lib/tab-memory';

type Category = 'taiqiu' | LobbyGameType;

/** docs/screens.md /home: the lobby's categories, billiards (built in) first. */
const CATEGORIES: readonly Category[] = ['taiqiu', 'slots', 'poker'];

/** The chosen category survives a trip into a game and back (this tab only). */
const TAB_KEY = 'games_tab';

/**
 * The /home games section (in the lazy home-live chunk, not in /home's first one): category tabs
 * 台球 / 电子 / 棋牌. 台球 shows the billiards matches (`billiards`); the others show the provider
 * games' tiles.
 */
export function GameLobby({ billiards }: { billiards: ReactNode }) {
  const { t } = useT();
  const saved = useTabRemembered(TAB_KEY);
  const [chosen, setChosen] = useState<Category | null>(null);
  const category = chosen ?? CATEGORIES.find((c) => c === saved) ?? 'taiqiu';
  const choose = (c: Category) => {
    setChosen(c);
    sessionStorage.setItem(TAB_KEY, c);
  };
  return (
    <section className="games-lobby" aria-labelledby="games-lobby-title" data-testid="game-lobby">
      <h2 className="section-title" id="games-lobby-title">
        {t('home.games.lobby')}
      </h2>
      <Segmented
        kind="tab"
        className="page-tabs games-tabs"
        ariaLabel={t('home.games.lobby')}
        options={CATEGORIES.map((c) => ({ key: c, label: t(`home.games.cat.${c}`), testId: `games-tab-${c}` }))}
        value={category}
        onChange={choose}
      />
      {category === 'taiqiu' ? billiards : <GameTiles gameType={category} />}
    </section>
  );
}

function GameTiles({ gameType }: { gameType: LobbyGameType }) {
  const { t, lang } = useT();
  const q = useQuery(gameListQuery(lang));
  if (q.isPending) {
    return (
      <div className="games-grid" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <span key={i} className="game-tile game-tile-sk">
            <span className="game-tile-img sk" />
            <span className="sk sk-line" />
          </span>
        ))}
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="card games-state" role="alert">
        <span className="muted">{t('home.games.loadFailed')}</span>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const games = q.data.get(gameType) ?? [];
  if (games.length === 0) {
    return (
      <div className="card games-state muted" data-testid="games-empty">
        {t('home.games.empty')}
      </div>
    );
  }
  return (
    <div className="games-grid" data-testid="games-grid">
      {games.map((g) => (
        <GameTile key={g.code} game={g} />
      ))}
    </div>
  );
}
