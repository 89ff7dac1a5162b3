import type { EntryType } from '@breakshot/contracts';
import { pathTo } from '../../lib/paths';

/** i18n key of an entry's type; agent transfers read 代理转入 / 代理转出 by their sign. */
export function entryLabelKey(type: EntryType, amount: number): string {
  if (type === 'agent_transfer')
    return amount >= 0 ? 'wallet.entry.agent_transfer_in' : 'wallet.entry.agent_transfer_out';
  return `wallet.entry.${type}`;
}

/**
 * Where an entry came from, as a link: a deposit order → cunkuanDetails; a withdrawal → its
 * details when the reference is an order number, else the withdrawal records.
 */
export function sourceLink(ref: { table: string; id: string }): string | null {
  if (ref.table === 'deposit_orders') return pathTo('cunkuanDetails', {}, { orderNo: ref.id });
  if (ref.table === 'withdrawal_orders') return pathTo('qukuanDetails', {}, { orderNo: ref.id });
  if (/bet/.test(ref.table)) return pathTo('touzhulogs');
  return null;
}

export const sourceKey = (table: string) =>
  ['deposit_orders', 'withdrawal_orders', 'admin_audit', 'bets'].includes(table)
    ? `wallet.source.${table}`
    : 'wallet.source.other';

/** The reference as rows show it: order numbers as they are; internal ids only with their source. */
export const isOrderNumber = (id: string) => !/^\d+$/.test(id);
