import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireScope } from '../auth/guards/require-scope.decorator';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { ButtonsDto, ButtonsQueryDto, pressWindow } from './buttons.dto';
import { ReportsService } from './reports.service';

@ApiTags('open-api')
@Controller('api/v1/bots/:id/buttons')
export class ButtonsV1Controller {
  constructor(private readonly reports: ReportsService) {}

  @Get()
  @RequireScope('read')
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
