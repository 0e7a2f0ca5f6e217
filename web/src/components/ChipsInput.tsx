import { KeyboardEvent, useId, useState } from 'react';
import { t } from '../i18n';

/**
 * A list of short values as chips: Enter, a comma or leaving the field adds what was typed,
 * × (or Backspace in the empty field) removes one. Duplicates are ignored, regardless of case.
 */
export function ChipsInput({
  label,
  values,
  onChange,
  hint,
  error,
  maxLength,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  hint?: string;
  error?: string | null;
  maxLength?: number;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const add = () => {
    const next = addChips(values, typed);
    if (next !== values) onChange(next);
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && typed === '' && values.length) {
      onChange(values.slice(0, -1));
    }
  };
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="chips-box">
        <ul className="chips" aria-label={label}>
          {values.map((value) => (
            <li key={value} className="chip-value">
              {value}
              <button
                type="button"
                className="chip-remove"
                aria-label={t('chips.remove', { value })}
                onClick={() => onChange(values.filter((v) => v !== value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={typed}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          placeholder={t('chips.placeholder')}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
      </div>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The chips after typing `typed`: comma-separated parts, trimmed, without empties or repeats. Unchanged values are returned as they were. */
export function addChips(values: string[], typed: string): string[] {
  const known = new Set(values.map((value) => value.toLocaleLowerCase()));
  const added: string[] = [];
  for (const part of typed.split(',')) {
    const value = part.trim();
    if (value && !known.has(value.toLocaleLowerCase())) {
      known.add(value.toLocaleLowerCase());
      added.push(value);
    }
  }
  return added.length ? [...values, ...added] : values;
}
