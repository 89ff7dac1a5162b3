import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, type agent, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { maskMobile, memberRecord, teamSizesOf } from '../auth/service.js';
import { betRecordDetails, betsByDay, listBetRecords } from '../bets/service.js';
import { depositsByDay } from '../payments/service.js';
import { listEntries } from '../wallet/service.js';
import { withdrawalsByDay } from '../withdrawals/service.js';
import { teamMemberOf } from './members.js';
import { checkAgentPassword } from './passwords.js';
import { profileOf, ratesWithin, ratioFitsKind } from './profiles.js';
import { siteTimes } from './site-time.js';
import { agentProfiles } from './tables.js';
import { requireTeamMember } from './team.js';

/*
 * One member of my team (dailiDetails, zhudanDetails, youxizdxq, zijinmingxi). Every call first
 * checks the member is in my team (404 otherwise) before reading anything of it.
 */

type SetRatesInput = z.output<typeof agent.agentMemberSetRates.request>;
type BetsInput = z.output<typeof agent.agentMemberBets.request>;
type BalanceInput = z.output<typeof agent.agentMemberBalanceDetails.request>;

export async function memberDetails(db: Conn, agentId: number, memberId: number, now: Date) {
  const { depth } = await requireTeamMember(db, agentId, memberId);
  const { timeZone, monthStart } = await siteTimes(db, now);
  const month = { from: monthStart, userId: memberId };
  const [member, record, sizes, terms, deposits, withdrawals, bets] = await Promise.all([
    teamMemberOf(db, agentId, memberId, now),
    memberRecord(db, memberId),
    teamSizesOf(db, [memberId]),
    profileOf(db, memberId),
    depositsByDay(db, month, timeZone),
    withdrawalsByDay(db, month, timeZone),
    betsByDay(db, month, timeZone),
  ]);
  if (!record) throw new Error(`member ${memberId} has no upline`);
  const sum = <T>(days: Map<string, T>, figure: (day: T) => number) =>
    [...days.values()].reduce((total, day) => total + figure(day), 0);
  return {
    ...member,
    ...terms,
    nickname: record.nickname,
    mobile: record.mobile ? maskMobile(record.mobile) : null,
    upline: record.upline,
    directCount: sizes.get(memberId)?.direct ?? 0,
    month: {
      deposits: sum(deposits, (d) => d.amount),
      withdrawals: sum(withdrawals, (d) => d.amount),
      validBet: sum(bets, (d) => d.validBet),
      winLoss: sum(bets, (d) => d.payout - d.stake),
    },
    editable: depth === 1,
  };
}

/**
 * Sets a direct member's rates and dividend ratio (a member holds none), each within mine
 * (422), after my security password (MONEY's passwords.ts: 400 wrong, 429 locked).
 */
export async function setMemberRates(ctx: AppContext, agentId: number, input: SetRatesInput, lang: Lang) {
  const { db } = ctx;
  const { depth } = await requireTeamMember(db, agentId, input.id);
  if (depth !== 1) throw new AppError(ErrorCode.UNPROCESSABLE, 'agentNotDirect', undefined, { field: 'id' });
  ratioFitsKind((await profileOf(db, input.id)).kind, input.dividendRatioBp);
  ratesWithin(input.rates, input.dividendRatioBp, await profileOf(db, agentId), lang);
  await checkAgentPassword(ctx, agentId, 'security', input.securityPassword, lang);
  await db
    .update(agentProfiles)
    .set({ rates: input.rates, dividendRatioBp: input.dividendRatioBp, updatedAt: ctx.now() })
    .where(eq(agentProfiles.userId, input.id));
  return memberDetails(db, agentId, input.id, ctx.now());
}

/** A member's bets, as the member's own bet records show them. */
export async function memberBets(db: Conn, agentId: number, input: BetsInput, lang: Lang) {
  const { id, ...filter } = input;
  await requireTeamMember(db, agentId, id);
  return listBetRecords(db, id, filter, lang);
}

/** One bet of a member; a bet of anyone else: 404 as for the member's own. */
export async function memberBetDetails(db: Conn, agentId: number, id: number, betNo: string, lang: Lang) {
  await requireTeamMember(db, agentId, id);
  return betRecordDetails(db, id, betNo, lang);
}

/** A member's fund details (its ledger entries). */
export async function memberBalanceDetails(db: Conn, agentId: number, input: BalanceInput) {
  const { id, ...filter } = input;
  await requireTeamMember(db, agentId, id);
  return listEntries(db, id, filter);
}
