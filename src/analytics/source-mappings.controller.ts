import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { SourceMappingDto, SourceMappingInputDto, SourceMappingListDto } from './source.dto';
import { MAX_SOURCE_MAPPINGS, SourceMappingsPipe } from './source-mappings.pipe';
import { SourceMappingsService } from './source-mappings.service';

@ApiTags('sources')
@Controller('api/bots/:id/sources/mappings')
@SessionAuth()
export class SourceMappingsController {
  constructor(private readonly mappings: SourceMappingsService) {}

  @Get()
  @ApiOperation({ summary: "The bot's source mappings" })
  @ApiOkResponse({ type: SourceMappingListDto })
  @ApiErrors(404)
  async list(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SourceMappingListDto> {
    return { data: await this.mappings.list(principal, id) };
  }

  @Put()
  @ApiOperation({
    summary:
      `Replace all of the bot's source mappings (at most ${MAX_SOURCE_MAPPINGS}, raw values unique); ` +
      'the body is the array itself or `{ data: [...] }`. Reports regroup their whole history at once.',
  })
  @ApiBody({ type: SourceMappingInputDto, isArray: true })
  @ApiOkResponse({ type: SourceMappingListDto })
  @ApiErrors(400, 404)
  async replace(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body(SourceMappingsPipe) mappings: SourceMappingDto[],
  ): Promise<SourceMappingListDto> {
    return { data: await this.mappings.replace(principal, id, mappings) };
  }
}
