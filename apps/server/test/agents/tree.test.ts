import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, bets } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { newPlayerUnder, SECURITY_PASSWORD, setAgentPassword } from '../helpers/agent-money.js';
import { as, members, newLink, newTopAgent, NO_RATES, openedAccount, type Rates } from '../helpers/agent-team.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * The closure table is right for trees of five levels built through invite links,
 * plain invite codes and opened accounts. Each run grows a tree under a new top-level agent from
 * random steps and checks every node against a model: its ancestors with their depths, its
 * upline, kind and terms as its agents see them, and the team counts.
 */

interface Node {
  id: number;
  token: string;
  inviteCode: string;
  parent: Node | null;
  depth: number;
  kind: agent.MemberKind;
  rates: Rates;
  dividendRatioBp: number;
  passwordSet: boolean;
}

/** Levels 0 (the top agent) to 4. */
const DEEPEST = 4;

const step = fc.record({
  how: fc.constantFrom('code' as const, 'link' as const, 'open' as const),
  parent: fc.nat(50),
  agentKind: fc.boolean(),
  /** Percent of the parent's terms the child gets. */
  cut: fc.integer({ min: 0, max: 100 }),
});
type Step = { how: 'code' | 'link' | 'open'; parent: number | 'deepest'; agentKind: boolean; cut: number };

const ancestorsOf = (node: Node): [number, number][] => {
  const rows: [number, number][] = [];
  for (let n: Node | null = node, d = 0; n; n = n.parent, d += 1) rows.push([n.id, d]);
  return rows;
};

describe('the invite tree (closure table)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function grow(parent: Node, s: Step): Promise<Node> {
    const kind: agent.MemberKind = s.how !== 'code' && s.agentKind && parent.kind === 'agent' ? 'agent' : 'member';
    const rates = Object.fromEntries(
      bets.gameTypes.map((g) => [g, s.how === 'code' ? 0 : Math.floor((parent.rates[g] * s.cut) / 100)]),
    ) as Rates;
    const dividendRatioBp = kind === 'agent' ? Math.floor((parent.dividendRatioBp * s.cut) / 100) : 0;
    let child: { token: string; userId: number; inviteCode: string };
    if (s.how === 'code') {
      child = await newPlayerUnder(t, parent.inviteCode);
    } else if (s.how === 'link') {
      const link = await newLink(t, parent, { kind, rates, dividendRatioBp });
      child = await newPlayerUnder(t, link.code);
    } else {
      if (!parent.passwordSet) {
        await setAgentPassword(t, { ...parent, userId: parent.id, username: '' }, 'security', SECURITY_PASSWORD);
        parent.passwordSet = true;
      }
      child = await openedAccount(t, parent, { kind, rates, dividendRatioBp });
    }
    return {
      id: child.userId,
      token: child.token,
      inviteCode: child.inviteCode,
      parent,
      depth: parent.depth + 1,
      kind,
      rates: s.how === 'code' ? NO_RATES : rates,
      dividendRatioBp,
      passwordSet: false,
    };
  }

  it('gives every node of random five-level trees its ancestors, depths, upline and terms', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...(['code', 'link', 'open'] as const)),
        async (steps, spine) => {
          const top = await newTopAgent(t);
          const root: Node = {
            id: top.userId,
            token: top.token,
            inviteCode: top.inviteCode,
            parent: null,
            depth: 0,
            kind: 'agent',
            rates: { taiqiu: 200, slots: 150, poker: 100 },
            dividendRatioBp: 4000,
            passwordSet: true,
          };
          const nodes = [root];
          // A spine down to the fifth level first, so every run has one; then the random steps.
          const spineSteps: Step[] = Array.from({ length: DEEPEST }, () => ({
            how: spine,
            parent: 'deepest',
            agentKind: true,
            cut: 90,
          }));
          for (const s of [...spineSteps, ...steps]) {
            const open = nodes.filter((n) => n.depth < DEEPEST);
            const parent =
              s.parent === 'deepest'
                ? open.reduce((a, b) => (b.depth > a.depth ? b : a))
                : open[s.parent % open.length]!;
            nodes.push(await grow(parent, s));
          }
          expect(Math.max(...nodes.map((n) => n.depth))).toBe(DEEPEST);

          for (const node of nodes) {
            const rows = await queryRows<{ ancestor_id: number; depth: number }>(
              t.db,
              sql`SELECT ancestor_id::int, depth FROM user_tree WHERE descendant_id = ${node.id} ORDER BY depth`,
            );
            expect(rows.map((r) => [r.ancestor_id, r.depth])).toEqual(ancestorsOf(node));
          }

          // What the top agent sees of each: depth, upline, kind and terms.
          const team = await members(t, root, { scope: 'team' });
          expect(team.total).toBe(nodes.length - 1);
          expect(new Map(team.list.map((m) => [m.id, m.depth]))).toEqual(
            new Map(nodes.slice(1).map((n) => [n.id, n.depth])),
          );
          for (const node of nodes.slice(1)) {
            const details = await as(t, root, agent.agentMemberDetails, { id: node.id });
            expect(details.code).toBe(200);
            expect(details.data).toMatchObject({
              depth: node.depth,
              upline: { id: node.parent!.id },
              kind: node.kind,
              rates: node.rates,
              dividendRatioBp: node.dividendRatioBp,
              editable: node.depth === 1,
            });
          }

          // Each node's own team counts.
          for (const node of nodes) {
            const below = nodes.filter((n) => n !== node && ancestorsOf(n).some(([id]) => id === node.id));
            const home = await as(t, node, agent.agentHome);
            expect(home.data).toMatchObject({
              directCount: below.filter((n) => n.parent === node).length,
              teamCount: below.length,
            });
          }
        },
      ),
      { numRuns: 6 },
    );
  }, 300_000);
});
