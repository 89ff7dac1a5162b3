import type { ChannelType } from '@breakshot/contracts';
import type { ReactNode } from 'react';
import './wallet.css';

/** Basis points → '1%' / '0.5%'. */
export const bpsText = (bps: number) => `${Number((bps / 100).toFixed(2))}%`;

const TYPE_GLYPH: Record<string, { text: string; cls: string }> = {
  sandbox: { text: '沙', cls: 'ti-sandbox' },
  usdt: { text: '₮', cls: 'ti-usdt' },
  alipay: { text: '支', cls: 'ti-alipay' },
  wechat: { text: '微', cls: 'ti-wechat' },
  bank: { text: '卡', cls: 'ti-bank' },
};

/** Round coloured badge of a channel or account type. */
export function TypeIcon({ type, size = 36 }: { type: ChannelType | string; size?: number }) {
  const g = TYPE_GLYPH[type] ?? { text: '¥', cls: 'ti-sandbox' };
  return (
    <span
      className={`type-icon ${g.cls}`}
      style={{ width: size, height: size, fontSize: size * 0.46 }}
      aria-hidden="true"
    >
      {g.text}
    </span>
  );
}

/** A titled card section. */
export function Section({
  title,
  extra,
  children,
  className,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card w-section${className ? ` ${className}` : ''}`}>
      {(title || extra) && (
        <div className="w-section-head">
          <h3>{title}</h3>
          {extra}
        </div>
      )}
      {children}
    </section>
  );
}
