import { formatMoney, type inbox } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { systemMessageTitle } from '../messages/service.js';
import { getSysConfig } from '../system/service.js';
import { fansOf } from '../taiqiu/service.js';
import { queuePush, queuePushes } from './outbox.js';
import type { PushPayload } from './tables.js';

/*
 * What each event tells the player's browsers (src/subscribers.ts runs these in the event's
 * transaction): a short zh-CN title and body, and the page it opens. Amounts as the app shows
 * money (formatMoney with the site's sign); no account numbers, no rejection reasons (the inbox
 * has them, behind the login).
 */

type Events = DomainEvents;

const money = async (tx: Tx, minor: number) => formatMoney(minor, (await getSysConfig(tx)).currencySymbol);

export async function depositCreditedPush(tx: Tx, ctx: AppContext, d: Events['deposit.credited']): Promise<void> {
  await queuePush(tx, ctx, [d.userId], 'deposit', {
    title: '充值到账',
    body: `您的充值 ${await money(tx, d.creditedAmount + d.bonus)} 已到账，祝您游戏愉快！`,
    url: '/user/zijinmingxi',
    tag: `deposit:${d.orderNo}`,
  });
}

export async function withdrawalPaidPush(tx: Tx, ctx: AppContext, w: Events['withdrawal.paid']): Promise<void> {
  await queuePush(tx, ctx, [w.userId], 'withdrawal', {
    title: '提款已出款',
    body: `您的提款 ${await money(tx, w.netAmount)} 已出款，请留意收款账户。`,
    url: '/user/zijinmingxi',
    tag: `withdrawal:${w.orderNo}`,
  });
}

export async function withdrawalRejectedPush(tx: Tx, ctx: AppContext, w: Events['withdrawal.rejected']): Promise<void> {
  await queuePush(tx, ctx, [w.userId], 'withdrawal', {
    title: '提款未通过',
    body: `您的提款 ${await money(tx, w.amount)} 未通过审核，金额已退回余额，原因请查看消息。`,
    url: '/user/zijinmingxi',
    tag: `withdrawal:${w.orderNo}`,
  });
}

type Settlement = Events['bets.settled']['bets'][number];

/**
 * One push per player of a settlement, queued in one statement: billiards bets only (a game round
 * settles as it is played, in front of the player), and not a cash-out, which the player just did.
 */
export async function betsSettledPush(tx: Tx, ctx: AppContext, { bets }: Events['bets.settled']): Promise<void> {
  const perPlayer = new Map<number, Settlement[]>();
  for (const s of bets) {
    if (s.bet.gameType !== 'taiqiu' || s.outcome === 'cashout') continue;
    perPlayer.set(s.bet.userId, [...(perPlayer.get(s.bet.userId) ?? []), s]);
  }
  if (perPlayer.size === 0) return;
  const { currencySymbol } = await getSysConfig(tx);
  const payloads = new Map<number, PushPayload>();
  for (const [userId, settled] of perPlayer) {
    payloads.set(userId, {
      title: '注单已结算',
      body: settledText(settled, (minor) => formatMoney(minor, currencySymbol)),
      url: '/user/touzhulogs',
      tag: `bet:${settled[0]!.bet.betNo}`,
    });
  }
  await queuePushes(tx, ctx, 'bet', payloads);
}

function settledText(settled: Settlement[], money: (minor: number) => string): string {
  const payout = settled.reduce((sum, s) => sum + s.payout, 0);
  if (settled.length > 1) return `${settled.length} 笔注单已结算，派彩 ${money(payout)}。`;
  const [{ bet, outcome }] = settled as [Settlement];
  if (outcome === 'won') return `恭喜！注单 ${bet.betNo} 赢得 ${money(payout)}。`;
  if (outcome === 'void') return `注单 ${bet.betNo} 已作废，退还 ${money(payout)}。`;
  return `注单 ${bet.betNo} 未中奖，再接再厉。`;
}

/** Who starred the match, or one of its players. */
export async function matchStartedPush(tx: Tx, ctx: AppContext, m: Events['match.started']): Promise<void> {
  await queuePush(tx, ctx, await fansOf(tx, m), 'match', {
    title: '关注的比赛开始了',
    body: `${m.playerA} vs ${m.playerB} 已开赛，快来看看吧。`,
    url: `/taiqiu/${m.matchId}`,
    tag: `match:${m.matchId}`,
  });
}

/** The messages that tell of a deposit or withdrawal: their own kinds' pushes tell of them. */
const TOLD_BY_OWN_KIND: ReadonlySet<inbox.MessageKind> = new Set([
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_rejected',
]);

/** A new message, or a broadcast to every player. */
export async function messageSentPush(tx: Tx, ctx: AppContext, m: Events['message.sent']): Promise<void> {
  if (TOLD_BY_OWN_KIND.has(m.kind)) return;
  await queuePush(tx, ctx, m.userId === null ? null : [m.userId], 'message', {
    title: '新消息',
    body: m.kind === 'operator' ? (m.title ?? '') : systemMessageTitle(m.kind, 'zh-CN'),
    url: '/user/myMessage',
    tag: `message:${m.messageId}`,
  });
}
