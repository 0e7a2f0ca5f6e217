import type { ApiScope } from '../api-keys/api-key.entity';
import type { UserRole } from './entities/user.entity';

/** Who is calling: set on `request.user` by the session or the API-key strategy. */
export interface Principal {
  userId: string;
  email: string;
  role: UserRole;
  emailConfirmed: boolean;
  /** Present when signed in with a session. */
  sessionId?: string;
  /** Present when calling with an API key. */
  apiKeyId?: string;
  scopes?: ApiScope[];
}
