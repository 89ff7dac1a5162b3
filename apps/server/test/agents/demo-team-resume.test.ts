import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { DEMO_TEAM_STEPS } from '../../src/modules/agents/demo-team-steps.js';
import { ensureDemoTeam } from '../../src/modules/agents/demo-team.js';
import { queryRows, type Db } from '../../src/platform/db.js';
import { startTestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';

/*
 * A start killed while it builds the demo team leaves what it committed; the next start finishes
 * the team, making nothing twice and paying nothing twice.
 */
const KILLED = 'killed after the step';
const cutAfter = (name: string) => (step: string) => {
  if (step === name) throw new Error(KILLED);
};

/** What the team is, without ids, order numbers or times (they differ from one build to the next). */
async function teamState(db: Db) {
  const rows = (query: SQL) => queryRows<Record<string, unknown>>(db, query);
  const name = (column: string) => sql.raw(`(SELECT username FROM users WHERE id = ${column})`);
  return {
    players: await rows(sql`SELECT username, ${name('parent_id')} AS upline FROM users ORDER BY username`),
    terms: await rows(
      sql`SELECT ${name('user_id')} AS who, kind, rates, dividend_ratio_bp,
          security_password_hash IS NOT NULL AS security, recharge_password_hash IS NOT NULL AS recharge
          FROM agent_profiles ORDER BY 1`,
    ),
    links: await rows(sql`SELECT ${name('owner_id')} AS who, kind, rates, remark FROM agent_links ORDER BY 1`),
    sessions: await rows(sql`SELECT ${name('user_id')} AS who, count(*)::int AS n FROM sessions GROUP BY 1 ORDER BY 1`),
    accounts: await rows(
      sql`SELECT ${name('owner_id')} AS who, kind, credits_posted, debits_posted, credits_pending, debits_pending
          FROM accounts ORDER BY 1, 2`,
    ),
    ledger: await rows(
      sql`SELECT code, kind, amount, memo, count(*)::int AS n FROM transfers GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),
    deposits: await rows(sql`SELECT ${name('user_id')} AS who, amount, status FROM deposit_orders ORDER BY 1`),
    bets: await rows(
      sql`SELECT ${name('user_id')} AS who, game_type, stake, valid_bet, payout, status FROM bets ORDER BY 1, 2`,
    ),
    transfers: await rows(sql`SELECT amount, remark, request_id FROM agent_transfers`),
    turnover: await rows(sql`SELECT ${name('user_id')} AS who, required, done FROM turnover_balances ORDER BY 1`),
    rollUps: await rows(
      sql`SELECT ${name('user_id')} AS who, game_type, to_jsonb(d) - 'user_id' - 'day' - 'game_type' AS figures
          FROM agent_daily d ORDER BY 1, 2`,
    ),
    audit: await rows(sql`SELECT operator, action, count(*)::int AS n FROM admin_audit GROUP BY 1, 2 ORDER BY 1, 2`),
  };
}

describe('demo agent team, a start cut short', () => {
  it('is finished by the next start after whichever step the kill came, as if never cut; the ledger checks out', async () => {
    const whole = await startTestApp({ scheduler: false, demo: true, demoProvider: true });
    const expected = await teamState(whole.db);
    await whole.close();
    expect(expected.bets).toHaveLength(4);

    for (const [k, step] of DEMO_TEAM_STEPS.entries()) {
      const t = await startTestApp({ scheduler: false, demoProvider: true });
      try {
        await expect(ensureDemoTeam(t.app.ctx, cutAfter(step.name))).rejects.toThrow(KILLED);
        // The last step done: the team is whole and the next start makes nothing.
        expect(await ensureDemoTeam(t.app.ctx), step.name).toBe(k < DEMO_TEAM_STEPS.length - 1);
        expect(await teamState(t.db), `cut after step ${k + 1}: ${step.name}`).toEqual(expected);
        await expectLedgerOk(t.db);
      } finally {
        await t.close();
      }
    }
  }, 300_000);
});
