import { useState } from 'react';
import { Broadcast, isUnfinished, Segment, useCancelBroadcast } from '../../api/queries/useBroadcasts';
import { Confirm } from '../../components/Confirm';
import { sourceLabel } from '../../components/sources';
import { formatDateTime, formatMessageTime, formatNumber, t } from '../../i18n';
import { TableWrap } from '../../components/TableWrap';

const STATUS_BADGE: Record<Broadcast['status'], string> = {
  scheduled: 'badge',
  queued: 'badge',
  running: 'badge badge-run',
  done: 'badge badge-ok',
  failed: 'badge badge-off',
  cancelled: 'badge badge-muted',
};

/** The segment in words: `источник vk · язык ru`, or "all contacts". */
export function describeSegment(segment: Segment, platform: Broadcast['platform']): string {
  const parts: string[] = [];
  if (platform !== 'all') parts.push(t(`platform.${platform}`));
  if (segment.source_value) parts.push(`${t('broadcasts.source').toLowerCase()} ${sourceLabel(segment.source_value)}`);
  if (segment.campaign_name) parts.push(`${t('broadcasts.campaign').toLowerCase()} ${segment.campaign_name}`);
  if (segment.intent) parts.push(`${t('broadcasts.intent').toLowerCase()} ${segment.intent}`);
  if (segment.language_code) parts.push(`${t('broadcasts.language').toLowerCase()} ${segment.language_code}`);
  if (segment.active_within_days) parts.push(t('broadcasts.activeWithin', { days: segment.active_within_days }));
  if (segment.blocked === true) parts.push(t('broadcasts.blocked.only').toLowerCase());
  return parts.length ? parts.join(' · ') : t('broadcasts.everyone');
}

/**
 * Past and running broadcasts, newest first; progress is read again every second while one is under way.
 * «Итоги» on a row shows that broadcast's outcome card (`shown`).
 */
export function BroadcastList({
  botId,
  broadcasts,
  canWrite,
  shownId,
  onShow,
}: {
  botId: string;
  broadcasts: Broadcast[];
  canWrite: boolean;
  shownId: string | null;
  onShow: (broadcastId: string) => void;
}) {
  const cancel = useCancelBroadcast(botId);
  const [cancelling, setCancelling] = useState<Broadcast | null>(null);
  return (
    <>
      <TableWrap label={t('broadcasts.title')}>
        <table className="broadcasts">
          <thead>
            <tr>
              <th scope="col">{t('broadcasts.col.created')}</th>
              <th scope="col">{t('broadcasts.col.message')}</th>
              <th scope="col">{t('broadcasts.col.audience')}</th>
              <th scope="col">{t('broadcasts.col.status')}</th>
              <th scope="col">{t('broadcasts.col.progress')}</th>
              <th scope="col">{t('broadcasts.col.timing')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('broadcasts.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {broadcasts.map((broadcast) => (
              <tr key={broadcast.id} className={broadcast.id === shownId ? 'row-shown' : undefined}>
                <td>{formatDateTime(broadcast.created_at)}</td>
                <td className="wrap broadcast-text">
                  {broadcast.kind && <span className="badge">{t(`file.kind.${broadcast.kind}`)}</span>}{' '}
                  {broadcast.text || <span className="muted">{t('dialogs.noText')}</span>}
                </td>
                <td className="wrap">{describeSegment(broadcast.segment, broadcast.platform)}</td>
                <td>
                  <span className={STATUS_BADGE[broadcast.status]}>{t(`broadcasts.status.${broadcast.status}`)}</span>
                  {broadcast.error && <span className="cell-note">{broadcast.error}</span>}
                </td>
                <td>
                  <Progress broadcast={broadcast} />
                </td>
                <td className="wrap">
                  <Timing broadcast={broadcast} />
                </td>
                <td>
                  <div className="row row-actions">
                    <button
                      type="button"
                      className="button-secondary"
                      aria-pressed={broadcast.id === shownId}
                      aria-label={t('broadcasts.outcomes.showLabel', { created: formatDateTime(broadcast.created_at) })}
                      onClick={() => onShow(broadcast.id)}
                    >
                      {t('broadcasts.outcomes.show')}
                    </button>
                    {canWrite && isUnfinished(broadcast) && (
                      <button
                        type="button"
                        className="button-secondary"
                        onClick={() => {
                          cancel.reset();
                          setCancelling(broadcast);
                        }}
                      >
                        {t('broadcasts.cancel')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {cancelling && (
        <Confirm
          question={t('broadcasts.cancelConfirm', { created: formatDateTime(cancelling.created_at) })}
          yes={t('broadcasts.cancelYes')}
          busy={cancel.isPending}
          error={cancel.error}
          onCancel={() => setCancelling(null)}
          onYes={() => cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })}
        />
      )}
    </>
  );
}

function Progress({ broadcast }: { broadcast: Broadcast }) {
  const { sent_count: sent, failed_count: failed, total_count: total } = broadcast;
  const label = t('broadcasts.progress', { sent: formatNumber(sent), total: formatNumber(total) });
  return (
    <div className="progress-cell">
      <progress max={Math.max(total, 1)} value={sent + failed} aria-label={label} />
      <span>{label}</span>
      {failed > 0 && (
        <span className="cell-note failed">{t('broadcasts.failed', { failed: formatNumber(failed) })}</span>
      )}
    </div>
  );
}

function Timing({ broadcast }: { broadcast: Broadcast }) {
  if (broadcast.status === 'scheduled')
    return <>{t('broadcasts.timing.scheduled', { at: formatDateTime(broadcast.send_at) })}</>;
  return (
    <>
      {broadcast.started_at && (
        <span className="cell-note">
          {t('broadcasts.timing.started', { at: formatMessageTime(broadcast.started_at) })}
        </span>
      )}
      {broadcast.finished_at && (
        <span className="cell-note">
          {t('broadcasts.timing.finished', { at: formatMessageTime(broadcast.finished_at) })}
        </span>
      )}
      {!broadcast.started_at && !broadcast.finished_at && '—'}
    </>
  );
}
