import type { ReactNode } from 'react';

/** A group of checkboxes choosing some of `options`; the choice keeps the options' own order. */
export function ChecksField<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: Array<{ value: T; label: ReactNode }>;
  value: T[];
  onChange: (chosen: T[]) => void;
}) {
  const toggle = (option: T, on: boolean) =>
    onChange(options.map((o) => o.value).filter((v) => (v === option ? on : value.includes(v))));
  return (
    <fieldset className="checks">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="check">
          <input
            type="checkbox"
            checked={value.includes(option.value)}
            onChange={(e) => toggle(option.value, e.target.checked)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
