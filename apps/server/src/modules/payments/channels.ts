import { and, asc, eq } from 'drizzle-orm';
import { ErrorCode, type PayChannel } from '@breakshot/contracts';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { payChannels } from './tables.js';

export type ChannelRecord = typeof payChannels.$inferSelect;
export type NewChannel = typeof payChannels.$inferInsert;

export async function createChannel(db: Db, channel: NewChannel): Promise<ChannelRecord> {
  const [row] = await db.insert(payChannels).values(channel).returning();
  if (!row) throw new Error('channel insert returned no row');
  return row;
}

/** Enabled channels in display order. */
export async function enabledChannels(db: Db): Promise<ChannelRecord[]> {
  return db
    .select()
    .from(payChannels)
    .where(eq(payChannels.enabled, true))
    .orderBy(asc(payChannels.sort), asc(payChannels.id));
}

/** An enabled channel, or 404. */
export async function enabledChannel(db: Db, id: number): Promise<ChannelRecord> {
  const [row] = await db
    .select()
    .from(payChannels)
    .where(and(eq(payChannels.id, id), eq(payChannels.enabled, true)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'channelUnavailable', undefined, { field: 'channelId' });
  return row;
}

/** Whether the channel's hours include `now` in the site's time zone. */
export function openNow(channel: ChannelRecord, now: Date, timeZone: string): boolean {
  const { openTime: open, closeTime: close } = channel;
  if (open === close) return true;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return open < close ? time >= open && time < close : time >= open || time < close;
}

export function toPayChannel(c: ChannelRecord, now: Date, timeZone: string): PayChannel {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    adapter: c.adapter,
    minAmount: c.minAmount,
    maxAmount: c.maxAmount,
    presets: c.presets,
    feeRate: c.feeRate,
    bonusRate: c.bonusRate,
    recommended: c.recommended,
    hours: { open: c.openTime, close: c.closeTime },
    openNow: openNow(c, now, timeZone),
  };
}
