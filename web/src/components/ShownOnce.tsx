import type { ReactNode } from 'react';
import { CopyField } from './CopyField';

/**
 * A secret the API returns only once (an API key, a webhook signing secret): said plainly, with copy
 * buttons, until the person says they have kept it.
 */
export function ShownOnce({
  id,
  title,
  children,
  warning,
  fields,
  done,
  onDone,
}: {
  id: string;
  title: string;
  children?: ReactNode;
  warning: string;
  fields: Array<{ label: string; value: string; multiline?: boolean }>;
  done: string;
  onDone: () => void;
}) {
  return (
    <section className="card card-secret" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      <p className="alert alert-info">{warning}</p>
      {fields.map((field) => (
        <CopyField key={field.label} {...field} />
      ))}
      <button type="button" className="button-secondary" onClick={onDone}>
        {done}
      </button>
    </section>
  );
}
