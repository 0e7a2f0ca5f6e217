import { FormEvent, useState } from 'react';
import { ADMIN_PAGE, AdminTicket, TicketStatus, useAdminTickets, useReplyTicket } from '../../api/queries/useAdmin';
import { TICKET_TEXT_MAX } from '../../api/queries/useSupport';
import { Link, useSearchParam } from '../../app/router';
import { EmptyState, ErrorMessage, Notice, QueryState } from '../../components/feedback';
import { Pager, pageFrom, withQuery } from '../../components/Pager';
import { t } from '../../i18n';
import { TicketThread } from '../support/TicketThread';
import { AdminOnly } from './AdminOnly';

const FILTERS: Array<TicketStatus | 'all'> = ['open', 'answered', 'all'];

/** Support requests of all accounts, open ones first in view; each can be answered here (mailed to the author). */
export default function AdminSupportPage() {
  return (
    <AdminOnly>
      <h1>{t('adminSupport.title')}</h1>
      <Tickets />
    </AdminOnly>
  );
}

function Tickets() {
  const param = useSearchParam('status');
  const status = FILTERS.find((filter) => filter === param) ?? 'open';
  const page = pageFrom(useSearchParam('page'));
  const tickets = useAdminTickets(status, (page - 1) * ADMIN_PAGE);
  return (
    <>
      <nav className="segmented-buttons filter" aria-label={t('adminSupport.filter')}>
        {FILTERS.map((filter) => (
          <Link
            key={filter}
            href={withQuery('/admin/support', { status: filter === 'open' ? null : filter })}
            className={filter === status ? 'button chip chip-on' : 'button chip'}
            aria-current={filter === status ? 'page' : undefined}
          >
            {t(`adminSupport.filter.${filter}`)}
          </Link>
        ))}
      </nav>
      <QueryState query={tickets}>
        {({ data, total }) => (
          <>
            {data.length === 0 && <EmptyState>{t(`adminSupport.empty.${status}`)}</EmptyState>}
            {data.map((ticket) => (
              <TicketThread key={ticket.id} ticket={ticket} author={ticket.author.email}>
                <ReplyForm ticket={ticket} />
              </TicketThread>
            ))}
            <Pager
              page={page}
              pages={Math.ceil(total / ADMIN_PAGE)}
              hrefFor={(p) => withQuery('/admin/support', { status: status === 'open' ? null : status, page: p })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function ReplyForm({ ticket }: { ticket: AdminTicket }) {
  const reply = useReplyTicket(ticket.id);
  const [text, setText] = useState('');
  const id = `reply-${ticket.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <form className="stack reply-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={id}>{t('adminSupport.answer', { subject: ticket.subject })}</label>
        <textarea
          id={id}
          required
          rows={3}
          maxLength={TICKET_TEXT_MAX}
          value={text}
          onChange={(e) => (setText(e.target.value), reply.reset())}
        />
      </div>
      <ErrorMessage error={reply.error} />
      {reply.isSuccess && <Notice>{t('adminSupport.sent')}</Notice>}
      <div>
        <button type="submit" disabled={reply.isPending}>
          {t('adminSupport.submit')}
        </button>
      </div>
    </form>
  );
}
