import { withdrawals } from '@breakshot/contracts';

type WithdrawAccount = withdrawals.WithdrawAccount;
type WithdrawType = withdrawals.WithdrawType;
import type { z } from 'zod';
import type { Language } from '../../lib/i18n';
import { ACCOUNT_METHODS, type AccountMethod } from '../../lib/withdraw-accounts';

/** One input of an account form, rendered by the form scaffold. */
export interface FieldDef {
  /** Key in the request (and in the contract's schema). */
  name: string;
  /** i18n key of the label; the placeholder is `<label>Ph`. */
  label: string;
  kind: 'text' | 'select' | 'segment' | 'image';
  /** kind image: what the upload is for. */
  purpose?: 'wechat_qr';
  options?: (lang: Language) => { value: string; label: string }[];
  inputMode?: 'text' | 'numeric' | 'email';
  /** Applied while typing (e.g. digits only). */
  normalize?: (v: string) => string;
  /** Left out of the request when empty. */
  optional?: boolean;
  maxLength?: number;
  autoComplete?: string;
}

export type FormValues = Record<string, string>;

/** What a form scaffold needs: the fields, the contract's schema and how values become the request. */
export interface FormConfig {
  fields: FieldDef[];
  schema: z.ZodType;
  initial: FormValues;
  /** Values (with `fundPassword`) → the request body the schema validates and the call sends. */
  build: (values: FormValues) => Record<string, unknown>;
}

export interface AccountTypeConfig extends FormConfig, AccountMethod {
  type: WithdrawType;
}

const digits = (v: string) => v.replace(/\D/g, '');
const noSpaces = (v: string) => v.replace(/\s/g, '');

/** Builds the request: the type, the non-empty values (optional ones and images dropped when empty). */
const buildWith =
  (type: WithdrawType, fields: FieldDef[]) =>
  (values: FormValues): Record<string, unknown> => {
    const out: Record<string, unknown> = { type, fundPassword: values.fundPassword ?? '' };
    for (const f of fields) {
      const v = (values[f.name] ?? '').trim();
      // An image not yet uploaded is left out, so the schema says it is required.
      if ((f.optional || f.kind === 'image') && !v) continue;
      out[f.name] = v;
    }
    return out;
  };

const networkField: FieldDef = {
  name: 'network',
  label: 'wallet.field.network',
  kind: 'segment',
  options: () => withdrawals.usdtNetworks.map((n) => ({ value: n, label: n })),
};
const addressField: FieldDef = {
  name: 'address',
  label: 'wallet.field.address',
  kind: 'text',
  normalize: noSpaces,
  maxLength: 64,
  autoComplete: 'off',
};
const aliasField: FieldDef = {
  name: 'alias',
  label: 'wallet.field.alias',
  kind: 'text',
  optional: true,
  maxLength: 20,
};
const realNameField: FieldDef = {
  name: 'realName',
  label: 'wallet.field.realName',
  kind: 'text',
  maxLength: 30,
  autoComplete: 'name',
};

const usdtFields = [networkField, addressField, aliasField];
const wechatFields: FieldDef[] = [
  {
    name: 'wechatId',
    label: 'wallet.field.wechatId',
    kind: 'text',
    normalize: noSpaces,
    maxLength: 20,
    autoComplete: 'off',
  },
  realNameField,
  // The payment code the operator scans to pay (required; the upload's URL).
  { name: 'qrImage', label: 'wallet.field.qrImage', kind: 'image', purpose: 'wechat_qr' },
];
const bankFields: FieldDef[] = [
  {
    name: 'bankName',
    label: 'wallet.field.bankName',
    kind: 'select',
    options: (lang) => withdrawals.banks.map((b) => ({ value: b.name, label: lang === 'en' ? b.en : b.name })),
  },
  { name: 'holder', label: 'wallet.field.holder', kind: 'text', maxLength: 30, autoComplete: 'name' },
  {
    name: 'cardNumber',
    label: 'wallet.field.cardNumber',
    kind: 'text',
    inputMode: 'numeric',
    normalize: digits,
    maxLength: 19,
  },
  { name: 'branch', label: 'wallet.field.branch', kind: 'text', maxLength: 60 },
];
const alipayFields: FieldDef[] = [
  {
    name: 'account',
    label: 'wallet.field.account',
    kind: 'text',
    inputMode: 'email',
    normalize: noSpaces,
    maxLength: 64,
  },
  realNameField,
];

/** The four withdrawal methods: one config each drives the list page and the add form. */
export const ACCOUNT_TYPES: Record<WithdrawType, AccountTypeConfig> = {
  usdt: {
    ...ACCOUNT_METHODS.usdt,
    type: 'usdt',
    fields: usdtFields,
    schema: withdrawals.usdtAccountFields,
    initial: { network: 'TRC20', address: '', alias: '' },
    build: buildWith('usdt', usdtFields),
  },
  wechat: {
    ...ACCOUNT_METHODS.wechat,
    type: 'wechat',
    fields: wechatFields,
    schema: withdrawals.wechatAccountFields,
    initial: { wechatId: '', realName: '', qrImage: '' },
    build: buildWith('wechat', wechatFields),
  },
  bank: {
    ...ACCOUNT_METHODS.bank,
    type: 'bank',
    fields: bankFields,
    schema: withdrawals.bankAccountFields,
    initial: { bankName: '', holder: '', cardNumber: '', branch: '' },
    build: buildWith('bank', bankFields),
  },
  alipay: {
    ...ACCOUNT_METHODS.alipay,
    type: 'alipay',
    fields: alipayFields,
    schema: withdrawals.alipayAccountFields,
    initial: { account: '', realName: '' },
    build: buildWith('alipay', alipayFields),
  },
};

/** Editing a bound USDT address (changeUsdt): same fields; an empty address keeps the current one. */
export function usdtEditConfig(account: Extract<WithdrawAccount, { type: 'usdt' }>): FormConfig {
  const fields = [networkField, { ...addressField, optional: true }, aliasField];
  return {
    fields,
    schema: withdrawals.changeUsdtRequest,
    initial: { network: account.network, address: '', alias: account.alias ?? '' },
    build: (v) => {
      const out: Record<string, unknown> = {
        id: account.id,
        fundPassword: v.fundPassword ?? '',
        alias: (v.alias ?? '').trim(),
      };
      const address = (v.address ?? '').trim();
      if (address) {
        out.address = address;
        out.network = v.network;
      } else if (v.network !== account.network) {
        out.network = v.network;
      }
      return out;
    },
  };
}
