import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BotsRepository } from '../bots/bots.repository';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { SourceMappingDto } from './source.dto';

/** The bot's source mappings (raw value → normalised source and campaign), read by the sources report. */
@Injectable()
export class SourceMappingsService {
  constructor(
    private readonly db: DataSource,
    private readonly bots: BotsRepository,
    private readonly access: BotAccess,
  ) {}

  async list(principal: Principal, botId: string): Promise<SourceMappingDto[]> {
    return this.rows((await this.access.require(principal, botId, 'read')).id);
  }

  private rows(botId: string): Promise<SourceMappingDto[]> {
    return this.db.query<SourceMappingDto[]>(
      `SELECT raw, source_value, campaign_name FROM source_mappings WHERE bot_id = $1 ORDER BY raw COLLATE "C"`,
      [botId],
    );
  }

  /** Replaces all of the bot's mappings at once; concurrent replacements of one bot run one after the other. */
  async replace(principal: Principal, id: string, mappings: SourceMappingDto[]): Promise<SourceMappingDto[]> {
    const botId = (await this.access.require(principal, id, 'manage')).id;
    await this.db.transaction(async (tx) => {
      // Concurrent replacements of one bot run one after the other.
      await this.bots.lockSettings(tx, botId);
      await tx.query(`DELETE FROM source_mappings WHERE bot_id = $1`, [botId]);
      await tx.query(
        `INSERT INTO source_mappings (bot_id, raw, source_value, campaign_name)
         SELECT $1, raw, source_value, campaign_name
           FROM unnest($2::text[], $3::text[], $4::text[]) AS m(raw, source_value, campaign_name)`,
        [botId, mappings.map((m) => m.raw), mappings.map((m) => m.source_value), mappings.map((m) => m.campaign_name)],
      );
    });
    return this.rows(botId);
  }
}
