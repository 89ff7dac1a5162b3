import type { ReactNode } from 'react';
import { useSiteTime } from '../../lib/time';
import type { ChipTone } from './status-chip';
import './ui.css';

export interface TimelineStep {
  key: string;
  label: ReactNode;
  /** When it happened; absent for a step still to come. */
  at?: string | null;
  tone?: ChipTone;
  note?: ReactNode;
}

/** A vertical status timeline: done steps with their time, later steps greyed. */
export function Timeline({ steps, testId = 'timeline' }: { steps: TimelineStep[]; testId?: string }) {
  const time = useSiteTime();
  return (
    <ol className="timeline" data-testid={testId}>
      {steps.map((s) => (
        <li key={s.key} className={`tl-step ${s.at ? 'tl-done' : 'tl-todo'} tl-${s.tone ?? 'info'}`} data-step={s.key}>
          <span className="tl-dot" aria-hidden="true" />
          <div className="tl-body">
            <div className="tl-label">{s.label}</div>
            {s.at && <div className="tl-time muted">{time(s.at)}</div>}
            {s.note && <div className="tl-note">{s.note}</div>}
          </div>
        </li>
      ))}
    </ol>
  );
}
