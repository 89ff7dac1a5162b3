import { Typography, theme } from 'antd';
import { money } from '../lib/money';

/**
 * An amount of liability (docs/design.md §9, "Liability"): red above 0, where the book would lose;
 * at or below, it keeps money whatever happens.
 */
export function Liability({ amount, size, strong }: { amount: number; size?: number; strong?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Typography.Text
      strong={strong}
      style={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontSize: size,
        color: amount > 0 ? token.colorError : token.colorTextSecondary,
      }}
    >
      {money(amount)}
    </Typography.Text>
  );
}
