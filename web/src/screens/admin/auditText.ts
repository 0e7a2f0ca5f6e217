import type { AuditEntry } from '../../api/queries/useAdmin';
import { formatDateTime, t } from '../../i18n';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '—');
const roleName = (value: unknown) =>
  value === 'admin' ? t('admin.role.admin') : value === 'user' ? t('admin.role.user') : text(value);

/** What an audit entry changed, in words (the API's `details` differ by action). */
export function auditDetails(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case 'impersonate':
      return t('audit.details.impersonate', { until: formatDateTime(text(d.expires_at)) });
    case 'change_role':
      return t('audit.details.change', { from: roleName(d.from), to: roleName(d.to) });
    case 'change_tariff':
      return t('audit.details.change', { from: text(d.from), to: text(d.to) });
    case 'delete_user':
      return t('audit.details.deleteUser', { bots: text(d.bots) });
    case 'reply_support':
      return t('audit.details.replySupport', { subject: text(d.subject) });
    case 'revoke_api_key':
      return t('audit.details.revokeKey', { name: text(d.name), hint: text(d.key_hint) });
    case 'erase_contact':
      return t('audit.details.eraseContact', { bot: text(d.bot_id), contact: text(d.contact_id) });
    default:
      return JSON.stringify(d);
  }
}
