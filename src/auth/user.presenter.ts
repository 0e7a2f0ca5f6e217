import { UserDto } from './dto/auth.dto';
import { User } from './entities/user.entity';

export function presentUser(user: User): UserDto {
  return {
    id: user.id,
    email: user.email,
    email_confirmed: user.emailConfirmedAt !== null,
    role: user.role,
    tariff: user.tariff,
    created_at: user.createdAt,
  };
}
