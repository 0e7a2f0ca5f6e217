import { AuthModule } from '../auth/auth.module';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ApiKey } from './api-key.entity';
import { ApiKeyStrategy } from './api-key.strategy';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { TeamApiKeysController } from './team-api-keys.controller';

/** API keys: their CRUD, and the strategy that checks one for `@RequireScope` (src/auth/guards) on every open-API call. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey]), PassportModule, AuthModule],
  controllers: [ApiKeysController, TeamApiKeysController],
  providers: [ApiKeysService, ApiKeyAuthenticator, ApiKeyStrategy],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
