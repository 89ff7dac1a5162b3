import { ErrorCode, type playersAdmin } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { lastLoginsOf, sessionsOfUser } from '../../platform/sessions.js';
import { listPlayers, playerProfile, type PlayerFilter } from '../auth/service.js';
import { betRecordDetails, betTotalsOf, listBetRecords } from '../bets/service.js';
import { depositTotalsOf } from '../payments/service.js';
import { getTurnover } from '../turnover/service.js';
import { cashBalancesOf, getCashBalance, listEntries } from '../wallet/service.js';
import { paidWithdrawalsOf } from '../withdrawals/service.js';

/*
 * The players section of the console: the list, one player's record with their money, bets
 * and devices, and their ledger and bets page by page.
 */

export async function listPlayersForOperator(db: Conn, filter: PlayerFilter) {
  const page = await listPlayers(db, filter);
  const ids = page.list.map((p) => p.id);
  const [balances, logins] = await Promise.all([cashBalancesOf(db, ids), lastLoginsOf(db, ids)]);
  return {
    ...page,
    list: page.list.map((p) => ({
      ...p,
      balance: balances.get(p.id) ?? 0,
      createdAt: p.createdAt.toISOString(),
      lastLoginAt: logins.get(p.id)?.toISOString() ?? null,
    })),
  };
}

async function playerOrThrow(db: Conn, username: string) {
  const player = await playerProfile(db, username);
  if (!player) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
  return player;
}

export async function playerDetail(db: Conn, username: string, now: Date) {
  const p = await playerOrThrow(db, username);
  const [cash, turnover, deposits, withdrawals, bets, sessions] = await Promise.all([
    getCashBalance(db, p.id),
    getTurnover(db, p.id),
    depositTotalsOf(db, [p.id]),
    paidWithdrawalsOf(db, p.id),
    betTotalsOf(db, p.id),
    sessionsOfUser(db, p.id),
  ]);
  return {
    id: p.id,
    username: p.username,
    nickname: p.nickname,
    status: p.status,
    vipLevel: p.vipLevel,
    balance: cash.balance,
    frozen: cash.frozen,
    createdAt: p.createdAt.toISOString(),
    // Sessions come newest first: the first is the last login.
    lastLoginAt: sessions[0]?.createdAt.toISOString() ?? null,
    mobile: p.mobile,
    inviteCode: p.inviteCode,
    upline: p.upline,
    turnoverLeft: turnover.left,
    totals: { deposits: deposits.get(p.id) ?? 0, withdrawals, stake: bets.stake, winLoss: bets.winLoss },
    sessions: sessions.map((s): playersAdmin.PlayerSession => ({
      id: s.id,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: s.revokedAt?.toISOString() ?? null,
      live: !s.revokedAt && s.expiresAt > now,
    })),
  };
}

export async function playerLedger(db: Conn, input: { username: string; page: number; pageSize: number }) {
  const p = await playerOrThrow(db, input.username);
  return listEntries(db, p.id, { page: input.page, pageSize: input.pageSize });
}

/** A bet of the player's, as the player's own details show it (404 betNotFound if not theirs). */
export async function playerBetDetails(db: Conn, input: { username: string; betNo: string }) {
  const p = await playerOrThrow(db, input.username);
  return betRecordDetails(db, p.id, input.betNo, 'zh-CN');
}

export async function playerBets(db: Conn, input: { username: string; page: number; pageSize: number }) {
  const p = await playerOrThrow(db, input.username);
  return listBetRecords(db, p.id, { page: input.page, pageSize: input.pageSize }, 'zh-CN');
}
