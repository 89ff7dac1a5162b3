import { format, formatMoney, type inbox, type Lang } from '@breakshot/contracts';
import { paragraphs } from '../content/service.js';

/*
 * The texts of system messages. A message stores its kind and parameters only; the reader sees
 * it in their language at read time. Amounts are minor units; the body is plain text made into
 * escaped HTML paragraphs, so parameters (a rejection reason…) cannot inject markup.
 */

export type SystemKind = inbox.SystemMessageKind;
export type Params = Record<string, string | number>;

interface Template {
  title: Record<Lang, string>;
  body: Record<Lang, string>;
  /** Parameters that are amounts, shown as money. */
  money?: string[];
  /** The app route the message is about. */
  link?: (p: Params) => string;
}

const TEMPLATES: Record<SystemKind, Template> = {
  deposit_credited: {
    title: { 'zh-CN': '充值到账', en: 'Deposit credited' },
    body: {
      'zh-CN': '您的充值订单 {orderNo} 已到账，入账金额 {amount}。\n\n祝您游戏愉快！',
      en: 'Your deposit {orderNo} has been credited: {amount} added to your balance.\n\nEnjoy the games!',
    },
    money: ['amount'],
    link: (p) => `/user/cunkuanDetails?orderNo=${encodeURIComponent(String(p.orderNo))}`,
  },
  withdrawal_paid: {
    title: { 'zh-CN': '提款已出款', en: 'Withdrawal paid' },
    body: {
      'zh-CN': '您的提款订单 {orderNo} 已出款，实际到账 {netAmount}，请留意收款账户。',
      en: 'Your withdrawal {orderNo} has been paid out: {netAmount} is on its way to your account.',
    },
    money: ['netAmount'],
    link: (p) => `/user/qukuanDetails?orderNo=${encodeURIComponent(String(p.orderNo))}`,
  },
  withdrawal_rejected: {
    title: { 'zh-CN': '提款未通过', en: 'Withdrawal rejected' },
    body: {
      'zh-CN': '您的提款订单 {orderNo}（{amount}）未通过审核。\n\n原因：{reason}\n\n金额已退回您的余额。',
      en: 'Your withdrawal {orderNo} ({amount}) was rejected.\n\nReason: {reason}\n\nThe amount is back in your balance.',
    },
    money: ['amount'],
    link: (p) => `/user/qukuanDetails?orderNo=${encodeURIComponent(String(p.orderNo))}`,
  },
  reward_available: {
    title: { 'zh-CN': '您有奖励待领取', en: 'A reward is waiting for you' },
    body: {
      'zh-CN': '您获得一笔奖励 {amount}，请在领奖中心领取，逾期作废。',
      en: 'You have a reward of {amount}. Claim it in the rewards centre before it expires.',
    },
    money: ['amount'],
    link: () => '/user/lingjiang',
  },
  bet_corrected: {
    title: { 'zh-CN': '注单结果更正', en: 'Bet result corrected' },
    body: {
      'zh-CN':
        '您的注单 {betNo} 因赛果更正已重新结算：派彩由 {payoutBefore} 改为 {payoutAfter}，差额 {change}。\n\n原因：{reason}',
      en: 'Your bet {betNo} was settled again after a result correction: its payout went from {payoutBefore} to {payoutAfter}, a change of {change}.\n\nReason: {reason}',
    },
    money: ['payoutBefore', 'payoutAfter', 'change'],
    link: (p) => `/user/touzhuDetails/taiqiu?betNo=${encodeURIComponent(String(p.betNo))}`,
  },
  vip_upgrade: {
    title: { 'zh-CN': 'VIP 升级', en: 'VIP upgrade' },
    body: {
      'zh-CN': '恭喜您升级为 VIP{level}！新等级的返水比例和专属礼包现已生效。',
      en: 'Congratulations, you are now VIP {level}! The rebate rates and gifts of your new level apply from now on.',
    },
    link: () => '/user/myVip',
  },
  feedback_replied: {
    title: { 'zh-CN': '您的反馈已回复', en: 'Your feedback was answered' },
    body: {
      'zh-CN': '客服已回复您的反馈，请到「意见反馈」查看。',
      en: 'We have answered your feedback; see it under Feedback.',
    },
    link: () => '/user/fankui',
  },
  login_failures: {
    title: { 'zh-CN': '账号登录失败提醒', en: 'Failed logins on your account' },
    body: {
      'zh-CN':
        '最近 15 分钟内，您的账号有 {count} 次登录失败，最近一次在 {at}，来自 {address}。\n\n' +
        '如果不是您本人操作，请尽快修改登录密码。您的账号没有被锁定，您仍可正常登录。',
      en:
        'In the last 15 minutes there were {count} failed logins on your account, the last at {at} from {address}.\n\n' +
        'If this was not you, change your login password soon. Your account is not locked: you can still log in.',
    },
    link: () => '/user/setting',
  },
  passkey_added: {
    title: { 'zh-CN': '已添加通行密钥', en: 'Passkey added' },
    body: {
      'zh-CN':
        '您的账号于 {at} 添加了通行密钥「{name}」，之后可用它免密码登录。\n\n' +
        '如果不是您本人操作，请立即在「设置」中移除它，并修改登录密码。',
      en:
        'A passkey "{name}" was added to your account at {at}; it can now log in without a password.\n\n' +
        'If this was not you, remove it in Settings at once and change your login password.',
    },
    link: () => '/user/setting',
  },
  passkey_removed: {
    title: { 'zh-CN': '已移除通行密钥', en: 'Passkey removed' },
    body: {
      'zh-CN': '您的账号于 {at} 移除了通行密钥「{name}」，它已不能再登录。\n\n如果不是您本人操作，请立即修改登录密码。',
      en: 'The passkey "{name}" was removed from your account at {at}; it no longer logs in.\n\nIf this was not you, change your login password at once.',
    },
    link: () => '/user/setting',
  },
  kyc_approved: {
    title: { 'zh-CN': '实名认证已通过', en: 'Real name verified' },
    body: {
      'zh-CN': '您的实名认证（{realName}）已通过审核。',
      en: 'Your real-name verification ({realName}) has been approved.',
    },
    link: () => '/user/shimingrenzheng',
  },
  kyc_rejected: {
    title: { 'zh-CN': '实名认证未通过', en: 'Real-name verification rejected' },
    body: {
      'zh-CN': '您的实名认证未通过审核。\n\n原因：{reason}\n\n请修改后重新提交。',
      en: 'Your real-name verification was rejected.\n\nReason: {reason}\n\nCorrect it and send it again.',
    },
    link: () => '/user/shimingrenzheng',
  },
};

export interface Rendered {
  title: string;
  /** Sanitized HTML. */
  body: string;
  /** Plain text. */
  summary: string;
  link: string | null;
}

/** A system message kind's title in the reader's language (a push names the message by it). */
export const systemMessageTitle = (kind: SystemKind, lang: Lang): string => TEMPLATES[kind].title[lang];

/** A system message in the reader's language; `symbol` is the site's currency sign. */
export function renderSystemMessage(kind: SystemKind, params: Params, lang: Lang, symbol: string): Rendered {
  const t = TEMPLATES[kind];
  const shown: Params = { ...params };
  for (const key of t.money ?? []) shown[key] = formatMoney(Number(params[key] ?? 0), symbol);
  const text = format(t.body[lang], shown);
  return { title: t.title[lang], body: paragraphs(text), summary: summaryOf(text), link: t.link?.(params) ?? null };
}

/** An operator's message in the reader's language (Chinese where no English was written). */
export function operatorTexts(
  m: { title: string | null; body: string | null; titleEn: string | null; bodyEn: string | null },
  lang: Lang,
): Rendered {
  const en = lang === 'en' && m.titleEn !== null;
  const title = (en ? m.titleEn : m.title) ?? '';
  const body = (en ? (m.bodyEn ?? m.body) : m.body) ?? '';
  return { title, body, summary: summaryOf(textOf(body)), link: null };
}

const SUMMARY_CHARS = 60;

/** The first characters of a text, on one line. */
function summaryOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS)}…` : line;
}

/** The text of sanitized HTML, for a summary. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}
