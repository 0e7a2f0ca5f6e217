import { BadRequestException, ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Messages } from '../common/messages';
import { MailService } from '../mail/mail.service';
import { ConfirmDto, CredentialsDto, RegisteredDto, SessionDto } from './dto/auth.dto';
import { EmailCodesService } from './email-codes.service';
import { User } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';
import { SessionsService } from './sessions.service';
import { presentUser } from './user.presenter';
import { UsersService } from './users.service';

/** Registration with a mailed code, confirmation, sign-in and sign-out (contract §3). */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordHasher,
    private readonly codes: EmailCodesService,
    private readonly sessions: SessionsService,
    private readonly mail: MailService,
  ) {}

  async register({ email, password }: CredentialsDto): Promise<RegisteredDto> {
    if (await this.users.findByEmail(email)) throw new ConflictException(Messages.emailTaken);
    const user = await this.users.create({ email, passwordHash: await this.passwords.hash(password) });
    await this.mailCode(user);
    return { user: presentUser(user) };
  }

  async confirm({ email, code }: ConfirmDto): Promise<SessionDto> {
    const user = await this.users.findByEmail(email);
    if (!user || !(await this.codes.consume(user.id, code))) throw new BadRequestException(Messages.badCode);
    return this.signIn(await this.users.markConfirmed(user));
  }

  /** Always succeeds from the caller's view, so it cannot tell which addresses have accounts. */
  async resend({ email }: { email: string }): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (user && !user.emailConfirmedAt) await this.mailCode(user);
  }

  async login({ email, password }: CredentialsDto): Promise<SessionDto> {
    const user = await this.users.findByEmail(email);
    if (!(await this.passwords.verify(user?.passwordHash ?? null, password)) || !user) {
      throw new UnauthorizedException(Messages.badCredentials);
    }
    return this.signIn(user);
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.close(sessionId);
  }

  private async signIn(user: User): Promise<SessionDto> {
    const { token, expiresAt } = await this.sessions.open(user.id);
    return { token, expires_at: expiresAt, user: presentUser(user) };
  }

  private async mailCode(user: User): Promise<void> {
    await this.mail.sendConfirmationCode(user.email, await this.codes.issue(user.id));
  }
}
