import type { ReactNode } from 'react';
import './ui.css';

export type ChipTone = 'pending' | 'success' | 'danger' | 'info' | 'muted';

/** A small coloured status label (审核中, 已到账, 已拒绝…). */
export function StatusChip({ tone, children, testId }: { tone: ChipTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`status-chip status-${tone}`} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
