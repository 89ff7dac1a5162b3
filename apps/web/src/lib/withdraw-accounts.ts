import { withdrawals } from '@breakshot/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './http';
import type { Language } from './i18n';
import type { RouteId } from './paths';
import { walletKeys } from './wallet-keys';

/*
 * The player's withdrawal accounts as both the withdraw form (which pays out to one) and the
 * account pages (which manage them) read them: the list call, the methods and how an account reads.
 */

type WithdrawAccount = withdrawals.WithdrawAccount;
type WithdrawType = withdrawals.WithdrawType;

export const fetchWithdrawAccounts = () => call(withdrawals.accounts, {});
export const withdrawAccountsQuery = () =>
  queryOptions({ queryKey: walletKeys.accounts(), queryFn: fetchWithdrawAccounts, staleTime: 0 });
export const useWithdrawAccounts = () => useQuery(withdrawAccountsQuery());

export interface AccountMethod {
  /** i18n key of the method's name. */
  nameKey: string;
  listRoute: RouteId;
  addRoute: RouteId;
}

/** The four withdrawal methods: name, list page and add page. */
export const ACCOUNT_METHODS: Record<WithdrawType, AccountMethod> = {
  usdt: { nameKey: 'wallet.type.usdt', listRoute: 'bdusdt', addRoute: 'usdtadd' },
  wechat: { nameKey: 'wallet.type.wechat', listRoute: 'weixinqukuan', addRoute: 'weixinadd' },
  bank: { nameKey: 'wallet.type.bank', listRoute: 'yhkqukuan', addRoute: 'yhkadd' },
  alipay: { nameKey: 'wallet.type.alipay', listRoute: 'zfbqukuan', addRoute: 'zfbadd' },
};

export const TYPE_ORDER: WithdrawType[] = ['usdt', 'bank', 'wechat', 'alipay'];

/** Title and subtitle of an account as lists show it (all masked by the server). */
export function describeAccount(a: WithdrawAccount, lang: Language): { title: string; sub: string; tag?: string } {
  switch (a.type) {
    case 'usdt':
      return { title: a.alias || `USDT-${a.network}`, sub: a.masked, tag: a.network };
    case 'bank': {
      const bank = withdrawals.banks.find((b) => b.name === a.bankName);
      return { title: lang === 'en' && bank ? bank.en : a.bankName, sub: `${a.masked} · ${a.holder}` };
    }
    case 'wechat':
      return { title: a.realName, sub: a.masked };
    case 'alipay':
      return { title: a.realName, sub: a.masked };
  }
}
