import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hub88 } from '@breakshot/contracts';
import { signBody, verifyBody } from '../../platform/signing.js';

/*
 * The demo provider's side of the seamless wallet, over HTTP as any outside provider: each call
 * a fresh request_uuid, the raw body signed with the provider's key, the answer's signature
 * checked with the operator's public key before anything in it is believed.
 */

export interface WalletLink {
  providerId: string;
  /** The wallet's base URL (http://host:port); throws when there is none to call. */
  base(): string;
  privatePem: string;
  /** The operator's key: our wallet's answers are signed with it. */
  walletPublicPem: string;
  timeoutMs: number;
}

/** What came of one call: the wallet's answer (balance in cents when it gave one), or nothing usable. */
export type Delivery =
  | { kind: 'answer'; status: hub88.Hub88Status; balance: number | null }
  | { kind: 'lost'; reason: 'timeout' | 'network' | 'signature' | 'malformed' };

/** A final answer: a win or rollback is resent until one (a lost call or RS_ERROR_UNKNOWN is not). */
export const isFinal = (delivery: Delivery): boolean => delivery.kind === 'answer' && hub88.isTerminal(delivery.status);

export const isOk = (delivery: Delivery): boolean => delivery.kind === 'answer' && delivery.status === 'RS_OK';

const lost = (reason: Extract<Delivery, { kind: 'lost' }>['reason']): Delivery => ({ kind: 'lost', reason });

/** One call of the wallet with this request (its request_uuid added here). */
export async function sendCall(
  link: WalletLink,
  call: hub88.Hub88Call,
  request: Record<string, unknown>,
): Promise<Delivery> {
  const requestUuid = randomUUID();
  const body = JSON.stringify({ ...request, request_uuid: requestUuid });
  let text: string;
  let signature: string | undefined;
  try {
    const res = await fetch(`${link.base()}${hub88.PROVIDER_PREFIX}/${link.providerId}/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [hub88.SIGNATURE_HEADER]: signBody(link.privatePem, body) },
      body,
      signal: AbortSignal.timeout(link.timeoutMs),
    });
    text = await res.text();
    signature = res.headers.get(hub88.SIGNATURE_HEADER) ?? undefined;
  } catch (err) {
    return lost(err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network');
  }
  if (!verifyBody(link.walletPublicPem, text, signature)) return lost('signature');
  const answer = parseAnswer(text);
  if (!answer || answer.request_uuid !== requestUuid) return lost('malformed');
  const balance = answer.balance === undefined ? null : Math.floor(answer.balance / hub88.HUB88_PER_CENT);
  return { kind: 'answer', status: answer.status, balance };
}

function parseAnswer(text: string) {
  try {
    const parsed = hub88.errorAnswer.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Sends the call until a final answer, waiting each of these delays (ms) before a new attempt; the last delivery. */
export async function deliver(
  link: WalletLink,
  call: hub88.Hub88Call,
  request: Record<string, unknown>,
  delaysMs: readonly number[],
): Promise<Delivery> {
  let delivery = await sendCall(link, call, request);
  for (const ms of delaysMs) {
    if (isFinal(delivery)) break;
    await sleep(ms);
    delivery = await sendCall(link, call, request);
  }
  return delivery;
}
