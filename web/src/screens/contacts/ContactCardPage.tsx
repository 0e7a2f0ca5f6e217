import { Fragment, useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { useContact, useEraseContact } from '../../api/queries/useContacts';
import { useCanWrite } from '../../api/queries/useMe';
import { Link, navigate } from '../../app/router';
import { ConfirmButton } from '../../components/ConfirmButton';
import { QueryState } from '../../components/feedback';
import { formatMoney } from '../../components/money';
import { formatDateTime, formatNumber, t } from '../../i18n';
import { ContactPayments } from '../revenue/PaymentsTable';
import { contactName } from './names';

export default function ContactCardPage({ bot, userId }: { bot: Bot; userId: string }) {
  const card = useContact(bot.id, userId);
  return (
    <>
      <p>
        <Link href={`/bots/${bot.id}/contacts`}>← {t('contact.back')}</Link>
      </p>
      <QueryState query={card}>
        {(data) => (
          <>
            <Card botId={bot.id} card={data} />
            <EraseContact botId={bot.id} userId={userId} />
          </>
        )}
      </QueryState>
    </>
  );
}

/** A data subject's request: the contact and all its data go, after a confirmation. Owners and administrators. */
function EraseContact({ botId, userId }: { botId: string; userId: string }) {
  const erase = useEraseContact(botId);
  if (!useCanWrite()) return null;
  return (
    <section className="card" aria-labelledby="erase-title">
      <h2 id="erase-title">{t('contact.erase.title')}</h2>
      <p className="muted">{t('contact.erase.text')}</p>
      <ConfirmButton
        label={t('contact.erase.button')}
        question={t('contact.erase.question')}
        confirmLabel={t('contact.erase.confirm')}
        action={async () => {
          await erase.mutateAsync(userId);
          navigate(`/bots/${botId}/contacts`);
        }}
      />
    </section>
  );
}

/** The contact's photo; the initial when there is none (the platform may have no photo to give). */
function Avatar({ url, name }: { url: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <img
        className="avatar"
        src={url}
        alt={t('contact.avatar', { name })}
        width={72}
        height={72}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="avatar avatar-empty" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function Card({ botId, card }: { botId: string; card: NonNullable<ReturnType<typeof useContact>['data']> }) {
  const { contact, stats, attribution, clicks, payments, revenue } = card;
  const name = contactName(contact);
  return (
    <div className="contact-card">
      <section className="card contact-head">
        <Avatar url={contact.avatar_url} name={name} />
        <div>
          <h2>{name}</h2>
          <p className="muted">
            {contact.username && `@${contact.username} · `}
            {t('contact.id', { id: contact.external_user_id })}
            {contact.language_code && ` · ${contact.language_code}`}
          </p>
          <p className="badges">
            {contact.is_premium && <span className="badge">{t('contact.premium')}</span>}
            {contact.blocked && <span className="badge badge-off">{t('contacts.blocked')}</span>}
          </p>
          {contact.phone && (
            <p>
              {t('contact.phone')}: {contact.phone}
            </p>
          )}
          <Link className="button" href={`/bots/${botId}/dialogs/${encodeURIComponent(contact.external_user_id)}`}>
            {t('contact.openDialog')}
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="attribution-title">
        <h2 id="attribution-title">{t('contact.attribution')}</h2>
        {attribution ? (
          <dl className="facts">
            <dt>{t('contacts.source')}</dt>
            <dd className="strong">{attribution.source_value}</dd>
            <dt>{t('contacts.campaign')}</dt>
            <dd>{attribution.campaign_name ?? '—'}</dd>
            <dt>{t('contact.firstTouch')}</dt>
            <dd>{formatDateTime(attribution.first_seen_at)}</dd>
            <dt>{t('contact.lastTouch')}</dt>
            <dd>{formatDateTime(attribution.last_seen_at)}</dd>
            <dt>{t('contact.touches')}</dt>
            <dd>{formatNumber(attribution.touches)}</dd>
          </dl>
        ) : (
          <p className="muted">{t('contact.noAttribution')}</p>
        )}
      </section>
      <section className="card" aria-labelledby="stats-title">
        <h2 id="stats-title">{t('contact.stats')}</h2>
        <dl className="facts">
          <dt>{t('contacts.messages')}</dt>
          <dd className="strong">{formatNumber(stats.total_messages)}</dd>
          <dt>{t('contact.inbound')}</dt>
          <dd>{formatNumber(stats.inbound)}</dd>
          <dt>{t('contact.outbound')}</dt>
          <dd>{formatNumber(stats.outbound)}</dd>
          <dt>{t('contact.firstAt')}</dt>
          <dd>{formatDateTime(stats.first_at)}</dd>
          <dt>{t('contact.lastAt')}</dt>
          <dd>{formatDateTime(stats.last_at)}</dd>
        </dl>
      </section>
      <section className="card contact-payments" aria-labelledby="payments-title">
        <h2 id="payments-title">{t('contact.payments')}</h2>
        {payments > 0 && (
          <dl className="facts">
            <dt>{t('contact.paymentsCount')}</dt>
            <dd>{formatNumber(payments)}</dd>
            <dt>{t('contact.revenue')}</dt>
            <dd className="strong">{revenue.map((row) => formatMoney(row.net, row.currency)).join(' · ')}</dd>
          </dl>
        )}
        <ContactPayments botId={botId} userId={contact.external_user_id} />
      </section>
      <section className="card" aria-labelledby="clicks-title">
        <h2 id="clicks-title">{t('contact.clicks')}</h2>
        {clicks.length ? (
          <dl className="facts">
            {clicks.map((click, i) => (
              <Fragment key={`${click.link_id}-${click.clicked_at}-${i}`}>
                <dt>{formatDateTime(click.clicked_at)}</dt>
                <dd className="url">{click.url}</dd>
              </Fragment>
            ))}
          </dl>
        ) : (
          <p className="muted">{t('contact.noClicks')}</p>
        )}
      </section>
    </div>
  );
}
