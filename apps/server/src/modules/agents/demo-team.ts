import { setPlayerStatus } from '../admin/service.js';
import { accountOfName, passwordHashesOf } from '../auth/service.js';
import type { AppContext } from '../../platform/context.js';
import { withSetupLock } from '../../platform/migrate.js';
import { verifyPassword } from '../../platform/password.js';
import { DEMO_TEAM, DEMO_TEAM_STEPS } from './demo-team-steps.js';

export { DEMO_TEAM };

/** Who disables the demo team in the audit log: the server's production start, never an operator's name. */
export const PRODUCTION_START = '@production-start';

/**
 * Makes the demo team (demo mode only: known passwords), or finishes it when a start was cut
 * short while making it: each step is made unless found done, so nothing is made or paid twice.
 * A team whose last step is done costs a start one look. One instance at a time (the setup lock:
 * another waits, then finds it done). `afterStep` runs after each step (tests cut the build there).
 * Returns whether any step was made.
 */
export async function ensureDemoTeam(
  ctx: AppContext,
  afterStep?: (step: string) => Promise<void> | void,
): Promise<boolean> {
  if (await DEMO_TEAM_STEPS.at(-1)?.done(ctx)) return false;
  return withSetupLock(ctx.database, async () => {
    let made = false;
    for (const step of DEMO_TEAM_STEPS) {
      if (!(await step.done(ctx))) {
        await step.make(ctx);
        made = true;
      }
      await afterStep?.(step.name);
    }
    return made;
  });
}

/**
 * A production start without demo mode on a database that holds the demo team (a data folder
 * first used in development): each of its accounts that still logs in with the published
 * password is disabled, audited, its sessions ended. Returns the names disabled now; an account
 * whose owner changed its password, or already disabled, is left as it is.
 */
export async function disableDemoTeam(ctx: AppContext): Promise<string[]> {
  const disabled: string[] = [];
  for (const username of [DEMO_TEAM.agent, DEMO_TEAM.subAgent, ...DEMO_TEAM.members]) {
    const account = await accountOfName(ctx.db, username);
    if (!account || account.status !== 'active') continue;
    const hashes = await passwordHashesOf(ctx.db, account.id);
    if (!hashes || !(await verifyPassword(hashes.passwordHash, DEMO_TEAM.password))) continue;
    await setPlayerStatus(ctx, PRODUCTION_START, { username, status: 'disabled', reason: '生产环境停用演示账号' });
    disabled.push(username);
  }
  return disabled;
}
