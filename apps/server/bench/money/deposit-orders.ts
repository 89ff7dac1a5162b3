import { createHmac, randomUUID } from 'node:crypto';
import { payments } from '@breakshot/contracts';
import { SANDBOX_CALLBACK_PATH } from '../../src/modules/payments/gateway-routes.js';
import { SANDBOX_MERCHANT, type SandboxCallback } from '../../src/modules/payments/sandbox.js';
import type { BenchPlayer } from '../lib/players.js';
import type { RunningServer } from '../lib/server.js';
import { inParallel, playerPost, type ReadyRequest } from './setup.js';

/*
 * Deposits for the deposit credit case: PENDING orders each player opened on the sandbox channel
 * (user/recharge/startPay, as the cashier page does; a player may hold MAX_PENDING_ORDERS open,
 * payments/service.ts, so one order a player), and the gateway's server-to-server callback that
 * pays each, signed as the sandbox gateway signs it: hex HMAC-SHA256 of the raw body with the
 * gateway's secret in x-signature (payments/sandbox-secret.ts). The bench starts the server with
 * SANDBOX_PAY_SECRET, so it holds the secret as a gateway does.
 */

export interface DepositOrder {
  orderNo: string;
  amount: number;
}

/** One PENDING order of `amount` on the sandbox channel for each player. */
export async function sandboxOrders(
  server: RunningServer,
  players: BenchPlayer[],
  amount: number,
): Promise<DepositOrder[]> {
  const { channels } = await playerPost<{ channels: payments.PayChannel[] }>(
    server,
    payments.payConfig.path,
    players[0]!.token,
    {},
  );
  const channel = channels.find((c) => c.type === 'sandbox' && c.adapter === 'sandbox');
  if (!channel) throw new Error('no sandbox channel: the scratch database is seeded with sandboxPay');
  return inParallel(players, async (p) => {
    const order = await playerPost<DepositOrder>(server, payments.startPay.path, p.token, {
      channelId: channel.id,
      amount,
    });
    return { orderNo: order.orderNo, amount: order.amount };
  });
}

/** The gateway's callback of the order (SUCCESS: paid), signed with `secret`. */
export function gatewayCallback(secret: string, order: DepositOrder, status: SandboxCallback['status']): ReadyRequest {
  const callback: SandboxCallback = {
    merchantId: SANDBOX_MERCHANT,
    orderNo: order.orderNo,
    amount: order.amount,
    status,
    tradeNo: `SBX${randomUUID().replaceAll('-', '')}`,
  };
  const body = JSON.stringify(callback);
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return {
    path: SANDBOX_CALLBACK_PATH,
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body,
  };
}

/** What the callback endpoint answers a callback it took (gateway-routes.ts). */
export const GATEWAY_SUCCESS = 'success';
