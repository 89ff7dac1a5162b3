import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';

/** Shimmering placeholder lines (CSS only, no antd-mobile in the start-up bundle). */
export function SkeletonLines({ count, title }: { count: number; title?: boolean }) {
  return (
    <div className="sk-group">
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          className={`sk ${title ? 'sk-title' : 'sk-line'}`}
          style={!title && i === count - 1 && count > 1 ? { width: '60%' } : undefined}
        />
      ))}
    </div>
  );
}

/** Placeholder while a page or its data loads. */
export function PageSkeleton() {
  return (
    <div className="skeleton-page" aria-busy="true">
      <SkeletonLines count={1} title />
      <SkeletonLines count={4} />
      <SkeletonLines count={3} />
    </div>
  );
}

/** A failed load with a retry button. */
export function ErrorState({ title, message, onRetry }: { title?: string; message?: string; onRetry?: () => void }) {
  const { t } = useT();
  return (
    <div className="state-block" role="alert">
      <div className="state-icon">!</div>
      <h2>{title ?? t('common.loadFailed')}</h2>
      {message && <p>{message}</p>}
      {onRetry && (
        <button type="button" className="btn btn-ghost btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

/** An empty or informational state: icon, title, text and an optional action. */
export function InfoState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="state-block">
      <div className="state-icon">{icon}</div>
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      {action}
    </div>
  );
}
