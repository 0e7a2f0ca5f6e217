import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { AuditAction, AuditEntryDto, AuditPersonDto } from './audit.dto';

export interface AuditRecord {
  action: AuditAction;
  actor: AuditPersonDto;
  target: AuditPersonDto | null;
  details?: Record<string, unknown>;
}

interface AuditRow {
  id: string;
  action: AuditAction;
  actor_id: string;
  actor_email: string;
  target_user_id: string | null;
  target_email: string | null;
  details: Record<string, unknown>;
  created_at: Date;
  total: number;
}

/** What admins did to accounts. Rows carry the addresses as text and no foreign keys, so they outlive cleanup. */
@Injectable()
export class AuditLog {
  constructor(private readonly db: DataSource) {}

  /** Writes one entry; pass the transaction of the change so the entry commits with it. */
  async record(entry: AuditRecord, manager: EntityManager = this.db.manager): Promise<void> {
    await manager.query(
      `INSERT INTO audit_log (actor_id, actor_email, action, target_user_id, target_email, details) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        entry.actor.id,
        entry.actor.email,
        entry.action,
        entry.target?.id ?? null,
        entry.target?.email ?? null,
        entry.details ?? {},
      ],
    );
  }

  async page(limit: number, offset: number): Promise<{ data: AuditEntryDto[]; total: number }> {
    const rows = await this.db.query<AuditRow[]>(
      `SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM audit_log) t
       LEFT JOIN LATERAL (
         SELECT id, action, actor_id, actor_email, target_user_id, target_email, details, created_at
           FROM audit_log ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2
       ) p ON true`,
      [limit, offset],
    );
    return { total: rows[0].total, data: rows.filter((row) => row.id !== null).map(present) };
  }
}

/** The admin acting, as the audit names them. */
export function actorOf(principal: Principal): AuditPersonDto {
  return { id: principal.userId, email: principal.email };
}

function present(row: AuditRow): AuditEntryDto {
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actor_id, email: row.actor_email },
    target: row.target_user_id === null ? null : { id: row.target_user_id, email: row.target_email ?? '' },
    details: row.details,
    created_at: row.created_at,
  };
}
