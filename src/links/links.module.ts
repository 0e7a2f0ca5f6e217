import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BotsModule } from '../bots/bots.module';
import { ClickWriter } from './click-writer';
import { LinkClicks } from './link-clicks';
import { LinkDirectory } from './link-directory';
import { LinkRedirect } from './link-redirect';
import { LinkTokens } from './link-tokens';
import { LinksV1Controller } from './links-v1.controller';
import { LinksController } from './links.controller';
import { LinksRepository } from './links.repository';
import { LinksService } from './links.service';
import { TrackedLinks } from './tracked-links';

/**
 * Tracked links (issue 28): short links `/l/<code>` that redirect and count clicks (the redirect is a raw route,
 * src/mount-raw-routes.ts), per-contact links, click reports. Broadcasts make their links with TrackedLinks;
 * contacts read a contact's clicks and erasure erases them through LinkClicks.
 */
@Module({
  imports: [AuthModule, BotsModule],
  controllers: [LinksV1Controller, LinksController],
  providers: [
    LinksRepository,
    LinkClicks,
    ClickWriter,
    LinkDirectory,
    LinkTokens,
    LinkRedirect,
    TrackedLinks,
    LinksService,
  ],
  exports: [TrackedLinks, LinkClicks, LinkRedirect],
})
export class LinksModule {}
