import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { safeEqual, sixDigitCode } from '../common/crypto/random';
import { SecretBox } from '../common/crypto/secret-box';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/** Six-digit confirmation codes: stored as keyed hashes, valid 15 minutes, 5 tries. */
@Injectable()
export class EmailCodesService {
  private readonly box: SecretBox;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.tokenEncryptionKey);
  }

  /** Issues a new code for the user, replacing any earlier one, and returns it for mailing. */
  async issue(userId: string): Promise<string> {
    const code = sixDigitCode();
    await this.dataSource.query(
      `INSERT INTO email_codes (user_id, code_hash, attempts, expires_at)
       VALUES ($1, $2, 0, now() + make_interval(secs => $3))
       ON CONFLICT (user_id) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = now()`,
      [userId, this.hash(userId, code), CODE_TTL_MS / 1000],
    );
    return code;
  }

  /**
   * Spends one try and tells whether the code is right. The try is counted in the same statement
   * that reads the hash, so concurrent guesses cannot exceed the limit. A right code is consumed.
   */
  async consume(userId: string, code: string): Promise<boolean> {
    const rows: Array<{ code_hash: string }> = await this.dataSource.query(
      // Wrapped in a SELECT: TypeORM returns [rows, count] for a bare UPDATE … RETURNING.
      `WITH spent AS (
         UPDATE email_codes SET attempts = attempts + 1
         WHERE user_id = $1 AND attempts < $2 AND expires_at > now()
         RETURNING code_hash)
       SELECT code_hash FROM spent`,
      [userId, CODE_MAX_ATTEMPTS],
    );
    if (rows.length === 0 || !safeEqual(rows[0].code_hash, this.hash(userId, code))) return false;
    await this.dataSource.query(`DELETE FROM email_codes WHERE user_id = $1`, [userId]);
    return true;
  }

  private hash(userId: string, code: string): string {
    return this.box.lookupHash('email-code', userId, code);
  }
}
