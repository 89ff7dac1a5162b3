import './radio-mark.css';

/** The round mark of one option of a choice (the option itself carries role="radio"). */
export function RadioMark({ on, className }: { on: boolean; className?: string }) {
  return (
    <span className={`radio-mark${on ? ' radio-mark-on' : ''}${className ? ` ${className}` : ''}`} aria-hidden="true" />
  );
}
