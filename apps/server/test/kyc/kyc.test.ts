import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inbox, kyc, kycAdmin, playersAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { newOperator, opCall } from '../helpers/operators.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { uploadPng } from '../helpers/uploads.js';
import { adminCall, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';
import { ID_NUMBERS, idPhotos, pendingIdOf, submit } from './helpers.js';

/*
 * Real-name verification (docs/design.md §9, "KYC, as built"): the ID number's format, the
 * submission rules, the review by risk (audited, the player told), the reveal (audited without
 * the number) and the number sealed at rest.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startWithdrawApp();
});
afterAll(() => t.close());

const newPlayer = () => newTestPlayer(t, { fundPassword: false });
const statusOf = async (token: string) => (await call(t.app, kyc.kycGet, {}, { token })).data;
const auditRows = async (action: string) =>
  (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action })).data.list;

describe('the ID number', () => {
  it('accepts 18 characters whose check character is right, a lower-case x and spaces included', () => {
    for (const id of ID_NUMBERS) expect(kyc.idNumber.safeParse(id).success, id).toBe(true);
    expect(kyc.idNumber.parse('110105 19491231 002x')).toBe('11010519491231002X');
  });

  it('refuses a wrong check character, a wrong length, letters inside', () => {
    for (const id of ['110105194912310021', '11010519491231002', '1101051949123100211', '11010519491231A02X']) {
      const parsed = kyc.idNumber.safeParse(id);
      expect(parsed.success, id).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('idNumber.format');
    }
  });

  it('is masked to its first 3 and last 4 characters', () => {
    expect(kyc.maskIdNumber('11010519491231002X')).toBe('110***********002X');
  });
});

describe('the player’s submission', () => {
  it('is pending once sent, shows masked, and is refused again while pending; bad input changes nothing', async () => {
    const p = await newPlayer();
    expect(await statusOf(p.token)).toMatchObject({ status: 'none', realName: null, idMasked: null });

    const photos = await idPhotos(t, p);
    const bad = await call(
      t.app,
      kyc.kycSubmit,
      { realName: '张三', idNumber: '110105194912310021', ...photos },
      { token: p.token },
    );
    expect(bad.code).toBe(400);
    expect(bad.data).toMatchObject({ field: 'idNumber' });
    expect((await statusOf(p.token)).status).toBe('none');

    const sent = await submit(t, p, ' 张三 ');
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data).toMatchObject({ status: 'pending', realName: '张三', idMasked: '110***********002X' });
    const again = await submit(t, p, '张三');
    expect(again).toMatchObject({ code: 409 });
  });

  it('refuses photos that are not the player’s own uploads of their purposes', async () => {
    const p = await newPlayer();
    const other = await newPlayer();
    const mine = await idPhotos(t, p);
    const theirs = await idPhotos(t, other);
    const avatar = await uploadPng(t.app, p.token, 'avatar');
    for (const images of [
      { ...mine, frontImage: theirs.frontImage },
      { ...mine, backImage: avatar.url },
      { frontImage: mine.backImage, backImage: mine.frontImage },
    ]) {
      const res = await call(
        t.app,
        kyc.kycSubmit,
        { realName: '张三', idNumber: ID_NUMBERS[0], ...images },
        { token: p.token },
      );
      expect(res.code).toBe(400);
    }
    expect((await statusOf(p.token)).status).toBe('none');
  });

  it('may be sent again after a rejection, whose reason the player reads; not after approval', async () => {
    const p = await newPlayer();
    await submit(t, p, '王五');
    const first = await pendingIdOf(t, p);
    const rejected = await adminCall(t.app, kycAdmin.kycReject, { id: first, reason: '照片模糊，请重新拍摄' });
    expect(rejected.code, rejected.msg).toBe(200);
    expect(await statusOf(p.token)).toMatchObject({ status: 'rejected', rejectReason: '照片模糊，请重新拍摄' });

    expect((await submit(t, p, '王五', ID_NUMBERS[1])).data).toMatchObject({ status: 'pending', rejectReason: null });
    const second = await pendingIdOf(t, p);
    expect((await adminCall(t.app, kycAdmin.kycApprove, { id: second })).code).toBe(200);
    expect(await statusOf(p.token)).toMatchObject({ status: 'approved', realName: '王五' });
    expect(await submit(t, p, '王五')).toMatchObject({ code: 409 });

    const messages = await call(t.app, inbox.userMessage, { tab: 'message' }, { token: p.token });
    expect(messages.data.list.map((m) => m.kind)).toEqual(['kyc_approved', 'kyc_rejected']);
    expect(messages.data.list[1]?.summary).toContain('照片模糊');
  });
});

describe('the review', () => {
  it('risk approves, audited; finance may read but not review; a reviewed one is not reviewed again', async () => {
    const p = await newPlayer();
    await submit(t, p, '赵六');
    const id = await pendingIdOf(t, p);
    const finance = await newOperator(t, 'kyc_finance', 'finance');
    const risk = await newOperator(t, 'kyc_risk', 'risk');

    expect((await opCall(t.app, kycAdmin.kycGetOne, { id }, finance)).data).toMatchObject({
      realName: '赵六',
      idMasked: '110***********002X',
      status: 'pending',
    });
    expect((await opCall(t.app, kycAdmin.kycApprove, { id }, finance)).code).toBe(403);
    expect((await opCall(t.app, kycAdmin.kycReject, { id, reason: 'x' }, finance)).code).toBe(403);
    expect((await opCall(t.app, kycAdmin.kycReveal, { id, reason: 'x' }, finance)).code).toBe(403);

    const approved = await opCall(t.app, kycAdmin.kycApprove, { id }, risk);
    expect(approved.code, approved.msg).toBe(200);
    expect(approved.data).toMatchObject({ status: 'approved', reviewedBy: 'kyc_risk' });
    const [audit] = await auditRows('kyc.approve');
    expect(audit).toMatchObject({
      operator: 'kyc_risk',
      target: `user ${p.userId}`,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    expect((await opCall(t.app, kycAdmin.kycReject, { id, reason: '迟到' }, risk)).code).toBe(409);
    expect((await opCall(t.app, kycAdmin.kycApprove, { id: 9_999_999 }, risk)).code).toBe(404);
  });

  it('a rejection needs a reason', async () => {
    const p = await newPlayer();
    await submit(t, p, '钱七');
    const id = await pendingIdOf(t, p);
    expect((await adminCall(t.app, kycAdmin.kycReject, { id, reason: '  ' })).code).toBe(400);
    expect((await adminCall(t.app, kycAdmin.kycGetOne, { id })).data.status).toBe('pending');
  });

  it('lists by status, newest first, with the photos in the detail', async () => {
    const p = await newPlayer();
    await submit(t, p, '孙八');
    const list = await adminCall(t.app, kycAdmin.kycList, { status: 'pending', username: p.username });
    expect(list.data.list).toMatchObject([{ userId: p.userId, username: p.username, realName: '孙八' }]);
    const detail = await adminCall(t.app, kycAdmin.kycGetOne, { id: list.data.list[0]?.id });
    expect(detail.data.frontImage).toMatch(/^\/api\/v9\/files\//);
    const photo = await t.app.inject({ method: 'GET', url: detail.data.frontImage });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the ID number at rest', () => {
  it('is sealed: no column of the row holds it; risk reveals it for a reason, audited without the number', async () => {
    const p = await newPlayer();
    await submit(t, p, '周九', ID_NUMBERS[2]);
    const id = await pendingIdOf(t, p);
    const [row] = await queryRows<Record<string, unknown>>(t.db, sql`SELECT * FROM kyc_submissions WHERE id = ${id}`);
    expect(JSON.stringify(row)).not.toContain(ID_NUMBERS[2]);
    expect(JSON.stringify(row)).not.toContain(ID_NUMBERS[2].slice(3, 14));
    expect(row?.id_number_sealed).toMatch(/^sealed:v1:/);
    expect(row?.id_number_masked).toBe('310***********2343');

    const risk = await newOperator(t, 'kyc_revealer', 'risk');
    expect((await opCall(t.app, kycAdmin.kycReveal, { id, reason: '' }, risk)).code).toBe(400);
    const revealed = await opCall(t.app, kycAdmin.kycReveal, { id, reason: '核对提现姓名' }, risk);
    expect(revealed.data).toEqual({ idNumber: ID_NUMBERS[2] });
    const [audit] = await auditRows('kyc.reveal');
    expect(audit).toMatchObject({ operator: 'kyc_revealer', payload: { id, reason: '核对提现姓名' } });
    expect(JSON.stringify(audit)).not.toContain(ID_NUMBERS[2]);
  });
});

describe('the withdrawal amount setting', () => {
  it('admin sets it, audited with the old value; risk may read it but not set it', async () => {
    const risk = await newOperator(t, 'kyc_setting_risk', 'risk');
    expect((await opCall(t.app, kycAdmin.kycSettingsSet, { requiredAmount: 1 }, risk)).code).toBe(403);
    const before = (await opCall(t.app, kycAdmin.kycSettingsGet, {}, risk)).data.requiredAmount;
    expect((await adminCall(t.app, kycAdmin.kycSettingsSet, { requiredAmount: -1 })).code).toBe(400);
    const set = await adminCall(t.app, kycAdmin.kycSettingsSet, { requiredAmount: 500_000 });
    expect(set.data).toEqual({ requiredAmount: 500_000 });
    const [audit] = await auditRows('kyc.settings');
    expect(audit).toMatchObject({ before: { requiredAmount: before }, after: { requiredAmount: 500_000 } });
    await adminCall(t.app, kycAdmin.kycSettingsSet, { requiredAmount: 0 });
  });
});
