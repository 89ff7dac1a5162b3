import type { hub88 } from '@breakshot/contracts';
import { inTransaction, type Tx } from '../../platform/db.js';
import { accountOfName } from '../auth/service.js';
import { betByNo, creditProviderWin, settleBet } from '../bets/service.js';
import { getCashBalance } from '../wallet/service.js';
import { holdWin } from './held-wins.js';
import type { ProviderTransactionRow } from './tables.js';
import { balanceAnswer, refusal, toCents, type Answer } from './wallet-answers.js';
import type { Refused, WalletCall } from './wallet-call.js';
import {
  fingerprint,
  isRolledBack,
  lockPlayer,
  lockUuids,
  nextTransactionId,
  recordTransaction,
  replay,
  retryRaces,
  transactionOf,
} from './wallet-store.js';
import { roundLimit, splitWin, withinLimitWithout } from './win-limits.js';

/*
 * transaction/win and transaction/rollback: they settle what a bet started, so they never check
 * the token, its expiry or the account's blocks (Hub88: they may come long after the bet).
 */

type WinRequest = hub88.Hub88Request<'transaction/win'>;
type RollbackRequest = hub88.Hub88Request<'transaction/rollback'>;

/**
 * A win of a bet this provider placed for this player: the amount floored to cents is credited
 * and the rest kept on the bet row; the first win settles the bet (creditProviderWin). What would
 * take the bet's round above its win limit is held for an operator instead (a held win; the
 * answer is RS_OK with the balance after what was credited). An unknown bet (or another
 * player's, or one refused): DOES_NOT_EXIST; a rolled-back one: ROLLED_BACK.
 */
export function walletWin(call: WalletCall, req: WinRequest): Promise<Answer> {
  return retryRaces(() => inTransaction(call.ctx.db, (tx) => win(tx, call, req)));
}

async function win(tx: Tx, { ctx, provider, currency }: WalletCall, req: WinRequest): Promise<Answer> {
  const betUuid = req.reference_transaction_uuid;
  await lockUuids(tx, provider.id, [req.transaction_uuid, betUuid]);
  const print = fingerprint('win', [betUuid, req.amount, req.currency, req.round, req.user, req.game_code]);
  const earlier = await transactionOf(tx, provider.id, req.transaction_uuid);
  if (earlier) return replay(earlier, print, req.request_uuid, req.user);

  const player = await accountOfName(tx, req.user);
  const { cents, remainder } = toCents(req.amount);
  const row = {
    id: await nextTransactionId(tx),
    providerId: provider.id,
    transactionUuid: req.transaction_uuid,
    kind: 'win' as const,
    referenceUuid: betUuid,
    fingerprint: print,
    userName: req.user,
    userId: player?.id ?? null,
    gameCode: req.game_code,
    round: req.round,
    amount: cents,
    remainder,
    createdAt: ctx.now(),
  };
  const refuse = (status: Refused) =>
    recordTransaction(tx, { ...row, answer: refusal(status, req.request_uuid, req.user) });

  if (req.currency !== currency) return refuse('RS_ERROR_WRONG_CURRENCY');
  const target = await betOfWin(tx, provider.id, betUuid, player?.id);
  if ('refused' in target) return refuse(target.refused);
  const placed = target.bet;
  const bet = (await betByNo(tx, placed.betNo))!;
  if (bet.status === 'void') return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK');

  await lockPlayer(tx, bet.userId);
  const round = { providerId: provider.id, userId: bet.userId, gameCode: placed.gameCode, round: placed.round };
  const limit = await roundLimit(tx, round);
  const { credited, held } = splitWin(limit, cents);
  const { furtherTransfer } = await creditProviderWin(tx, ctx, bet.betNo, {
    payout: credited,
    held,
    remainder,
    further: { key: `payout:${provider.id}:${req.transaction_uuid}`, table: 'provider_transactions', id: row.id },
  });
  const { balance } = await getCashBalance(tx, bet.userId);
  const answer = await recordTransaction(tx, {
    ...row,
    held,
    ownPayout: furtherTransfer,
    betNo: bet.betNo,
    answer: balanceAnswer(req.user, req.request_uuid, currency, balance),
  });
  if (held > 0) {
    await holdWin(tx, {
      ...round,
      transactionId: row.id,
      transactionUuid: req.transaction_uuid,
      betNo: bet.betNo,
      winAmount: cents,
      amount: held,
      roundStakes: limit.stakes,
      maxWinMultiple: limit.multiple,
      createdAt: row.createdAt,
    });
  }
  return answer;
}

/**
 * The bet a win names: a bet of this provider for this player that went through. Otherwise the
 * refusal: ROLLED_BACK when a rollback came for it (a tombstone, or a refused bet rolled back),
 * else DOES_NOT_EXIST (unknown, another player's, refused, or not a bet).
 */
async function betOfWin(
  tx: Tx,
  providerId: string,
  uuid: string,
  userId: number | undefined,
): Promise<{ bet: PlacedBet } | { refused: Refused }> {
  const placed = await transactionOf(tx, providerId, uuid);
  const bet = placedBet(placed);
  if (bet && placed?.userId === userId) return { bet };
  const ownBet = !placed || (placed.kind === 'bet' && placed.userId === userId);
  if (ownBet && (await isRolledBack(tx, providerId, uuid))) return { refused: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
  return { refused: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
}

/** A bet that went through, as the wallet recorded it: its bet row, game and round. */
interface PlacedBet {
  betNo: string;
  gameCode: string;
  round: string;
}

function placedBet(row: ProviderTransactionRow | undefined): PlacedBet | undefined {
  if (row?.kind !== 'bet' || row.betNo === null || row.gameCode === null || row.round === null) return undefined;
  return { betNo: row.betNo, gameCode: row.gameCode, round: row.round };
}

/**
 * A rollback: of a bet still open, the bet void and its stake refunded; of a bet refused or
 * already rolled back, nothing to do; of a uuid never seen, nothing but this row, whose
 * reference refuses a bet arriving later under it (a tombstone). All RS_OK. A bet a win has
 * settled cannot be rolled back, nor can a win (a win partly held too: its held part waits for
 * the operator all the same) or rollback, nor another player's bet:
 * RS_ERROR_TRANSACTION_DOES_NOT_EXIST (no open bet of that uuid), which is final for the provider.
 * An open bet whose round was credited wins that its other stakes alone would not allow (the
 * win limit) is not rolled back either: RS_ERROR_LIMIT_REACHED, final too.
 */
export function walletRollback(call: WalletCall, req: RollbackRequest): Promise<Answer> {
  return retryRaces(() => inTransaction(call.ctx.db, (tx) => rollback(tx, call, req)));
}

async function rollback(tx: Tx, { ctx, provider, currency }: WalletCall, req: RollbackRequest): Promise<Answer> {
  const betUuid = req.reference_transaction_uuid;
  await lockUuids(tx, provider.id, [req.transaction_uuid, betUuid]);
  const print = fingerprint('rollback', [betUuid, null, null, req.round, req.user, req.game_code]);
  const earlier = await transactionOf(tx, provider.id, req.transaction_uuid);
  if (earlier) return replay(earlier, print, req.request_uuid, req.user);

  const player = await accountOfName(tx, req.user);
  const row = {
    providerId: provider.id,
    transactionUuid: req.transaction_uuid,
    kind: 'rollback' as const,
    referenceUuid: betUuid,
    fingerprint: print,
    userName: req.user,
    userId: player?.id ?? null,
    gameCode: req.game_code,
    round: req.round,
    createdAt: ctx.now(),
  };
  const placed = await transactionOf(tx, provider.id, betUuid);
  const notOpen = () =>
    recordTransaction(tx, {
      ...row,
      betNo: placed?.betNo ?? null,
      answer: refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', req.request_uuid, req.user),
    });
  if (placed && (placed.kind !== 'bet' || placed.userId !== (player?.id ?? null))) return notOpen();
  if (player) await lockPlayer(tx, player.id);
  const target = placedBet(placed);
  if (target) {
    const bet = (await betByNo(tx, target.betNo))!;
    if (bet.status === 'won' || bet.status === 'lost') return notOpen();
    if (bet.status === 'open') {
      const round = { providerId: provider.id, userId: bet.userId, gameCode: target.gameCode, round: target.round };
      if (!withinLimitWithout(await roundLimit(tx, round), bet.stake)) {
        return recordTransaction(tx, {
          ...row,
          betNo: bet.betNo,
          answer: refusal('RS_ERROR_LIMIT_REACHED', req.request_uuid, req.user),
        });
      }
      // Open: void and refund (keyed by the bet, so a second rollback refunds nothing).
      await settleBet(tx, ctx, bet, 'void', null);
    }
  }
  const balance = player ? (await getCashBalance(tx, player.id)).balance : 0;
  return recordTransaction(tx, {
    ...row,
    betNo: placed?.betNo ?? null,
    answer: balanceAnswer(req.user, req.request_uuid, currency, balance),
  });
}
