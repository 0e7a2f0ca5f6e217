import type { SourceRow } from '../../api/queries/useReports';
import { TableWrap } from '../../components/TableWrap';
import { EmptyState } from '../../components/feedback';
import { formatNumber, t } from '../../i18n';
import { sourceLabel, UNMAPPED_SOURCE } from '../../components/sources';

export function SourcesTable({ rows }: { rows: SourceRow[] }) {
  if (rows.length === 0) return <EmptyState>{t('sources.empty')}</EmptyState>;
  return (
    <TableWrap label={t('sources.title')}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('sources.source')}</th>
            <th scope="col">{t('sources.campaign')}</th>
            <th scope="col" className="num">
              {t('sources.contacts')}
            </th>
            <th scope="col" className="num">
              {t('sources.touches')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.source_value}\u0000${row.campaign_name ?? ''}`}>
              <td className={row.source_value === UNMAPPED_SOURCE ? 'muted' : 'strong'}>
                {sourceLabel(row.source_value)}
              </td>
              <td>{row.campaign_name ?? '—'}</td>
              <td className="num">{formatNumber(row.contacts_count)}</td>
              <td className="num">{formatNumber(row.touches)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
