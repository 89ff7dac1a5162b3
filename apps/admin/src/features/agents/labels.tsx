import { Tag } from 'antd';
import { bets, fieldLabel, type agent, type GameType } from '@breakshot/contracts';
import { LANGUAGE } from '../../lib/api';
import { agentTexts as t } from './texts';

/** Every game type, in the order the contracts list them (a rate for each). */
export const gameTypes: readonly GameType[] = bets.gameTypes;

/** A game type's name on screen (台球, 电子, 棋牌). */
export const gameName = (g: GameType): string => fieldLabel(g, LANGUAGE);

/** 会员 or 代理. */
export const kindTag = (kind: agent.MemberKind) => (
  <Tag color={kind === 'agent' ? 'blue' : undefined}>{t.kinds[kind]}</Tag>
);
