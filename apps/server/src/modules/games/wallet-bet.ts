import { hub88 } from '@breakshot/contracts';
import { inTransaction, type Tx } from '../../platform/db.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { placeBet } from '../bets/service.js';
import { providerBet } from './provider-bet.js';
import { tokenVerdict } from './launch.js';
import { balanceAnswer, notEnoughMoney, refusal, toCents, type Answer } from './wallet-answers.js';
import type { Refused, WalletCall } from './wallet-call.js';
import { betFacts } from './wallet-bet-facts.js';
import { fingerprint, lockBet, recordAtCommit, replay, retryRaces } from './wallet-store.js';

type BetRequest = hub88.Hub88Request<'transaction/bet'>;

/**
 * transaction/bet: a bet row of the bet store and its stake's debit, with the provider's
 * transaction, in one transaction under locks on the uuid and the player. Checked in this order:
 * the uuid's earlier answer (replayed; another request under it: DUPLICATE), a rollback that came
 * first (ROLLED_BACK), the player (unknown: INVALID_TOKEN), currency, amount (whole cents, not
 * free: else WRONG_TYPES), game (an enabled game of this provider), token (tied to the player,
 * game and currency, not expired), account (disabled or self-excluded: USER_DISABLED) and funds
 * (NOT_ENOUGH_MONEY with the balance). Every final answer is kept and replayed.
 */
export const walletBet = (call: WalletCall, req: BetRequest): Promise<Answer> =>
  debitInBatches(call.ctx, { call, req });

type BetItem = { call: WalletCall; req: BetRequest };

/**
 * Debits that arrive while others run share one transaction (docs/design.md §5, "Money calls in
 * batches"), in their players' order (two batches take player locks in one order); a failure
 * makes each alone, in that order. Every refusal here is an answer, not a throw. Two copies of one
 * uuid in a batch do not see each other's record (written at COMMIT): their records' unique key
 * fails the COMMIT, and each is then answered alone (the second replays the first).
 */
const debitInBatches = batchedCalls((): TransactionBatch<BetItem, Answer> => ({
  order: (a, b) => compareNames(a.req.user, b.req.user),
  each: async (tx, { call, req }) => ({ status: 'fulfilled', value: await bet(tx, call, req) }),
  alone: ({ call, req }) => retryRaces(() => inTransaction(call.ctx.db, (tx) => bet(tx, call, req))),
}));

/** As the player lock's lookup reads a user name (lower case). */
const compareNames = (a: string, b: string) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

async function bet(tx: Tx, { ctx, provider, currency }: WalletCall, req: BetRequest): Promise<Answer> {
  const player = await lockBet(tx, provider.id, req.transaction_uuid, req.user);
  const print = fingerprint('bet', [null, req.amount, req.currency, req.round, req.user, req.game_code]);
  const now = ctx.now();
  const facts = await betFacts(tx, {
    providerId: provider.id,
    transactionUuid: req.transaction_uuid,
    gameCode: req.game_code,
    token: req.token,
    userId: player?.id,
    now,
  });
  if (facts.earlier) return replay(facts.earlier, print, req.request_uuid, req.user);

  const row = {
    providerId: provider.id,
    transactionUuid: req.transaction_uuid,
    kind: 'bet' as const,
    fingerprint: print,
    userName: req.user,
    userId: player?.id ?? null,
    gameCode: req.game_code,
    round: req.round,
    amount: toCents(req.amount).cents,
    createdAt: now,
  };
  const refuse = (status: Refused) =>
    recordAtCommit(tx, { ...row, answer: refusal(status, req.request_uuid, req.user) });

  if (facts.rolledBack) return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (!player) return refuse('RS_ERROR_INVALID_TOKEN');
  if (req.currency !== currency) return refuse('RS_ERROR_WRONG_CURRENCY');
  // The ledger keeps cents, and this site grants no free rounds.
  if (req.is_free || req.amount === 0 || req.amount % hub88.HUB88_PER_CENT !== 0) return refuse('RS_ERROR_WRONG_TYPES');
  const { game } = facts;
  if (!game) return refuse('RS_ERROR_INVALID_GAME');
  const token = tokenVerdict(
    req.token,
    facts.token ?? undefined,
    { userId: player.id, gameCode: game.code, currency },
    now,
  );
  if (token !== 'ok') return refuse(token);
  // A self-exclusion stops all play: Hub88's status for a player who can place no new bets.
  if (player.status !== 'active' || facts.excludedUntil) return refuse('RS_ERROR_USER_DISABLED');

  const stake = row.amount;
  if (facts.balance < stake) {
    return recordAtCommit(tx, {
      ...row,
      answer: notEnoughMoney(req.user, req.request_uuid, currency, facts.balance),
    });
  }
  const placed = await placeBet(
    tx,
    ctx,
    {
      userId: player.id,
      stake,
      ...providerBet({ ...game, providerId: provider.id }, req.round, req.bet === 'insurance'),
    },
    { exclusionChecked: true },
  );
  return recordAtCommit(tx, {
    ...row,
    betNo: placed.betNo,
    answer: balanceAnswer(req.user, req.request_uuid, currency, placed.balanceAfter),
  });
}
