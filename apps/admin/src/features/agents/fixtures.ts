import type { agent, agentsAdmin } from '@breakshot/contracts';
import type { Role } from '../../lib/session';

/** Test data of the agent section's component tests. */

type Reply = { code?: number; msg?: string; data?: unknown };
type Handler = (body: Record<string, unknown>) => Reply;

const page = <T>(list: T[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });

export const row = (id: number, username: string, over: Partial<agentsAdmin.AgentRow> = {}): agentsAdmin.AgentRow => ({
  id,
  username,
  kind: 'agent',
  parent: null,
  rates: { taiqiu: 120, slots: 80, poker: 50 },
  dividendRatioBp: 3000,
  directCount: 0,
  teamCount: 0,
  createdAt: '2026-11-01T08:00:00Z',
  ...over,
});
// A tree of four: boss (top) → mid (agent) → leaf (member), and solo (top, no team).
export const boss = row(1, 'boss', { directCount: 1, teamCount: 2, rates: { taiqiu: 200, slots: 150, poker: 100 } });
export const solo = row(4, 'solo', { kind: 'member', dividendRatioBp: 0 });
export const mid = row(2, 'mid', { parent: { id: 1, username: 'boss' }, directCount: 1, teamCount: 1 });
export const leaf = row(3, 'leaf', {
  kind: 'member',
  parent: { id: 2, username: 'mid' },
  rates: { taiqiu: 60, slots: 40, poker: 20 },
  dividendRatioBp: 0,
});

export const link: agent.InviteLink = {
  id: 31,
  code: 'AB12CD34',
  kind: 'member',
  rates: { taiqiu: 60, slots: 40, poker: 20 },
  dividendRatioBp: 0,
  remark: '抖音推广',
  enabled: true,
  expiresAt: null,
  clicks: 57,
  registrations: 9,
  firstDeposits: 4,
  createdAt: '2026-11-02T08:00:00Z',
};

const chains: Record<number, { id: number; username: string; depth: number }[]> = {
  1: [],
  2: [{ id: 1, username: 'boss', depth: 1 }],
  3: [
    { id: 2, username: 'mid', depth: 1 },
    { id: 1, username: 'boss', depth: 2 },
  ],
  4: [],
};
const rows: Record<number, agentsAdmin.AgentRow> = { 1: boss, 2: mid, 3: leaf, 4: solo };

export const details = (id: number) => ({
  ...rows[id]!,
  chain: chains[id]!,
  links: id === 2 ? [link] : [],
  hasSecurityPassword: id === 2,
  hasRechargePassword: false,
});

/** Fake answers (for test/fake-api) of the console's calls for `role` over the tree above. */
export function agentHandlers(role: Role): Record<string, Handler> {
  return {
    '/auth/me': () => ({
      data: { operator: { username: 'x', role }, expiresAt: '2099-01-01T00:00:00Z', timeZone: 'Asia/Shanghai' },
    }),
    '/queues': () => ({
      data: { manualDeposits: 0, withdrawalsReviewing: 0, withdrawalsApproved: 0, tradingAlerts: 0, newestAt: null },
    }),
    '/agents/list': (b) => {
      if (b.keyword) return page(Object.values(rows).filter((r) => r.username.includes(String(b.keyword))));
      const parent = (b.parentId as number | undefined) ?? null;
      return page(Object.values(rows).filter((r) => (r.parent?.id ?? null) === parent));
    },
    '/agents/details': (b) => ({ data: details(b.id as number) }),
  };
}
