import { AuthModule } from '../auth/auth.module';
import { TeamsDataModule } from '../teams/teams-data.module';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKey } from './api-key.entity';
import { ApiKeyStrategy } from './api-key.strategy';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { TeamApiKeysController } from './team-api-keys.controller';
import { ApiKeyGuard, ScopeGuard } from './require-scope.decorator';

/** API keys and the open API's guard: a module with `@RequireScope` routes imports this one for its guards. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey]), PassportModule, AuthModule, TeamsDataModule],
  controllers: [ApiKeysController, TeamApiKeysController],
  providers: [ApiKeysService, ApiKeyAuthenticator, ApiKeyStrategy, ApiKeyGuard, ScopeGuard],
  exports: [ApiKeyGuard, ScopeGuard, ApiKeysService],
})
export class ApiKeysModule {}
