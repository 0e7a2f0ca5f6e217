import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { modifiedRows, Queryable, selectOne, selectRows } from '../database/sql';
import type { MemberRole, TeamRole } from './principal';

/** A person of an account's team: the owner, or a member with the role they were given. */
export interface TeamMember {
  user_id: string;
  email: string;
  role: TeamRole;
  /** When they joined (the account's creation for the owner). */
  joined_at: Date;
}

/** A pending invitation to an account's team. */
export interface TeamInvite {
  id: string;
  email: string;
  role: MemberRole;
  expires_at: Date;
  created_at: Date;
}

export interface InviteRow {
  id: string;
  account_id: string;
  email: string;
  role: MemberRole;
}

const MEMBER_COLUMNS = `tm.user_id, u.email, tm.role, tm.created_at AS joined_at`;
const INVITE_COLUMNS = `id, email, role, expires_at, created_at`;

/**
 * `team_members` (one team per user) and `team_invites` (single-use, stored hashed): who belongs to which account,
 * which every principal is read with. The teams feature (src/teams) manages them; billing counts seats, API keys
 * and account deletion ask them.
 */
@Injectable()
export class TeamsRepository {
  constructor(private readonly db: DataSource) {}

  membersOf(accountId: string): Promise<TeamMember[]> {
    return selectRows(
      this.db,
      `SELECT ${MEMBER_COLUMNS} FROM team_members tm JOIN users u ON u.id = tm.user_id
        WHERE tm.account_id = $1 ORDER BY tm.created_at, tm.user_id`,
      [accountId],
    );
  }

  /** The addresses to tell of a bot's alerts (issue 27): the account's owner and its team's administrators. */
  async ownerAndAdministrators(accountId: string): Promise<string[]> {
    const rows = await selectRows<{ email: string }>(
      this.db,
      `SELECT email FROM users WHERE id = $1 AND deleted_at IS NULL
       UNION
       SELECT u.email FROM team_members tm JOIN users u ON u.id = tm.user_id
        WHERE tm.account_id = $1 AND tm.role = 'administrator'`,
      [accountId],
    );
    return rows.map((r) => r.email);
  }

  /** The account's owner and its members, with their addresses. */
  peopleOf(accountId: string): Promise<Array<{ user_id: string; email: string }>> {
    return selectRows(
      this.db,
      `SELECT id AS user_id, email FROM users WHERE id = $1
       UNION ALL
       SELECT u.id, u.email FROM team_members tm JOIN users u ON u.id = tm.user_id WHERE tm.account_id = $1`,
      [accountId],
    );
  }

  async isMember(userId: string, accountId: string): Promise<boolean> {
    return (
      (await selectOne(this.db, `SELECT 1 FROM team_members WHERE user_id = $1 AND account_id = $2`, [
        userId,
        accountId,
      ])) !== null
    );
  }

  async isMemberByEmail(tx: Queryable, accountId: string, email: string): Promise<boolean> {
    const row = await selectOne(
      tx,
      `SELECT 1 FROM team_members tm JOIN users u ON u.id = tm.user_id WHERE tm.account_id = $1 AND lower(u.email) = $2`,
      [accountId, email],
    );
    return row !== null;
  }

  async memberCount(tx: Queryable, accountId: string): Promise<number> {
    const row = await selectOne<{ members: number }>(
      tx,
      `SELECT count(*)::int AS members FROM team_members WHERE account_id = $1`,
      [accountId],
    );
    return row!.members;
  }

  /** Whether the user is in a team, and whether their own account has members. */
  async membershipOf(tx: Queryable, userId: string): Promise<{ inTeam: boolean; hasMembers: boolean }> {
    const row = await selectOne<{ in_team: boolean; has_members: boolean }>(
      tx,
      `SELECT EXISTS (SELECT 1 FROM team_members WHERE user_id = $1) AS in_team,
              EXISTS (SELECT 1 FROM team_members WHERE account_id = $1) AS has_members`,
      [userId],
    );
    return { inTeam: row!.in_team, hasMembers: row!.has_members };
  }

  /** Adds the member unless the user is already in a team (a concurrent acceptance won); answers whether it did. */
  async addMember(tx: Queryable, accountId: string, userId: string, role: MemberRole): Promise<boolean> {
    const rows = await selectRows(
      tx,
      `INSERT INTO team_members (account_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING 1`,
      [accountId, userId, role],
    );
    return rows.length > 0;
  }

  async setRole(accountId: string, userId: string | null, role: MemberRole): Promise<TeamMember | null> {
    const [row] = await modifiedRows<TeamMember>(
      this.db,
      `UPDATE team_members tm SET role = $3 FROM users u
        WHERE tm.account_id = $1 AND tm.user_id = $2 AND u.id = tm.user_id
        RETURNING ${MEMBER_COLUMNS}`,
      [accountId, userId, role],
    );
    return row ?? null;
  }

  async remove(accountId: string, userId: string | null): Promise<boolean> {
    const rows = await modifiedRows(
      this.db,
      `DELETE FROM team_members WHERE account_id = $1 AND user_id = $2 RETURNING 1`,
      [accountId, userId],
    );
    return rows.length > 0;
  }

  /** Takes the user out of their team; answers the account they were in, or null. */
  async removeMembershipOf(userId: string, tx: Queryable = this.db): Promise<string | null> {
    const [row] = await modifiedRows<{ account_id: string }>(
      tx,
      `DELETE FROM team_members WHERE user_id = $1 RETURNING account_id`,
      [userId],
    );
    return row?.account_id ?? null;
  }

  /** Empties the account's team; answers the former members. */
  async removeMembersOf(tx: Queryable, accountId: string): Promise<string[]> {
    const rows = await modifiedRows<{ user_id: string }>(
      tx,
      `DELETE FROM team_members WHERE account_id = $1 RETURNING user_id`,
      [accountId],
    );
    return rows.map((row) => row.user_id);
  }

  pendingInvites(accountId: string): Promise<TeamInvite[]> {
    return selectRows(
      this.db,
      `SELECT ${INVITE_COLUMNS} FROM team_invites
        WHERE account_id = $1 AND accepted_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id`,
      [accountId],
    );
  }

  /** Owner, members and pending invitations of the account. */
  async seatsTaken(tx: Queryable, accountId: string): Promise<number> {
    const row = await selectOne<{ people: string }>(
      tx,
      `SELECT 1 + (SELECT count(*) FROM team_members WHERE account_id = $1)
                + (SELECT count(*) FROM team_invites WHERE account_id = $1 AND accepted_at IS NULL AND expires_at > now()) AS people`,
      [accountId],
    );
    return Number(row!.people);
  }

  async addInvite(
    tx: Queryable,
    invite: { accountId: string; email: string; role: MemberRole; tokenHash: string; expiresAt: Date },
  ): Promise<TeamInvite> {
    const [row] = await selectRows<TeamInvite>(
      tx,
      `INSERT INTO team_invites (account_id, email, role, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${INVITE_COLUMNS}`,
      [invite.accountId, invite.email, invite.role, invite.tokenHash, invite.expiresAt],
    );
    return row;
  }

  /** The account a token invites to, whatever the invitation's state. */
  async accountOfInvite(tx: Queryable, tokenHash: string): Promise<string | null> {
    const row = await selectOne<{ account_id: string }>(
      tx,
      `SELECT account_id FROM team_invites WHERE token_hash = $1`,
      [tokenHash],
    );
    return row?.account_id ?? null;
  }

  /** Locks the token's invitation if it can still be accepted. */
  lockPendingInvite(tx: Queryable, tokenHash: string): Promise<InviteRow | null> {
    return selectOne<InviteRow>(
      tx,
      `SELECT id, account_id, email, role FROM team_invites
        WHERE token_hash = $1 AND accepted_at IS NULL AND expires_at > now() FOR UPDATE`,
      [tokenHash],
    );
  }

  async markInviteAccepted(tx: Queryable, inviteId: string, userId: string): Promise<void> {
    await tx.query(`UPDATE team_invites SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [inviteId, userId]);
  }

  async removePendingInvite(tx: Queryable, accountId: string, email: string): Promise<void> {
    await tx.query(`DELETE FROM team_invites WHERE account_id = $1 AND email = $2 AND accepted_at IS NULL`, [
      accountId,
      email,
    ]);
  }

  async removePendingInvitesOf(tx: Queryable, accountId: string): Promise<void> {
    await tx.query(`DELETE FROM team_invites WHERE account_id = $1 AND accepted_at IS NULL`, [accountId]);
  }

  async cancelInvite(accountId: string, inviteId: string | null): Promise<boolean> {
    const rows = await modifiedRows(
      this.db,
      `DELETE FROM team_invites WHERE id = $1 AND account_id = $2 AND accepted_at IS NULL RETURNING 1`,
      [inviteId, accountId],
    );
    return rows.length > 0;
  }
}
