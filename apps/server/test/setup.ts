import { afterAll } from 'vitest';
import { releaseTestOps } from './helpers/wallet.js';

// Registered before each file's own hooks, so it runs after them (hooks run as a stack): the
// file's last ledger check still sees its test_ops.
afterAll(releaseTestOps);
