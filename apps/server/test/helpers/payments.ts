import type { FastifyInstance } from 'fastify';
import { payments, type ChannelType } from '@breakshot/contracts';
import { sandboxSecret, sign } from '../../src/modules/payments/sandbox-secret.js';
import { call } from './test-app.js';

/** The seeded channel of a type, as payConfig lists it. */
export async function channelOf(app: FastifyInstance, token: string, type: ChannelType) {
  const res = await call(app, payments.payConfig, {}, { token });
  const channel = res.data.channels.find((c) => c.type === type);
  if (!channel) throw new Error(`no ${type} channel`);
  return channel;
}

export async function startPay(app: FastifyInstance, token: string, channelId: number, amount: number) {
  const res = await call(app, payments.startPay, { channelId, amount }, { token });
  if (res.code !== 200) throw new Error(`startPay failed: ${res.msg}`);
  return res.data;
}

/** Posts a callback as the sandbox gateway would; signature: override to forge it. */
export async function sandboxCallback(
  app: FastifyInstance,
  body: Record<string, unknown>,
  signature?: string,
): Promise<{ statusCode: number; body: string }> {
  const raw = JSON.stringify({ merchantId: 'breakshot', status: 'SUCCESS', tradeNo: 'T1', ...body });
  const res = await app.inject({
    method: 'POST',
    url: '/pay/callback/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-signature': signature ?? sign(await sandboxSecret(app.ctx), raw),
    },
    payload: raw,
  });
  return { statusCode: res.statusCode, body: res.body };
}
