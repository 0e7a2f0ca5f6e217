import type { ReactNode } from 'react';
import type { TicketReply } from '../../api/queries/useSupport';
import { formatDateTime, t } from '../../i18n';

interface ThreadTicket {
  id: string;
  subject: string;
  text: string;
  status: 'open' | 'answered';
  created_at: string;
  replies: TicketReply[];
}

/** A support request and its answers, oldest first; `author` is shown to admins. */
export function TicketThread({
  ticket,
  author,
  children,
}: {
  ticket: ThreadTicket;
  author?: string;
  children?: ReactNode;
}) {
  const headingId = `ticket-${ticket.id}`;
  return (
    <article className="card ticket" aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId}>{ticket.subject}</h2>
        <span className={ticket.status === 'answered' ? 'badge badge-ok' : 'badge'}>
          {t(`support.status.${ticket.status}`)}
        </span>
      </div>
      <p className="muted">
        {author
          ? t('support.from', { email: author, at: formatDateTime(ticket.created_at) })
          : formatDateTime(ticket.created_at)}
      </p>
      <p className="ticket-text">{ticket.text}</p>
      {ticket.replies.map((reply) => (
        <div key={reply.id} className="ticket-reply">
          <p className="muted">{t('support.reply', { at: formatDateTime(reply.created_at) })}</p>
          <p className="ticket-text">{reply.text}</p>
        </div>
      ))}
      {children}
    </article>
  );
}
