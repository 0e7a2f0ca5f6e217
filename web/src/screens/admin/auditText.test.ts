import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/queries/useAdmin';
import { formatDateTime } from '../../i18n';
import { auditDetails } from './auditText';

const entry = (action: AuditEntry['action'], details: Record<string, unknown>): AuditEntry => ({
  id: '1',
  action,
  actor: { id: 'a', email: 'admin@botlens.test' },
  target: { id: 'u', email: 'user@example.test' },
  details,
  created_at: '2026-01-01T00:00:00Z',
});

describe('audit details in words', () => {
  it.each([
    [entry('change_role', { from: 'user', to: 'admin' }), 'пользователь → администратор Botlens'],
    [entry('change_tariff', { from: 'free', to: 'pro', invoice_id: 'x' }), 'free → pro'],
    [entry('delete_user', { bots: 2 }), 'ботов выключено: 2'],
    [entry('reply_support', { ticket_id: 't', subject: 'Не приходят вебхуки' }), '«Не приходят вебхуки»'],
    [entry('revoke_api_key', { key_id: 'k', name: 'CRM', key_hint: 'blk_abcd…wxyz' }), '«CRM» (blk_abcd…wxyz)'],
  ])('%#: %s', (audit, expected) => {
    expect(auditDetails(audit)).toBe(expected);
  });

  it('names when a sign-in-as session ends, in the viewer’s time', () => {
    expect(auditDetails(entry('impersonate', { expires_at: '2026-01-01T01:00:00Z' }))).toBe(`сессия до ${formatDateTime('2026-01-01T01:00:00Z')}`);
  });

  it('shows a dash for a missing value rather than "undefined"', () => {
    expect(auditDetails(entry('delete_user', {}))).toBe('ботов выключено: —');
  });
});
