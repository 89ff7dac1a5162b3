import { beforeCommit, type Tx } from './platform/db.js';
import { EventBus, type Subscriber } from './platform/events.js';
import type {
  BetFigures,
  DepositCredit,
  DomainEventBus,
  DomainEvents,
  PlayerValidBet,
} from './platform/domain-events.js';
import {
  countDeposits,
  countValidBets,
  depositFigures,
  furtherWinFigures,
  rollUp,
  rollUpAll,
  settledBetFigures,
  type RollupDelta,
} from './modules/agents/service.js';
import { refuseBetWhileExcluded, refuseDepositOverLimits, refuseLoginWhileExcluded } from './modules/limits/service.js';
import { logOperatorEntry } from './modules/feed/service.js';
import { sendSystemMessage, sendSystemMessages } from './modules/messages/service.js';
import { getSysConfig } from './modules/system/service.js';
import { maskIp } from './platform/masking.js';
import { localDateTime } from './platform/time-range.js';
import {
  promotionsOnBetsResettled,
  promotionsOnBetsSettled,
  promotionsOnDeposits,
} from './modules/promotions/service.js';
import { accrueRebateAll, changeRebateAll } from './modules/rebates/service.js';
import { countTaskBets, recountTaskBets } from './modules/rewards/service.js';
import {
  addTurnoverRequirement,
  addTurnoverRequirements,
  reduceTurnoverAll,
  type TurnoverRequirement,
} from './modules/turnover/service.js';
import { changeVipProgressAll, recordVipProgressAll } from './modules/vip/service.js';
import { repayDebtsFrom, type Credit } from './modules/wallet/service.js';
import { earnDepositSpins } from './modules/wheel/service.js';
import {
  betsSettledPush,
  depositsCreditedPush,
  matchStartedPush,
  messageSentPush,
  withdrawalPaidPush,
  withdrawalRejectedPush,
} from './modules/push/service.js';

/*
 * Who follows from what (docs/events.md, checked against this file by its test): every
 * subscriber of every domain event, in the order it runs, in the emitter's transaction. A new
 * "on a deposit" or "on a settled bet" rule is a line here, not an edit of payments or bets.
 */

type Settled = DomainEvents['bets.settled']['bets'][number];

export function domainEventBus(): DomainEventBus {
  return depositSubscribers(correctionSubscribers(new EventBus<DomainEvents>()))
    .on('player.logging-in', 'limits: refuses a self-excluded player', (tx, _ctx, l) =>
      refuseLoginWhileExcluded(tx, l.userId, l.at),
    )
    .on('login.failures', 'messages: 账号登录失败提醒 to the owner', loginFailuresMessage)
    .on('passkeys.changed', 'messages: 通行密钥已添加 / 已移除 to the owner', passkeyChangedMessage)
    .on('deposit.requesting', "limits: refuses an order above the player's deposit limits", (tx, _ctx, d) =>
      refuseDepositOverLimits(tx, d),
    )
    .on('bet.placing', 'limits: refuses a self-excluded player', async (tx, _ctx, b) => {
      if (!b.exclusionChecked) await refuseBetWhileExcluded(tx, b.userId, b.at);
    })
    .on(
      'bets.settled',
      "agents: the day's figures (not for a void bet that gave its stake back)",
      (tx, _ctx, { bets }) =>
        rollUpAll(
          tx,
          bets
            // A void bet part of which was cashed out before counts: what that part won or lost.
            .filter((s) => s.outcome !== 'void' || s.payout !== s.bet.stake)
            .map((s) => ({ userId: s.bet.userId, at: s.at, gameType: s.bet.gameType, delta: settledFigures(s) })),
        ),
    )
    .on('bets.settled', 'wallet: what the player owes repaid from the payouts', (tx, ctx, { bets }) =>
      repayDebtsFrom(tx, ctx, payoutsOf(bets)),
    )
    .on('bets.settled', 'turnover: the valid bet off the requirement', (tx, _ctx, { validBets }) =>
      reduceTurnoverAll(tx, validBets),
    )
    .on('bets.settled', 'rebates: the valid bet accrues rebate', (tx, ctx, { validBets }) =>
      accrueRebateAll(tx, ctx, validBets),
    )
    .on('bets.settled', 'vip: the valid bet towards the level', (tx, ctx, { validBets }) =>
      recordVipProgressAll(tx, ctx, validBets),
    )
    .on('bets.settled', "rewards: today's betting task", (tx, ctx, { validBets }) =>
      countTaskBets(
        tx,
        ctx,
        validBets.map((v) => ({ ...v, settledAt: v.at })),
      ),
    )
    .on('bets.settled', 'promotions: turnover progress and lucky slips', (tx, ctx, { bets }) =>
      promotionsOnBetsSettled(
        tx,
        ctx,
        bets.map((s) => ({ ...s.bet, validBet: s.validBet, settledAt: s.at })),
      ),
    )
    .on('bets.settled', "agents: the member's lifetime valid bet", (tx, _ctx, { validBets }) =>
      countValidBets(tx, validBets),
    )
    .on('bets.settled', "push: 注单已结算 to each billiards player's browsers", betsSettledPush)
    .on('rebates.claimed', 'wallet: what each player owes repaid from the rebate', repayFromRebates)
    .on('rebates.claimed', "agents: the day's figures", (tx, _ctx, { claims }) =>
      rollUpAll(
        tx,
        claims.map((c) => ({ userId: c.userId, at: c.at, gameType: '', delta: { rebates: c.amount } })),
      ),
    )
    .on('bet.won-further', 'wallet: what the player owes repaid from the win', (tx, ctx, w) =>
      repayDebtsFrom(tx, ctx, [
        {
          userId: w.bet.userId,
          amount: w.payout,
          key: `further:${w.reference.table}:${w.reference.id}`,
          reference: w.reference,
        },
      ]),
    )
    .on('bet.won-further', "agents: the day's figures", (tx, _ctx, w) =>
      rollUp(tx, w.bet.userId, w.at, w.bet.gameType, furtherWinFigures(w.bet, w.payout)),
    )
    .on('rewards.claimed', 'wallet: what the player owes repaid from the rewards', (tx, ctx, c) =>
      repayDebtsFrom(tx, ctx, [
        {
          userId: c.userId,
          amount: c.amount,
          key: `rewards:${c.rewards[0]!.id}`,
          reference: { table: 'rewards', id: c.rewards[0]!.id },
        },
      ]),
    )
    .on('rewards.claimed', 'turnover: each reward × its multiple to wager', async (tx, _ctx, c) => {
      for (const r of c.rewards) {
        const reference = { table: 'rewards', id: r.id };
        await addTurnoverRequirement(tx, { userId: c.userId, amount: r.turnover, source: 'bonus', reference });
      }
    })
    .on('rewards.claimed', "agents: the day's figures", (tx, _ctx, c) =>
      rollUp(tx, c.userId, c.at, '', { bonuses: c.amount }),
    )
    .on('withdrawal.paid', "agents: the day's figures", (tx, _ctx, w) =>
      rollUp(tx, w.userId, w.at, '', { withdrawals: w.amount, withdrawalCount: 1, withdrawalFees: w.fee }),
    )
    .on('withdrawal.paid', 'messages: 提款已出款 to the player', (tx, ctx, w) =>
      sendSystemMessage(tx, ctx, w.userId, 'withdrawal_paid', { orderNo: w.orderNo, netAmount: w.netAmount }),
    )
    .on('withdrawal.paid', "push: 提款已出款 to the player's browsers", withdrawalPaidPush)
    .on('withdrawal.rejected', 'messages: 提款未通过, with the reason, to the player', (tx, ctx, w) =>
      sendSystemMessage(tx, ctx, w.userId, 'withdrawal_rejected', {
        orderNo: w.orderNo,
        amount: w.amount,
        reason: w.reason,
      }),
    )
    .on('withdrawal.rejected', "push: 提款未通过 to the player's browsers", withdrawalRejectedPush)
    .on(
      'message.sent',
      "push: 新消息 to the reader's browsers (not a deposit's or withdrawal's: their own pushes)",
      messageSentPush,
    )
    .on(
      'match.started',
      'push: 关注的比赛开始了 to the browsers of who starred the match or a player',
      matchStartedPush,
    )
    .on('match.entered-by-operator', 'feed: the entry in the match event log', (tx, ctx, e) =>
      logOperatorEntry(tx, ctx, e),
    );
}

/** The claimed rebates' repayments of what their players owe. */
const repayFromRebates: Subscriber<DomainEvents['rebates.claimed']> = (tx, ctx, { claims }) =>
  repayDebtsFrom(
    tx,
    ctx,
    claims.map((c) => ({
      userId: c.userId,
      amount: c.amount,
      key: `rebate:${c.reference.id}`,
      reference: c.reference,
    })),
  );

/** Who follows from deposits credited (a batch of them, or one). */
function depositSubscribers(bus: DomainEventBus): DomainEventBus {
  return bus
    .on('deposits.credited', 'wallet: what each player owes repaid first', (tx, ctx, { credits }) =>
      repayDebtsFrom(
        tx,
        ctx,
        credits.map((d) => ({
          userId: d.userId,
          amount: d.creditedAmount + d.bonus,
          key: `deposit:${d.orderNo}`,
          reference: d.reference,
        })),
      ),
    )
    .on(
      'deposits.credited',
      'turnover: each credited amount and bonus to wager (with the COMMIT)',
      (tx, _ctx, { credits }) => withCommit(tx, () => addTurnoverRequirements(tx, credits.flatMap(turnoverOf))),
    )
    .on('deposits.credited', 'messages: 充值到账 to each player', (tx, ctx, { credits }) =>
      sendSystemMessages(
        tx,
        ctx,
        credits.map((d) => ({
          userId: d.userId,
          kind: 'deposit_credited',
          params: { orderNo: d.orderNo, amount: d.creditedAmount + d.bonus },
        })),
      ),
    )
    .on('deposits.credited', 'vip: each credited amount towards the level', (tx, ctx, { credits }) =>
      recordVipProgressAll(
        tx,
        ctx,
        credits.map((d) => ({ userId: d.userId, deposit: d.creditedAmount, reference: d.reference })),
      ),
    )
    .on('deposits.credited', 'wheel: a spin of the daily wheel each', (tx, ctx, { credits }) =>
      earnDepositSpins(
        tx,
        ctx,
        credits.map((d) => ({ userId: d.userId, amount: d.creditedAmount, orderNo: d.orderNo, at: d.at })),
      ),
    )
    .on('deposits.credited', 'promotions: first-deposit and deposit bonuses, the inviters', (tx, ctx, { credits }) =>
      promotionsOnDeposits(tx, ctx, credits),
    )
    .on(
      'deposits.credited',
      "agents: the members' totals and the day's figures (with the COMMIT)",
      async (tx, _ctx, { credits }) => {
        await withCommit(tx, () => countDeposits(tx, credits));
        await withCommit(tx, () =>
          rollUpAll(
            tx,
            credits.map((d) => ({ userId: d.userId, at: d.at, gameType: '', delta: depositFigures(d) })),
          ),
        );
      },
    )
    .on('deposits.credited', "push: 充值到账 to each player's browsers", depositsCreditedPush);
}

/** Who follows from a result correction (docs/design.md §9, "Result corrections"). */
function correctionSubscribers(bus: DomainEventBus): DomainEventBus {
  return bus
    .on('bets.resettled', "agents: the difference on the correction's day", (tx, _ctx, r) =>
      rollUpAll(
        tx,
        r.bets.map((b) => ({
          userId: b.bet.userId,
          at: r.at,
          gameType: b.bet.gameType,
          delta: minusFigures(resettledFigures(b.bet, b.after), resettledFigures(b.bet, b.before)),
        })),
      ),
    )
    .on('bets.resettled', 'turnover: a valid bet grown off the requirement (wagering done stays done)', (tx, _ctx, r) =>
      reduceTurnoverAll(tx, grown(r.validBetChanges)),
    )
    .on('bets.resettled', 'rebates: a valid bet grown accrues rebate, one shrunk takes it back', (tx, ctx, r) =>
      changeRebateAll(tx, ctx, r.validBetChanges),
    )
    .on('bets.resettled', 'vip: a valid bet grown or shrunk in the lifetime figures', (tx, ctx, r) =>
      changeVipProgressAll(tx, ctx, r.validBetChanges),
    )
    .on('bets.resettled', "rewards: the change on the task's day the bet was first settled", (tx, ctx, r) =>
      recountTaskBets(
        tx,
        ctx,
        r.bets.map((b) => ({
          userId: b.bet.userId,
          validBet: b.after.validBet - b.before.validBet,
          settledAt: b.settledAt,
          bets: 0,
          reference: b.reference,
        })),
      ),
    )
    .on('bets.resettled', 'promotions: progress and lucky slips as the final result counts them', (tx, ctx, r) =>
      promotionsOnBetsResettled(
        tx,
        ctx,
        r.bets.map((b) => ({
          ...b.bet,
          validBetBefore: b.before.validBet,
          validBetAfter: b.after.validBet,
          settledAt: b.settledAt,
        })),
      ),
    )
    .on('bets.resettled', "agents: the member's lifetime valid bet grown or shrunk", (tx, _ctx, r) =>
      countValidBets(tx, r.validBetChanges),
    )
    .on('bets.resettled', 'messages: 注单结果更正 to each player, per bet', async (tx, ctx, r) => {
      for (const { bet, before, after } of r.bets) {
        await sendSystemMessage(tx, ctx, bet.userId, 'bet_corrected', {
          betNo: bet.betNo,
          payoutBefore: before.payout,
          payoutAfter: after.payout,
          change: after.payout - before.payout,
          reason: r.reason,
        });
      }
    });
}

/**
 * A write whose answer nobody in the transaction reads (a counter, a roll-up): one statement sent
 * with the COMMIT, in one write with it (platform/db.ts, beforeCommit).
 */
async function withCommit(tx: Tx, write: () => Promise<void>): Promise<void> {
  beforeCommit(tx, write, { oneStatement: true });
}

/** A credit's turnover to wager: its credited amount, and its bonus. */
function turnoverOf(d: DepositCredit): TurnoverRequirement[] {
  const { userId, reference } = d;
  const credited: TurnoverRequirement = { userId, amount: d.creditedAmount, source: 'deposit', reference };
  return d.bonus > 0 ? [credited, { userId, amount: d.bonus, source: 'bonus', reference }] : [credited];
}

const settledFigures = (s: Settled) => settledBetFigures(s.bet, s.payout, s.validBet);

/** What a settlement counted in the agents' figures: nothing for a void bet refunded whole. */
const resettledFigures = (bet: Settled['bet'], f: BetFigures): RollupDelta =>
  f.outcome === 'void' && f.payout === bet.stake ? {} : settledBetFigures(bet, f.payout, f.validBet);

/**
 * Each player's payouts of a settlement, summed and named by the first bet. A provider's wallet
 * call reads the balance after them, so it states what the repayment left.
 */
function payoutsOf(settled: Settled[]): Credit[] {
  const credits = new Map<number, Credit>();
  for (const { bet, payout, reference } of settled) {
    if (payout <= 0) continue;
    const credit = credits.get(bet.userId);
    if (credit) credit.amount += payout;
    else
      credits.set(bet.userId, {
        userId: bet.userId,
        amount: payout,
        key: `settled:${reference.table}:${reference.id}`,
        reference,
      });
  }
  return [...credits.values()];
}

/** The valid bets a correction grew (a void bet now won or lost). */
const grown = (changes: PlayerValidBet[]) => changes.filter((c) => c.validBet > 0);

/** a − b, figure by figure. */
function minusFigures(a: RollupDelta, b: RollupDelta): RollupDelta {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof RollupDelta)[]);
  return Object.fromEntries([...keys].map((k) => [k, (a[k] ?? 0) - (b[k] ?? 0)]));
}

const passkeyChangedMessage: Subscriber<DomainEvents['passkeys.changed']> = async (tx, ctx, c) => {
  const { timeZone } = await getSysConfig(tx);
  await sendSystemMessage(tx, ctx, c.userId, c.change === 'added' ? 'passkey_added' : 'passkey_removed', {
    name: c.name,
    at: `${localDateTime(c.at, timeZone)} (${timeZone})`,
  });
};

const loginFailuresMessage: Subscriber<DomainEvents['login.failures']> = async (tx, ctx, f) => {
  const { timeZone } = await getSysConfig(tx);
  await sendSystemMessage(tx, ctx, f.userId, 'login_failures', {
    count: f.count,
    // The site's zone named: the phone reading it may keep another.
    at: `${localDateTime(f.at, timeZone)} (${timeZone})`,
    address: maskIp(f.client),
  });
};
