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
    ['change_role', { from: 'user', to: 'admin' }, 'пользователь → администратор Botlens'],
    ['change_tariff', { from: 'free', to: 'pro', invoice_id: 'x' }, 'free → pro'],
    ['delete_user', { bots: 2 }, 'ботов выключено: 2'],
    ['reply_support', { ticket_id: 't', subject: 'Не приходят вебхуки' }, '«Не приходят вебхуки»'],
    ['revoke_api_key', { key_id: 'k', name: 'CRM', key_hint: 'blk_abcd…wxyz' }, '«CRM» (blk_abcd…wxyz)'],
  ] as const)('%s', (action, details, expected) => {
    expect(auditDetails(entry(action, details))).toBe(expected);
  });

  it('names when a sign-in-as session ends, in the viewer’s time', () => {
    expect(auditDetails(entry('impersonate', { expires_at: '2026-01-01T01:00:00Z' }))).toBe(
      `сессия до ${formatDateTime('2026-01-01T01:00:00Z')}`,
    );
  });

  it('shows a dash for a missing value rather than "undefined"', () => {
    expect(auditDetails(entry('delete_user', {}))).toBe('ботов выключено: —');
  });
});
