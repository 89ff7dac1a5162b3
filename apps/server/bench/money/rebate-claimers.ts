import { randomUUID } from 'node:crypto';
import { rebates } from '@breakshot/contracts';
import type { Database } from '../../src/platform/db.js';
import { createPlayers } from '../lib/players.js';
import type { RunningServer } from '../lib/server.js';
import {
  fund,
  inParallel,
  launchToken,
  playerPost,
  providerCall,
  sendProviderCall,
  type BenchProvider,
  type MoneyPlayer,
} from './setup.js';

/*
 * Players with rebate to claim (the rebate claim case), made through the server's own paths: the
 * operator credits each player LOST_STAKE, the player launches the provider's slot, and the
 * provider debits the stake and closes the round with a win of 0 (transaction/win): the bet
 * settles lost, and on bets.settled its valid bet accrues rebate at the slots rate of the player's
 * VIP level (rebates/accruals.ts). A claim takes everything accrued and the next is refused for
 * REBATE_CLAIM_INTERVAL_MINUTES (rebates/claim.ts): each player can claim once in a run.
 */

/** The lowest slots rate, VIP 0's (basis points, drizzle/0026_vip_rebates.sql). */
const SLOTS_RATE_BP_AT_VIP0 = 50;
const BP = 10_000;
/** The stake each player loses: twice what the minimum claim needs at VIP 0. */
const LOST_STAKE = (2 * rebates.REBATE_MIN_CLAIM * BP) / SLOTS_RATE_BP_AT_VIP0;

/** `count` players, each with at least twice the minimum claim of rebate accrued. */
export async function rebateClaimers(
  database: Database,
  server: RunningServer,
  provider: BenchProvider,
  count: number,
): Promise<MoneyPlayer[]> {
  const players = await createPlayers(database, count, 'rebate');
  const claimers = await inParallel(players, async (p) => {
    await fund(server, p.username, LOST_STAKE);
    const player = { ...p, launchToken: await launchToken(server, provider, p.token) };
    await loseOneRound(server, provider, player);
    return player;
  });
  await requireClaimable(server, claimers[0]!);
  return claimers;
}

/** The provider's debit of LOST_STAKE and its round closed by a win of 0. */
async function loseOneRound(server: RunningServer, provider: BenchProvider, player: MoneyPlayer): Promise<void> {
  const round = randomUUID();
  const bet = { transactionUuid: randomUUID(), round, roundClosed: false, cents: LOST_STAKE };
  await sendProviderCall(server, providerCall(provider, 'transaction/bet', player, bet));
  const win = { transactionUuid: randomUUID(), round, roundClosed: true, cents: 0, betUuid: bet.transactionUuid };
  await sendProviderCall(server, providerCall(provider, 'transaction/win', player, win));
}

/** Fails the set-up, not the run, when the rounds accrued too little to claim (a changed rate). */
async function requireClaimable(server: RunningServer, player: MoneyPlayer): Promise<void> {
  const summary = await playerPost<{ total: number }>(server, rebates.rebateSummary.path, player.token, {});
  if (summary.total < rebates.REBATE_MIN_CLAIM) {
    throw new Error(`${player.username} accrued ${summary.total} of rebate, below the minimum claim`);
  }
}
