import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { PasswordHasher } from './password-hasher';
import { UsersService } from './users.service';

/** Creates the ADMIN_EMAIL account (confirmed, role admin) at start when it does not exist yet. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail, adminPassword } = this.config;
    if (!adminEmail || !adminPassword || (await this.users.findByEmail(adminEmail))) return;
    try {
      await this.users.create({
        email: adminEmail,
        passwordHash: await this.passwords.hash(adminPassword),
        role: 'admin',
        confirmed: true,
      });
      this.logger.log(`Created the admin account ${adminEmail}`);
    } catch (error) {
      // Another instance starting at the same moment may have created it first.
      if (!(await this.users.findByEmail(adminEmail))) throw error;
    }
  }
}
