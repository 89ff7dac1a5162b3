import { Typography } from 'antd';
import { money } from '../lib/money';

/** An amount in minor units; signed amounts in green (in) or red (out). */
export function MoneyText({
  value,
  signed = false,
  strong = false,
}: {
  value: number;
  signed?: boolean;
  strong?: boolean;
}) {
  const type = signed ? (value > 0 ? 'success' : value < 0 ? 'danger' : undefined) : undefined;
  return (
    <Typography.Text type={type} strong={strong} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {signed && value > 0 ? '+' : ''}
      {money(value)}
    </Typography.Text>
  );
}
