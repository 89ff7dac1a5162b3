import type { Conn } from '../platform/db.js';
import { createChannel, setUsdtRate } from '../modules/payments/service.js';
import type { SeedOptions } from './index.js';

/**
 * The demo site's recharge channels (docs/design.md §8); amounts in fen, rates in basis points. The
 * sandbox-paid ones only where the sandbox gateway exists (never in production).
 */
export async function seedPayChannels(db: Conn, { sandboxPay }: SeedOptions): Promise<void> {
  if (sandboxPay) await seedSandboxChannels(db);
  await setUsdtRate(db, 72_000, new Date()); // ¥7.2000 per USDT until the operator sets it
  await createChannel(db, {
    name: 'USDT-TRC20',
    nameEn: 'USDT-TRC20',
    type: 'usdt',
    adapter: 'manual',
    minAmount: 10_000,
    maxAmount: 10_000_000,
    presets: [10_000, 50_000, 100_000, 500_000, 1_000_000],
    bonusRate: 200,
    instructions: {
      kind: 'usdt',
      network: 'TRC20',
      address: 'TXsHd4kbvZ4Fq8o6ZRk8xB1dGkFfZ5v9Yq',
      note: '请使用 TRC20 网络转账，USDT 数量须与订单一致；到账后由财务核对确认入账。',
    },
    sort: 2,
  });
  await createChannel(db, {
    name: '银行卡',
    nameEn: 'Bank transfer',
    type: 'bank',
    adapter: 'manual',
    minAmount: 10_000,
    maxAmount: 50_000_000,
    presets: [100_000, 500_000, 1_000_000, 5_000_000],
    instructions: {
      kind: 'bank',
      bank: '中国工商银行 上海分行',
      accountName: '上海台球网络科技有限公司',
      accountNumber: '6222 0210 0112 3456 789',
      note: '请在转账备注中填写订单号，并按订单金额转账；到账后由财务确认入账。',
    },
    sort: 5,
  });
}

async function seedSandboxChannels(db: Conn): Promise<void> {
  await createChannel(db, {
    name: '沙盒支付',
    nameEn: 'Sandbox pay',
    type: 'sandbox',
    adapter: 'sandbox',
    minAmount: 1_000,
    maxAmount: 5_000_000,
    presets: [10_000, 50_000, 100_000, 200_000, 500_000, 1_000_000],
    bonusRate: 100,
    recommended: true,
    sort: 1,
  });
  await createChannel(db, {
    name: '支付宝',
    nameEn: 'Alipay',
    type: 'alipay',
    adapter: 'sandbox',
    minAmount: 5_000,
    maxAmount: 2_000_000,
    presets: [10_000, 30_000, 50_000, 100_000, 200_000],
    feeRate: 100,
    openTime: '08:00',
    closeTime: '02:00',
    sort: 3,
  });
  await createChannel(db, {
    name: '微信',
    nameEn: 'WeChat Pay',
    type: 'wechat',
    adapter: 'sandbox',
    minAmount: 5_000,
    maxAmount: 1_000_000,
    presets: [10_000, 30_000, 50_000, 100_000],
    feeRate: 150,
    sort: 4,
  });
}
