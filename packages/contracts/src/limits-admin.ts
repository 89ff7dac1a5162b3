import { z } from 'zod';
import { envelope } from './common.js';
import { str } from './fields.js';
import { limitsData } from './limits.js';
import { defineAdminCall } from './operator-calls.js';

/** The operator's view of a player's limits (read only: nobody can lift a self-exclusion early). */
export const playerLimits = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/players/limits',
  request: z.strictObject({ username: str().trim().min(1, 'required').max(32, 'too_long') }),
  response: envelope(limitsData.extend({ username: z.string() })),
});
