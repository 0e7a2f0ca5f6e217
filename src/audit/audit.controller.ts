import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SessionAuth } from '../auth/guards/session-auth.decorator';
import { AdminPageQueryDto } from '../common/http/page-query.dto';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AuditListDto } from './audit.dto';
import { AuditLog } from './audit-log.service';

@ApiTags('admin')
@Controller('api/admin/audit')
@SessionAuth({ role: 'admin' })
export class AuditController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  @ApiOperation({
    summary: 'What admins did (sign in as, role and tariff changes, deletions, support replies), newest first',
  })
  @ApiOkResponse({ type: AuditListDto })
  @ApiErrors(400)
  async list(@Query() query: AdminPageQueryDto): Promise<AuditListDto> {
    return { ...(await this.audit.page(query.limit, query.offset)), limit: query.limit, offset: query.offset };
  }
}
