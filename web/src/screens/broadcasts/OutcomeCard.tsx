import type { Broadcast, BroadcastOutcomes } from '../../api/queries/useBroadcasts';
import { formatMoney } from '../../components/money';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, formatNumber, locale, t } from '../../i18n';
import { variantLetter } from './variants';

const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });

/** Of the delivered, as owners compare broadcasts of different sizes. */
const shareOf = (count: number, outcomes: BroadcastOutcomes) =>
  outcomes.delivered > 0 ? t('broadcasts.outcomes.share', { share: percent.format(count / outcomes.delivered) }) : null;

function revenueText(outcomes: BroadcastOutcomes): string {
  if (outcomes.revenue.length === 0) return t('broadcasts.outcomes.noRevenue');
  return outcomes.revenue.map((row) => formatMoney(row.net, row.currency)).join(' · ');
}

/**
 * What one broadcast did: delivered first (what the rest is measured against), then clicks,
 * replies, blocks and revenue, each recipient counted once; with an A/B test each variant's
 * numbers side by side and the winner marked with when it was chosen.
 */
export function OutcomeCard({ broadcast }: { broadcast: Broadcast }) {
  const { outcomes } = broadcast;
  const cards = [
    {
      key: 'delivered',
      label: t('broadcasts.outcomes.delivered'),
      value: formatNumber(outcomes.delivered),
      lead: true,
    },
    {
      key: 'clicked',
      label: t('broadcasts.outcomes.clicked'),
      value: broadcast.track_links ? formatNumber(outcomes.clicked) : '—',
      detail: broadcast.track_links ? shareOf(outcomes.clicked, outcomes) : t('broadcasts.outcomes.notTracked'),
      lead: true,
    },
    {
      key: 'replied',
      label: t('broadcasts.outcomes.replied'),
      value: formatNumber(outcomes.replied),
      detail: shareOf(outcomes.replied, outcomes),
      lead: true,
    },
    {
      key: 'revenue',
      label: t('broadcasts.outcomes.revenue'),
      // No payments: a dash as the number, said in words beneath (a sentence is no figure).
      value: outcomes.revenue.length > 0 ? revenueText(outcomes) : '—',
      detail:
        outcomes.revenue.length > 0
          ? t('broadcasts.outcomes.payers', {
              payers: outcomes.revenue.map((row) => formatNumber(row.payers)).join(' · '),
            })
          : t('broadcasts.outcomes.noRevenue'),
    },
    {
      key: 'blocked-after',
      label: t('broadcasts.outcomes.blockedAfter'),
      value: formatNumber(outcomes.blocked_after),
      detail: shareOf(outcomes.blocked_after, outcomes),
    },
    { key: 'failed', label: t('broadcasts.outcomes.failed'), value: formatNumber(outcomes.failed) },
    {
      key: 'blocked-on-send',
      label: t('broadcasts.outcomes.blockedOnSend'),
      value: formatNumber(outcomes.blocked_on_send),
    },
  ];
  return (
    <section className="card outcome-card" aria-labelledby="outcomes-title">
      <h2 id="outcomes-title">{t('broadcasts.outcomes.title', { created: formatDateTime(broadcast.created_at) })}</h2>
      <dl className="stat-cards outcome-stats">
        {cards.map((card) => (
          <div key={card.key} className={card.lead ? 'stat stat-lead' : 'stat'} data-outcome={card.key}>
            <dt>{card.label}</dt>
            <dd>
              <span className="stat-value">{card.value}</span>
              {card.detail && <span className="stat-detail">{card.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {broadcast.variants && <Variants broadcast={broadcast} variants={broadcast.variants} />}
      <p className="hint">{t('broadcasts.outcomes.windows')}</p>
    </section>
  );
}

function Variants({ broadcast, variants }: { broadcast: Broadcast; variants: NonNullable<Broadcast['variants']> }) {
  const metric = broadcast.winner_metric ? t(`broadcasts.metric.${broadcast.winner_metric}`) : '';
  const rows: { key: string; label: string; cell: (outcomes: BroadcastOutcomes) => string }[] = [
    { key: 'delivered', label: t('broadcasts.outcomes.delivered'), cell: (o) => formatNumber(o.delivered) },
    {
      key: 'clicked',
      label: t('broadcasts.outcomes.clicked'),
      cell: (o) => (broadcast.track_links ? withShare(o.clicked, o) : '—'),
    },
    { key: 'replied', label: t('broadcasts.outcomes.replied'), cell: (o) => withShare(o.replied, o) },
    { key: 'revenue', label: t('broadcasts.outcomes.revenue'), cell: revenueText },
    { key: 'blocked-after', label: t('broadcasts.outcomes.blockedAfter'), cell: (o) => withShare(o.blocked_after, o) },
    { key: 'failed', label: t('broadcasts.outcomes.failed'), cell: (o) => formatNumber(o.failed) },
  ];
  return (
    <>
      <p className="variants-summary">
        {broadcast.winner !== null
          ? t('broadcasts.outcomes.winnerChosen', {
              letter: variantLetter(broadcast.winner),
              metric,
              at: formatDateTime(broadcast.winner_chosen_at),
            })
          : broadcast.test_share !== null && broadcast.test_share < 1
            ? broadcast.status === 'done'
              ? t('broadcasts.outcomes.noWinner')
              : t('broadcasts.outcomes.winnerPending', {
                  metric,
                  minutes: formatNumber(broadcast.winner_after_minutes ?? 0),
                  share: percent.format(broadcast.test_share),
                })
            : t('broadcasts.outcomes.even')}
      </p>
      <TableWrap label={t('broadcasts.outcomes.byVariant')}>
        <table className="variants-table">
          <thead>
            <tr>
              <td />
              {variants.map((_, index) => (
                <th key={index} scope="col" className={broadcast.winner === index ? 'variant-winner' : undefined}>
                  {t('broadcasts.ab.variant', { letter: variantLetter(index) })}
                  {broadcast.winner === index && (
                    <span className="badge badge-ok">{t('broadcasts.outcomes.winner')}</span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr data-row="text">
              <th scope="row">{t('broadcasts.outcomes.text')}</th>
              {variants.map((variant, index) => (
                <td key={index} className="wrap broadcast-text">
                  {variant.file && broadcast.kind && <span className="badge">{t(`file.kind.${broadcast.kind}`)}</span>}{' '}
                  {variant.text || <span className="muted">{t('dialogs.noText')}</span>}
                </td>
              ))}
            </tr>
            {rows.map((row) => (
              <tr key={row.key} data-row={row.key}>
                <th scope="row">{row.label}</th>
                {variants.map((variant, index) => (
                  <td key={index} className={broadcast.winner === index ? 'num variant-winner' : 'num'}>
                    {row.cell(variant.outcomes)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}

/** `3 · 50 %`: the count and its share of the delivered. */
function withShare(count: number, outcomes: BroadcastOutcomes): string {
  if (outcomes.delivered === 0) return formatNumber(count);
  return `${formatNumber(count)} · ${percent.format(count / outcomes.delivered)}`;
}
