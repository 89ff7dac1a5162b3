import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, type Lang, type PayChannel } from '@breakshot/contracts';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { payChannels } from './tables.js';

export type ChannelRecord = typeof payChannels.$inferSelect;
export type NewChannel = typeof payChannels.$inferInsert;

export async function createChannel(db: Conn, channel: NewChannel): Promise<ChannelRecord> {
  const [row] = await db.insert(payChannels).values(channel).returning();
  if (!row) throw new Error('channel insert returned no row');
  return row;
}

/** Which adapters this server runs: the sandbox one only where it exists (config.sandboxPay). */
export interface Adapters {
  sandboxPay: boolean;
}

/** Channels players may use: enabled by the operator, on an adapter this server runs. */
const offered = ({ sandboxPay }: Adapters): SQL | undefined =>
  and(eq(payChannels.enabled, true), sandboxPay ? undefined : ne(payChannels.adapter, 'sandbox'));

/** Offered channels in display order. */
export async function enabledChannels(db: Conn, adapters: Adapters): Promise<ChannelRecord[]> {
  return db.select().from(payChannels).where(offered(adapters)).orderBy(asc(payChannels.sort), asc(payChannels.id));
}

/** An offered channel, or 404. */
export async function enabledChannel(db: Conn, id: number, adapters: Adapters): Promise<ChannelRecord> {
  const [row] = await db
    .select()
    .from(payChannels)
    .where(and(eq(payChannels.id, id), offered(adapters)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'channelUnavailable', undefined, { field: 'channelId' });
  return row;
}

/** Every channel, enabled or not, for the operator. */
export async function allChannels(db: Conn): Promise<ChannelRecord[]> {
  return db.select().from(payChannels).orderBy(asc(payChannels.sort), asc(payChannels.id));
}

/** The operator switches a channel on or off; returns the row before the change, or 404. */
export async function setChannelEnabled(tx: Tx, id: number, enabled: boolean): Promise<ChannelRecord> {
  const [before] = await tx.select().from(payChannels).where(eq(payChannels.id, id)).for('update');
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'notFound', undefined, { field: 'id' });
  await tx.update(payChannels).set({ enabled }).where(eq(payChannels.id, id));
  return before;
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

/** A channel's name in the reader's language (the Chinese one where no English one is set). */
export const nameIn = (c: Pick<ChannelRecord, 'name' | 'nameEn'>, lang: Lang) =>
  lang === 'en' && c.nameEn ? c.nameEn : c.name;

/** The same, as a column of a query. */
export const channelNameIn = (lang: Lang) =>
  lang === 'en' ? sql<string>`coalesce(${payChannels.nameEn}, ${payChannels.name})` : payChannels.name;

export function toPayChannel(c: ChannelRecord, now: Date, timeZone: string, lang: Lang): PayChannel {
  return {
    id: c.id,
    name: nameIn(c, lang),
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
