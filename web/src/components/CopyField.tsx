import { useId } from 'react';
import { CopyButton } from './CopyButton';

/** A read-only value with a copy button (mirror_url, proxy_url, snippets). */
export function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const id = useId();
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        {multiline ? (
          <textarea id={id} readOnly value={value} rows={value.split('\n').length} />
        ) : (
          <input id={id} readOnly value={value} />
        )}
        <CopyButton value={value} label={label} />
      </div>
    </div>
  );
}
