import { useId, useState } from 'react';
import { t } from '../i18n';
import { ErrorMessage } from './feedback';

interface Props {
  /** The button that asks. */
  label: string;
  /** What is about to happen, in full. */
  question: string;
  /** The button that does it. */
  confirmLabel: string;
  /** Runs on confirmation; the question closes when it succeeds and shows the API's refusal when it fails. */
  action: () => Promise<unknown>;
  /** `danger` for what cannot be undone; `primary` for a consequential but ordinary step (a plan change). */
  tone?: 'danger' | 'primary';
  /** The asking button's accessible name, when the label alone is ambiguous in a list. */
  ariaLabel?: string;
}

/** An action that asks first: the button opens the question, nothing happens until it is confirmed. */
export function ConfirmButton({ label, question, confirmLabel, action, tone = 'danger', ariaLabel }: Props) {
  const questionId = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const buttonClass = tone === 'danger' ? 'button-danger' : undefined;

  if (!asking) {
    return (
      <button
        type="button"
        className={tone === 'danger' ? 'button-secondary button-danger-outline' : 'button-secondary'}
        aria-label={ariaLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setAsking(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="confirm" role="alertdialog" aria-labelledby={questionId}>
      <p id={questionId}>{question}</p>
      <div className="row">
        <button type="button" className={buttonClass} disabled={busy} onClick={confirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button-secondary" autoFocus onClick={() => (setAsking(false), setError(null))}>
          {t('settings.cancel')}
        </button>
      </div>
      <ErrorMessage error={error} />
    </div>
  );
}
