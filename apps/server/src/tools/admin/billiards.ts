import { instantInZone, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { arg, words } from './args.js';
import { defineCommand, type Command, type Io } from './command.js';
import { UsageError } from './errors.js';
import { siteTime, whole } from './format.js';

/** Billiards matches, their markets and odds. */
export const billiardsCommands = [
  defineCommand({
    name: 'matches',
    usage: '[live|upcoming|finished]',
    summary: 'billiards matches with their markets and open bets',
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const status = positionals[0];
      const data = await io.post(taiqiuAdmin.matchesList, { page: 1, pageSize: 100, ...(status ? { status } : {}) });
      io.table(
        data.list.map((m) => ({
          id: String(m.id),
          players: `${m.playerA.name} vs ${m.playerB.name}`,
          bestOf: String(m.bestOf),
          status: m.status,
          score: `${m.score.a}:${m.score.b}`,
          start: time(m.startAt),
          openBets: String(m.openBets),
          markets: m.markets
            .map((k) => `${k.id} ${k.type}${k.line === undefined ? '' : ` ${k.line}`} ${k.status}`)
            .join('; '),
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'match-create',
    usage: '<playerA> <playerB> <bestOf> [start]',
    summary:
      "a match starting in +N minutes (default +10), at the site's time '2026-11-28 18:00' or at an ISO time with its offset",
    async run({ positionals }, io) {
      const data = await io.post(taiqiuAdmin.matchCreate, {
        playerA: arg(positionals, 0, 'playerA'),
        playerB: arg(positionals, 1, 'playerB'),
        bestOf: bestOf(arg(positionals, 2, 'bestOf')),
        startAt: await startTime(io, positionals[3] ?? '+10'),
      });
      io.print(`match ${data.id} created`);
    },
  }),
  defineCommand({
    name: 'match-score',
    usage: '<id> <a> <b>',
    summary: 'set the live frame score (a scheduled match goes live)',
    async run({ positionals }, io) {
      const data = await io.post(taiqiuAdmin.scoreSet, frameScore(positionals));
      io.print(`match ${data.id}: ${data.status} ${data.score.a}:${data.score.b}`);
    },
  }),
  defineCommand({
    name: 'odds-set',
    usage: '<selectionId> <odds>',
    summary: "fix a selection's odds (e.g. 1.95)",
    async run({ positionals }, io) {
      const odds = Number(arg(positionals, 1, 'odds'));
      if (!Number.isFinite(odds)) throw new UsageError(`not odds: ${positionals[1]}`);
      const selectionId = whole(arg(positionals, 0, 'selectionId'));
      const data = await io.post(taiqiuAdmin.oddsSet, { selectionId, odds });
      io.print(`market ${data.id}: ${data.selections.map((x) => `${x.id} ${x.name} ${x.odds}`).join(', ')}`);
    },
  }),
  defineCommand({
    name: 'match-result',
    usage: '<id> <a> <b>',
    summary: 'enter the final frame score: finish and settle every bet',
    async run({ positionals }, io) {
      const score = frameScore(positionals);
      const data = await io.post(taiqiuAdmin.matchResult, score);
      io.print(`match ${data.id}: ${data.status} ${score.a}:${score.b}, ${data.settledBets} bets settled`);
    },
  }),
  defineCommand({
    name: 'match-cancel',
    usage: '<id> [reason…]',
    summary: 'cancel a match: every open bet void and refunded',
    async run({ positionals }, io) {
      const reason = words(positionals, 1);
      const data = await io.post(taiqiuAdmin.matchCancel, {
        matchId: whole(arg(positionals, 0, 'id')),
        ...(reason ? { reason } : {}),
      });
      io.print(`match ${data.id}: ${data.status}, ${data.settledBets} bets void and refunded`);
    },
  }),
  marketSwitch('market-suspend', taiqiuAdmin.marketSuspend, 'suspend a market until market-open'),
  marketSwitch('market-open', taiqiuAdmin.marketOpen, 'reopen a market'),
];

function marketSwitch(
  name: string,
  call: typeof taiqiuAdmin.marketSuspend | typeof taiqiuAdmin.marketOpen,
  summary: string,
): Command {
  return defineCommand({
    name,
    usage: '<marketId>',
    summary,
    async run({ positionals }, io) {
      const data = await io.post(call, { marketId: whole(arg(positionals, 0, 'marketId')) });
      io.print(`market ${data.id}: ${data.status}`);
    },
  });
}

/** `<id> <a> <b>`: a match and its frames won by each player. */
function frameScore(positionals: string[]): { matchId: number; a: number; b: number } {
  return {
    matchId: whole(arg(positionals, 0, 'id')),
    a: whole(arg(positionals, 1, 'a')),
    b: whole(arg(positionals, 2, 'b')),
  };
}

function bestOf(text: string): (typeof taiqiu.BEST_OF)[number] {
  const n = taiqiu.BEST_OF.find((b) => b === Number(text));
  if (!n) throw new UsageError(`best of ${taiqiu.BEST_OF.join(', ')}, not ${text}`);
  return n;
}

/**
 * `+N` minutes from now, the site's wall clock (`2026-11-28 18:00`, in its zone whatever this
 * machine's), or an ISO-8601 time with its offset (`2026-11-28T10:00Z`).
 */
async function startTime(io: Io, text: string): Promise<string> {
  const minutes = /^\+(\d+)$/.exec(text);
  if (minutes) return new Date(Date.now() + Number(minutes[1]) * 60_000).toISOString();
  const wall = instantInZone(text, (await io.siteConfig()).timeZone);
  if (wall) return wall.toISOString();
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(text) || Number.isNaN(Date.parse(text)))
    throw new UsageError(`not a start time: ${text}`);
  return new Date(text).toISOString();
}
