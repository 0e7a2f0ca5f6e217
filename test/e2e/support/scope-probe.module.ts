import { Controller, Module, Post } from '@nestjs/common';
import { ApiKeysModule } from '../../../src/api-keys/api-keys.module';
import { RequireScope } from '../../../src/auth/guards/require-scope.decorator';

/**
 * A write-scoped route for the tests of the authentication table, while the open API's own write
 * endpoints (send, broadcast) arrive with a later capability. It uses the real guard and decorator.
 */
@Controller('api/v1/test-probe')
class ScopeProbeController {
  @Post('write')
  @RequireScope('write')
  write() {
    return { ok: true };
  }
}

@Module({ imports: [ApiKeysModule], controllers: [ScopeProbeController] })
export class ScopeProbeModule {}
