import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { AvatarAccessGuard } from './avatar-access.guard';
import { AvatarCache } from './avatar-cache';
import { AvatarLinks } from './avatar-links';
import { AvatarsController } from './avatars.controller';
import { AvatarsService } from './avatars.service';
import { ContactAvatarUrls } from './contact-avatar-urls';
import { PlatformAvatars } from './platform-avatars';

/** Contacts' profile images through the platforms, cached (contract §3). ContactAvatarUrls gives other modules the signed `<img>` links. */
@Module({
  imports: [AuthModule, BotsModule],
  controllers: [AvatarsController],
  providers: [AvatarsService, AvatarCache, AvatarLinks, AvatarAccessGuard, PlatformAvatars, ContactAvatarUrls],
  exports: [ContactAvatarUrls],
})
export class AvatarsModule {}
