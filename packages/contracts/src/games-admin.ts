import { z } from 'zod';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { multilineStr, rowId, str } from './fields.js';
import { gameCode, lobbyGameType } from './games.js';
import { defineAdminCall, operatorReason } from './operator-calls.js';

/*
 * The operator console's 游戏与供应商 (POST under ADMIN_PREFIX; operator-calls.ts has the roles):
 * providers, the catalogue, the win limit and held wins (admin; risk may read and switch games).
 */

const providerId = str()
  .trim()
  .min(1, 'required')
  .max(32, 'too_long')
  .regex(/^[a-z0-9_-]+$/, 'invalid');

export const adminProvider = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  gameTypes: z.array(lobbyGameType),
  /** PEM of the provider's RSA public key: its requests are verified with it. */
  publicKey: z.string(),
  /** Where the player's browser is sent to play ({base}?token=…&user=…&game=…&currency=…&lang=…). */
  launchUrl: z.string(),
  games: z.number().int(),
  createdAt: isoTime,
});
export type AdminProvider = z.infer<typeof adminProvider>;

export const adminGame = z.object({
  code: z.string(),
  providerId: z.string(),
  name: z.string(),
  nameEn: z.string(),
  gameType: lobbyGameType,
  image: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The game's own win limit (a multiple of the round's stakes); null: the default. */
  maxWinMultiple: z.number().int().nullable(),
});
export type AdminGame = z.infer<typeof adminGame>;

/**
 * The win limit: a round's wins are credited up to this multiple of its stakes (the player's bets
 * on the game in the round, less those rolled back); the rest waits for an operator (held wins).
 */
export const MAX_WIN_MULTIPLE = 1_000_000;
const winMultiple = z
  .number({ error: 'invalid_type' })
  .int('invalid')
  .min(1, 'too_small')
  .max(MAX_WIN_MULTIPLE, 'too_big');

export const providersList = defineAdminCall({
  path: '/games/providers',
  roles: ['risk'],
  request: z.object({}).strict(),
  response: envelope(
    z.object({
      items: z.array(adminProvider),
      operatorPublicKey: z.string(),
      /** The win limit of games without their own. */
      defaultMaxWinMultiple: z.number().int(),
    }),
  ),
});

/** Sets the win limit of games without their own; audited. */
export const winLimitDefaultSet = defineAdminCall({
  path: '/games/win-limit',
  roles: [],
  request: z.strictObject({ maxWinMultiple: winMultiple }),
  response: envelope(z.object({ defaultMaxWinMultiple: z.number().int() })),
});

/** Adds a provider or changes one (same id); audited. */
export const providerSave = defineAdminCall({
  path: '/games/provider/save',
  roles: [],
  request: z.strictObject({
    id: providerId,
    name: str().trim().min(1, 'required').max(40, 'too_long'),
    gameTypes: z.array(lobbyGameType).min(1, 'required'),
    /** A PEM: its line breaks are part of it. */
    publicKey: multilineStr().trim().min(1, 'required').max(4000, 'too_long'),
    launchUrl: str().trim().min(1, 'required').max(300, 'too_long'),
  }),
  response: envelope(adminProvider),
});

/**
 * Switches a provider on or off: off, its games leave the lobby and its user/info, user/balance and
 * bet calls get RS_ERROR_INVALID_PARTNER; its wins and rollbacks still settle the rounds it opened.
 */
export const providerEnable = defineAdminCall({
  path: '/games/provider/enable',
  roles: [],
  request: z.strictObject({ id: providerId, enabled: z.boolean() }),
  response: envelope(adminProvider),
});

export const gamesList = defineAdminCall({
  path: '/games/list',
  roles: ['risk'],
  request: pageRequest.extend({ providerId: providerId.optional() }).strict(),
  response: envelope(pageResult(adminGame)),
});

/** Adds a game to the catalogue or changes one (same code); audited. */
export const gameSave = defineAdminCall({
  path: '/games/game/save',
  roles: [],
  request: z.strictObject({
    code: gameCode,
    providerId,
    name: str().trim().min(1, 'required').max(40, 'too_long'),
    nameEn: str().trim().min(1, 'required').max(40, 'too_long'),
    gameType: lobbyGameType,
    image: str().trim().max(300, 'too_long'),
    sort: z.number({ error: 'invalid_type' }).int('invalid').min(0, 'too_small').max(9999, 'too_big'),
    /** The game's own win limit; left out (or null): the default. */
    maxWinMultiple: winMultiple.nullable().optional(),
  }),
  response: envelope(adminGame),
});

export const gameEnable = defineAdminCall({
  path: '/games/game/enable',
  roles: ['risk'],
  request: z.strictObject({ code: gameCode, enabled: z.boolean() }),
  response: envelope(adminGame),
});

/** One seamless-wallet call as stored (newest first): for support and disputes. */
export const providerTransaction = z.object({
  transactionUuid: z.string(),
  providerId: z.string(),
  kind: z.enum(['bet', 'win', 'rollback']),
  username: z.string().nullable(),
  gameCode: z.string().nullable(),
  round: z.string().nullable(),
  /** In minor units (cents); 0 for a rollback. */
  amount: money,
  /** Of a win: the part above the win limit, held for review (held wins). */
  heldAmount: money,
  status: z.string(),
  betNo: z.string().nullable(),
  createdAt: isoTime,
});

export const transactionsList = defineAdminCall({
  path: '/games/transactions',
  roles: ['risk'],
  request: pageRequest.extend({ username: str().trim().max(32, 'too_long').optional() }).strict(),
  response: envelope(pageResult(providerTransaction)),
});

/* ---- held wins: what a round won above its win limit, waiting for an operator ---- */

export const heldWinStatuses = ['waiting', 'released', 'refused'] as const;
export const heldWinStatus = z.enum(heldWinStatuses, { error: 'invalid' });
export type HeldWinStatus = z.infer<typeof heldWinStatus>;

export const heldWin = z.object({
  id: z.number().int(),
  providerId: z.string(),
  gameCode: z.string(),
  username: z.string(),
  round: z.string(),
  /** The provider's transaction of the win, and the bet it paid. */
  transactionUuid: z.string(),
  betNo: z.string(),
  /** The win as sent (cents, floored), what was credited of it at once, and the rest held. */
  winAmount: money,
  creditedAmount: money,
  amount: money,
  /** The round's stakes and the multiple in force when the win came: credited up to their product. */
  roundStakes: money,
  maxWinMultiple: z.number().int(),
  status: heldWinStatus,
  /** Who released or refused it, when, and why. */
  decidedBy: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  reason: z.string().nullable(),
  createdAt: isoTime,
});
export type HeldWin = z.infer<typeof heldWin>;

/** Held wins, newest first. */
export const heldWinsList = defineAdminCall({
  path: '/games/held-wins',
  roles: ['risk', 'finance'],
  request: pageRequest
    .extend({
      status: heldWinStatus.optional(),
      username: str().trim().max(32, 'too_long').optional(),
      providerId: providerId.optional(),
      gameCode: gameCode.optional(),
    })
    .strict(),
  response: envelope(pageResult(heldWin)),
});

/**
 * Credits a waiting held win to the player (through the ledger, with the decision); audited.
 * Decided already: 409.
 */
export const heldWinRelease = defineAdminCall({
  path: '/games/held-win/release',
  roles: ['risk', 'finance'],
  request: z.strictObject({ id: rowId, reason: operatorReason.optional() }),
  response: envelope(heldWin),
});

/** Refuses a waiting held win with the reason: nothing is credited; audited. Decided already: 409. */
export const heldWinRefuse = defineAdminCall({
  path: '/games/held-win/refuse',
  roles: ['risk', 'finance'],
  request: z.strictObject({ id: rowId, reason: operatorReason }),
  response: envelope(heldWin),
});
