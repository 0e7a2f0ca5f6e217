import { Inject, Injectable } from '@nestjs/common';
import type { CsvQuery } from '../exports/csv-download';
import { isoText } from '../exports/iso-text';
import { ReportReads, type ReadQueries } from '../database/report-reads';
import {
  ContactAttributionDto,
  ContactDetailDto,
  ContactDto,
  ContactListItemDto,
  ContactRevenueDto,
} from './contact.dto';
import {
  PAYERS_COUNT_SQL,
  PAYMENT_FIELDS,
  payerCondition,
  paymentsExportColumns,
  paymentsOf,
} from './contact-payments';

interface ContactDetailRow {
  id: string;
  external_user_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  is_premium: boolean;
  phone: string | null;
  last_seen_at: Date | null;
  language_code: string | null;
  blocked: boolean;
  messages_in: number;
  messages_out: number;
  first_message_at: Date | null;
  last_at: Date | null;
  source_value: string | null;
  campaign_name: string | null;
  first_touch_at: Date | null;
  last_touch_at: Date | null;
  touches: number;
  payments: number;
  revenue: ContactRevenueDto[];
}

/** What the cabinet reads of a contact besides the open API's fields (its avatar link is not stored). */
export interface CabinetContactState {
  language_code: string | null;
  blocked: boolean;
}

/** Where a listed contact came from: its source and campaign after the bot's mappings, and its first appearance. */
export interface CabinetContactOrigin {
  source_value: string | null;
  campaign_name: string | null;
  first_seen_at: Date;
}

export type CabinetContactListRow = ContactListItemDto & CabinetContactState & CabinetContactOrigin;
/** A contact's card as its row holds it (the clicks are the links module's). */
export type ContactCard = Omit<ContactDetailDto, 'clicks'>;
export type CabinetContactDetail = Omit<ContactCard, 'contact'> & { contact: ContactDto & CabinetContactState };

/** Where a page or count looks: its SQL condition and parameters. */
export interface SearchCondition {
  where: string;
  params: unknown[];
}

/** How many of the bot's most recently seen contacts tell which parts of a search most contacts hold. */
const SEARCH_SAMPLE = 200;

/** A page of the contact list, optionally only the contacts a search finds (null: all), or only payers or not. */
export interface ContactPage {
  limit: number;
  offset: number;
  search?: string | null;
  /** true: only payers (a payment not refunded); false: only the others; null: all. */
  payer?: boolean | null;
}

/**
 * The text the search looks in, written exactly as the index contacts_search is built
 * (migrations/1795401400000-ContactSearch.ts), so the planner can use it.
 */
const CONTACT_SEARCH_TEXT = `lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || E'\\n' || coalesce(username, '') || E'\\n' || coalesce(phone, ''))`;

/** The JSON list item's fields, in its order. */
const CONTACT_EXPORT_HEADER = [
  'id',
  'external_user_id',
  'username',
  'first_name',
  'last_name',
  'is_premium',
  'last_seen_at',
  'messages_count',
  'payments',
  'revenue',
] as const;

const LIST_ITEM_COLUMNS = `id, external_user_id, username, first_name, last_name, is_premium, last_seen_at,
              messages_in + messages_out AS messages_count`;
const CABINET_COLUMNS = `language_code, blocked_at IS NOT NULL AS blocked`;
/**
 * The list's source and campaign seen through the bot's mappings, as the card and the sources report
 * show them: one primary-key lookup per row of the page, so the list keeps its plain scan order.
 */
const CABINET_ORIGIN_COLUMNS = `first_seen_at,
              coalesce((SELECT m.source_value FROM source_mappings m WHERE m.bot_id = contacts.bot_id AND m.raw = contacts.source_value),
                       contacts.source_value) AS source_value,
              nullif(coalesce((SELECT m.campaign_name FROM source_mappings m WHERE m.bot_id = contacts.bot_id AND m.raw = contacts.source_value),
                              contacts.campaign_name), '') AS campaign_name`;

/** `value` as a LIKE pattern that matches it literally anywhere (backslash is LIKE's default escape). */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The contact reports, read from the counters the ingest keeps on each contact row. */
@Injectable()
export class ContactsQueries {
  /** A report: read from the replica while it is fresh enough (ReportReads). */
  constructor(@Inject(ReportReads) private readonly db: ReadQueries) {}

  /** A page of the open API's list (a search's condition from `condition`, or the whole search text in the index). */
  page(botId: string, page: ContactPage, condition?: SearchCondition): Promise<ContactListItemDto[]> {
    return this.list(botId, page, LIST_ITEM_COLUMNS, condition);
  }

  /**
   * Every contact of the bot as CSV rows (the list's columns and order, all as text: times as in JSON, ISO in
   * UTC), for a COPY to stream; sorted after a scan rather than along contacts_by_last_seen (see CsvQuery).
   */
  exportQuery(botId: string): CsvQuery {
    const payments = paymentsExportColumns('contacts');
    return {
      // Nothing null: an empty field is an empty string (see CsvQuery).
      sql: `SELECT id::text, external_user_id, coalesce(username, ''), coalesce(first_name, ''),
                   coalesce(last_name, ''), is_premium::text, coalesce(${isoText('last_seen_at')}, ''),
                   (messages_in + messages_out)::text, ${payments.columns}
              FROM contacts
              ${payments.join}
             WHERE bot_id = $1
             -- Qualified: a bare id would be the text column above, and the sort could not follow the index.
             ORDER BY contacts.last_seen_at DESC NULLS LAST, contacts.id`,
      params: [botId],
      header: CONTACT_EXPORT_HEADER,
      sortInsteadOfIndex: true,
    };
  }

  /** A page of the cabinet's list: the open API's items plus language, blocked state and origin, optionally searched. */
  cabinetPage(botId: string, page: ContactPage, condition?: SearchCondition): Promise<CabinetContactListRow[]> {
    return this.list(botId, page, `${LIST_ITEM_COLUMNS}, ${CABINET_COLUMNS}, ${CABINET_ORIGIN_COLUMNS}`, condition);
  }

  /**
   * In the order of the index contacts_by_last_seen, so a page of all contacts reads only its own rows;
   * a search reads its matches through contacts_search (a part of the text) and contacts_bot_user (the id).
   * The page's payments are read for its contacts only, one probe of payments_by_contact each.
   */
  private list<T>(
    botId: string,
    page: ContactPage,
    columns: string,
    { where, params }: SearchCondition = matching(botId, page.search, [], page.payer),
  ): Promise<T[]> {
    const at = params.length;
    return this.db.query<T[]>(
      `SELECT contacts.*, ${PAYMENT_FIELDS}
         FROM (SELECT ${columns}
                 FROM contacts
                WHERE ${where}
                ORDER BY last_seen_at DESC NULLS LAST, id
                LIMIT $${at + 1} OFFSET $${at + 2}) contacts
         ${paymentsOf('contacts')}
        ORDER BY contacts.last_seen_at DESC NULLS LAST, contacts.id`,
      [...params, page.limit, page.offset],
    );
  }

  /**
   * A page with the total it is part of: all contacts (their count kept on daily_stats, read beside the page),
   * or those a search finds. A search's page that is not full ends the matches, so it tells the total itself
   * and the matches are not looked up twice (the trigram scan of a username is ~30 ms on 1M contacts); a
   * full or empty page is followed by the count.
   */
  async withTotal<T>(
    botId: string,
    page: ContactPage,
    read: (condition?: SearchCondition) => Promise<T[]>,
  ): Promise<{ rows: T[]; total: number }> {
    if (!page.search) {
      const [rows, total] = await Promise.all([read(), this.total(botId, page.payer)]);
      return { rows, total };
    }
    const condition = await this.condition(botId, page.search, page.payer);
    const rows = await read(condition);
    const endsMatches = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
    return { rows, total: endsMatches ? page.offset + rows.length : await this.countWhere(condition) };
  }

  /**
   * The condition of a search, for its page and count. The trigram index finds a part of the text by all of its
   * trigrams, and one that most of the bot's contacts hold (every `user…` username has "use", "ser", "er1")
   * narrows nothing but costs a walk of a posting list as long as the bot: 1,712 index pages for
   * `user100500000` among 1M such contacts, 363 without those, and the same 213 candidates. So the parts of three
   * characters that more than nine in ten of the bot's most recently seen contacts hold are left out of the index
   * condition (at most ~1.1 times the candidates each), and the recheck compares the whole search as before: the
   * same contacts are found.
   */
  async condition(botId: string, search: string, payer: boolean | null = null): Promise<SearchCondition> {
    if (search.length < 4) return matching(botId, search, [], payer);
    // Parts of the lower-cased search as PostgreSQL lower-cases it, so each is a part of what the text must hold.
    const parts = await this.db.query<Array<{ part: string; holders: number; sampled: number }>>(
      `WITH sample AS (
         SELECT ${CONTACT_SEARCH_TEXT} AS text FROM contacts
          WHERE bot_id = $1 ORDER BY last_seen_at DESC NULLS LAST, id LIMIT ${SEARCH_SAMPLE}
       )
       SELECT w.part, count(*) FILTER (WHERE strpos(s.text, w.part) > 0)::int AS holders, count(*)::int AS sampled
         FROM (SELECT DISTINCT substr(lower($2), i, 3) AS part FROM generate_series(1, length(lower($2)) - 2) AS i) w
        CROSS JOIN sample s
        GROUP BY w.part
        ORDER BY w.part COLLATE "C"`,
      [botId, search],
    );
    const common = (p: { holders: number; sampled: number }) => p.holders * 10 > p.sampled * 9;
    const narrowing = parts.filter((p) => !common(p)).map((p) => p.part);
    // A small bot, a search without a common part, or with nothing else the index can read (pg_trgm takes only
    // letters and digits): the whole search, as the index takes it.
    if (
      !parts.length ||
      parts[0].sampled < SEARCH_SAMPLE ||
      !parts.some(common) ||
      !narrowing.some((part) => /[\p{L}\p{N}]/u.test(part))
    )
      return matching(botId, search, [], payer);
    return matching(botId, search, narrowing.map(containsPattern), payer);
  }

  /** The contacts a search finds; all contacts of the bot without one. */
  async count(botId: string, search: string | null, condition?: SearchCondition): Promise<number> {
    if (!search) return this.total(botId);
    return this.countWhere(condition ?? (await this.condition(botId, search)));
  }

  private async countWhere({ where, params }: SearchCondition): Promise<number> {
    const [row] = await this.db.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM contacts WHERE ${where}`,
      params,
    );
    return Number(row.n);
  }

  /**
   * Exact, without counting a million rows: every new contact adds one to its day's new_contacts; the payers are
   * counted from one marked payment each (contact-payments.ts), the others are the rest.
   */
  async total(botId: string, payer: boolean | null = null): Promise<number> {
    const [[row], payers] = await Promise.all([
      payer === true
        ? [{ total: '0' }]
        : this.db.query<Array<{ total: string }>>(
            `SELECT coalesce(sum(new_contacts), 0) AS total FROM daily_stats WHERE bot_id = $1`,
            [botId],
          ),
      payer === null ? 0 : this.payers(botId),
    ]);
    return payer === true ? payers : Number(row.total) - payers;
  }

  private async payers(botId: string): Promise<number> {
    const [row] = await this.db.query<Array<{ payers: string }>>(PAYERS_COUNT_SQL, [botId]);
    return Number(row.payers);
  }

  /** One contact by its platform user id, with its attribution seen through the bot's source mappings. */
  async detail(botId: string, externalUserId: string): Promise<ContactCard | null> {
    const row = await this.detailRow(botId, externalUserId);
    return row && detailOf(row, contactOf(row));
  }

  /** The same for the cabinet, with the contact's language and blocked state. */
  async cabinetDetail(botId: string, externalUserId: string): Promise<CabinetContactDetail | null> {
    const row = await this.detailRow(botId, externalUserId);
    return row && detailOf(row, { ...contactOf(row), language_code: row.language_code, blocked: row.blocked });
  }

  private async detailRow(botId: string, externalUserId: string): Promise<ContactDetailRow | null> {
    const [row] = await this.db.query<ContactDetailRow[]>(
      `SELECT c.id, c.external_user_id, c.username, c.first_name, c.last_name, c.is_premium, c.phone,
              c.last_seen_at, c.language_code, c.blocked_at IS NOT NULL AS blocked,
              c.messages_in, c.messages_out, c.first_message_at, c.last_at,
              coalesce(m.source_value, c.source_value) AS source_value,
              coalesce(m.campaign_name, c.campaign_name) AS campaign_name,
              c.first_touch_at, c.last_touch_at, c.touches, ${PAYMENT_FIELDS}
         FROM contacts c
         LEFT JOIN source_mappings m ON m.bot_id = c.bot_id AND m.raw = c.source_value
         ${paymentsOf('c')}
        WHERE c.bot_id = $1 AND c.external_user_id = $2`,
      [botId, externalUserId],
    );
    return row ?? null;
  }
}

/**
 * The condition of a page or count: the bot's contacts, those a search finds when there is one. With `narrowing`
 * (patterns of parts of the search) the index reads only those, and the whole search is compared in the recheck
 * (strpos: LIKE of the escaped search is a plain substring test).
 */
function matching(
  botId: string,
  search: string | null | undefined,
  narrowing: string[] = [],
  payer: boolean | null = null,
): SearchCondition {
  const condition = searched(botId, search, narrowing);
  if (payer === null || payer === undefined) return condition;
  return { where: `${condition.where} AND ${payerCondition(payer, 'contacts')}`, params: condition.params };
}

function searched(botId: string, search: string | null | undefined, narrowing: string[]): SearchCondition {
  if (!search) return { where: 'bot_id = $1', params: [botId] };
  if (!narrowing.length) {
    return {
      where: `bot_id = $1 AND (${CONTACT_SEARCH_TEXT} LIKE lower($2) OR external_user_id = $3)`,
      params: [botId, containsPattern(search), search],
    };
  }
  const parts = narrowing.map((_, i) => `${CONTACT_SEARCH_TEXT} LIKE $${i + 3}`).join(' AND ');
  return {
    where: `bot_id = $1 AND ((${parts} AND strpos(${CONTACT_SEARCH_TEXT}, lower($2)) > 0) OR external_user_id = $2)`,
    params: [botId, search, ...narrowing],
  };
}

function contactOf(row: ContactDetailRow): ContactDto {
  return {
    id: row.id,
    external_user_id: row.external_user_id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    is_premium: row.is_premium,
    phone: row.phone,
    last_seen_at: row.last_seen_at,
  };
}

function detailOf<C extends ContactDto>(
  row: ContactDetailRow,
  contact: C,
): Omit<ContactCard, 'contact'> & { contact: C } {
  return {
    contact,
    stats: {
      total_messages: row.messages_in + row.messages_out,
      inbound: row.messages_in,
      outbound: row.messages_out,
      first_at: row.first_message_at,
      last_at: row.last_at,
    },
    attribution: attributionOf(row),
    payments: row.payments,
    revenue: row.revenue,
  };
}

function attributionOf(row: ContactDetailRow): ContactAttributionDto | null {
  if (!row.source_value) return null;
  return {
    source_value: row.source_value,
    campaign_name: row.campaign_name || null,
    first_seen_at: row.first_touch_at,
    last_seen_at: row.last_touch_at,
    touches: row.touches,
  };
}
