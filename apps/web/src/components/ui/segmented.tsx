import type { ReactNode } from 'react';
import { useInertUntilRunning } from '../../lib/browser-value';
import './segmented.css';

/** Pill-shaped buttons, the chosen one in gold: page tabs (`kind="tab"`) or a small switch (`kind="radio"`). */
export function Segmented<K extends string>({
  kind,
  options,
  value,
  onChange,
  className,
  ariaLabel,
}: {
  kind: 'tab' | 'radio';
  options: readonly { key: K; label: ReactNode; testId?: string }[];
  value: K;
  onChange: (k: K) => void;
  className: string;
  ariaLabel?: string;
}) {
  const inert = useInertUntilRunning();
  return (
    <div className={`seg ${className}`} role={kind === 'tab' ? 'tablist' : 'radiogroup'} aria-label={ariaLabel}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role={kind}
          {...(kind === 'tab' ? { 'aria-selected': value === o.key } : { 'aria-checked': value === o.key })}
          className={value === o.key ? 'active' : undefined}
          aria-disabled={inert}
          onClick={() => onChange(o.key)}
          data-testid={o.testId}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
