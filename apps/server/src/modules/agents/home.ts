import type { agent } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { inviteCodeOf, mobileOf, teamCounts } from '../auth/service.js';
import { agentPasswordsSet } from './passwords.js';
import { profileOf } from './profiles.js';
import { homeFigures } from './reports/home-figures.js';
import { siteTimes } from './site-time.js';

/** The agent area's home (shouye): my terms, invite code, team counts, today's figures and what is set up. */
export async function agentHome(db: Conn, userId: number, now: Date): Promise<agent.AgentProfile> {
  const { dayStart } = await siteTimes(db, now);
  const [profile, inviteCode, counts, passwords, mobile, figures] = await Promise.all([
    profileOf(db, userId),
    inviteCodeOf(db, userId),
    teamCounts(db, userId, dayStart),
    agentPasswordsSet(db, userId),
    mobileOf(db, userId),
    homeFigures(db, userId, now),
  ]);
  return {
    ...profile,
    inviteCode,
    directCount: counts.direct,
    teamCount: counts.team,
    newToday: counts.newSince,
    hasSecurityPassword: passwords.security,
    hasRechargePassword: passwords.recharge,
    mobileBound: mobile !== null,
    figures,
  };
}
