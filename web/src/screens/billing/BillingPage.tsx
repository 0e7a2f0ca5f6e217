import { useMe, type Me } from '../../api/queries/useMe';
import { Invoice, Tariff, useChangeTariff, useInvoices, useTariffs } from '../../api/queries/useBilling';
import { ConfirmButton } from '../../components/ConfirmButton';
import { EmptyState, Notice, QueryState } from '../../components/feedback';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, formatNumber, t } from '../../i18n';
import { usagePercent } from './usage';

/** The plans, this month's usage against the free cap, plan changes (owner) and the invoices they leave. */
export default function BillingPage() {
  const tariffs = useTariffs();
  return (
    <>
      <h1>{t('billing.title')}</h1>
      <QueryState query={useMe()}>
        {(me) => <QueryState query={tariffs}>{({ data: plans }) => <Billing me={me} plans={plans} />}</QueryState>}
      </QueryState>
    </>
  );
}

function Billing({ me, plans }: { me: Me; plans: Tariff[] }) {
  const owner = me.team.role === 'owner';
  const change = useChangeTariff();
  const current = plans.find((plan) => plan.code === me.tariff);
  return (
    <>
      <UsageCard me={me} plan={current} />
      {!owner && <p className="alert alert-info">{t('billing.ownerOnly')}</p>}
      {change.data && (
        <Notice>
          {t('billing.changed', {
            name: plans.find((plan) => plan.code === change.data.tariff)?.name ?? change.data.tariff,
            amount: formatNumber(change.data.invoice.amount),
          })}
        </Notice>
      )}
      <section aria-labelledby="plans">
        <h2 id="plans">{t('billing.plans')}</h2>
        <div className="plans">
          {plans.map((plan) => (
            <PlanCard
              key={plan.code}
              plan={plan}
              current={plan.code === me.tariff}
              canChange={owner}
              onChange={() => change.mutateAsync(plan.code)}
            />
          ))}
        </div>
      </section>
      {owner && <Invoices plans={plans} />}
    </>
  );
}

function UsageCard({ me, plan }: { me: Me; plan: Tariff | undefined }) {
  const { messages_this_month: used, cap } = me.usage;
  const percent = usagePercent(used, cap);
  return (
    <section className="card" aria-labelledby="usage">
      <div className="card-head">
        <h2 id="usage">{t('billing.usage')}</h2>
        <span className="badge">{t('billing.currentPlan', { name: plan?.name ?? me.tariff })}</span>
      </div>
      {percent === null ? (
        <>
          <p className="usage-figure">{formatNumber(used)}</p>
          <p className="hint">{t('billing.usageUnlimited')}</p>
        </>
      ) : (
        <>
          <p className="usage-figure">{t('billing.usageOf', { used: formatNumber(used), cap: formatNumber(cap!) })}</p>
          <div
            className={percent >= 100 ? 'usage-bar usage-full' : percent >= 80 ? 'usage-bar usage-near' : 'usage-bar'}
            role="progressbar"
            aria-label={t('billing.usage')}
            aria-valuemin={0}
            aria-valuemax={cap!}
            aria-valuenow={Math.min(used, cap!)}
            aria-valuetext={t('billing.usageOf', { used: formatNumber(used), cap: formatNumber(cap!) })}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="hint">
            {percent >= 100 ? t('billing.capReached') : t('billing.capHint', { cap: formatNumber(cap!) })}
          </p>
        </>
      )}
    </section>
  );
}

function PlanCard({
  plan,
  current,
  canChange,
  onChange,
}: {
  plan: Tariff;
  current: boolean;
  canChange: boolean;
  onChange: () => Promise<unknown>;
}) {
  const price =
    plan.price_month === 0 ? t('billing.free') : t('billing.price', { price: formatNumber(plan.price_month) });
  return (
    <article className={current ? 'plan plan-current' : 'plan'} aria-labelledby={`plan-${plan.code}`}>
      <h3 id={`plan-${plan.code}`}>{plan.name}</h3>
      <p className="plan-price">{price}</p>
      <ul>
        <li>
          {plan.message_cap === null ? t('billing.noCap') : t('billing.cap', { cap: formatNumber(plan.message_cap) })}
        </li>
        <li>{plan.team_size > 1 ? t('billing.team', { size: plan.team_size }) : t('billing.solo')}</li>
      </ul>
      {current ? (
        <span className="badge badge-ok">{t('billing.current')}</span>
      ) : (
        canChange && (
          <ConfirmButton
            tone="primary"
            label={t('billing.switch', { name: plan.name })}
            question={t('billing.switchConfirm', { name: plan.name, price })}
            confirmLabel={t('billing.switchYes')}
            action={onChange}
          />
        )
      )}
    </article>
  );
}

function Invoices({ plans }: { plans: Tariff[] }) {
  const invoices = useInvoices(true);
  const name = (code: string) => plans.find((plan) => plan.code === code)?.name ?? code;
  return (
    <section className="card" aria-labelledby="invoices">
      <h2 id="invoices">{t('billing.invoices')}</h2>
      <QueryState query={invoices}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>{t('billing.noInvoices')}</EmptyState>
          ) : (
            <TableWrap label={t('billing.invoices')}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('billing.col.date')}</th>
                    <th scope="col">{t('billing.col.change')}</th>
                    <th scope="col" className="num">
                      {t('billing.col.amount')}
                    </th>
                    <th scope="col">{t('billing.col.by')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((invoice: Invoice) => (
                    <tr key={invoice.id}>
                      <td>{formatDateTime(invoice.created_at)}</td>
                      <td>{t('billing.change', { from: name(invoice.previous_tariff), to: name(invoice.tariff) })}</td>
                      <td className="num">{t('billing.amount', { amount: formatNumber(invoice.amount) })}</td>
                      <td>{t(`billing.by.${invoice.changed_by}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </QueryState>
    </section>
  );
}
