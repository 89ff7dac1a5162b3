import { kyc, kycAdmin } from '@breakshot/contracts';
import { call, type TestApp } from '../helpers/test-app.js';
import { uploadPng } from '../helpers/uploads.js';
import { adminCall, type TestPlayer } from '../helpers/withdrawals.js';

/** Valid resident ID numbers (their check characters are right). */
export const ID_NUMBERS = ['11010519491231002X', '44030519900101123X', '310115198506152343'] as const;

/** The player's own photos of both sides of the ID card. */
export async function idPhotos(t: TestApp, p: TestPlayer) {
  const front = await uploadPng(t.app, p.token, 'kyc_front');
  const back = await uploadPng(t.app, p.token, 'kyc_back');
  return { frontImage: front.url, backImage: back.url };
}

export async function submit(t: TestApp, p: TestPlayer, realName: string, idNumber: string = ID_NUMBERS[0]) {
  return call(t.app, kyc.kycSubmit, { realName, idNumber, ...(await idPhotos(t, p)) }, { token: p.token });
}

/** Submits and has the operator token approve it; returns the submission's id. */
export async function verify(t: TestApp, p: TestPlayer, realName: string): Promise<number> {
  const sent = await submit(t, p, realName);
  if (sent.code !== 200) throw new Error(`submit failed: ${sent.msg}`);
  const id = await pendingIdOf(t, p);
  const res = await adminCall(t.app, kycAdmin.kycApprove, { id });
  if (res.code !== 200) throw new Error(`approve failed: ${res.msg}`);
  return id;
}

export async function pendingIdOf(t: TestApp, p: TestPlayer): Promise<number> {
  const res = await adminCall(t.app, kycAdmin.kycList, { status: 'pending', username: p.username });
  const [row] = res.data.list;
  if (!row) throw new Error(`no pending submission of ${p.username}`);
  return row.id;
}

export async function setRequiredAmount(t: TestApp, requiredAmount: number): Promise<void> {
  const res = await adminCall(t.app, kycAdmin.kycSettingsSet, { requiredAmount });
  if (res.code !== 200) throw new Error(`settings failed: ${res.msg}`);
}
