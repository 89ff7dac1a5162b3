import type { ReactNode } from 'react';
import './ui.css';

export type ChipTone = 'pending' | 'success' | 'danger' | 'info' | 'muted';

/** A small coloured status label (审核中, 已到账, 已拒绝…); `live` adds a blinking dot. */
export function StatusChip({
  tone,
  children,
  testId,
  live = false,
}: {
  tone: ChipTone;
  children: ReactNode;
  testId?: string;
  live?: boolean;
}) {
  return (
    <span className={`status-chip status-${tone}`} data-testid={testId} data-tone={tone}>
      {live && <span className="status-live-dot" aria-hidden="true" />}
      {children}
    </span>
  );
}
