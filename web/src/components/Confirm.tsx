import { useEffect, useId, useRef } from 'react';
import { t } from '../i18n';
import { ErrorMessage } from './feedback';

/** An inline question before a destructive or far-reaching action; focus moves to it so the keyboard lands on the choice. */
export function Confirm({
  question,
  yes,
  onYes,
  onCancel,
  busy = false,
  error,
  danger = true,
}: {
  question: string;
  yes: string;
  onYes: () => void;
  onCancel: () => void;
  busy?: boolean;
  error?: unknown;
  danger?: boolean;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      className={danger ? 'confirm' : 'confirm confirm-calm'}
      role="alertdialog"
      aria-labelledby={id}
      tabIndex={-1}
    >
      <p id={id}>{question}</p>
      <div className="row">
        <button type="button" className={danger ? 'button-danger' : undefined} disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </div>
      <ErrorMessage error={error} />
    </div>
  );
}
