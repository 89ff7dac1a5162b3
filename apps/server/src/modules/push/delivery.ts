import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, queryRows } from '../../platform/db.js';
import type { PushPayload } from './tables.js';
import { vapidKeys, type VapidKeys } from './vapid.js';

/*
 * Sends the queued pushes (outbox.ts) after commit, on every instance: a run claims due rows with
 * FOR UPDATE SKIP LOCKED and leases them (their next attempt moved past the send), so two
 * instances never send one row and a crash mid-send only delays it to the lease's end. web-push
 * encrypts the payload to the browser's keys (RFC 8291, aes128gcm) and signs the VAPID token
 * (RFC 8292); the POST itself is ours. Per row: 2xx done; 404 or 410, the subscription is gone
 * and deleted; 429, 5xx or no answer, tried again later with backoff, dropped after MAX_ATTEMPTS;
 * another 4xx (a push the service refuses as it is), dropped and logged.
 */

const BATCH = 50;
/** How long a claimed row is left to its sender before another may take it. */
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
export const MAX_ATTEMPTS = 8;
/** 30 s after the first failure, doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
/** How long the push service keeps a push for a device that is offline; a match start is soon stale. */
const TTL_SECONDS = { match: 15 * 60, other: 24 * 60 * 60 };

interface Claimed {
  id: number;
  attempts: number;
  kind: string;
  payload: PushPayload;
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type Outcome = 'sent' | 'gone' | 'retry' | 'refused';

/** One instance's sender: runs on its ticker and on a nudge after a commit that queued pushes. */
export class PushDelivery {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends what is due; a call during a run makes the run go round once more. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'push delivery failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      while (await this.sendBatch()) {
        // Until nothing is due.
      }
    } while (this.again);
  }

  /** Claims and sends one batch; whether it was full (more may be due). */
  private async sendBatch(): Promise<boolean> {
    const rows = await claimDue(this.ctx);
    if (rows.length === 0) return false;
    const keys = await vapidKeys(this.ctx);
    await Promise.all(rows.map((row) => this.deliver(row, keys)));
    return rows.length === BATCH;
  }

  private async deliver(row: Claimed, keys: VapidKeys): Promise<void> {
    const status = await post(row, keys, this.ctx.push.contact).catch((err: unknown) => {
      this.log.warn({ err, push: row.id }, 'push endpoint unreachable');
      return 0;
    });
    const outcome = outcomeOf(status);
    if (outcome === 'refused' || (outcome === 'retry' && row.attempts >= MAX_ATTEMPTS)) {
      this.log.warn({ push: row.id, status, attempts: row.attempts, host: new URL(row.endpoint).host }, 'push dropped');
    }
    await settle(this.ctx, row, outcome);
  }
}

const outcomeOf = (status: number): Outcome =>
  status >= 200 && status < 300
    ? 'sent'
    : status === 404 || status === 410
      ? 'gone'
      : status === 0 || status === 429 || status >= 500
        ? 'retry'
        : 'refused';

async function claimDue(ctx: AppContext): Promise<Claimed[]> {
  const now = ctx.now();
  const leaseEnd = new Date(now.getTime() + LEASE_MS);
  return inTransaction(ctx.db, (tx) =>
    queryRows<Claimed>(
      tx,
      sql`UPDATE push_outbox o SET attempts = o.attempts + 1, next_attempt_at = ${leaseEnd.toISOString()}::timestamptz
          FROM push_subscriptions s
          WHERE s.id = o.subscription_id
            AND o.id IN (SELECT id FROM push_outbox WHERE next_attempt_at <= ${now.toISOString()}::timestamptz
                         ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING o.id, o.attempts, o.kind, o.payload, s.id AS subscription_id, s.endpoint, s.p256dh, s.auth`,
    ),
  );
}

/** The status of a push that cannot be made: the browser's key is no point of the curve (dropped, as a refusal). */
const UNSENDABLE = -1;

/** The POST of one push; its status. */
async function post(row: Claimed, keys: VapidKeys, contact: string): Promise<number> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(row.payload),
      {
        vapidDetails: { subject: contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: row.kind === 'match' ? TTL_SECONDS.match : TTL_SECONDS.other,
        urgency: row.kind === 'match' ? 'high' : 'normal',
      },
    );
  } catch {
    return UNSENDABLE;
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const answer = await fetch(row.endpoint, {
    method: 'POST',
    headers,
    body: request.body as Buffer,
    // A push service answers itself: a redirect would send the push somewhere else.
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await answer.body?.cancel();
  return answer.status;
}

async function settle(ctx: AppContext, row: Claimed, outcome: Outcome): Promise<void> {
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    if (outcome === 'gone') {
      await tx.execute(sql`DELETE FROM push_subscriptions WHERE id = ${row.subscription_id}`);
    } else if (outcome === 'retry' && row.attempts < MAX_ATTEMPTS) {
      const next = new Date(now.getTime() + retryDelayMs(row.attempts));
      await tx.execute(
        sql`UPDATE push_outbox SET next_attempt_at = ${next.toISOString()}::timestamptz WHERE id = ${row.id}`,
      );
    } else {
      await tx.execute(sql`DELETE FROM push_outbox WHERE id = ${row.id}`);
      if (outcome === 'sent') {
        await tx.execute(
          sql`UPDATE push_subscriptions SET last_success_at = ${now.toISOString()}::timestamptz WHERE id = ${row.subscription_id}`,
        );
      }
    }
  });
}

/** Each app's sender (backgroundTickers makes it): a commit that queued pushes nudges it. */
const deliveries = new WeakMap<AppContext, PushDelivery>();

export function startDelivery(ctx: AppContext, log: FastifyBaseLogger): PushDelivery {
  const delivery = new PushDelivery(ctx, log);
  deliveries.set(ctx, delivery);
  return delivery;
}

/** Sends what a commit just queued, now rather than at the next tick (none without the tickers: the rows wait). */
export function nudgeDelivery(ctx: AppContext): void {
  void deliveries.get(ctx)?.run();
}
