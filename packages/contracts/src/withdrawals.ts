import { z } from 'zod';
import {
  clientRequestId,
  defineCall,
  envelope,
  isoTime,
  money,
  pageRequest,
  pageResult,
  positiveMoney,
  timeRange,
} from './common.js';
import { str } from './fields.js';
import { uploadUrl } from './uploads.js';

/*
 * Fund password, withdrawal accounts and withdrawals (docs/design.md §4, §8; docs/screens.md /user/qukuan,
 * /user/account and the add/list pages of each account type). Messages are keys of messages.ts.
 */

/** The 6-digit fund (withdrawal) password. */
export const fundPassword = str().regex(/^\d{6}$/, 'fundPassword.format');

/**
 * Sets the fund password the first time, or changes it. Both need the login password; a change
 * also needs the current fund password (`oldFundPassword`), so a stolen login password alone
 * cannot redirect withdrawals. Wrong passwords count towards the 5-attempt lock.
 */
export const setFundPasswordRequest = z
  .object({
    password: str().min(1, 'required').max(64, 'too_long'),
    fundPassword,
    oldFundPassword: fundPassword.optional(),
  })
  .strict();

export const setFundPassword = defineCall({
  method: 'POST',
  path: '/user/edit/setFundPassword',
  auth: true,
  request: setFundPasswordRequest,
  response: envelope(z.object({})),
});

// ---- withdrawal accounts ----

export const withdrawTypes = ['usdt', 'wechat', 'bank', 'alipay'] as const;
export const withdrawType = z.enum(withdrawTypes, { error: 'withdrawType.invalid' });
export type WithdrawType = z.infer<typeof withdrawType>;

/** Accounts of one type a player may keep. */
export const MAX_ACCOUNTS_PER_TYPE = 5;

export const usdtNetworks = ['TRC20', 'ERC20'] as const;
export const usdtNetwork = z.enum(usdtNetworks, { error: 'usdt.network.invalid' });
export type UsdtNetwork = z.infer<typeof usdtNetwork>;

const ADDRESS_FORMAT: Record<UsdtNetwork, RegExp> = {
  // T followed by 33 base58 characters (no 0, O, I, l).
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
};

export function isUsdtAddress(network: UsdtNetwork, address: string): boolean {
  return ADDRESS_FORMAT[network].test(address);
}

/** Message key of a wrong address for the network. */
export const usdtAddressMessage = (network: UsdtNetwork) =>
  network === 'TRC20' ? 'usdt.address.trc20' : 'usdt.address.erc20';

/** Banks a card may belong to: `name` is what requests carry and responses show. */
export const banks = [
  { name: '中国工商银行', en: 'ICBC' },
  { name: '中国建设银行', en: 'China Construction Bank' },
  { name: '中国农业银行', en: 'Agricultural Bank of China' },
  { name: '中国银行', en: 'Bank of China' },
  { name: '交通银行', en: 'Bank of Communications' },
  { name: '中国邮政储蓄银行', en: 'Postal Savings Bank of China' },
  { name: '招商银行', en: 'China Merchants Bank' },
  { name: '中信银行', en: 'China CITIC Bank' },
  { name: '中国光大银行', en: 'China Everbright Bank' },
  { name: '华夏银行', en: 'Hua Xia Bank' },
  { name: '中国民生银行', en: 'China Minsheng Bank' },
  { name: '广发银行', en: 'China Guangfa Bank' },
  { name: '平安银行', en: 'Ping An Bank' },
  { name: '兴业银行', en: 'Industrial Bank' },
  { name: '上海浦东发展银行', en: 'SPD Bank' },
  { name: '浙商银行', en: 'China Zheshang Bank' },
  { name: '渤海银行', en: 'China Bohai Bank' },
  { name: '北京银行', en: 'Bank of Beijing' },
  { name: '上海银行', en: 'Bank of Shanghai' },
  { name: '江苏银行', en: 'Bank of Jiangsu' },
] as const;
export const bankName = z.enum(
  banks.map((b) => b.name) as [(typeof banks)[number]['name'], ...(typeof banks)[number]['name'][]],
  { error: 'bank.name.invalid' },
);

/** The Luhn check digit of card numbers. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A person's real name as on the account: Chinese or Latin letters, middle dot, spaces. */
/** A holder's name: Chinese characters or letters, with the middle dot, dots and spaces inside. */
export const REAL_NAME = /^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·. ]*[\p{Script=Han}A-Za-z]$/u;
export const realName = str().min(2, 'realName.format').max(30, 'realName.format').regex(REAL_NAME, 'realName.format');

export const usdtAddress = str().min(1, 'required').max(64, 'too_long');
export const accountAlias = str().max(20, 'too_long');
export const cardNumber = str()
  .regex(/^\d{12,19}$/, 'bank.card.format')
  .refine(luhnValid, 'bank.card.luhn');
export const bankBranch = str().min(2, 'bank.branch.length').max(60, 'bank.branch.length');
/** WeChat ID: 6–20 letters, digits, _ or -, starting with a letter; or the bound mobile. */
export const wechatId = str().regex(/^(?:[A-Za-z][-_A-Za-z0-9]{5,19}|1[3-9]\d{9})$/, 'wechat.id.format');
/**
 * The WeChat payment code (收款码): the URL of the player's own upload of purpose wechat_qr. It is
 * required: the operator pays a WeChat withdrawal by scanning it.
 */
export const qrImage = uploadUrl;
/** Alipay login: a mainland mobile or an e-mail address. */
export const alipayAccount = str()
  .max(64, 'too_long')
  .regex(/^(?:1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, 'alipay.account.format');

/** Each type's fields; the add forms use these schemas as they are. */
export const usdtAccountFields = z
  .strictObject({
    type: z.literal('usdt'),
    fundPassword,
    network: usdtNetwork,
    address: usdtAddress,
    alias: accountAlias.optional(),
  })
  .check((ctx) => {
    const { network, address } = ctx.value;
    if (!isUsdtAddress(network, address)) {
      ctx.issues.push({ code: 'custom', message: usdtAddressMessage(network), path: ['address'], input: address });
    }
  });
export const wechatAccountFields = z.strictObject({
  type: z.literal('wechat'),
  fundPassword,
  wechatId,
  realName,
  qrImage,
});
export const bankAccountFields = z.strictObject({
  type: z.literal('bank'),
  fundPassword,
  bankName,
  holder: realName,
  cardNumber,
  branch: bankBranch,
});
export const alipayAccountFields = z.strictObject({
  type: z.literal('alipay'),
  fundPassword,
  account: alipayAccount,
  realName,
});

export const addAccountRequest = z.discriminatedUnion(
  'type',
  [usdtAccountFields, wechatAccountFields, bankAccountFields, alipayAccountFields],
  { error: 'withdrawType.invalid' },
);
export type AddAccountRequest = z.infer<typeof addAccountRequest>;

export const addAccount = defineCall({
  method: 'POST',
  path: '/user/withdraw/addAccount',
  auth: true,
  request: addAccountRequest,
  response: envelope(z.object({ id: z.number().int() })),
});

const accountBase = {
  id: z.number().int(),
  /** Address 6 + … + 4, card ****1234, login or ID partly hidden. */
  masked: z.string(),
  isDefault: z.boolean(),
  createdAt: isoTime,
};

/** An account as every response shows it: numbers and names masked (张*三). */
export const withdrawAccount = z.discriminatedUnion('type', [
  z.object({ ...accountBase, type: z.literal('usdt'), network: usdtNetwork, alias: z.string().nullable() }),
  z.object({
    ...accountBase,
    type: z.literal('wechat'),
    realName: z.string(),
    hasQrImage: z.boolean(),
    /** The player's own payment code (accounts bound before codes were uploaded have none). */
    qrImage: z.string().nullable(),
  }),
  z.object({ ...accountBase, type: z.literal('bank'), bankName: z.string(), holder: z.string(), branch: z.string() }),
  z.object({ ...accountBase, type: z.literal('alipay'), realName: z.string() }),
]);
export type WithdrawAccount = z.infer<typeof withdrawAccount>;

export const accounts = defineCall({
  method: 'POST',
  path: '/user/withdraw/accounts',
  auth: true,
  request: z.strictObject({}),
  response: envelope(
    z.object({
      list: z.array(withdrawAccount),
      /** The default method (setWithdrawType); null until the first account. */
      defaultType: withdrawType.nullable(),
      maxPerType: z.number().int(),
    }),
  ),
});

export const accountId = z.number({ error: 'invalid_type' }).int('invalid').positive('invalid');

export const deleteAccount = defineCall({
  method: 'POST',
  path: '/user/withdraw/deleteAccount',
  auth: true,
  request: z.strictObject({ id: accountId, fundPassword }),
  response: envelope(z.object({})),
});

/** The default method, and optionally which of its accounts is preselected. */
export const setWithdrawType = defineCall({
  method: 'POST',
  path: '/user/withdraw/setWithdrawType',
  auth: true,
  request: z.strictObject({ type: withdrawType, accountId: accountId.optional() }),
  response: envelope(z.object({})),
});

/** Edits a USDT address: the new address is checked against the (new or current) network. */
export const changeUsdtRequest = z
  .strictObject({
    id: accountId,
    network: usdtNetwork.optional(),
    address: usdtAddress.optional(),
    alias: accountAlias.optional(),
    fundPassword,
  })
  .check((ctx) => {
    const { network, address } = ctx.value;
    if (network && address && !isUsdtAddress(network, address)) {
      ctx.issues.push({ code: 'custom', message: usdtAddressMessage(network), path: ['address'], input: address });
    }
  });

export const changeUsdt = defineCall({
  method: 'POST',
  path: '/user/withdraw/changeUsdt',
  auth: true,
  request: changeUsdtRequest,
  response: envelope(z.object({})),
});

// ---- withdrawals ----

export const withdrawStatuses = ['reviewing', 'approved', 'paid', 'rejected'] as const;
export const withdrawStatus = z.enum(withdrawStatuses, { error: 'withdrawStatus.invalid' });
export type WithdrawStatus = z.infer<typeof withdrawStatus>;

export const turnoverData = z.object({ required: money, done: money, left: money });

export const withdrawConfig = defineCall({
  method: 'POST',
  path: '/user/withdraw/config',
  auth: true,
  request: z.strictObject({}),
  response: envelope(
    z.object({
      /** Available balance. */
      balance: money,
      /** Held by withdrawals under review. */
      frozen: money,
      /** What may be withdrawn now: the balance once turnover is met, else 0. */
      withdrawable: money,
      minAmount: money,
      maxAmount: money,
      /** Fee = max(amount × feeRateBps / 10000 rounded down, feeMinAmount), taken from the amount. */
      feeRateBps: z.number().int(),
      feeMinAmount: money,
      /** Withdrawals per day at the player's VIP level, and those made today (rejected ones not counted). */
      dailyCount: z.number().int(),
      usedToday: z.number().int(),
      turnover: turnoverData,
      hasFundPassword: z.boolean(),
      /** Set while wrong fund passwords lock withdrawals. */
      locked: z.object({ retryAfter: z.number().int() }).nullable(),
      /**
       * This week's fee waiver (优惠 提款) when the player applied for it: the first
       * freeWithdrawals withdrawals of the week pay no fee once validBet reaches minValidBet.
       */
      feeWaiver: z
        .object({ freeWithdrawals: z.number().int(), used: z.number().int(), validBet: money, minValidBet: money })
        .nullable(),
      /**
       * Above this amount a withdrawal needs the player's approved real-name verification, and
       * the account's holder (bank, Alipay, WeChat) must be that name (0: never; kyc.ts).
       */
      kycRequiredAmount: money,
      kycStatus: z.enum(['none', 'pending', 'approved', 'rejected']),
    }),
  ),
});

/**
 * `requestId` (the app's key of this request): sent again, it answers with the order it made, as
 * it is now, and holds nothing more; with another account or amount it is refused (409
 * withdrawRequestReused).
 */
export const addWithdrawRequest = z.strictObject({
  accountId,
  amount: positiveMoney,
  fundPassword,
  requestId: clientRequestId.optional(),
});

export const addWithdraw = defineCall({
  method: 'POST',
  path: '/user/withdraw/addWithdraw',
  auth: true,
  request: addWithdrawRequest,
  response: envelope(z.object({ orderNo: z.string(), status: withdrawStatus })),
});

/** The account a withdrawal goes to, as it was when requested, masked. */
export const withdrawAccountSummary = z.object({
  type: withdrawType,
  masked: z.string(),
  /** USDT network. */
  network: z.string().nullable(),
  bankName: z.string().nullable(),
  /** Holder or real name, masked (张*三). */
  name: z.string().nullable(),
  alias: z.string().nullable(),
});

export const withdrawRecordItem = z.object({
  orderNo: z.string(),
  account: withdrawAccountSummary,
  amount: money,
  feeAmount: money,
  netAmount: money,
  status: withdrawStatus,
  /** Why the operator rejected it. */
  reason: z.string().nullable(),
  createdAt: isoTime,
});

export const withdrawRecords = defineCall({
  method: 'POST',
  path: '/user/withdraw/records',
  auth: true,
  request: pageRequest.extend({ status: withdrawStatus.optional(), ...timeRange.shape }).strict(),
  response: envelope(pageResult(withdrawRecordItem)),
});

export const withdrawTimelineEntry = z.object({ status: withdrawStatus, at: isoTime });

export const withdrawDetails = defineCall({
  method: 'POST',
  path: '/user/withdraw/details',
  auth: true,
  request: z.strictObject({ orderNo: str().min(1, 'required').max(32, 'too_long') }),
  response: envelope(
    withdrawRecordItem.extend({
      /** Each status reached, oldest first (reviewing → approved → paid, or → rejected). */
      timeline: z.array(withdrawTimelineEntry),
    }),
  ),
});

export type WithdrawRecord = z.infer<typeof withdrawRecordItem>;
