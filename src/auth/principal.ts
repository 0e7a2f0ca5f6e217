import type { UserRole } from './entities/user.entity';

/** A person's place in an account: the owner, or a member invited with a role (spec: "User and team"). */
export type TeamRole = 'owner' | 'administrator' | 'observer';
/** The role a member is invited with: every team role but the owner's. */
export type MemberRole = Exclude<TeamRole, 'owner'>;

/** What an API key may do: `read`, or also `write` (within its holder's team role). */
export type ApiScope = 'read' | 'write';
export const API_SCOPES: readonly ApiScope[] = ['read', 'write'];

/** Who is calling: set on `request.user` by the session or the API-key strategy. */
export interface Principal {
  userId: string;
  email: string;
  role: UserRole;
  emailConfirmed: boolean;
  /**
   * The account whose bots, dialogs, broadcasts and analytics the caller works on: the team they
   * belong to, else their own.
   */
  accountId: string;
  teamRole: TeamRole;
  /** Present when signed in with a session. */
  sessionId?: string;
  /** The admin who opened this session as the user ("sign in as"), else null. */
  impersonatedBy?: string | null;
  /** Present when calling with an API key. */
  apiKeyId?: string;
  scopes?: ApiScope[];
}

/** The columns every principal query selects, joined as `u` (users) and `tm` (team_members). */
export const PRINCIPAL_COLUMNS = `u.id AS user_id, u.email, u.role, u.email_confirmed_at, tm.account_id, tm.role AS team_role`;
export const PRINCIPAL_TEAM_JOIN = `LEFT JOIN team_members tm ON tm.user_id = u.id`;

export interface PrincipalRow {
  user_id: string;
  email: string;
  role: UserRole;
  email_confirmed_at: Date | null;
  account_id: string | null;
  team_role: MemberRole | null;
}

export function principalOf(row: PrincipalRow): Principal {
  return {
    userId: row.user_id,
    email: row.email,
    role: row.role,
    emailConfirmed: row.email_confirmed_at !== null,
    accountId: row.account_id ?? row.user_id,
    teamRole: row.team_role ?? 'owner',
  };
}

const RANK: Record<TeamRole, number> = { observer: 1, administrator: 2, owner: 3 };

/** Whether `role` carries at least the rights of `needed`. */
export function teamRoleAtLeast(role: TeamRole, needed: TeamRole): boolean {
  return RANK[role] >= RANK[needed];
}
