import { ConflictException, Injectable } from '@nestjs/common';
import { Messages } from '../common/messages';
import { isUniqueViolation } from '../database/database-errors';
import { User, UserRole } from './entities/user.entity';
import { UsersRepository } from './users.repository';

/** Live (not deleted) accounts. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findById(id: string): Promise<User | null> {
    return this.users.findLive(id);
  }

  /** Also a deleted account (an impersonator or actor named in history). */
  findAnyById(id: string): Promise<User | null> {
    return this.users.findAny(id);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findLiveByEmail(email);
  }

  async create(fields: { email: string; passwordHash: string; role?: UserRole; confirmed?: boolean }): Promise<User> {
    try {
      return await this.users.insert({
        email: fields.email,
        passwordHash: fields.passwordHash,
        role: fields.role ?? 'user',
        tariff: 'free',
        emailConfirmedAt: fields.confirmed ? new Date() : null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(Messages.emailTaken);
      throw error;
    }
  }

  async markConfirmed(user: User): Promise<User> {
    if (user.emailConfirmedAt) return user;
    const confirmedAt = new Date();
    await this.users.markConfirmed(user.id, confirmedAt);
    return { ...user, emailConfirmedAt: confirmedAt };
  }
}
