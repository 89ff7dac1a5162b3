import type { ReactNode } from 'react';
import { useInertUntilRunning } from '../../lib/browser-value';
import './ui.css';

interface ChipRadiosProps<V extends string> {
  options: readonly V[];
  value: V;
  onChange: (v: V) => void;
  label: (v: V) => ReactNode;
  /** Each chip carries its value in `data-<dataKey>`. */
  dataKey: string;
  /** Extra class of each chip (`chip-lg`). */
  chipClass?: string;
  ariaLabel?: string;
  testId?: string;
}

/** A row of chips choosing one value (role radiogroup): date presets, networks… */
export function ChipRadios<V extends string>({
  options,
  value,
  onChange,
  label,
  dataKey,
  chipClass,
  ariaLabel,
  testId,
}: ChipRadiosProps<V>) {
  const inert = useInertUntilRunning();
  return (
    <div className="chip-row" role="radiogroup" aria-label={ariaLabel} data-testid={testId}>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={value === o}
          aria-disabled={inert}
          className={`chip${chipClass ? ` ${chipClass}` : ''}${value === o ? ' chip-active' : ''}`}
          onClick={() => onChange(o)}
          {...{ [`data-${dataKey}`]: o }}
        >
          {label(o)}
        </button>
      ))}
    </div>
  );
}

type ChipFilterProps<V extends string> = Omit<ChipRadiosProps<V>, 'value' | 'onChange' | 'label' | 'chipClass'> & {
  value: V | undefined;
  onChange: (v: V | undefined) => void;
  /** Text of a chip; `undefined` is the leading "all" chip. */
  label: (v: V | undefined) => ReactNode;
};

const ALL = 'all';

/** The filter chips of record lists: an "all" chip (value `undefined`, `data-<dataKey>="all"`), then one per option. */
export function ChipFilter<V extends string>({ options, value, onChange, label, ...rest }: ChipFilterProps<V>) {
  const fromChip = (c: V | typeof ALL) => (c === ALL ? undefined : c);
  return (
    <ChipRadios<V | typeof ALL>
      options={[ALL, ...options]}
      value={value ?? ALL}
      onChange={(c) => onChange(fromChip(c))}
      label={(c) => label(fromChip(c))}
      {...rest}
    />
  );
}
