import type { ChannelType, DepositStatus } from '@breakshot/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChipTone } from '../ui/status-chip';
import { useT } from '../../lib/i18n';
import './wallet.css';

export const DEPOSIT_TONE: Record<DepositStatus, ChipTone> = {
  PENDING: 'pending',
  PAID: 'success',
  EXPIRED: 'muted',
  FAILED: 'danger',
};

export type WithdrawStatusName = 'reviewing' | 'approved' | 'paid' | 'rejected';
export const WITHDRAW_TONE: Record<WithdrawStatusName, ChipTone> = {
  reviewing: 'pending',
  approved: 'info',
  paid: 'success',
  rejected: 'danger',
};

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

/** Seconds left until `iso` (0 when past), ticking every second. */
export function useSecondsLeft(iso: string | null | undefined): number {
  const calc = () => (iso ? Math.max(0, Math.floor((Date.parse(iso) - Date.now()) / 1000)) : 0);
  const [left, setLeft] = useState(calc);
  useEffect(() => {
    setLeft(calc());
    if (!iso) return;
    const timer = setInterval(() => setLeft(calc()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return left;
}

export function Countdown({ until }: { until: string }) {
  const { t } = useT();
  const left = useSecondsLeft(until);
  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  return (
    <div className="countdown" data-testid="countdown">
      <span className="muted">{t('wallet.countdown')}</span>
      <strong className={left === 0 ? 'money-neg' : 'gold-text'}>
        {left === 0 ? t('wallet.expired') : `${mm}:${ss}`}
      </strong>
    </div>
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
