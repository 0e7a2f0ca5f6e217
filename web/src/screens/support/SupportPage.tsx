import { FormEvent, useState } from 'react';
import { SUBJECT_MAX, TICKET_TEXT_MAX, useTickets, useWriteTicket } from '../../api/queries/useSupport';
import { EmptyState, ErrorMessage, Notice, QueryState } from '../../components/feedback';
import { Field } from '../../components/Field';
import { formatNumber, t } from '../../i18n';
import { TicketThread } from './TicketThread';

/** Write to support and read the answers (they also arrive by mail). */
export default function SupportPage() {
  const tickets = useTickets();
  return (
    <>
      <h1>{t('support.title')}</h1>
      <p className="lead">{t('support.intro')}</p>
      <WriteForm />
      <h2>{t('support.mine')}</h2>
      <QueryState query={tickets}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>{t('support.empty')}</EmptyState>
          ) : (
            data.map((ticket) => <TicketThread key={ticket.id} ticket={ticket} />)
          )
        }
      </QueryState>
    </>
  );
}

function WriteForm() {
  const write = useWriteTicket();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    write.mutate(
      { subject: subject.trim(), text: text.trim() },
      {
        onSuccess: () => {
          setSubject('');
          setText('');
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="write">
      <h2 id="write">{t('support.write')}</h2>
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('support.subject')}
          name="subject"
          required
          maxLength={SUBJECT_MAX}
          value={subject}
          onChange={(e) => (setSubject(e.target.value), write.reset())}
        />
        <div className="field">
          <label htmlFor="support-text">{t('support.text')}</label>
          <textarea
            id="support-text"
            required
            rows={5}
            maxLength={TICKET_TEXT_MAX}
            value={text}
            onChange={(e) => (setText(e.target.value), write.reset())}
            aria-describedby="support-count"
          />
          <p className="hint" id="support-count">
            {t('support.count', { count: formatNumber(text.length), max: formatNumber(TICKET_TEXT_MAX) })}
          </p>
        </div>
        <ErrorMessage error={write.error} />
        {write.isSuccess && <Notice>{t('support.sent')}</Notice>}
        <div>
          <button type="submit" disabled={write.isPending}>
            {t('support.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
