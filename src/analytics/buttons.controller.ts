import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ButtonsDto, ButtonsQueryDto, pressWindow } from './buttons.dto';
import { ReportsService } from './reports.service';

/** The cabinet's buttons report: the same answer as the open API's. */
@ApiTags('buttons')
@Controller('api/bots/:id/buttons')
@SessionAuth()
export class ButtonsController {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @ApiOperation({ summary: 'Button presses per callback data value within a time window, most pressed first' })
  @ApiOkResponse({ type: ButtonsDto })
  @ApiErrors(400, 404)
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: ButtonsQueryDto,
  ): Promise<ButtonsDto> {
    return this.reports.buttons(principal, id, pressWindow(query));
  }
}
