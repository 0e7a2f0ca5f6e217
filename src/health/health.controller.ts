import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Messages } from '../common/messages';
import { Lifecycle } from '../lifecycle/lifecycle';
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
    private readonly lifecycle: Lifecycle,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live(): HealthDto {
    return { ok: true };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: PostgreSQL and Redis answer, and the instance is not shutting down' })
  @ApiResponse({ status: 503, description: 'A dependency is down, or the instance is shutting down' })
  ready() {
    // From the first moment of a shutdown, so a load balancer stops sending before the listener closes.
    if (this.lifecycle.isStopping) throw new ServiceUnavailableException(Messages.shuttingDown);
    return this.health.check([() => this.database.pingCheck('postgres', { timeout: 3000 }), () => this.redisPing()]);
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
