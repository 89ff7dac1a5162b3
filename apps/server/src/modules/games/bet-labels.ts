import { games as contract, type Lang } from '@breakshot/contracts';
import { registerGame, type GameDescription } from '../bets/service.js';
import { providerById } from './catalogue.js';

/*
 * How provider bets read in the bet records: the round is the provider's (round ids are
 * `${providerId}:${round}`), and a poker insurance bet says so.
 */

const INSURANCE: Record<Lang, string> = { 'zh-CN': '保险', en: 'Insurance' };

const providerBets: GameDescription = {
  async round(db, roundId) {
    const at = roundId.indexOf(':');
    const provider = at > 0 ? await providerById(db, roundId.slice(0, at)) : undefined;
    return provider ? { title: `${provider.name} · ${roundId.slice(at + 1)}`, startAt: null } : null;
  },
  labels: (bet, lang) => ({ marketName: null, selectionName: bet.insurance ? INSURANCE[lang] : null }),
};

for (const gameType of contract.lobbyGameTypes) registerGame(gameType, providerBets);
