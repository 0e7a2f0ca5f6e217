import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal';
import { BotAccess } from '../bots/bot-access';
import { FunnelConfigService } from './funnel-config.service';
import { FunnelReportQueries } from './funnel-report.queries';
import type { FunnelResultDto, FunnelStageDto } from './funnel.dto';

/** The funnel routes on the caller's account's bot: its stages and its result. */
@Injectable()
export class FunnelsService {
  constructor(
    private readonly access: BotAccess,
    private readonly config: FunnelConfigService,
    private readonly report: FunnelReportQueries,
  ) {}

  async stages(principal: Principal, botId: string): Promise<FunnelStageDto[]> {
    return this.config.get((await this.access.require(principal, botId, 'read')).id);
  }

  async replaceStages(principal: Principal, botId: string, body: unknown): Promise<FunnelStageDto[]> {
    return this.config.replace((await this.access.require(principal, botId, 'manage')).id, body);
  }

  async result(principal: Principal, botId: string, source: string | null): Promise<FunnelResultDto> {
    return this.report.result((await this.access.require(principal, botId, 'read')).id, source);
  }
}
