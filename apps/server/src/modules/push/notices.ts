import { formatMoney, type inbox } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { systemMessageTitle } from '../messages/service.js';
import { getSysConfig } from '../system/service.js';
import { fansOf } from '../taiqiu/service.js';
import { queuePush, queuePushes } from './outbox.js';
import type { PushNotice } from './tables.js';

/*
 * What each event tells the player's browsers (src/subscribers.ts runs these in the event's
 * transaction): a short title and body in Chinese and in English (each browser gets its
 * language's: outbox.ts), and the page it opens. Amounts as the app shows
 * money (formatMoney with the site's sign); no account numbers, no rejection reasons (the inbox
 * has them, behind the login).
 */

type Events = DomainEvents;

const money = async (tx: Tx, minor: number) => formatMoney(minor, (await getSysConfig(tx)).currencySymbol);

export async function depositsCreditedPush(
  tx: Tx,
  ctx: AppContext,
  { credits }: Events['deposits.credited'],
): Promise<void> {
  const { currencySymbol } = await getSysConfig(tx);
  const notices = credits.map((d): [number, PushNotice] => {
    const amount = formatMoney(d.creditedAmount + d.bonus, currencySymbol);
    return [
      d.userId,
      {
        title: { 'zh-CN': '充值到账', en: 'Deposit credited' },
        body: {
          'zh-CN': `您的充值 ${amount} 已到账，祝您游戏愉快！`,
          en: `Your deposit of ${amount} has been credited. Enjoy your game!`,
        },
        url: '/user/zijinmingxi',
        tag: `deposit:${d.orderNo}`,
      },
    ];
  });
  await queuePushes(tx, ctx, 'deposit', notices);
}

export async function withdrawalPaidPush(tx: Tx, ctx: AppContext, w: Events['withdrawal.paid']): Promise<void> {
  const amount = await money(tx, w.netAmount);
  await queuePush(tx, ctx, [w.userId], 'withdrawal', {
    title: { 'zh-CN': '提款已出款', en: 'Withdrawal paid' },
    body: {
      'zh-CN': `您的提款 ${amount} 已出款，请留意收款账户。`,
      en: `Your withdrawal of ${amount} has been paid out. Please check your receiving account.`,
    },
    url: '/user/zijinmingxi',
    tag: `withdrawal:${w.orderNo}`,
  });
}

export async function withdrawalRejectedPush(tx: Tx, ctx: AppContext, w: Events['withdrawal.rejected']): Promise<void> {
  const amount = await money(tx, w.amount);
  await queuePush(tx, ctx, [w.userId], 'withdrawal', {
    title: { 'zh-CN': '提款未通过', en: 'Withdrawal not approved' },
    body: {
      'zh-CN': `您的提款 ${amount} 未通过审核，金额已退回余额，原因请查看消息。`,
      en: `Your withdrawal of ${amount} was not approved and has been returned to your balance. See your messages for the reason.`,
    },
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
  const notices = new Map<number, PushNotice>();
  for (const [userId, settled] of perPlayer) {
    notices.set(userId, {
      title: { 'zh-CN': '注单已结算', en: 'Bet settled' },
      body: settledText(settled, (minor) => formatMoney(minor, currencySymbol)),
      url: '/user/touzhulogs',
      tag: `bet:${settled[0]!.bet.betNo}`,
    });
  }
  await queuePushes(tx, ctx, 'bet', notices);
}

function settledText(settled: Settlement[], money: (minor: number) => string): PushNotice['body'] {
  const payout = money(settled.reduce((sum, s) => sum + s.payout, 0));
  if (settled.length > 1) {
    const n = settled.length;
    return { 'zh-CN': `${n} 笔注单已结算，派彩 ${payout}。`, en: `${n} bets settled, paying out ${payout}.` };
  }
  const [{ bet, outcome }] = settled as [Settlement];
  const no = bet.betNo;
  if (outcome === 'won')
    return { 'zh-CN': `恭喜！注单 ${no} 赢得 ${payout}。`, en: `Congratulations! Bet ${no} won ${payout}.` };
  if (outcome === 'void')
    return { 'zh-CN': `注单 ${no} 已作废，退还 ${payout}。`, en: `Bet ${no} was voided; ${payout} returned.` };
  return { 'zh-CN': `注单 ${no} 未中奖，再接再厉。`, en: `Bet ${no} did not win. Better luck next time.` };
}

/** Who starred the match, or one of its players. */
export async function matchStartedPush(tx: Tx, ctx: AppContext, m: Events['match.started']): Promise<void> {
  await queuePush(tx, ctx, await fansOf(tx, m), 'match', {
    title: { 'zh-CN': '关注的比赛开始了', en: 'A match you follow has started' },
    body: {
      'zh-CN': `${m.playerA} vs ${m.playerB} 已开赛，快来看看吧。`,
      en: `${m.playerA} vs ${m.playerB} is under way. Come and watch!`,
    },
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
    title: { 'zh-CN': '新消息', en: 'New message' },
    // An operator's message has the one title its operator wrote.
    body:
      m.kind === 'operator'
        ? { 'zh-CN': m.title ?? '', en: m.title ?? '' }
        : { 'zh-CN': systemMessageTitle(m.kind, 'zh-CN'), en: systemMessageTitle(m.kind, 'en') },
    url: '/user/myMessage',
    tag: `message:${m.messageId}`,
  });
}
