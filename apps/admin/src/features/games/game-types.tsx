import { Tag } from 'antd';
import { games } from '@breakshot/contracts';
import { gamesTexts as t } from './texts';

/** The lobby categories as form options (电子, 棋牌). */
export const gameTypeOptions = games.lobbyGameTypes.map((value) => ({ value, label: t.gameTypes[value] ?? value }));

export const gameTypeTags = (types: readonly string[]) =>
  types.map((g) => (
    <Tag key={g} color={g === 'slots' ? 'purple' : 'cyan'}>
      {t.gameTypes[g] ?? g}
    </Tag>
  ));
