import { formatMoney, type Lang } from '@breakshot/contracts';
import type { DepositOrder } from './service.js';
import { localDateTime } from '../../platform/time-range.js';

/**
 * The sandbox gateway's hosted pages: self-contained HTML (no script), phone-sized, in the
 * player's language, times in the site's time zone. They look like this product's cashier.
 */

const TEXT = {
  'zh-CN': {
    title: '收银台',
    merchant: '商户',
    orderNo: '订单号',
    expires: '请在此时间前完成支付',
    pay: '确认支付',
    fail: '模拟支付失败',
    sandbox: '沙盒网关：演示与测试用，不涉及真实资金',
    back: '返回应用查看订单',
    unknown: '订单不存在或链接已失效',
    unknownHint: '请回到应用的充值记录重新打开支付页面。',
    refused: '网关回调被拒绝',
    results: { PAID: '支付成功', FAILED: '支付失败', EXPIRED: '订单已过期', PENDING: '等待支付' },
    resultHints: {
      PAID: '款项已到账，余额已更新。',
      FAILED: '本次支付未完成，可在应用中重新发起充值。',
      EXPIRED: '订单已超过支付时限，请重新发起充值。',
      PENDING: '订单尚未支付。',
    },
  },
  en: {
    title: 'Checkout',
    merchant: 'Merchant',
    orderNo: 'Order no.',
    expires: 'Pay before',
    pay: 'Pay now',
    fail: 'Simulate a failed payment',
    sandbox: 'Sandbox gateway: for demos and tests, no real money moves',
    back: 'Back to the app',
    unknown: 'Unknown order or expired link',
    unknownHint: 'Open the payment page again from your deposit records in the app.',
    refused: 'The gateway callback was refused',
    results: {
      PAID: 'Payment received',
      FAILED: 'Payment failed',
      EXPIRED: 'Order expired',
      PENDING: 'Waiting for payment',
    },
    resultHints: {
      PAID: 'The money has arrived and your balance is updated.',
      FAILED: 'This payment did not go through; you can start a new deposit in the app.',
      EXPIRED: 'The time to pay has passed; start a new deposit in the app.',
      PENDING: 'The order is not paid yet.',
    },
  },
} as const;

type Status = keyof (typeof TEXT)['en']['results'];

export interface PageContext {
  lang: Lang;
  timeZone: string;
  siteName: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",system-ui,sans-serif;background:#f4f5f9;color:#1f2329}
header{background:linear-gradient(135deg,#0f5132,#13795b);color:#fff;padding:18px 16px 56px;text-align:center}
header .brand{display:flex;align-items:center;justify-content:center;gap:8px;font-weight:600;font-size:17px}
header img{width:28px;height:28px}
header .sub{opacity:.8;font-size:13px;margin-top:2px}
main{max-width:440px;margin:-40px auto 0;padding:0 14px 28px}
.card{background:#fff;border-radius:16px;padding:22px 18px;box-shadow:0 4px 18px rgba(15,81,50,.08)}
.label{color:#8a9099;font-size:14px;text-align:center}
.amount{font-size:38px;font-weight:700;text-align:center;margin:4px 0 18px;letter-spacing:.5px}
.amount small{font-size:20px;font-weight:600;margin-right:4px}
dl{margin:0 0 20px;border-top:1px solid #eef0f3;padding-top:14px;font-size:14px}
dl div{display:flex;justify-content:space-between;gap:12px;padding:5px 0}
dt{color:#8a9099;flex:none}dd{margin:0;text-align:right;word-break:break-all}
button,a.button{display:block;width:100%;padding:14px;border:0;border-radius:12px;font-size:16px;font-weight:600;text-align:center;text-decoration:none;cursor:pointer;font-family:inherit}
.pay{background:#13795b;color:#fff}
.fail{background:none;color:#8a9099;font-weight:400;font-size:14px;margin-top:8px}
.state{text-align:center;margin-bottom:18px}
.icon{width:56px;height:56px;border-radius:50%;margin:0 auto 10px;display:flex;align-items:center;justify-content:center;font-size:30px;color:#fff}
.ok .icon{background:#13795b}.bad .icon{background:#d4380d}.wait .icon{background:#faad14}
.state h1{font-size:20px;margin:0}.hint{color:#8a9099;font-size:14px;margin:6px 0 0}
.note{color:#d4380d;font-size:13px;text-align:center}
.foot{color:#a0a6ad;font-size:12px;text-align:center;margin-top:16px}`;

function layout(ctx: PageContext, title: string, body: string): string {
  const t = TEXT[ctx.lang];
  return `<!doctype html>
<html lang="${ctx.lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escape(title)} · ${escape(ctx.siteName)}</title>
<style>${STYLE}</style></head><body>
<header><div class="brand"><img src="/favicon.svg" alt="">${escape(ctx.siteName)}</div><div class="sub">${t.title}</div></header>
<main><div class="card">${body}</div><p class="foot">${t.sandbox}</p></main></body></html>`;
}

const backLink = (ctx: PageContext, orderNo: string) =>
  `<a class="button pay" href="/user/cunkuanDetails?orderNo=${encodeURIComponent(orderNo)}">${TEXT[ctx.lang].back}</a>`;

/** The checkout of a PENDING order: amount, order, deadline, and the gateway's two buttons. */
export function checkoutPage(ctx: PageContext, order: DepositOrder, ticket: string): string {
  if (order.status !== 'PENDING') return resultPage(ctx, order.orderNo, order.status);
  const t = TEXT[ctx.lang];
  const action = (what: string) =>
    `/pay/sandbox/${encodeURIComponent(order.orderNo)}/${what}?ticket=${encodeURIComponent(ticket)}&lang=${ctx.lang}`;
  return layout(
    ctx,
    t.title,
    `<div class="label">${t.title}</div>
<div class="amount"><small>¥</small>${formatMoney(order.amount)}</div>
<dl><div><dt>${t.merchant}</dt><dd>${escape(ctx.siteName)}</dd></div>
<div><dt>${t.orderNo}</dt><dd>${escape(order.orderNo)}</dd></div>
<div><dt>${t.expires}</dt><dd>${localDateTime(order.expiresAt, ctx.timeZone, { offset: true })}</dd></div></dl>
<form method="post" action="${action('pay')}"><button class="pay" type="submit">${t.pay}</button></form>
<form method="post" action="${action('fail')}"><button class="fail" type="submit">${t.fail}</button></form>`,
  );
}

const KIND: Record<Status, { cls: string; icon: string }> = {
  PAID: { cls: 'ok', icon: '✓' },
  FAILED: { cls: 'bad', icon: '✕' },
  EXPIRED: { cls: 'bad', icon: '!' },
  PENDING: { cls: 'wait', icon: '…' },
};

export function resultPage(ctx: PageContext, orderNo: string, status: Status, refused = false): string {
  const t = TEXT[ctx.lang];
  const k = KIND[status];
  return layout(
    ctx,
    t.results[status],
    `<div class="state ${k.cls}"><div class="icon">${k.icon}</div><h1>${t.results[status]}</h1>
<p class="hint">${t.resultHints[status]}</p></div>
<dl><div><dt>${t.orderNo}</dt><dd>${escape(orderNo)}</dd></div></dl>
${refused ? `<p class="note">${t.refused}</p>` : ''}${backLink(ctx, orderNo)}`,
  );
}

export function notFoundPage(ctx: PageContext): string {
  const t = TEXT[ctx.lang];
  return layout(
    ctx,
    t.unknown,
    `<div class="state bad"><div class="icon">!</div><h1>${t.unknown}</h1><p class="hint">${t.unknownHint}</p></div>`,
  );
}
