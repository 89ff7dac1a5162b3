import { bets, type EntryType } from '@breakshot/contracts';
import { pathTo } from '../../lib/paths';

/** i18n key of an entry's type; agent transfers read 代理转入 / 代理转出 by their sign. */
export function entryLabelKey(type: EntryType, amount: number): string {
  if (type === 'agent_transfer')
    return amount >= 0 ? 'wallet.entry.agent_transfer_in' : 'wallet.entry.agent_transfer_out';
  return `wallet.entry.${type}`;
}

type Reference = { table: string; id: string; context?: string | null | undefined };

/** A result correction's line ("<correction>:<bet number>", docs/design.md §9) reads as its billiards bet. */
const asBet = (ref: Reference): Reference =>
  ref.table === 'taiqiu_correction_bets'
    ? { table: 'bets', id: ref.id.split(':')[1] ?? ref.id, context: 'taiqiu' }
    : ref;

/**
 * Where an entry came from, as a link: a deposit order → cunkuanDetails; a withdrawal → its
 * details; a bet (投注, 派彩, 退款, a correction) → that bet's details on its game type's page.
 */
export function sourceLink(reference: Reference): string | null {
  const ref = asBet(reference);
  if (ref.table === 'deposit_orders') return pathTo('cunkuanDetails', {}, { orderNo: ref.id });
  if (ref.table === 'withdrawal_orders') return pathTo('qukuanDetails', {}, { orderNo: ref.id });
  if (ref.table === 'bets') {
    const type = bets.gameType.safeParse(ref.context);
    return type.success ? pathTo('touzhuDetails', { gameType: type.data }, { betNo: ref.id }) : pathTo('touzhulogs');
  }
  return null;
}

export const sourceKey = (table: string) =>
  [
    'deposit_orders',
    'withdrawal_orders',
    'admin_audit',
    'bets',
    'agent_transfers',
    'rebate_claims',
    'rewards',
    'provider_transactions',
  ].includes(table)
    ? `wallet.source.${table}`
    : 'wallet.source.other';

/** Order numbers are not all digits; internal ids are. */
const isOrderNumber = (id: string) => !/^\d+$/.test(id);

/** The reference as rows show it: 注单 and the bet number; order numbers as they are; internal ids with their source. */
export function referenceText(reference: { table: string; id: string }, t: (key: string) => string): string {
  const ref = asBet(reference);
  if (ref.table === 'bets') return `${t(sourceKey('bets'))} ${ref.id}`;
  return isOrderNumber(ref.id) ? ref.id : `${t(sourceKey(ref.table))} #${ref.id}`;
}
