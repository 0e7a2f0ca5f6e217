import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { RedisClient } from '../queue/redis';
import { HealthDto } from './health.dto';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly redis: RedisClient,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live(): HealthDto {
    return { ok: true };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: PostgreSQL and Redis answer' })
  @ApiResponse({ status: 503, description: 'A dependency is down' })
  ready() {
    return this.health.check([
      () => this.database.pingCheck('postgres', { timeout: 3000 }),
      () => this.redisPing(),
    ]);
  }

  private async redisPing() {
    const indicator = this.indicators.check('redis');
    try {
      await this.redis.ping();
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: error instanceof Error ? error.message : 'unreachable' });
    }
  }
}
