import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { Bot } from '../bots/bot.entity';
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
  imports: [TypeOrmModule.forFeature([Bot]), AuthModule, BotsModule],
  controllers: [AvatarsController],
  providers: [AvatarsService, AvatarCache, AvatarLinks, AvatarAccessGuard, PlatformAvatars, ContactAvatarUrls],
  exports: [ContactAvatarUrls],
})
export class AvatarsModule {}
