import { Image, Space, Tag, Typography } from 'antd';
import type { withdrawalsAdmin } from '@breakshot/contracts';
import type { z } from 'zod';

type Account = z.infer<typeof withdrawalsAdmin.payoutAccount>;

export const withdrawTypeLabels: Record<string, string> = {
  usdt: 'USDT',
  wechat: '微信',
  bank: '银行卡',
  alipay: '支付宝',
};

/** A payout account as the player bound it, unmasked: the withdrawals queue, a player's account revealed. */
export function PayoutAccount({ a }: { a: Account }) {
  const lines: [string, string | undefined][] =
    a.type === 'usdt'
      ? [
          [a.network ?? 'USDT', a.address],
          ['', a.alias],
        ]
      : a.type === 'bank'
        ? [
            [a.bankName ?? '', a.cardNumber],
            [a.holder ?? '', a.branch],
          ]
        : [
            [a.realName ?? '', a.account ?? a.wechatId],
            ['', a.type === 'wechat' && a.account ? a.wechatId : undefined],
          ];
  return (
    <Space orientation="vertical" size={0}>
      <Space size={4}>
        <Tag color="blue">{withdrawTypeLabels[a.type] ?? a.type}</Tag>
        {lines[0]?.[0] && <Typography.Text type="secondary">{lines[0][0]}</Typography.Text>}
      </Space>
      {lines[0]?.[1] && (
        <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {lines[0][1]}
        </Typography.Text>
      )}
      {lines[1]?.some(Boolean) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {lines[1].filter(Boolean).join(' · ')}
        </Typography.Text>
      )}
      {a.qrImage && (
        // The payment code to scan when paying; a click shows it full size.
        <Image src={a.qrImage} width={72} height={72} alt="微信收款码" data-testid="payout-qr" />
      )}
    </Space>
  );
}
