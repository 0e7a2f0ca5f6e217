import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { BotsRepository } from '../../bots/bots.repository';
import { announce, ChangeEvents } from '../../common/changes';

/** A state already written is written again only after this long (keeps last_forward_at roughly fresh). */
const REWRITE_AFTER_MS = 30_000;

/**
 * Keeps `last_forward_error` / `last_forward_at` on the bot row. Writes only when the outcome
 * changes (success ↔ a different error) or the last write is older than 30 s, so a healthy target
 * costs no database write per update and a dead one cannot flood the database either.
 */
@Injectable()
export class ForwardStatusRecorder {
  private readonly logger = new Logger('ForwardStatus');
  private readonly written = new Map<string, { error: string | null; at: number }>();

  constructor(
    private readonly bots: BotsRepository,
    private readonly events: EventEmitter2,
  ) {}

  /** `error` null records a successful forward. */
  async record(botId: string, error: string | null): Promise<void> {
    const last = this.written.get(botId);
    if (last && last.error === error && Date.now() - last.at < REWRITE_AFTER_MS) return;
    this.written.set(botId, { error, at: Date.now() });
    try {
      await this.bots.setForwardStatus(botId, error, new Date());
      announce(this.events, { type: ChangeEvents.botChanged, botId });
    } catch (failure) {
      this.written.delete(botId);
      this.logger.warn(
        `Recording the forward status failed: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    }
  }
}
