import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, promotions, promotionsAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { apply, myApplications, promotionInput, promotionRewards, savePromotion } from '../helpers/promotions.js';
import { DAY, HOUR, siteDate, toSiteTime } from '../helpers/rewards.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { deposit } from '../helpers/vip-rebates.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import {
  adminCall,
  ADMIN_TEST_TOKEN,
  newTestPlayer,
  startWithdrawApp,
  type TestPlayer,
} from '../helpers/withdrawals.js';

/*
 * What a player sees of promotions (list, details, banners, their applications) and what the
 * operator does with them (catalogue, applications, reject), with the refusals and bad input
 * too. The promotions are this test's own, saved through the operator call.
 */

type Promotion = promotionsAdmin.AdminPromotion;

describe('promotions: list, details, applications and the operator', () => {
  let t: TestApp;
  let first: Promotion; // first_deposit, sort 1
  let reload: Promotion; // reload, sort 2
  let vipOnly: Promotion; // fee_waiver for VIP2+
  let ended: Promotion; // ended yesterday: still shown
  let upcoming: Promotion;
  let disabled: Promotion;
  let longGone: Promotion; // ended 31 days ago: no longer shown
  const firstRules = {
    type: 'first_deposit' as const,
    tiers: [{ minDeposit: 10_000, rateBps: 1_000, maxBonus: 5_000 }],
  };

  beforeAll(async () => {
    t = await startWithdrawApp();
    toSiteTime(t, 10);
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    first = await savePromotion(t, firstRules, {
      titleZh: '列表首存',
      titleEn: 'Listed first deposit',
      sort: 1,
      capAmount: 3_000,
      turnoverMultiple: 8,
      rulesZh: '<p>规则</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    });
    reload = await savePromotion(
      t,
      { type: 'reload', tiers: [{ minDeposit: 10_000, rateBps: 500, maxBonus: 10_000 }] },
      { sort: 2 },
    );
    vipOnly = await savePromotion(t, { type: 'fee_waiver', freeWithdrawals: 3, minValidBet: 0 }, { minVipLevel: 2 });
    ended = await savePromotion(t, firstRules, { startsAt: at(-10 * DAY), endsAt: at(-DAY), sort: 0 });
    upcoming = await savePromotion(t, firstRules, { startsAt: at(DAY), endsAt: at(10 * DAY) });
    disabled = await savePromotion(t, firstRules, { enabled: false });
    longGone = await savePromotion(t, firstRules, { startsAt: at(-60 * DAY), endsAt: at(-31 * DAY) });
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  const list = async (p: TestPlayer, body: object = {}, lang?: string) => {
    const res = await call(t.app, promotions.promotionList, body, { token: p.token, ...(lang && { lang }) });
    expect(res.code).toBe(200);
    return res.data.items;
  };
  const details = (p: TestPlayer, id: number, lang?: string) =>
    call(t.app, promotions.promotionDetails, { id }, { token: p.token, ...(lang && { lang }) });

  it('the list: running promotions first by sort, then those ended within 30 days; not upcoming, disabled or long gone', async () => {
    const p = await newTestPlayer(t);
    const items = await list(p);
    const ids = items.map((i) => i.id);
    expect(ids.slice(0, 2)).toEqual([first.id, reload.id]);
    expect(ids).toContain(vipOnly.id);
    expect(ids.at(-1)).toBe(ended.id);
    for (const hidden of [upcoming, disabled, longGone]) expect(ids).not.toContain(hidden.id);
    const running = items.filter((i) => i.status === 'running').length;
    expect(items.slice(running).map((i) => i.status)).toEqual(items.slice(running).map(() => 'ended'));

    expect(items[0]).toEqual({
      id: first.id,
      type: 'first_deposit',
      title: '列表首存',
      summary: '测试首存简介',
      image: expect.stringMatching(/^data:image\/svg\+xml/),
      startsAt: first.startsAt,
      endsAt: first.endsAt,
      status: 'running',
      joined: false,
      canApply: true,
    });
    expect(items.find((i) => i.id === ended.id)).toMatchObject({ status: 'ended', canApply: false, joined: false });
    expect(items.find((i) => i.id === vipOnly.id)).toMatchObject({ status: 'running', canApply: false });
    expect((await list(p, {}, 'en'))[0]).toMatchObject({
      title: 'Listed first deposit',
      summary: 'Test first deposit summary',
    });

    const reloads = await list(p, { type: 'reload' });
    expect(reloads.map((i) => i.type)).toEqual(reloads.map(() => 'reload'));
    expect(reloads.map((i) => i.id)).toContain(reload.id);

    expect((await apply(t, p, first.id)).code).toBe(200);
    expect((await list(p))[0]).toMatchObject({ id: first.id, joined: true, canApply: false });
  });

  it('details: the rules sanitized, the figures, the period, the application and why applying would be refused', async () => {
    const p = await newTestPlayer(t);
    const res = await details(p, first.id);
    expect(res).toMatchObject({
      code: 200,
      data: {
        id: first.id,
        type: 'first_deposit',
        title: '列表首存',
        audience: '全体会员',
        rules: firstRules,
        turnoverMultiple: 8,
        capAmount: 3_000,
        minVipLevel: 0,
        rewardValidDays: 7,
        period: 'once',
        periodEndsAt: null,
        application: null,
        refusal: null,
        status: 'running',
        canApply: true,
      },
    });
    expect(res.data.rulesHtml).toContain('<p>规则</p>');
    expect(res.data.rulesHtml).not.toMatch(/<script|onerror|alert/);
    expect((await details(p, first.id, 'en')).data).toMatchObject({
      title: 'Listed first deposit',
      audience: 'All members',
    });

    const applied = await apply(t, p, first.id);
    expect((await details(p, first.id)).data).toMatchObject({
      application: applied.data,
      joined: true,
      canApply: false,
      refusal: '本期已申请过该活动',
    });

    // A daily promotion's period ends at the site's next midnight.
    const daily = await details(p, reload.id);
    expect(daily.data).toMatchObject({ period: 'day', application: null });
    const midnight = Date.parse(`${siteDate(t.clock.now())}T00:00:00+08:00`) + DAY;
    expect(daily.data.periodEndsAt).toBe(new Date(midnight).toISOString());

    expect((await details(p, ended.id)).data).toMatchObject({
      status: 'ended',
      canApply: false,
      refusal: '活动未在进行中',
    });
    expect((await details(p, vipOnly.id)).data).toMatchObject({ canApply: false, refusal: '该活动需 VIP2 及以上' });
    expect((await details(p, vipOnly.id, 'en')).data.refusal).toBe('This promotion needs VIP 2 or above');
  });

  it('unknown, upcoming, disabled and long-gone promotions are not found; an ended one or a VIP one refuses the apply', async () => {
    const p = await newTestPlayer(t);
    for (const id of [upcoming.id, disabled.id, longGone.id, 2 ** 31]) {
      expect(await details(p, id)).toEqual({ code: 404, msg: '活动不存在', data: null });
      expect(await apply(t, p, id)).toEqual({ code: 404, msg: '活动不存在', data: null });
    }
    expect(await apply(t, p, ended.id)).toEqual({ code: 422, msg: '活动未在进行中', data: null });
    expect(await apply(t, p, ended.id, {}, 'en')).toMatchObject({ code: 422, msg: 'This promotion is not running' });
    expect(await apply(t, p, vipOnly.id)).toEqual({ code: 422, msg: '该活动需 VIP2 及以上', data: null });
    expect((await myApplications(t, p)).total).toBe(0);
  });

  it('banners, for guests too: the running promotions only', async () => {
    const res = await call(t.app, promotions.promotionBanners);
    expect(res.code).toBe(200);
    const ids = res.data.items.map((i) => i.id);
    expect(ids.slice(0, 2)).toEqual([first.id, reload.id]);
    for (const hidden of [ended, upcoming, disabled, longGone]) expect(ids).not.toContain(hidden.id);
    expect(res.data.items[0]).toEqual({
      id: first.id,
      type: 'first_deposit',
      title: '列表首存',
      summary: '测试首存简介',
      image: expect.stringMatching(/^data:image\/svg\+xml/),
    });
  });

  it('my applications: newest first, by status; pending → granted, and rejected with the reason in my language', async () => {
    const p = await newTestPlayer(t);
    const a = (await apply(t, p, first.id)).data;
    const b = (await apply(t, p, reload.id)).data;
    expect((await myApplications(t, p)).list.map((x) => [x.id, x.status])).toEqual([
      [b.id, 'pending'],
      [a.id, 'pending'],
    ]);
    const page = await myApplications(t, p, { page: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1, list: [{ id: a.id }] });

    // ¥50 is below the first-deposit tier: rejected; reload does not count a first deposit.
    await deposit(t, p, 5_000);
    expect((await myApplications(t, p, { status: 'rejected' })).list).toEqual([
      expect.objectContaining({ id: a.id, status: 'rejected', reason: expect.stringContaining('¥100.00') }),
    ]);
    const en = (await myApplications(t, p, { status: 'rejected' }, 'en')).list[0]!;
    expect(en.reason).toContain('¥100.00');
    expect(en.reason).not.toBe((await myApplications(t, p, { status: 'rejected' })).list[0]!.reason);
    expect((await myApplications(t, p, { status: 'pending' })).list.map((x) => x.id)).toEqual([b.id]);

    await deposit(t, p, 20_000); // 5 % reload: 1,000
    expect((await myApplications(t, p, { status: 'granted' })).list).toEqual([
      expect.objectContaining({ id: b.id, type: 'reload', status: 'granted', amount: 1_000, uses: 1, reason: null }),
    ]);
    expect((await promotionRewards(t, p)).map((r) => r.amount)).toEqual([1_000]);
  });

  it('the operator rejects a pending application with a reason the player reads; a decided one is 409', async () => {
    const p = await newTestPlayer(t);
    const applied = (await apply(t, p, first.id)).data;
    const reject = (id: number, reason = '同一设备多账号') =>
      adminCall(t.app, promotionsAdmin.promotionApplicationReject, { id, reason });

    const res = await reject(applied.id);
    expect(res).toMatchObject({
      code: 200,
      data: { id: applied.id, username: p.username, status: 'rejected', reason: '同一设备多账号' },
    });
    for (const lang of [undefined, 'en']) {
      expect((await myApplications(t, p, {}, lang)).list).toEqual([
        expect.objectContaining({ id: applied.id, status: 'rejected', reason: '同一设备多账号' }),
      ]);
    }
    expect(await reject(applied.id)).toMatchObject({ code: 409, msg: '该申请已处理或已结束' });
    expect(await reject(2 ** 31)).toMatchObject({ code: 404 });
    // Rejected stays rejected: the first deposit pays nothing, and the period is used.
    await deposit(t, p, 50_000);
    expect(await promotionRewards(t, p)).toEqual([]);
    expect(await apply(t, p, first.id)).toMatchObject({ code: 409 });

    // A granted first-deposit application, its period over with the grant, cannot be rejected.
    const q = await newTestPlayer(t);
    const granted = (await apply(t, q, first.id)).data;
    await deposit(t, q, 20_000);
    expect(await reject(granted.id)).toMatchObject({ code: 409, msg: '该申请已处理或已结束' });
    expect((await promotionRewards(t, q)).map((r) => r.amount)).toEqual([2_000]);

    const audit = await adminCall(t.app, playersAdmin.auditList, { target: `application:${applied.id}` });
    expect(audit.data.list).toEqual([expect.objectContaining({ operator: operatorCalls.ADMIN_TOKEN_IDENTITY })]);

    // A granted reload day still pays each deposit: rejected, it stops; what it granted stays.
    const r = await newTestPlayer(t);
    await deposit(t, r, 10_000); // the first deposit: no reload
    const day = (await apply(t, r, reload.id)).data;
    await deposit(t, r, 40_000); // 5 %: 2,000
    expect(await reject(day.id, '套利')).toMatchObject({ code: 200, data: { status: 'rejected', amount: 2_000 } });
    await deposit(t, r, 40_000);
    expect((await promotionRewards(t, r)).map((x) => x.amount)).toEqual([2_000]);
    expect(await apply(t, r, reload.id)).toMatchObject({ code: 409 });
  });

  it('the operator’s catalogue and applications: counts, filters, CSV', async () => {
    const p = await newTestPlayer(t);
    const applied = (await apply(t, p, reload.id)).data;
    await deposit(t, p, 10_000);
    await deposit(t, p, 40_000); // 5 %: 2,000

    const catalogue = (await adminCall(t.app, promotionsAdmin.promotionsList, {})).data.items;
    const row = catalogue.find((c) => c.id === reload.id)!;
    expect(row).toMatchObject({ type: 'reload', status: 'running', sort: 2 });
    expect(row.applications).toBeGreaterThanOrEqual(1);
    expect(row.granted).toBeGreaterThanOrEqual(1);
    expect(row.grantedAmount).toBeGreaterThanOrEqual(2_000);
    for (const c of [upcoming, disabled, longGone, ended]) expect(catalogue.map((x) => x.id)).toContain(c.id);
    expect(catalogue.find((c) => c.id === upcoming.id)?.status).toBe('upcoming');
    // The seed: one running promotion of each type, saved by no operator.
    for (const type of promotions.promotionTypes) {
      expect(catalogue.filter((c) => c.type === type && c.updatedBy === null)).toEqual([
        expect.objectContaining({ type, status: 'running', enabled: true }),
      ]);
    }

    const mine = await adminCall(t.app, promotionsAdmin.promotionApplications, { username: p.username });
    expect(mine.data).toMatchObject({
      total: 1,
      list: [{ id: applied.id, username: p.username, promotionId: reload.id, status: 'granted', amount: 2_000 }],
    });
    const byStatus = await adminCall(t.app, promotionsAdmin.promotionApplications, {
      promotionId: reload.id,
      status: 'pending',
    });
    expect(byStatus.data.list.every((a) => a.promotionId === reload.id && a.status === 'pending')).toBe(true);
    expect(byStatus.data.list.map((a) => a.id)).not.toContain(applied.id);

    const csv = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${promotionsAdmin.promotionApplications.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN },
      payload: { username: p.username },
    });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(p.username);
  });

  it('the operator saves: audited, the type fixed on an edit, the rules’ tiers rising, the end after the start', async () => {
    const created = await adminCall(t.app, promotionsAdmin.promotionSave, {
      promotion: promotionInput(t, { type: 'agent_starter', minFirstDeposit: 10_000, bonusPerMember: 1_800 }),
    });
    expect(created).toMatchObject({
      code: 200,
      data: {
        type: 'agent_starter',
        updatedBy: operatorCalls.ADMIN_TOKEN_IDENTITY,
        applications: 0,
        granted: 0,
        grantedAmount: 0,
      },
    });
    const id = created.data.id;
    const edit = (rules: promotions.PromotionRules, over = {}) =>
      adminCall(t.app, promotionsAdmin.promotionSave, { id, promotion: promotionInput(t, rules, over) });

    expect(await edit({ type: 'agent_starter', minFirstDeposit: 20_000, bonusPerMember: 2_800 })).toMatchObject({
      code: 200,
      data: { id, rules: { minFirstDeposit: 20_000, bonusPerMember: 2_800 } },
    });
    expect(await edit({ type: 'fee_waiver', freeWithdrawals: 1, minValidBet: 0 })).toEqual({
      code: 422,
      msg: '活动类型不可修改',
      data: null,
    });
    const unchanged = (await adminCall(t.app, promotionsAdmin.promotionsList, {})).data.items.find((c) => c.id === id);
    expect(unchanged).toMatchObject({ type: 'agent_starter', rules: { bonusPerMember: 2_800 } });

    const falling = await edit(
      {
        type: 'agent_starter',
        minFirstDeposit: 20_000,
        bonusPerMember: 2_800,
      },
      { endsAt: new Date(t.clock.now().getTime() - 2 * HOUR).toISOString() },
    );
    expect(falling).toMatchObject({ code: 400, data: { field: 'promotion.endsAt' } });
    const notRising = await adminCall(t.app, promotionsAdmin.promotionSave, {
      promotion: promotionInput(t, {
        type: 'reload',
        tiers: [
          { minDeposit: 10_000, rateBps: 500, maxBonus: 1_000 },
          { minDeposit: 10_000, rateBps: 800, maxBonus: 2_000 },
        ],
      }),
    });
    expect(notRising).toMatchObject({ code: 400, msg: expect.stringContaining('各档门槛须逐档递增') });

    const audit = await adminCall(t.app, playersAdmin.auditList, {
      action: 'promotions.save',
      target: `promotion:${id}`,
    });
    // The create and the one edit that passed; the refused edits left no row.
    expect(audit.data.list.map((a) => a.operator)).toEqual([
      operatorCalls.ADMIN_TOKEN_IDENTITY,
      operatorCalls.ADMIN_TOKEN_IDENTITY,
    ]);
  });

  it('bad input is refused 400 and changes nothing', async () => {
    const p = await newTestPlayer(t);
    const applied = (await apply(t, p, reload.id)).data;
    const before = await promotionState();
    const player = (c: Parameters<typeof call>[1], body: unknown) => call(t.app, c, body, { token: p.token });
    const answers = [
      await player(promotions.promotionApply, { id: String(first.id) }),
      await player(promotions.promotionApply, { id: 2 ** 31 + 1 }),
      await player(promotions.promotionApply, { id: 1.5 }),
      await player(promotions.promotionApply, { id: -1 }),
      await player(promotions.promotionApply, {}),
      await player(promotions.promotionApply, { id: first.id, extra: 1 }),
      await player(promotions.promotionApply, { id: first.id, betNo: '12\u00003' }),
      await player(promotions.promotionApply, { id: first.id, betNo: 'abc' }),
      await player(promotions.promotionApply, { id: first.id, betNo: '1'.repeat(33) }),
      await player(promotions.promotionApply, { id: first.id, betNo: 12 }),
      await player(promotions.promotionDetails, { id: null }),
      await player(promotions.promotionList, { type: 'jackpot' }),
      await player(promotions.promotionMyApplications, { status: 'bogus' }),
      await player(promotions.promotionMyApplications, { pageSize: 1_000 }),
      await player(promotions.promotionZhudanList, { id: 2 ** 40 }),
      await adminCall(t.app, promotionsAdmin.promotionApplicationReject, { id: applied.id, reason: 'a\u0000b' }),
      await adminCall(t.app, promotionsAdmin.promotionApplicationReject, { id: applied.id, reason: '' }),
      await adminCall(t.app, promotionsAdmin.promotionApplicationReject, { id: String(applied.id), reason: 'x' }),
      await adminCall(t.app, promotionsAdmin.promotionSave, {
        id: reload.id,
        promotion: promotionInput(t, reload.rules, { titleZh: '加\u0000赠' }),
      }),
      await adminCall(t.app, promotionsAdmin.promotionSave, {
        id: 2 ** 40,
        promotion: promotionInput(t, reload.rules),
      }),
      await adminCall(t.app, promotionsAdmin.promotionSave, {
        promotion: promotionInput(t, reload.rules, { capAmount: '100' as never }),
      }),
      await adminCall(t.app, promotionsAdmin.promotionSave, {
        promotion: promotionInput(t, {
          type: 'lucky_slip',
          minStake: 1_000,
          claimDays: 3,
          tiers: [{ ending: '8', bonus: 1 }],
        }),
      }),
    ];
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 400));
    expect(await promotionState()).toEqual(before);
  });

  /** A digest of the promotion tables and the rewards: equal before and after, nothing changed. */
  async function promotionState() {
    const digest: Record<string, string> = {};
    for (const table of ['promotions', 'promotion_applications', 'promotion_slips', 'rewards']) {
      const [row] = await queryRows<{ d: string }>(
        t.db,
        sql`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${sql.identifier(table)} x`,
      );
      digest[table] = row!.d;
    }
    return digest;
  }
});
