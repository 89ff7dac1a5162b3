import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { reportAdmin } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import {
  countWhere,
  longestSeconds,
  medianSeconds,
  secondsBetween,
  secondsSince,
  successBp,
  sumOf,
} from '../../platform/durations.js';
import { allChannels } from './channels.js';
import { byPeriod, periodOfInstant, type PeriodGroup } from '../../platform/periods.js';
import { depositOrders, payChannels } from './tables.js';

/*
 * The deposits' side of the payments report (docs/design.md §9, "Reports, as built"): per
 * recharge channel, what the orders made in the range became (by creation time) and what was
 * credited in the range (by the time of credit, as the ledger dates its deposit entries); and the
 * manual channels' queue.
 */

type Range = { from: Date; to: Date };
type Outcomes = Omit<reportAdmin.DepositFigures, 'successBp' | CreditedKey>;
type CreditedKey = 'creditedOrders' | 'amount' | 'fees' | 'credited' | 'bonuses';
type Credited = Pick<reportAdmin.DepositFigures, CreditedKey>;

const paid = sql`${depositOrders.status} = 'PAID'`;
const toCredit = secondsBetween(depositOrders.createdAt, depositOrders.paidAt);

const outcomes = {
  made: sql<number>`count(*)`.mapWith(Number),
  succeeded: countWhere(paid),
  failed: countWhere(sql`${depositOrders.status} = 'FAILED'`),
  expired: countWhere(sql`${depositOrders.status} = 'EXPIRED'`),
  open: countWhere(sql`${depositOrders.status} = 'PENDING'`),
  medianSeconds: medianSeconds(toCredit, paid),
};

const credited = {
  creditedOrders: sql<number>`count(*)`.mapWith(Number),
  amount: sumOf(depositOrders.amount),
  fees: sumOf(depositOrders.fee),
  credited: sumOf(depositOrders.creditedAmount),
  bonuses: sumOf(depositOrders.bonus),
};

const noOutcomes: Outcomes = { made: 0, succeeded: 0, failed: 0, expired: 0, open: 0, medianSeconds: null };
const noCredits: Credited = { creditedOrders: 0, amount: 0, fees: 0, credited: 0, bonuses: 0 };

const madeIn = (range: Range) => and(gte(depositOrders.createdAt, range.from), lt(depositOrders.createdAt, range.to));
const creditedIn = (range: Range) =>
  and(eq(depositOrders.status, 'PAID'), gte(depositOrders.paidAt, range.from), lt(depositOrders.paidAt, range.to));

const figuresOf = (o: Outcomes, c: Credited): reportAdmin.DepositFigures => ({
  ...o,
  successBp: successBp(o.succeeded, o.made),
  ...c,
});

/** Every channel's deposit figures over the range (idle channels as 0), and the range's totals. */
export async function depositFiguresByChannel(db: Conn, range: Range) {
  const [channels, made, madeTotal, credits] = await Promise.all([
    allChannels(db),
    db
      .select({ channelId: depositOrders.channelId, ...outcomes })
      .from(depositOrders)
      .where(madeIn(range))
      .groupBy(depositOrders.channelId),
    db.select(outcomes).from(depositOrders).where(madeIn(range)),
    db
      .select({ channelId: depositOrders.channelId, ...credited })
      .from(depositOrders)
      .where(creditedIn(range))
      .groupBy(depositOrders.channelId),
  ]);
  const madeBy = new Map(made.map(({ channelId, ...o }) => [channelId, o]));
  const creditsBy = new Map(credits.map(({ channelId, ...c }) => [channelId, c]));
  const rows = channels.map((c): reportAdmin.DepositChannelRow => ({
    channelId: c.id,
    channel: c.name,
    type: c.type,
    adapter: c.adapter,
    ...figuresOf(madeBy.get(c.id) ?? noOutcomes, creditsBy.get(c.id) ?? noCredits),
  }));
  const totalCredits = { ...noCredits };
  for (const c of creditsBy.values())
    for (const k of Object.keys(totalCredits) as CreditedKey[]) totalCredits[k] += c[k];
  return { rows, totals: figuresOf(madeTotal[0] ?? noOutcomes, totalCredits) };
}

const manual = eq(payChannels.adapter, 'manual');
/** What the console's manual queue lists: not confirmed yet, the money may still arrive. */
const unconfirmed = inArray(depositOrders.status, ['PENDING', 'EXPIRED']);

/**
 * The manual channels' queue: of their orders made in the range, the ones an operator confirmed
 * and their wait from creation to confirmation; and the orders the queue lists now.
 */
export async function manualDepositQueue(db: Conn, range: Range, now: Date): Promise<reportAdmin.QueueFigures> {
  const confirmed = sql`${depositOrders.confirmedBy} IS NOT NULL`;
  const [[decided], [waiting]] = await Promise.all([
    db
      .select({
        decided: countWhere(confirmed),
        medianWaitSeconds: medianSeconds(toCredit, confirmed),
        longestWaitSeconds: longestSeconds(toCredit, confirmed),
      })
      .from(depositOrders)
      .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
      .where(and(manual, madeIn(range), isNotNull(depositOrders.paidAt))),
    db
      .select({
        waiting: sql<number>`count(*)`.mapWith(Number),
        oldestWaitSeconds: longestSeconds(secondsSince(depositOrders.createdAt, now)),
      })
      .from(depositOrders)
      .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
      .where(and(manual, unconfirmed)),
  ]);
  return {
    decided: decided?.decided ?? 0,
    medianWaitSeconds: decided?.medianWaitSeconds ?? null,
    longestWaitSeconds: decided?.longestWaitSeconds ?? null,
    waiting: waiting?.waiting ?? 0,
    oldestWaitSeconds: waiting?.oldestWaitSeconds ?? null,
  };
}

/** Per period of the range: deposits made and credited (by creation), and the money credited (by credit). */
export async function depositsByPeriod(db: Conn, range: Range, group: PeriodGroup, timeZone: string) {
  const [made, money] = await Promise.all([
    db
      .select({
        period: periodOfInstant(depositOrders.createdAt, group, timeZone),
        made: outcomes.made,
        succeeded: outcomes.succeeded,
      })
      .from(depositOrders)
      .where(madeIn(range))
      .groupBy(sql`1`),
    db
      .select({
        period: periodOfInstant(depositOrders.paidAt, group, timeZone),
        amount: credited.amount,
        fees: credited.fees,
      })
      .from(depositOrders)
      .where(creditedIn(range))
      .groupBy(sql`1`),
  ]);
  return { made: byPeriod(made), money: byPeriod(money) };
}
