import type { Stats } from '../../api/queries/useReports';
import { formatNumber, t } from '../../i18n';

/** Contacts first (what a marketer opens the dashboard for), then activity and message volume. */
export function StatCards({ stats }: { stats: Stats }) {
  const cards = [
    { label: t('dash.contacts'), value: stats.contacts_total, lead: true },
    { label: t('dash.newUsers'), value: stats.new_users_7d, lead: true },
    { label: t('dash.active24h'), value: stats.contacts_active_24h },
    { label: t('dash.activeUsers7d'), value: stats.active_users_7d },
    { label: t('dash.messages24h'), value: stats.messages_24h },
    {
      label: t('dash.messagesTotal'),
      value: stats.messages_total,
      detail: t('dash.inOut', { in: formatNumber(stats.messages_in), out: formatNumber(stats.messages_out) }),
    },
  ];
  return (
    <dl className="stat-cards">
      {cards.map((card) => (
        <div key={card.label} className={card.lead ? 'stat stat-lead' : 'stat'}>
          <dt>{card.label}</dt>
          <dd>
            <span className="stat-value">{formatNumber(card.value)}</span>
            {card.detail && <span className="stat-detail">{card.detail}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
