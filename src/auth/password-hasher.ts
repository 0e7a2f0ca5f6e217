import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** argon2id, the memory-hard KDF recommended by OWASP for passwords, at the configured cost (PASSWORD_HASH_*). */
@Injectable()
export class PasswordHasher {
  private readonly options: argon2.HashOptions;
  // Verifying against this when the account does not exist keeps login time the same either way.
  private readonly decoy: Promise<string>;

  constructor(@Inject(APP_CONFIG) { passwordHashing }: AppConfig) {
    this.options = {
      type: argon2.argon2id,
      memoryCost: passwordHashing.memoryKib,
      timeCost: passwordHashing.passes,
      parallelism: passwordHashing.lanes,
    };
    this.decoy = argon2.hash('botlens-decoy-password', this.options);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    try {
      const ok = await argon2.verify(hash ?? (await this.decoy), password);
      return hash !== null && ok;
    } catch {
      return false;
    }
  }
}
