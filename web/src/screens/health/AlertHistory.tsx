import { useAlerts } from '../../api/queries/useHealth';
import { QueryState } from '../../components/feedback';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, t } from '../../i18n';
import { alertSentence } from './alertText';

/** Every alert the bot raised, newest first: open ones say so, resolved ones when. */
export function AlertHistory({ botId }: { botId: string }) {
  const alerts = useAlerts(botId);
  return (
    <section className="card" aria-labelledby="alerts-title">
      <h2 id="alerts-title">{t('health.alerts.title')}</h2>
      <QueryState query={alerts}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="muted">{t('health.alerts.none')}</p>
          ) : (
            <TableWrap label={t('health.alerts.title')}>
              <table className="alert-history">
                <thead>
                  <tr>
                    <th scope="col">{t('health.alerts.kind')}</th>
                    <th scope="col">{t('health.alerts.what')}</th>
                    <th scope="col">{t('health.alerts.opened')}</th>
                    <th scope="col">{t('health.alerts.resolved')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((alert) => (
                    <tr key={alert.id}>
                      <th scope="row">{t(`health.kind.${alert.kind}`)}</th>
                      <td>{alertSentence(alert)}</td>
                      <td>{formatDateTime(alert.opened_at)}</td>
                      <td>
                        {alert.resolved_at ? (
                          formatDateTime(alert.resolved_at)
                        ) : (
                          <span className="badge badge-off">{t('health.alerts.open')}</span>
                        )}
                      </td>
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
