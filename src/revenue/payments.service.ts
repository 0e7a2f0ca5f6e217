import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import type { Bot } from '../bots/bot.entity';
import { isUuid } from '../common/http/ids';
import { parseTimeBound } from '../common/http/query-params';
import { Messages } from '../common/messages';
import { CaptureService } from '../ingest/capture.service';
import { ContactsRepository } from '../ingest/contacts.repository';
import { PaymentFact, PaymentRules, RefundFact } from '../ingest/facts';
import { IngestBusyError } from '../ingest/ingest-writer';
import { storableText } from '../ingest/postgres-text';
import type { PaymentObjectRow } from '../ingest/payments-statement';
import {
  PaymentDto,
  PaymentListDto,
  PaymentListQueryDto,
  RecordPaymentDto,
  RefundPaymentDto,
  toPaymentObject,
} from './payment.dto';
import { PaymentCursor, PaymentsQueries } from './payments.queries';

/** How far ahead of the server's clock a reported time may be: the integrator's clock may run a little fast. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** What an integrator reported of a payment, to tell a repeat of it from another payment with its charge id. */
interface Reported {
  userId: string;
  amount: number;
  currency: string;
  payload: string | null;
  /** Absent: not given, so any time matches (the first report's default was its own "now"). */
  paidAt?: Date;
}

/**
 * Payments an integrator reports on any platform (issue 26), and the payment list. Writes go through the ingest
 * (CaptureService), as captured payments do: one row per charge, the same events, the free cap's exemption.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly access: BotAccess,
    private readonly payments: PaymentsQueries,
    private readonly capture: CaptureService,
    private readonly contacts: ContactsRepository,
  ) {}

  /** `created` is false when the charge was recorded before with the same fields (the request repeated). */
  async record(
    principal: Principal,
    botId: string,
    body: RecordPaymentDto,
  ): Promise<{ created: boolean; payment: PaymentDto }> {
    const reported: Reported = {
      userId: body.user_id,
      amount: body.amount,
      currency: body.currency,
      // As stored: a lone surrogate (which UTF-8 cannot encode) becomes U+FFFD, so a repeat still matches.
      payload: body.payload == null ? null : storableText(body.payload),
      paidAt: instant(body.paid_at, Messages.badPaidAt),
    };
    const bot = await this.writableBot(principal, botId);
    const before = await this.payments.byCharge(bot.id, body.charge_id);
    if (before) return { created: false, payment: sameOrConflict(before, reported) };
    if ((await this.contacts.idOf(bot.id, reported.userId)) === null)
      throw new NotFoundException(Messages.contactNotFound);
    await this.write(bot, {
      kind: 'payment',
      externalUserId: reported.userId,
      profile: null,
      amount: reported.amount,
      currency: reported.currency,
      chargeId: body.charge_id,
      providerChargeId: null,
      payload: reported.payload,
      recurring: false,
      firstRecurring: false,
      subscriptionExpiresAt: null,
      at: reported.paidAt ?? new Date(),
      origin: 'api',
    });
    // Not there: its contact was erased meanwhile. Another payment there: a request with other fields came first.
    const stored = await this.payments.byCharge(bot.id, body.charge_id);
    if (!stored) throw new NotFoundException(Messages.contactNotFound);
    return { created: true, payment: sameOrConflict(stored, reported) };
  }

  /** Marks the payment refunded; one refunded already is answered as it is. */
  async refund(principal: Principal, botId: string, chargeId: string, body: RefundPaymentDto): Promise<PaymentDto> {
    const refundedAt = instant(body.refunded_at, Messages.badRefundedAt);
    const bot = await this.writableBot(principal, botId);
    const payment = PaymentRules.chargeId.test(chargeId) ? await this.payments.byCharge(bot.id, chargeId) : null;
    if (!payment) throw new NotFoundException(Messages.paymentNotFound);
    if (payment.refunded_at) return toPaymentObject(payment);
    if (refundedAt && refundedAt < payment.paid_at) throw new BadRequestException(Messages.badRefundedAt);
    await this.write(bot, {
      kind: 'refund',
      externalUserId: payment.user_id,
      chargeId,
      // Now, or its payment's time when that is a little ahead of this clock.
      at: refundedAt ?? new Date(Math.max(Date.now(), payment.paid_at.getTime())),
    });
    const refunded = await this.payments.byCharge(bot.id, chargeId);
    if (!refunded) throw new NotFoundException(Messages.paymentNotFound);
    return toPaymentObject(refunded);
  }

  async list(principal: Principal, botId: string, query: PaymentListQueryDto): Promise<PaymentListDto> {
    const before = query.before === undefined ? undefined : cursorOf(query.before);
    const bot = await this.access.require(principal, botId, 'read');
    const rows = await this.payments.page(bot.id, { userId: query.user_id, limit: query.limit, before });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      data: page.map(toPaymentObject),
      next_before: rows.length > query.limit ? `${last.paid_at.toISOString()}_${last.id}` : null,
    };
  }

  /** The caller may change the bot (an administrator's or the owner's key), and the bot records traffic. */
  private async writableBot(principal: Principal, botId: string): Promise<Bot> {
    const bot = await this.access.require(principal, botId, 'manage');
    if (!bot.active) throw new ForbiddenException(Messages.botDeactivated);
    return bot;
  }

  private async write(bot: Bot, fact: PaymentFact | RefundFact): Promise<void> {
    try {
      await this.capture.reported(bot, fact);
    } catch (error) {
      // The ingest's buffer is full of facts waiting for PostgreSQL: as when PostgreSQL is down, retry later.
      if (error instanceof IngestBusyError) throw new ServiceUnavailableException(Messages.unavailable);
      throw error;
    }
  }
}

/** The stored payment when it is the one reported (a repeated request), else 409. */
function sameOrConflict(stored: PaymentObjectRow, reported: Reported): PaymentDto {
  const same =
    stored.user_id === reported.userId &&
    stored.amount === reported.amount &&
    stored.currency === reported.currency &&
    stored.payload === reported.payload &&
    (reported.paidAt === undefined || stored.paid_at.getTime() === reported.paidAt.getTime());
  if (!same) throw new ConflictException(Messages.paymentConflict);
  return toPaymentObject(stored);
}

/** A reported time: ISO 8601, at most CLOCK_SKEW_MS ahead of now; null or absent is undefined. */
function instant(value: string | null | undefined, message: string): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const at = parseTimeBound(value)?.at;
  if (!at || at.getTime() > Date.now() + CLOCK_SKEW_MS) throw new BadRequestException(message);
  return at;
}

/** `before`: a page's `next_before` (`<paid_at ISO 8601>_<id>`) or a bare ISO 8601 time. */
function cursorOf(text: string): PaymentCursor {
  const split = text.lastIndexOf('_');
  const id = split === -1 ? undefined : text.slice(split + 1);
  const at = parseTimeBound(split === -1 ? text : text.slice(0, split))?.at;
  if (!at || (id !== undefined && !isUuid(id))) throw new BadRequestException(Messages.badBefore);
  return { paidAt: at, id: id?.toLowerCase() };
}
