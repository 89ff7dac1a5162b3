import type { DepositOrder } from './service.js';

/** The sandbox gateway's hosted pages: self-contained HTML, no script, phone-sized. */

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const yuan = (minor: number) => (minor / 100).toFixed(2);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{margin:0;font-family:-apple-system,system-ui,sans-serif;background:#f5f6f8;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.06)}
h1{font-size:18px;margin:0 0 4px}.muted{color:#888;font-size:13px}
.amount{font-size:34px;font-weight:600;margin:18px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px;margin:0 0 20px}dd{margin:0;text-align:right;word-break:break-all}
button,a.button{display:block;width:100%;box-sizing:border-box;padding:13px;border:0;border-radius:8px;font-size:16px;margin-top:10px;text-align:center;text-decoration:none}
.pay{background:#1677ff;color:#fff}.fail{background:#fff;color:#d4380d;border:1px solid #d4380d}
.ok{color:#389e0d}.bad{color:#d4380d}
</style></head><body><main><div class="card">${body}</div>
<p class="muted" style="text-align:center">沙盒支付 · Sandbox gateway (no real money)</p></main></body></html>`;
}

const returnLink = (orderNo: string) =>
  `<a class="button pay" href="/user/cunkuanDetails?orderNo=${encodeURIComponent(orderNo)}">返回应用 · Back to the app</a>`;

export function checkoutPage(order: DepositOrder): string {
  const no = escape(order.orderNo);
  const details = `<dl><dt>订单号</dt><dd>${no}</dd><dt>商户</dt><dd>Breakshot</dd>
<dt>有效期至</dt><dd>${escape(order.expiresAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</dd></dl>`;
  if (order.status !== 'PENDING') return resultPage(order.orderNo, order.status);
  const action = `/pay/sandbox/${encodeURIComponent(order.orderNo)}`;
  return layout(
    '沙盒支付',
    `<h1>沙盒支付</h1><div class="muted">Sandbox checkout</div>
<div class="amount">¥ ${yuan(order.amount)}</div>${details}
<form method="post" action="${action}/pay"><button class="pay" type="submit">支付 · Pay</button></form>
<form method="post" action="${action}/fail"><button class="fail" type="submit">失败 · Fail</button></form>`,
  );
}

const RESULTS: Record<string, { title: string; cls: string }> = {
  PAID: { title: '支付成功 · Paid', cls: 'ok' },
  FAILED: { title: '支付失败 · Failed', cls: 'bad' },
  EXPIRED: { title: '订单已过期 · Expired', cls: 'bad' },
  PENDING: { title: '等待支付 · Waiting', cls: 'muted' },
};

export function resultPage(orderNo: string, status: string, note = ''): string {
  const r = RESULTS[status] ?? { title: escape(status), cls: 'bad' };
  return layout(
    r.title,
    `<h1 class="${r.cls}">${r.title}</h1><div class="muted">订单号 ${escape(orderNo)}</div>
${note ? `<p class="bad">${escape(note)}</p>` : ''}${returnLink(orderNo)}`,
  );
}

export function notFoundPage(): string {
  return layout('订单不存在', '<h1 class="bad">订单不存在 · Unknown order</h1>');
}
