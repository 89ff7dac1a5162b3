import { formatMoney, gamesAdmin } from '@breakshot/contracts';
import { arg, keep, noWords, option, words } from './args.js';
import { defineCommand, type Io } from './command.js';
import { UsageError } from './errors.js';
import { onOff, siteTime, whole } from './format.js';

/** The catalogue of provider games, their wallet calls, and the wins held above a game's limit. */
export const gameCommands = [
  defineCommand({
    name: 'games',
    usage: '[--provider id]',
    summary: 'the catalogue of provider games, enabled or not',
    options: ['provider'],
    async run({ positionals, options }, io) {
      noWords(positionals, 'games', '--provider only');
      const data = await io.post(gamesAdmin.gamesList, {
        page: 1,
        pageSize: 100,
        ...(options.provider ? { providerId: options.provider } : {}),
      });
      io.table(
        data.list.map((g) => ({
          code: g.code,
          provider: g.providerId,
          type: g.gameType,
          name: g.name,
          nameEn: g.nameEn,
          enabled: g.enabled ? 'yes' : 'no',
          sort: String(g.sort),
          image: g.image,
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'game-save',
    usage:
      '--code <code> [--provider id] [--name 中文名] [--name-en …] [--type slots|poker] [--image URL] [--sort N] [--max-win N|default]',
    summary:
      "add a game (provider, names and type needed) or change one (what is not given is kept); --max-win: its own win limit (a multiple of a round's stakes) or the default",
    options: ['code', 'provider', 'name', 'name-en', 'type', 'image', 'sort', 'max-win'],
    async run({ positionals, options }, io) {
      noWords(positionals, 'game-save');
      const code = option(options, 'code');
      const current = await findGame(io, code);
      const data = await io.post(gamesAdmin.gameSave, {
        code,
        providerId: keep(options.provider, current?.providerId, 'provider'),
        name: keep(options.name, current?.name, 'name'),
        nameEn: keep(options['name-en'], current?.nameEn, 'name-en'),
        gameType: keep(options.type, current?.gameType, 'type'),
        image: options.image ?? current?.image ?? '',
        sort: options.sort === undefined ? (current?.sort ?? 0) : whole(options.sort),
        maxWinMultiple: maxWinOption(options['max-win'], current?.maxWinMultiple ?? null),
      });
      io.print(`game ${data.code} ${data.name} saved (${data.enabled ? 'enabled' : 'disabled'})`);
    },
  }),
  defineCommand({
    name: 'game-enable',
    usage: '<code> on|off',
    summary: 'show a game in the lobby or take it out',
    async run({ positionals }, io) {
      const code = arg(positionals, 0, 'code');
      const data = await io.post(gamesAdmin.gameEnable, { code, enabled: onOff(positionals[1]) });
      io.print(`game ${data.code} ${data.name}: ${data.enabled ? 'enabled' : 'disabled'}`);
    },
  }),
  defineCommand({
    name: 'game-transactions',
    usage: '[--user name]',
    summary: "the providers' wallet calls (bet, win, rollback), newest first",
    options: ['user'],
    async run({ positionals, options }, io) {
      const time = await siteTime(io);
      noWords(positionals, 'game-transactions', '--user only');
      const data = await io.post(gamesAdmin.transactionsList, {
        page: 1,
        pageSize: 100,
        ...(options.user ? { username: options.user } : {}),
      });
      io.table(
        data.list.map((x) => ({
          at: time(x.createdAt),
          uuid: x.transactionUuid,
          provider: x.providerId,
          kind: x.kind,
          user: x.username ?? '',
          game: x.gameCode ?? '',
          round: x.round ?? '',
          amount: formatMoney(x.amount),
          status: x.status,
          betNo: x.betNo ?? '',
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'held-wins',
    usage: '[status]',
    summary: "provider wins held above their game's win limit (waiting, released, refused; default waiting)",
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const status = positionals[0] ?? 'waiting';
      if (!(gamesAdmin.heldWinStatuses as readonly string[]).includes(status)) {
        throw new UsageError(`status: one of ${gamesAdmin.heldWinStatuses.join(', ')}, not ${status}`);
      }
      const data = await io.post(gamesAdmin.heldWinsList, {
        status: status as gamesAdmin.HeldWinStatus,
        page: 1,
        pageSize: 100,
      });
      io.table(
        data.list.map((h) => ({
          id: String(h.id),
          user: h.username,
          game: h.gameCode,
          round: h.round,
          win: formatMoney(h.winAmount),
          credited: formatMoney(h.creditedAmount),
          held: formatMoney(h.amount),
          limit: `${h.maxWinMultiple}× ${formatMoney(h.roundStakes)}`,
          status: h.status,
          at: time(h.createdAt),
          ...(h.decidedBy ? { by: h.decidedBy, reason: h.reason ?? '' } : {}),
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'held-win-release',
    usage: '<id> [reason…]',
    summary: 'credit a held win to its player',
    async run({ positionals }, io) {
      const id = whole(arg(positionals, 0, 'id'));
      const reason = words(positionals, 1);
      printHeldWin(io, await io.post(gamesAdmin.heldWinRelease, { id, ...(reason ? { reason } : {}) }));
    },
  }),
  defineCommand({
    name: 'held-win-refuse',
    usage: '<id> <reason…>',
    summary: 'refuse a held win: nothing is credited',
    async run({ positionals }, io) {
      const id = whole(arg(positionals, 0, 'id'));
      const reason = words(positionals, 1);
      if (!reason) throw new UsageError('held-win-refuse needs a reason');
      printHeldWin(io, await io.post(gamesAdmin.heldWinRefuse, { id, reason }));
    },
  }),
];

function printHeldWin(io: Io, data: { id: number; amount: number; username: string; status: string }): void {
  io.print(`held win ${data.id} (${formatMoney(data.amount)}, ${data.username}): ${data.status}`);
}

/** A game's own win limit: `--max-win N`, `default` (none of its own), else as it was; null: the default. */
function maxWinOption(text: string | undefined, current: number | null): number | null {
  if (text === undefined) return current;
  return text === 'default' ? null : whole(text);
}

/** A game of the catalogue by its code (the list has no lookup by code: read it page by page). */
async function findGame(io: Io, code: string): Promise<gamesAdmin.AdminGame | undefined> {
  for (let page = 1; ; page++) {
    const data = await io.post(gamesAdmin.gamesList, { page, pageSize: 100 });
    const found = data.list.find((g) => g.code === code);
    if (found || page * 100 >= data.total) return found;
  }
}
