import type { HealthReport } from '../../api/queries/useHealth';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, formatNumber, t } from '../../i18n';

/** The calls the platform refused in the period, the most frequent first, and the proxy target's failures. */
export function PlatformErrors({ report }: { report: HealthReport }) {
  const { errors, target_errors: target } = report;
  return (
    <section className="card" aria-labelledby="errors-title">
      <h2 id="errors-title">{t('health.errors.title')}</h2>
      {errors.length === 0 ? (
        <p className="muted">{t('health.errors.none')}</p>
      ) : (
        <TableWrap label={t('health.errors.title')}>
          <table className="platform-errors">
            <thead>
              <tr>
                <th scope="col">{t('health.errors.method')}</th>
                <th scope="col" className="num">
                  {t('health.errors.code')}
                </th>
                <th scope="col">{t('health.errors.description')}</th>
                <th scope="col" className="num">
                  {t('health.errors.count')}
                </th>
                <th scope="col">{t('health.errors.last')}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((error) => (
                <tr key={`${error.method} ${error.error_code} ${error.description}`}>
                  <th scope="row">
                    <code>{error.method}</code>
                  </th>
                  <td className="num">{error.error_code}</td>
                  <td>{error.description}</td>
                  <td className="num">{formatNumber(error.count)}</td>
                  <td>{formatDateTime(error.last_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <h3>{t('health.target.title')}</h3>
      <p className={target.count ? undefined : 'muted'}>
        {target.count
          ? t('health.target.failed', {
              count: formatNumber(target.count),
              last: formatDateTime(target.last_at),
              error: target.last_error ?? '—',
            })
          : t('health.target.none')}
      </p>
    </section>
  );
}
