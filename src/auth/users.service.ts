import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, QueryFailedError, Repository } from 'typeorm';
import { Messages } from '../common/messages';
import { User, UserRole } from './entities/user.entity';

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION;
}

/** Live (not deleted) accounts. */
@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id, deletedAt: IsNull() });
  }

  /** Also a deleted account (an impersonator or actor named in history). */
  findAnyById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email) AND u.deleted_at IS NULL', { email })
      .getOne();
  }

  async create(fields: { email: string; passwordHash: string; role?: UserRole; confirmed?: boolean }): Promise<User> {
    try {
      return await this.users.save(
        this.users.create({
          email: fields.email,
          passwordHash: fields.passwordHash,
          role: fields.role ?? 'user',
          tariff: 'free',
          emailConfirmedAt: fields.confirmed ? new Date() : null,
          deletedAt: null,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(Messages.emailTaken);
      throw error;
    }
  }

  async markConfirmed(user: User): Promise<User> {
    if (user.emailConfirmedAt) return user;
    user.emailConfirmedAt = new Date();
    return this.users.save(user);
  }

  async setRole(user: User, role: UserRole): Promise<User> {
    user.role = role;
    return this.users.save(user);
  }
}
