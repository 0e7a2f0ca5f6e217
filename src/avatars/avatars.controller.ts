import { Controller, Get, Param, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentPrincipal } from '../auth/guards/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AvatarAccessGuard } from './avatar-access.guard';
import { AvatarsService } from './avatars.service';

@ApiTags('avatars')
@Controller('api/avatars')
export class AvatarsController {
  constructor(private readonly avatars: AvatarsService) {}

  @Get('contact/:botId/:externalUserId')
  @UseGuards(AvatarAccessGuard)
  @ApiBearerAuth('session')
  @ApiOperation({
    summary: "A contact's profile image, fetched through the platform and cached for 60 minutes",
    description:
      'Send the session bearer header, or use a signed link (`expires` and `signature`) that works without it.',
  })
  @ApiQuery({ name: 'expires', required: false, description: 'Signed link: expiry, Unix seconds' })
  @ApiQuery({ name: 'signature', required: false, description: 'Signed link: its signature' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/octet-stream')
  @ApiOkResponse({ description: 'The image bytes', schema: { type: 'string', format: 'binary' } })
  @ApiErrors(401, 404, 502)
  async contactAvatar(
    @CurrentPrincipal() principal: Principal | undefined,
    @Param('botId') botId: string,
    @Param('externalUserId') externalUserId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const avatar = principal
      ? await this.avatars.ofOwnedBot(principal, botId, externalUserId)
      : await this.avatars.ofLinkedBot(botId, externalUserId);
    // private: the image belongs to one signed-in user; browsers may keep it as long as the server does.
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return new StreamableFile(avatar.bytes, { type: avatar.contentType, length: avatar.bytes.length });
  }
}
