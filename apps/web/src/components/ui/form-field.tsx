import PasscodeInput from 'antd-mobile/es/components/passcode-input';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './ui.css';

interface ShellProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  htmlFor?: string;
  children: ReactNode;
  testId?: string;
}

/** Label, control and the field's message (role=alert) — the frame of every form field. */
export function FieldShell({ label, error, hint, htmlFor, children, testId }: ShellProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`} data-testid={testId}>
      <label htmlFor={htmlFor} className="field-label">
        {label}
        {hint}
      </label>
      {children}
      {error && (
        <div className="field-error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </div>
      )}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  suffix?: ReactNode;
  prefix?: ReactNode;
  hint?: ReactNode;
  testId?: string;
}

export function TextField({ label, value, onValue, error, suffix, prefix, hint, id, testId, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell label={label} error={error} hint={hint} htmlFor={inputId} testId={testId}>
      <div className="field-box">
        {prefix}
        <input
          id={inputId}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={!!error}
          data-testid={testId ? `${testId}-input` : undefined}
          {...rest}
        />
        {suffix}
      </div>
    </FieldShell>
  );
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  placeholder,
  error,
  testId,
}: {
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  options: { value: string; label: string }[];
  placeholder: string;
  error?: string | undefined;
  testId?: string;
}) {
  const id = useId();
  return (
    <FieldShell label={label} error={error} htmlFor={id} testId={testId}>
      <div className="field-box field-select">
        <select
          id={id}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={!!error}
          data-testid={testId ? `${testId}-input` : undefined}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </FieldShell>
  );
}

/** A choice among a few options shown as chips (network TRC20 / ERC20…). */
export function SegmentField({
  label,
  value,
  onValue,
  options,
  error,
  testId,
}: {
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
  testId?: string;
}) {
  return (
    <FieldShell label={label} error={error} testId={testId}>
      <div className="chip-row" role="radiogroup">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            className={`chip chip-lg${value === o.value ? ' chip-active' : ''}`}
            data-value={o.value}
            onClick={() => onValue(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </FieldShell>
  );
}

/** 6-digit fund password (antd-mobile PasscodeInput with the native numeric keyboard). */
export function PasscodeField({
  label,
  value,
  onValue,
  error,
  testId = 'fund-password',
  length = 6,
}: {
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  testId?: string;
  length?: number;
}) {
  return (
    <FieldShell label={label} error={error} testId={testId}>
      <PasscodeInput
        className="passcode"
        length={length}
        value={value}
        onChange={(v) => onValue(v.replace(/\D/g, ''))}
        error={!!error}
        seperated
        inputMode="numeric"
      />
    </FieldShell>
  );
}

/** Submit button: shows progress and cannot be pressed twice while busy. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled,
  testId,
  type = 'submit',
  onClick,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  testId?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <button
      type={type}
      className="btn btn-gold btn-block form-submit"
      disabled={busy || disabled}
      aria-busy={busy}
      data-testid={testId}
      onClick={onClick}
    >
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}
