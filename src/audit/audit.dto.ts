import { ApiProperty } from '@nestjs/swagger';
import { PageDto } from '../common/http/page-query.dto';

export const AUDIT_ACTIONS = [
  'impersonate',
  'change_role',
  'change_tariff',
  'delete_user',
  'reply_support',
  'revoke_api_key',
  'erase_contact',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A person named in the audit log; the address is kept as text, so it outlives the account. */
export class AuditPersonDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  email: string;
}

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ enum: AUDIT_ACTIONS })
  action: AuditAction;
  /** The admin who acted. */
  actor: AuditPersonDto;
  /** The account acted on. */
  @ApiProperty({ type: AuditPersonDto, nullable: true })
  target: AuditPersonDto | null;
  /** What changed, by action: `{ from, to }` for roles; `{ from, to, invoice_id }` for tariffs; `{ expires_at }`; `{ bots }`; `{ ticket_id, subject }`; `{ key_id, name, key_hint }`. */
  @ApiProperty({ type: 'object', additionalProperties: true })
  details: Record<string, unknown>;
  created_at: Date;
}

export class AuditListDto extends PageDto {
  /** Newest first. */
  @ApiProperty({ type: [AuditEntryDto] })
  data: AuditEntryDto[];
}
