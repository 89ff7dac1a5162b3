import { sql } from 'drizzle-orm';
import type { reportAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { queryRows, type Conn } from '../../platform/db.js';
import { topTeamsOfPlayers } from '../auth/service.js';
import { settledBetFacts } from '../bets/service.js';
import { getSysConfig } from '../system/service.js';
import { cashTotalsOfPlayers } from '../wallet/service.js';

/*
 * The agents report (docs/design.md §9, "Reports, as built"): the profit and loss's bets and the
 * ledger's commissions and dividends, each player's counted to the player's top-level team. The
 * teams' lines add up to the profit and loss's figures, the players in no team as a line of
 * their own. A report: it reads a replica where one is configured.
 */

type AgentsInput = z.output<(typeof reportAdmin)['agentTeamsReport']['request']>;

type TeamRow = Omit<reportAdmin.AgentTeamRow, 'ggr' | 'net'> & { total: number };

/** A page of the top-level teams of the range, the largest turnover first (then the most paid). */
export async function agentTeamsReport(db: Conn, input: AgentsInput, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const range = { from: new Date(input.from), to: new Date(input.to) };
  const facts = await settledBetFacts(db, range, timeZone, now);
  const rows = await queryRows<TeamRow>(
    db,
    sql`WITH teams AS (${topTeamsOfPlayers()}),
      played AS (
        SELECT t.team_id, count(DISTINCT f.user_id) AS players, sum(f.bets) AS bets, sum(f.turnover) AS turnover,
          sum(f.valid_bet) AS valid_bet, sum(f.payout) AS payout
        FROM (${facts}) f JOIN teams t USING (user_id) GROUP BY 1),
      paid AS (
        SELECT t.team_id, sum(c.amount) FILTER (WHERE c.type = 'commission') AS commissions,
          sum(c.amount) FILTER (WHERE c.type = 'dividend') AS dividends
        FROM (${cashTotalsOfPlayers(range, ['commission', 'dividend'])}) c JOIN teams t USING (user_id) GROUP BY 1),
      named AS (SELECT DISTINCT team_id, team_name, members FROM teams)
    SELECT nullif(n.team_id, 0)::int AS "agentId", n.team_name AS username, n.members::int AS members,
      coalesce(p.players, 0)::int AS players, coalesce(p.bets, 0)::int AS bets,
      coalesce(p.turnover, 0)::bigint AS turnover, coalesce(p.valid_bet, 0)::bigint AS "validBet",
      coalesce(p.payout, 0)::bigint AS payout, coalesce(q.commissions, 0)::bigint AS commissions,
      coalesce(q.dividends, 0)::bigint AS dividends, count(*) OVER ()::int AS total
    FROM named n LEFT JOIN played p USING (team_id) LEFT JOIN paid q USING (team_id)
    WHERE p.team_id IS NOT NULL OR q.team_id IS NOT NULL
    ORDER BY 6 DESC, coalesce(q.commissions, 0) + coalesce(q.dividends, 0) DESC, n.team_id
    LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`,
  );
  return {
    list: rows.map(({ total: _total, ...r }) => teamLine(r)),
    total: rows[0]?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** A team's line with its GGR and net; PostgreSQL's bigints arrive as text. */
function teamLine(r: Omit<TeamRow, 'total'>): reportAdmin.AgentTeamRow {
  const [turnover, validBet, payout, commissions, dividends] = [
    r.turnover,
    r.validBet,
    r.payout,
    r.commissions,
    r.dividends,
  ].map(Number) as [number, number, number, number, number];
  const ggr = turnover - payout;
  return { ...r, turnover, validBet, payout, commissions, dividends, ggr, net: ggr - commissions - dividends };
}
