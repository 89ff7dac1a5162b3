import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import type { GameTile as Tile } from './api/game-list';

/**
 * One game of the lobby: picture, name, provider. It opens the game page (passing the name, shown
 * in its bar until the launch answers), which needs a login: a guest gets the route guard's
 * "请先登录" and comes back to the game after logging in.
 */
export function GameTile({ game }: { game: Tile }) {
  const { t } = useT();
  const [broken, setBroken] = useState(false);
  return (
    <Link
      to={pathTo('game', { code: game.code })}
      state={{ name: game.name }}
      className="game-tile"
      aria-label={t('home.games.play', { name: game.name })}
      data-testid="game-tile"
      data-game-code={game.code}
    >
      {game.image && !broken ? (
        <img className="game-tile-img" src={game.image} alt="" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span className="game-tile-img game-tile-ph" aria-hidden="true">
          {game.name.slice(0, 1)}
        </span>
      )}
      <span className="game-tile-name">{game.name}</span>
      <span className="game-tile-provider">{game.providerName}</span>
    </Link>
  );
}
