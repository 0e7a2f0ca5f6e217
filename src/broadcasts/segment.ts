import { BadRequestException } from '@nestjs/common';
import { UNMAPPED_SOURCE } from '../common/unmapped-source';
import { Messages } from '../common/messages';
import { payerCondition } from '../contacts/contact-payments';

/** Who a closed broadcast goes to (contract §3). Every field narrows the audience; none means all contacts. */
export interface Segment {
  /** The source after the bot's mappings, as the sources report shows it (`— unmapped` for none). */
  source_value?: string;
  campaign_name?: string;
  /** An intent's name: contacts with at least one message that matched it. */
  intent?: string;
  language_code?: string;
  /** Absent: blocked contacts are left out. true: only blocked contacts. false: only the others. */
  blocked?: boolean;
  /** Contacts whose last inbound message is at most this many days old. */
  active_within_days?: number;
  /** true: only payers (a payment not refunded); false: only contacts who never paid or were refunded everything. */
  payer?: boolean;
  /**
   * The open API's broadcast goes to "all contacts of the bot" (spec): blocked ones included, so
   * they count in total_count and fail with the platform's 403. Set by the service, never parsed.
   */
  all_contacts?: true;
}

export type BroadcastPlatform = 'all' | 'telegram' | 'max';
export const BROADCAST_PLATFORMS: readonly BroadcastPlatform[] = ['all', 'telegram', 'max'];

const STRING_FIELDS = ['source_value', 'campaign_name', 'intent', 'language_code'] as const;
const MAX_STRING = 200;
const MAX_DAYS = 3650;

/**
 * Reads a segment from a multipart field (a JSON string) or a JSON body (an object or a JSON string).
 * Unknown fields are refused rather than ignored: a misspelt filter would silently widen the audience.
 */
export function parseSegment(raw: unknown): Segment {
  if (raw === undefined || raw === null || raw === '') return {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new BadRequestException(Messages.broadcastSegmentNotObject);
    }
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new BadRequestException(Messages.broadcastSegmentNotObject);
  const input = value as Record<string, unknown>;
  const segment: Segment = {};
  for (const [field, fieldValue] of Object.entries(input)) {
    if (fieldValue === null || fieldValue === undefined) continue;
    if ((STRING_FIELDS as readonly string[]).includes(field)) {
      if (typeof fieldValue !== 'string' || !fieldValue.trim() || fieldValue.length > MAX_STRING) {
        throw new BadRequestException(Messages.broadcastSegmentBadString(field));
      }
      segment[field as (typeof STRING_FIELDS)[number]] = fieldValue.trim();
    } else if (field === 'blocked') {
      if (typeof fieldValue !== 'boolean') throw new BadRequestException(Messages.broadcastSegmentBadBlocked);
      segment.blocked = fieldValue;
    } else if (field === 'payer') {
      if (typeof fieldValue !== 'boolean') throw new BadRequestException(Messages.broadcastSegmentBadPayer);
      segment.payer = fieldValue;
    } else if (field === 'active_within_days') {
      if (typeof fieldValue !== 'number' || !Number.isInteger(fieldValue) || fieldValue < 1 || fieldValue > MAX_DAYS) {
        throw new BadRequestException(Messages.broadcastSegmentBadDays);
      }
      segment.active_within_days = fieldValue;
    } else {
      throw new BadRequestException(Messages.broadcastSegmentUnknownField(field));
    }
  }
  return segment;
}

export function parsePlatform(raw: unknown): BroadcastPlatform {
  if (raw === undefined || raw === null || raw === '') return 'all';
  if (typeof raw !== 'string' || !(BROADCAST_PLATFORMS as readonly string[]).includes(raw)) {
    throw new BadRequestException(Messages.broadcastPlatformInvalid);
  }
  return raw as BroadcastPlatform;
}

/**
 * The audience as SQL over `contacts c` joined with `bots b` and the bot's source mappings `m`
 * (see RECIPIENTS_FROM). `$1` is the bot id; the returned params continue from `$2`.
 */
export function audienceFilter(platform: BroadcastPlatform, segment: Segment): { where: string; params: unknown[] } {
  const conditions = ['c.bot_id = $1'];
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length + 1}`;
  };
  if (platform !== 'all') conditions.push(`b.platform = ${param(platform)}`);
  if (segment.source_value !== undefined) {
    // The same mapping rule as the sources report: a mapped raw value counts as its normalised source.
    conditions.push(
      `(CASE WHEN c.source_value IS NULL THEN ${param(UNMAPPED_SOURCE)} ELSE coalesce(m.source_value, c.source_value) END) = ${param(segment.source_value)}`,
    );
  }
  if (segment.campaign_name !== undefined)
    conditions.push(`coalesce(m.campaign_name, c.campaign_name) = ${param(segment.campaign_name)}`);
  if (segment.language_code !== undefined)
    conditions.push(`lower(c.language_code) = lower(${param(segment.language_code)})`);
  if (segment.active_within_days !== undefined) {
    conditions.push(`c.last_seen_at >= now() - make_interval(days => ${param(segment.active_within_days)}::int)`);
  }
  if (segment.intent !== undefined) {
    conditions.push(
      `EXISTS (SELECT 1 FROM message_intents mi JOIN intents i ON i.id = mi.intent_id
                WHERE i.bot_id = c.bot_id AND i.name = ${param(segment.intent)} AND mi.contact_id = c.id)`,
    );
  }
  if (segment.payer !== undefined) conditions.push(payerCondition(segment.payer, 'c'));
  if (segment.all_contacts !== true)
    conditions.push(segment.blocked === true ? 'c.blocked_at IS NOT NULL' : 'c.blocked_at IS NULL');
  return { where: conditions.join(' AND '), params };
}

export const RECIPIENTS_FROM = `contacts c
  JOIN bots b ON b.id = c.bot_id
  LEFT JOIN source_mappings m ON m.bot_id = c.bot_id AND m.raw = c.source_value`;
