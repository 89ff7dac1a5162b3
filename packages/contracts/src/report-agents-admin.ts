import { z } from 'zod';
import { envelope, money, pageResult } from './common.js';
import { defineAdminCall } from './operator-calls.js';
import { rangeRequest } from './report-range.js';

/*
 * The agents report (console 报表 › 代理, docs/design.md §9 "Reports, as built"): over a range of
 * the site's days, each top-level team — a player with no inviter, and everyone below them in the
 * invite tree — with what its bets did for the house and what its agents were paid.
 */

export const agentTeamRow = z.object({
  /** The team's top agent; null: the players nobody invited and who invited nobody. */
  agentId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** Members below the top agent, today. */
  members: z.number().int(),
  /** Players of the team with a bet settled in the range, and those bets (as in the profit and loss). */
  players: z.number().int(),
  bets: z.number().int(),
  turnover: money,
  validBet: money,
  payout: money,
  /** Turnover − payout. */
  ggr: money,
  /** What the ledger credited to the team's members' cash in the range (codes commission, dividend). */
  commissions: money,
  dividends: money,
  /** GGR − commissions − dividends. */
  net: money,
});
export type AgentTeamRow = z.infer<typeof agentTeamRow>;

/** The top-level teams of the range, the largest turnover first. */
export const agentTeamsReport = defineAdminCall({
  path: '/reports/agents',
  roles: ['finance', 'risk'],
  csv: true,
  request: rangeRequest,
  response: envelope(pageResult(agentTeamRow)),
});
