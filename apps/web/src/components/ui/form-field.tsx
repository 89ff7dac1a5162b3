import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { ChipRadios } from './chip-filter';
import './ui.css';

interface ShellProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  htmlFor?: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}

/** Id of the message of the field whose control has this id (for `aria-describedby`). */
const errorIdOf = (controlId: string) => `${controlId}-err`;

/** What every control (input, select) of a field carries: id, value, change, invalid state and test id. */
function controlProps(id: string, value: string, onValue: (v: string) => void, error?: string, testId?: string) {
  return {
    id,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onValue(e.target.value),
    'aria-invalid': !!error,
    'aria-describedby': error ? errorIdOf(id) : undefined,
    'data-testid': testId ? `${testId}-input` : undefined,
  };
}

/** Label, control and the field's message (role=alert) — the frame of every form field. */
export function FieldShell({ label, error, hint, htmlFor, children, testId, className }: ShellProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`} data-testid={testId}>
      <label htmlFor={htmlFor} className="field-label">
        {label}
        {hint}
      </label>
      {children}
      {error && (
        <div
          id={htmlFor && errorIdOf(htmlFor)}
          className="field-error"
          role="alert"
          data-testid={testId ? `${testId}-error` : undefined}
        >
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
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      htmlFor={inputId}
      testId={testId}
      className={rest.readOnly ? 'field-locked' : undefined}
    >
      <div className="field-box">
        {prefix}
        <input {...controlProps(inputId, value, onValue, error, testId)} {...rest} />
        {suffix}
      </div>
    </FieldShell>
  );
}

/** A field choosing one of `options`. */
interface ChoiceFieldProps {
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
  testId?: string;
}

export function SelectField({
  label,
  value,
  onValue,
  options,
  placeholder,
  error,
  testId,
}: ChoiceFieldProps & { placeholder: string }) {
  const id = useId();
  return (
    <FieldShell label={label} error={error} htmlFor={id} testId={testId}>
      <div className="field-box field-select">
        <select {...controlProps(id, value, onValue, error, testId)}>
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
export function SegmentField({ label, value, onValue, options, error, testId }: ChoiceFieldProps) {
  return (
    <FieldShell label={label} error={error} testId={testId}>
      <ChipRadios
        options={options.map((o) => o.value)}
        value={value}
        onChange={onValue}
        label={(v) => options.find((o) => o.value === v)?.label}
        dataKey="value"
        chipClass="chip-lg"
      />
    </FieldShell>
  );
}

/**
 * 6-digit fund password: one real password input, labelled by the field, drawn over six cells that
 * only show it (dots, the next cell lit). antd-mobile's PasscodeInput hid its input from screen
 * readers inside a focusable `role="button"`, which they could not use.
 */
export function PasscodeField({
  label,
  value,
  onValue,
  error,
  hint,
  testId = 'fund-password',
  length = 6,
}: {
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  /** Beside the label (e.g. the forgotten-fund-password link). */
  hint?: ReactNode;
  testId?: string;
  length?: number;
}) {
  const id = useId();
  const next = Math.min(value.length, length - 1);
  return (
    <FieldShell label={label} error={error} hint={hint} testId={testId} htmlFor={id}>
      <div className="passcode">
        <input
          {...controlProps(id, value, (v) => onValue(v.replace(/\D/g, '').slice(0, length)), error, testId)}
          className="passcode-input"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={length}
        />
        <div className="passcode-cells" aria-hidden="true">
          {Array.from({ length }, (_, i) => (
            <span
              key={i}
              className={`passcode-cell${i < value.length ? ' passcode-cell-dot' : ''}${i === next ? ' passcode-cell-next' : ''}`}
            />
          ))}
        </div>
      </div>
    </FieldShell>
  );
}

/** A form's own error (a failed call naming none of its fields), above its submit button. */
export function FormError({ text }: { text: string | null | undefined }) {
  return text ? (
    <div className="form-error" role="alert">
      {text}
    </div>
  ) : null;
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
