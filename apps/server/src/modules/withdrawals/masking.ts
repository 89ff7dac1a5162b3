import type { withdrawalsAdmin, withdrawals } from '@breakshot/contracts';
import type { z } from 'zod';
import { maskLogin } from '../../platform/masking.js';
import type { WithdrawalAccountRow } from './tables.js';

type WithdrawAccount = withdrawals.WithdrawAccount;
type AccountSummary = z.infer<typeof withdrawals.withdrawAccountSummary>;
type PayoutAccount = z.infer<typeof withdrawalsAdmin.payoutAccount>;

/** Address: first 6 … last 4. */
export const maskAddress = (s: string) => (s.length <= 10 ? s : `${s.slice(0, 6)}…${s.slice(-4)}`);

/** Card: ****1234. */
export const maskCard = (s: string) => `****${s.slice(-4)}`;

/** 张三丰 → 张*丰, 张三 → 张*, Li Lei → L****i. */
export function maskName(s: string): string {
  const chars = [...s];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export { maskLogin };

export function maskedIdentifier(row: Pick<WithdrawalAccountRow, 'type' | 'identifier'>): string {
  switch (row.type) {
    case 'usdt':
      return maskAddress(row.identifier);
    case 'bank':
      return maskCard(row.identifier);
    case 'wechat':
    case 'alipay':
      return maskLogin(row.identifier);
  }
}

/** What is shown of a stored account's number (the start fills it in for rows bound before 0056). */
const shownNumber = (row: WithdrawalAccountRow) => row.masked ?? '****';

/** An account as every player response shows it. */
export function toWithdrawAccount(row: WithdrawalAccountRow): WithdrawAccount {
  const base = {
    id: row.id,
    masked: shownNumber(row),
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
  const name = maskName(row.realName ?? '');
  switch (row.type) {
    case 'usdt':
      return { ...base, type: 'usdt', network: row.network as 'TRC20' | 'ERC20', alias: row.alias };
    case 'wechat':
      return { ...base, type: 'wechat', realName: name, hasQrImage: row.qrImage !== null, qrImage: row.qrImage };
    case 'bank':
      return { ...base, type: 'bank', bankName: row.bankName ?? '', holder: name, branch: row.branch ?? '' };
    case 'alipay':
      return { ...base, type: 'alipay', realName: name };
  }
}

/** What a withdrawal order keeps for the player: masked. */
export function accountSummary(row: WithdrawalAccountRow): AccountSummary {
  return {
    type: row.type,
    masked: shownNumber(row),
    network: row.network,
    bankName: row.bankName,
    name: row.realName === null ? null : maskName(row.realName),
    alias: row.alias,
  };
}

/** What a withdrawal order keeps for the operator who pays it: everything, the number opened. */
export function payoutAccount(row: WithdrawalAccountRow, number: string): PayoutAccount {
  const present = (v: string | null) => v ?? undefined;
  switch (row.type) {
    case 'usdt':
      return { type: 'usdt', network: present(row.network), address: number, alias: present(row.alias) };
    case 'wechat':
      return {
        type: 'wechat',
        wechatId: number,
        realName: present(row.realName),
        qrImage: present(row.qrImage),
      };
    case 'bank':
      return {
        type: 'bank',
        bankName: present(row.bankName),
        holder: present(row.realName),
        cardNumber: number,
        branch: present(row.branch),
      };
    case 'alipay':
      return { type: 'alipay', account: number, realName: present(row.realName) };
  }
}
