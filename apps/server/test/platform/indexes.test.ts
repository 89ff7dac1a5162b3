import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { operatorCalls, contentAdmin, content, promotions, taiqiuAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { localDate } from '../../src/platform/time-range.js';
import { getSysConfig } from '../../src/modules/system/service.js';
import { opCall } from '../helpers/operators.js';
import { channelOf } from '../helpers/payments.js';
import { INDEX_KEYS_SQL, tableReads, wholeRead, type IndexKey, type PlanNode } from '../helpers/plan-reads.js';
import { captureQueries, type QueryCapture } from '../helpers/query-capture.js';
import { newMatch } from '../helpers/taiqiu.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { newHoldings, type Holdings } from '../trust/authz/holdings.js';
import { pendingIdOf, submit as submitKyc } from '../kyc/helpers.js';
import { adminCalls, playerCalls } from '@breakshot/contracts/catalog';

/*
 * Every list and report query has an index. The test makes every list, detail and
 * report call of the player app, the agent back office and the operator console, with each of
 * its filters, records the SELECTs the server sends (query-capture.ts), and EXPLAINs each with
 * its parameters and with sequential scans and sorts disabled: the planner then reads a table
 * whole, or sorts it, only where no index serves the query's WHERE or ORDER BY. Such a read of a
 * table that grows with use (plan-reads.ts: wholeRead) fails the test, naming the call, the
 * table and the query; SMALL_TABLES and UNINDEXABLE say which reads are fine and why.
 *
 * PostgreSQL only: the queries are recorded by wrapping node-postgres's client, which PGlite (in
 * process, its own driver) does not use, and PGlite would plan them with the same planner.
 */

interface Seeded extends Holdings {
  noticeId: number;
  promotionId: number;
  contentKey: string;
  channelId: number;
  /** Today in the site's time zone (YYYY-MM-DD). */
  today: string;
  /** A week ago and tomorrow, as instants. */
  from: string;
  to: string;
  /** The player's real-name submission, pending. */
  kycId: number;
  /** A finished match's winner market corrected (its id), and the request that would correct it back. */
  correctionId: number;
  correctBack: taiqiuAdmin.CorrectionRequest;
}

type Body = Record<string, unknown>;
/** The request of a read with the caller's own objects; several: the call is made with each. */
type BodyOf = (s: Seeded) => Body | Body[];
const none: BodyOf = () => ({});

/** The player app's and the agent back office's lists, details and reports (the player's token). */
const PLAYER_READS: Record<string, BodyOf> = {
  '/config': none,
  '/user/info': none,
  '/user/balanceDetails': none,
  '/user/debt': none,
  '/user/balanceDetails/details': (s) => ({ id: s.entryId }),
  '/user/recharge/payConfig': none,
  '/user/recharge/records': none,
  '/user/recharge/details': (s) => ({ orderNo: s.depositOrderNo }),
  '/user/withdraw/accounts': none,
  '/user/withdraw/config': none,
  '/user/withdraw/records': none,
  '/user/withdraw/details': (s) => ({ orderNo: s.withdrawalOrderNo }),
  '/user/kyc/status': none,
  '/taiqiu/matches': none,
  '/taiqiu/parlay/rules': none,
  '/taiqiu/cashout/values': none,
  '/taiqiu/match': (s) => ({ id: s.matchId }),
  '/taiqiu/preferences': none,
  '/taiqiu/tracker': (s) => ({ id: s.matchId }),
  '/taiqiu/favourites': none,
  '/user/betRecord/list': none,
  '/user/betRecord/details': (s) => ({ betNo: s.betNo }),
  '/notice/list': none,
  '/notice/details': (s) => ({ id: s.noticeId }),
  '/content/get': (s) => ({ key: s.contentKey }),
  '/content/list': none,
  '/user/personalReport': (s) => ({ from: s.from, to: s.to }),
  '/notice/userMessage': (s) => [
    { tab: 'message' },
    { tab: 'message', id: s.messageId },
    { tab: 'notice' },
    { tab: 'notice', id: s.noticeId },
  ],
  '/notice/userMessageUnreadCount': none,
  '/user/suggestion/list': none,
  '/user/limits/get': none,
  '/user/passkey/list': none,
  '/push/key': none,
  '/user/push/settings': none,
  '/game/list': none,
  '/user/rebate/summary': none,
  '/user/rebate/logs': none,
  '/user/rebate/rules': none,
  '/user/vip/levels': none,
  '/user/vip/info': none,
  '/user/reward/list': none,
  '/user/everydayGameReward': none,
  '/user/gameRewardRecord': none,
  '/user/spin/info': none,
  '/user/spin/records': none,
  '/promotion/list': none,
  '/promotion/details': (s) => ({ id: s.promotionId }),
  '/promotion/myApplications': none,
  '/promotion/zhudan/list': (s) => ({ id: s.promotionId }),
  '/promotion/banners': none,
  '/agent/home': none,
  '/agent/links': none,
  '/user/inviteUser/thisMonthData': none,
  '/agent/members': none,
  '/agent/member/details': (s) => ({ id: s.memberId }),
  '/agent/member/bets': (s) => ({ id: s.memberId }),
  '/agent/member/betDetails': (s) => ({ id: s.memberId, betNo: s.memberBetNo }),
  '/agent/user/balanceDetails': (s) => ({ id: s.memberId }),
  '/agent/card/get': none,
  '/agent/card/upline': none,
  '/agent/report': (s) => ({ from: s.from.slice(0, 10), to: s.today }),
  '/agent/report/day': (s) => ({ date: s.today }),
  '/agent/platformRates': none,
  '/agent/dividendRatio/list': none,
};

/** The operator console's lists, details and reports (each CSV export too). */
const ADMIN_READS: Record<string, BodyOf> = {
  '/deposits/pending': none,
  '/withdrawals/list': none,
  '/audit/list': none,
  '/channels/list': none,
  '/operators/list': none,
  '/dashboard': none,
  '/queues': none,
  '/players/list': none,
  '/players/detail': (s) => ({ username: s.username }),
  '/players/ledger': (s) => ({ username: s.username }),
  '/players/bets': (s) => ({ username: s.username }),
  '/players/bets/details': (s) => ({ username: s.username, betNo: s.betNo }),
  '/deposits/list': none,
  '/deposits/callbacks': (s) => ({ orderNo: s.depositOrderNo }),
  '/notices/list': none,
  '/withdrawals/settings': none,
  '/content/pages': none,
  '/site/contact': none,
  '/site/service': none,
  '/taiqiu/matches': none,
  '/taiqiu/parlay/settings': none,
  '/taiqiu/cashout/settings': none,
  '/taiqiu/match/liability': (s) => ({ matchId: s.matchId }),
  '/taiqiu/trading/rules': none,
  '/taiqiu/player/limits': (s) => ({ userId: s.userId }),
  '/taiqiu/alerts': none,
  '/taiqiu/exposure': none,
  '/taiqiu/corrections': (s) => [{}, { matchId: s.correctBack.matchId }, { status: 'applied' }],
  '/taiqiu/correction/bets': (s) => ({ id: s.correctionId }),
  '/taiqiu/correction/preview': (s) => s.correctBack,
  '/taiqiu/ticker': (s) => [
    {},
    { matchId: s.matchId },
    { marketType: 'winner', minStake: 100 },
    { matchId: s.matchId, marketType: 'handicap', beforeId: 1_000_000 },
    { tag: 'sharp' },
  ],
  '/players/risk': (s) => ({ userId: s.userId }),
  '/players/risk/links': (s) => ({ userId: s.userId }),
  '/reports/pnl': (s) => [
    { from: s.from, to: s.to },
    { from: s.from, to: s.to, group: 'week' },
    { from: s.from, to: s.to, group: 'month' },
  ],
  '/reports/pnl/breakdown': (s) => [
    { from: s.from, to: s.to },
    { from: s.from, to: s.to, by: 'game' },
    { from: s.from, to: s.to, by: 'match' },
    { from: s.from, to: s.to, by: 'provider' },
  ],
  '/reports/agents': (s) => ({ from: s.from, to: s.to }),
  '/reports/payments': (s) => ({ from: s.from, to: s.to }),
  '/reports/payments/withdrawals': (s) => ({ from: s.from, to: s.to }),
  '/reports/payments/periods': (s) => [
    { from: s.from, to: s.to },
    { from: s.from, to: s.to, group: 'month' },
  ],
  '/reports/players': (s) => [
    { from: s.from, to: s.to },
    { from: s.from, to: s.to, group: 'week' },
    { from: s.from, to: s.to, group: 'month' },
  ],
  '/reports/players/cohorts': (s) => ({ from: s.from, to: s.to }),
  '/reports/players/top': (s) => [
    { from: s.from, to: s.to },
    { from: s.from, to: s.to, side: 'losers', top: 100 },
  ],
  '/withdrawals/player-accounts': (s) => ({ userId: s.userId }),
  '/players/timeline': (s) => [
    { userId: s.userId },
    { userId: s.userId, after: '2026-11-30T10:00:00.000000Z~bet~1000' },
  ],
  '/feed/providers': none,
  '/feed/match/events': (s) => ({ matchId: s.matchId }),
  '/sms/outbox': none,
  '/messages/list': none,
  '/feedback/list': none,
  '/players/limits': (s) => ({ username: s.username }),
  '/games/providers': none,
  '/games/list': none,
  '/games/transactions': none,
  '/games/held-wins': none,
  '/vip/levels': none,
  '/rewards/list': none,
  '/tasks/tiers': none,
  '/spin/prizes': none,
  '/rebates/claims': none,
  '/promotions/list': none,
  '/promotions/applications': none,
  '/agents/list': none,
  '/agents/details': (s) => ({ id: s.userId }),
  '/agents/transfers': none,
  '/agents/platformTiers': none,
  '/agents/statements': none,
  '/kyc/list': none,
  '/kyc/detail': (s) => ({ id: s.kycId }),
  '/kyc/settings': none,
};

/** The other calls: they change something, or belong to a session; no list or report among them. */
const NOT_READS = new Set(
  `/captcha/getCode /captcha/checkCode /captcha/challenge /register /login /user/logout /getWss /user/recharge/startPay
  /user/edit/setFundPassword /user/withdraw/addAccount /user/withdraw/deleteAccount /user/withdraw/setWithdrawType
  /user/withdraw/changeUsdt /user/withdraw/addWithdraw /taiqiu/bet /taiqiu/parlay /taiqiu/cashout/quote /taiqiu/cashout /taiqiu/cashout/auto /taiqiu/preferences/set /taiqiu/favourites/set /user/edit/sendSmsCode /forgetPassword
  /user/edit/bindMobile /user/edit/changeMobile /user/edit/resetFundPassword /notice/userMessageAsRead
  /notice/userMessageAsDelete /user/userSuggestion /user/edit/changeAvatar /user/edit/changeNickname
  /user/edit/changeSex /user/edit/changeBirthday /user/edit/changePassword /user/limits/set /game/launch
  /user/passkey/registerOptions /user/passkey/register /user/passkey/rename /user/passkey/remove
  /passkey/loginOptions /passkey/login
  /user/push/subscribe /user/push/unsubscribe /user/push/settings/set
  /user/rebate/claim /user/reward/receive /user/spin/draw /promotion/apply /agent/link/add /agent/link/setStatus
  /agent/shareLink/set /agent/link/click /agent/openAccount /agent/member/setRates /agent/securityPassword/set
  /agent/rechargePassword/set /agent/password/reset /agent/transfer /agent/card/save /agent/dividendRatio/set
  admin/deposits/confirm admin/withdrawals/approve admin/withdrawals/pay admin/withdrawals/reject
  admin/balance/adjust admin/turnover/waive admin/channels/set-enabled admin/players/set-status
  admin/payments/usdt-rate admin/auth/login admin/auth/totp/confirm admin/auth/me admin/auth/logout
  admin/operators/create admin/operators/set-status admin/operators/reset-totp admin/notices/publish
  admin/notices/withdraw admin/withdrawals/settings/dual-approval admin/content/pages/save admin/site/contact/save
  admin/site/service/save
  admin/taiqiu/match/create admin/taiqiu/odds/set admin/taiqiu/market/suspend admin/taiqiu/market/open
  admin/taiqiu/match/markets admin/taiqiu/match/delay admin/taiqiu/parlay/settings/set
  admin/taiqiu/cashout/settings/set admin/taiqiu/match/cashout admin/taiqiu/trading/rules/set admin/taiqiu/match/limit
  admin/taiqiu/player/limits/set admin/taiqiu/alert/ack admin/live/ticket
  admin/players/risk/tags admin/players/risk/notes admin/withdrawals/player-accounts/reveal
  admin/operators/invite admin/operators/setup-link admin/operators/set-role admin/auth/setup/check admin/auth/setup
  admin/taiqiu/match/score admin/taiqiu/match/result admin/taiqiu/match/cancel admin/feed/provider/save
  admin/feed/provider/key admin/messages/send
  admin/messages/withdraw admin/feedback/reply admin/games/provider/save admin/games/provider/enable
  admin/games/game/save admin/games/game/enable admin/games/win-limit admin/games/held-win/release
  admin/games/held-win/refuse admin/vip/level/save admin/rebates/rate/save admin/rewards/grant
  admin/tasks/tiers/save admin/spin/prizes/save admin/promotions/save admin/promotions/applications/reject
  admin/agents/profile/save admin/agents/link/setStatus admin/agents/platformTiers/save admin/agents/settle
  /user/kyc/submit admin/kyc/approve admin/kyc/reject admin/kyc/reveal admin/kyc/settings/set
  admin/taiqiu/correction/create admin/taiqiu/correction/approve admin/taiqiu/correction/reject`.split(/\s+/),
);

/** Values of the reads' filter fields, by name (enums and booleans are tried with every value). */
const FILTER_VALUES: Record<string, (s: Seeded) => unknown> = {
  from: (s) => s.from,
  to: (s) => s.to,
  username: (s) => s.username,
  keyword: (s) => s.username,
  q: (s) => s.username,
  target: (s) => s.username,
  operator: () => 'cli',
  action: () => 'balance.adjust',
  mobile: () => '138',
  channelId: (s) => s.channelId,
  parentId: (s) => s.userId,
  promotionId: (s) => s.promotionId,
  providerId: () => 'demo',
  gameCode: () => 'demo-slot',
  period: (s) => s.today,
  betNos: (s) => [s.betNo],
};

/**
 * Small tables the operators configure, which do not grow with play: reading one whole is
 * cheaper than any index.
 */
const SMALL_TABLES: Record<string, string> = {
  site_config: 'the site settings: tens of rows',
  pay_channels: 'the payment channels: a handful',
  withdraw_settings: 'one row',
  kyc_settings: 'one row',
  platform_commission_tiers: 'the commission tiers: a few per game type',
  promotions: 'the promotions operators write: tens',
  task_tiers: 'at most 10 tiers',
  games: 'the game catalogue: hundreds at most',
  game_providers: 'the game providers: a handful',
  feed_providers: 'the data feed providers: a handful',
  game_settings: 'one row',
  notices: 'notices and banners operators publish: a few a week',
  content_pages: 'the help, rules and about pages: tens',
  operators: "the operators' accounts: a handful",
  vip_levels: 'the VIP levels: 11 rows',
  rebate_rates: 'a rebate rate per VIP level and game type: 33 rows',
  wheel_prizes: 'the 8 prizes of the wheel',
};

/** Queries that read a growing table whole, or a filtered part of it row by row, whatever the indexes: why. */
const UNINDEXABLE: { table: string; query: RegExp; why: string }[] = [
  {
    table: 'users',
    query: /"username" ilike/,
    why: "the operator's search for a name fragment (ILIKE '%…%'): no B-tree index serves a substring",
  },
  {
    table: 'users',
    query: /"users"\."status" = \$1/,
    why: 'players are active or disabled, nearly all active: an index on a two-valued column would not be used',
  },
  {
    table: 'sms_outbox',
    query: /"mobile" like/,
    why: 'a search for a fragment of a mobile number (LIKE %…%)',
  },
  {
    table: 'taiqiu_matches',
    query: /order by CASE "taiqiu_matches"\."status"/,
    why: 'the unfiltered match list ranks matches with CASE (live, upcoming, ended): no index gives that order',
  },
  {
    table: 'taiqiu_matches',
    query: /"player_a_name" in \(select "player" from "taiqiu_favourites"/,
    why: "the favourites filter keeps starred players' matches by name, which no index holds: the list is hashed once, each match checked",
  },
];

const PAGING = new Set(['page', 'pageSize']);

/** The schema under optional, default and nullable. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = schema.def as { innerType?: z.ZodType };
  return def.innerType ? unwrap(def.innerType) : schema;
}

/** What a filter field is tried with: every option of an enum, both booleans, else its FILTER_VALUES. */
function samplesOf(name: string, schema: z.ZodType, s: Seeded): unknown[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodEnum) return inner.options;
  if (inner instanceof z.ZodBoolean) return [true, false];
  const value = FILTER_VALUES[name];
  if (!value) throw new Error(`no value to try the filter field ${name} with: add it to FILTER_VALUES`);
  return [value(s)];
}

/**
 * The requests a read is made with, from its own: with each required enum it leaves out set to
 * each option (the agent report's kinds), and on each of those: no filter, each filter on its own
 * with each of its values, every filter at once.
 */
function requestsOf(request: z.ZodType, own: Body[], s: Seeded): Body[] {
  const named = new Set([...PAGING, ...own.flatMap((b) => Object.keys(b))]);
  let bodies = own;
  const filters: [string, unknown[]][] = [];
  for (const [name, field] of Object.entries((request as z.ZodObject).shape as Record<string, z.ZodType>)) {
    if (named.has(name)) continue;
    const samples = samplesOf(name, field, s);
    if (field.safeParse(undefined).success) filters.push([name, samples]);
    else bodies = bodies.flatMap((b) => samples.map((v) => ({ ...b, [name]: v })));
  }
  const all = Object.fromEntries(filters.map(([name, samples]) => [name, samples[0]]));
  return bodies.flatMap((b) => [
    b,
    ...filters.flatMap(([name, samples]) => samples.map((v) => ({ ...b, [name]: v }))),
    ...(filters.length > 1 ? [{ ...b, ...all }] : []),
  ]);
}

/** A player who has used the app a little and has a member under them (holdings.ts), and what the reads name. */
async function seed(t: TestApp): Promise<Seeded> {
  const h = await newHoldings(t, await newMatch(t));
  const notice = await adminCall(t.app, contentAdmin.noticePublish, {
    title: 'Indexes',
    summary: 'A notice to read',
    body: '<p>A notice to read</p>',
  });
  const promotion = (await call(t.app, promotions.promotionList, {}, { token: h.token })).data.items[0];
  const page = (await call(t.app, content.contentList, { group: 'help' })).data.list[0];
  if (notice.code !== 200 || !promotion || !page) throw new Error('seed: no notice, promotion or help page');
  const now = t.clock.now();
  const kyc = await submitKyc(t, h, '张三');
  if (kyc.code !== 200) throw new Error(`seed: KYC submission refused: ${kyc.msg}`);
  const corrected = await correctedMatch(t);
  return {
    ...h,
    ...corrected,
    kycId: await pendingIdOf(t, h),
    noticeId: notice.data.id,
    promotionId: promotion.id,
    contentKey: page.key,
    channelId: (await channelOf(t.app, h.token, 'sandbox')).id,
    today: localDate(now, (await getSysConfig(t.db)).timeZone),
    from: new Date(now.getTime() - 7 * 86_400_000).toISOString(),
    to: new Date(now.getTime() + 86_400_000).toISOString(),
  };
}

/** A match finished 4:2 whose winner market was corrected to B. */
async function correctedMatch(t: TestApp) {
  const match = await newMatch(t);
  const winner = match.markets.find((m) => m.type === 'winner')!;
  await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 2 });
  const decided = (won: 'a' | 'b') => ({
    matchId: match.id,
    markets: [
      {
        marketId: winner.id,
        results: winner.selections.map((sel) => ({ selectionId: sel.id, result: sel.pick === won ? 'won' : 'lost' })),
      },
    ],
  });
  const made = await adminCall(t.app, taiqiuAdmin.correctionCreate, { ...decided('b'), reason: 'seed' });
  if (made.code !== 200) throw new Error(`seed: correction refused: ${made.msg}`);
  return { correctionId: made.data.id, correctBack: decided('a') as taiqiuAdmin.CorrectionRequest };
}

describe.skipIf(!TEST_SERVER_URL)('indexes of the list and report queries (PostgreSQL)', () => {
  let t: TestApp;
  let capture: QueryCapture;
  let explainer: pg.Client;
  const refused: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    capture = captureQueries();
    const s = await seed(t);
    const players = new Map(playerCalls().map((c) => [c.contract.path, c.contract]));
    for (const [path, own] of Object.entries(PLAYER_READS)) {
      const contract = players.get(path);
      if (!contract) throw new Error(`PLAYER_READS: no call ${path}`);
      for (const body of requestsOf(contract.request, [own(s)].flat(), s)) {
        capture.label = `${path} ${JSON.stringify(body)}`;
        const res = await call(t.app, contract, body, { token: s.token });
        if (res.code !== 200) refused.push(`${capture.label}: ${res.code} ${res.msg}`);
      }
    }
    const adminCallsByPath = new Map(adminCalls().map((c) => [c.path, c.call]));
    for (const [path, own] of Object.entries(ADMIN_READS)) {
      const contract = adminCallsByPath.get(path);
      if (!contract) throw new Error(`ADMIN_READS: no call ${path}`);
      for (const body of requestsOf(contract.request, [own(s)].flat(), s)) {
        for (const sent of contract.csv ? [path, `${path}${operatorCalls.CSV_SUFFIX}`] : [path]) {
          capture.label = `admin${sent} ${JSON.stringify(body)}`;
          const res = await opCall(t.app, contract, body, { token: ADMIN_TEST_TOKEN, path: sent });
          if (res.code !== 200) refused.push(`${capture.label}: ${res.code} ${res.msg}`);
        }
      }
    }
    capture.stop();

    const [database] = await queryRows<{ name: string }>(t.db, sql`SELECT current_database() AS name`);
    const url = new URL(TEST_SERVER_URL!);
    url.pathname = `/${database?.name}`;
    explainer = new pg.Client({ connectionString: url.toString() });
    await explainer.connect();
    // A plan then reads a table whole, or sorts, only when no index serves the WHERE or the ORDER BY.
    await explainer.query('SET enable_seqscan = off; SET enable_sort = off');
  }, 180_000);

  afterAll(async () => {
    capture?.stop();
    await explainer?.end();
    await t?.close();
  });

  it('knows every call of the contracts as a read it makes or as no read', () => {
    const reads = new Set([...Object.keys(PLAYER_READS), ...Object.keys(ADMIN_READS).map((p) => `admin${p}`)]);
    const calls = [
      ...playerCalls().map((c) => c.contract.path),
      ...adminCalls()
        .filter((c) => c.path === c.call.path)
        .map((c) => `admin${c.path}`),
    ];
    const unknown = calls.filter((c) => !reads.has(c) && !NOT_READS.has(c));
    expect(unknown, 'calls to add to PLAYER_READS, ADMIN_READS or NOT_READS').toEqual([]);
    expect(
      [...NOT_READS].filter((c) => reads.has(c) || !calls.includes(c)),
      'stale NOT_READS',
    ).toEqual([]);
  });

  it('makes every read with each of its filters, and each answers', () => {
    expect(refused).toEqual([]);
    expect(capture.queries.size).toBeGreaterThan(300);
  });

  it('reads no growing table whole where an index could narrow or order the read', async () => {
    const { rows: keys } = await explainer.query<IndexKey>(INDEX_KEYS_SQL);
    const missing: string[] = [];
    const excused = new Set<(typeof UNINDEXABLE)[number]>();
    for (const q of capture.queries.values()) {
      const { rows } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${q.text}`,
        q.values,
      );
      for (const read of tableReads(rows[0]!['QUERY PLAN'][0].Plan)) {
        const how = read.table in SMALL_TABLES ? undefined : wholeRead(read, keys);
        if (!how) continue;
        const excuse = UNINDEXABLE.find((u) => u.table === read.table && u.query.test(q.text));
        if (excuse) excused.add(excuse);
        else missing.push(`${q.label}\n  reads ${read.table} whole (${how})\n  ${q.text.slice(0, 240)}`);
      }
    }
    expect(missing.length, `queries without the index they need:\n\n${missing.join('\n\n')}\n`).toBe(0);
    expect(
      UNINDEXABLE.filter((u) => !excused.has(u)),
      'UNINDEXABLE entries no query needs',
    ).toEqual([]);
  }, 60_000);
});
