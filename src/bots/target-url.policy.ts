import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { resolvesToPublicAddresses } from '../common/net/public-address';
import { Messages } from '../common/messages';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** A target_url must not lead into the service's own network unless ALLOW_PRIVATE_WEBHOOK_TARGETS says so. */
@Injectable()
export class TargetUrlPolicy {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async assertAllowed(targetUrl: string): Promise<void> {
    if (targetUrl === 'polling' || this.config.allowPrivateWebhookTargets) return;
    if (!(await resolvesToPublicAddresses(targetUrl))) throw new BadRequestException(Messages.privateTarget);
  }
}
