import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '@breakshot/contracts';
import { runBatch } from '../../src/platform/transaction-batch.js';
import type { AppError } from '../../src/platform/errors.js';
import { transferBatch } from '../../src/modules/agents/transfer.js';
import {
  balanceOf,
  newPayingAgent,
  newPlayerUnder,
  RECHARGE_PASSWORD,
  setAgentPassword,
  type TestAgent,
} from '../helpers/agent-money.js';
import { lastIdOf, writersAfter } from '../helpers/batch-writers.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, fund } from '../helpers/withdrawals.js';

/*
 * Agent transfers in batches (modules/agents/transfer.ts): a batch answers each transfer as it
 * would have been answered alone in the batch's order (its agents in id order), with the same
 * money and turnover: a repeat of a request id, another body under one, a sub-agent's transfer
 * refused for the turnover a transfer before it in the batch gave them, a short balance, a wrong
 * password. A batch whose transfers all move commits as one transaction.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
});

afterAll(async () => {
  await expectLedgerOk(t.db);
  await t?.close();
});

/** An agent with a sub-agent and a member of each: the agent 10,000, the sub-agent 5,000. */
async function team() {
  const agent = await newPayingAgent(t, 10_000);
  const sub = await newPlayerUnder(t, agent.inviteCode);
  await setAgentPassword(t, sub, 'recharge', RECHARGE_PASSWORD);
  await fund(t, sub.username, 5_000);
  const member = await newPlayerUnder(t, agent.inviteCode);
  const subMember = await newPlayerUnder(t, sub.inviteCode);
  return { agent, sub, member, subMember };
}
type Team = Awaited<ReturnType<typeof team>>;

/** Who may send to whom in a team. */
const ROUTES: [keyof Team, keyof Team][] = [
  ['agent', 'sub'],
  ['agent', 'member'],
  ['agent', 'subMember'],
  ['sub', 'subMember'],
];

const transferArb = fc.record({
  // The agent to the sub-agent and the sub-agent onwards most: the sub-agent may then have turnover left.
  route: fc.constantFrom(0, 0, 3, 3, 1, 2),
  amount: fc.constantFrom(1_000, 4_000),
  turnoverMultiple: fc.constantFrom(0, 1),
  // Ids an agent may use: a second use repeats, or with another body conflicts.
  request: fc.nat(4),
  wrongPassword: fc.constantFrom(false, false, false, false, false, false, false, true),
});
const SENT = { amount: 1_000, turnoverMultiple: 0, request: 0, wrongPassword: false };
type Pick = typeof transferArb extends fc.Arbitrary<infer T> ? T : never;

function callOf(w: Team, p: Pick) {
  const [from, to] = ROUTES[p.route]!;
  const sender = w[from];
  return {
    agentId: sender.userId,
    lang: 'zh-CN' as const,
    input: {
      memberId: w[to].userId,
      amount: p.amount,
      turnoverMultiple: p.turnoverMultiple,
      remark: '',
      rechargePassword: p.wrongPassword ? '000000' : RECHARGE_PASSWORD,
      requestId: `${from}-${p.request}`,
    },
  };
}

/** An answer as the agent sees it. */
function seen(answer: PromiseSettledResult<{ amount: number; balance: number; memberUsername: string }>) {
  if (answer.status === 'fulfilled') {
    const { amount, balance } = answer.value;
    return { amount, balance };
  }
  const err = answer.reason as AppError;
  return { code: err.code, key: err.messageKey, params: err.params };
}

/** Each player's balance and turnover left. */
async function stateOf(w: Team) {
  const of = async (p: TestAgent) => ({
    balance: await balanceOf(t, p),
    turnover: (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data.turnover,
  });
  return { agent: await of(w.agent), sub: await of(w.sub), member: await of(w.member), sub2: await of(w.subMember) };
}

describe('agent transfers in batches', () => {
  it('answers each transfer of a batch as alone in the batch order, with the same money and turnover', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(transferArb, { minLength: 2, maxLength: 5 }), async (picks) => {
        const [batched, alone] = [await team(), await team()];
        const batch = transferBatch(t.app.ctx);
        const before = await lastIdOf(t.db, 'agent_transfers');
        const batchAnswers = await runBatch(
          t.db,
          picks.map((p) => callOf(batched, p)),
          batch,
        );
        const writers = await writersAfter(t.db, 'agent_transfers', before);
        const calls = picks.map((p) => callOf(alone, p));
        const order = calls.map((_, i) => i).sort((a, b) => batch.order(calls[a]!, calls[b]!));
        const aloneAnswers: PromiseSettledResult<Awaited<ReturnType<typeof batch.alone>>>[] = [];
        for (const i of order) aloneAnswers[i] = (await runBatch(t.db, [calls[i]!], batch))[0]!;

        expect(batchAnswers.map(seen)).toEqual(aloneAnswers.map(seen));
        expect(await stateOf(batched)).toEqual(await stateOf(alone));
        // Every transfer moved and no request id came twice: the batch was not undone and made again.
        const ids = calls.map((c) => `${c.agentId} ${c.input.requestId}`);
        if (aloneAnswers.every((a) => a.status === 'fulfilled') && new Set(ids).size === ids.length) {
          expect(writers).toBe(1);
        }
      }),
      {
        numRuns: 20,
        // The sub-agent given turnover by a transfer before theirs in the batch: refused, as alone.
        examples: [
          [
            [
              { ...SENT, route: 0, turnoverMultiple: 1 },
              { ...SENT, route: 3 },
            ],
          ],
        ],
      },
    );
  }, 300_000);
});
