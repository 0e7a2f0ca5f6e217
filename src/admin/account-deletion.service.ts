import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { actorOf, AuditLog } from '../audit/audit-log.service';
import type { Principal } from '../auth/principal';
import { BroadcastStore } from '../broadcasts/broadcast-store';
import { announce, ChangeEvents } from '../common/changes';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';

/** TypeORM answers an UPDATE or DELETE … RETURNING with the rows and the affected count. */
type Modified<T> = [T[], number];

/**
 * Account deletion by an admin (spec: "User and team"). Everything that lets the account act stops in
 * one transaction; its history stays until the final cleanup (CleanupService) removes it.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly db: DataSource,
    private readonly broadcasts: BroadcastStore,
    private readonly audit: AuditLog,
    private readonly events: EventEmitter2,
  ) {}

  async delete(admin: Principal, id: string): Promise<void> {
    if (id === admin.userId) throw new ConflictException(Messages.cannotDeleteSelf);
    const { botIds, detached, formerTeam } = await this.db.transaction(async (tx) => {
      const [user] = isUuid(id)
        ? await tx.query<Array<{ id: string; email: string }>>(
            `SELECT id, email FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
            [id],
          )
        : [];
      if (!user) throw new NotFoundException(Messages.userNotFound);

      // The address is free at once: the unique index on addresses covers live accounts only.
      await tx.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [id]);
      // Its own sessions, and those it opened as others if it was an admin.
      await tx.query(`DELETE FROM sessions WHERE user_id = $1 OR impersonated_by = $1`, [id]);
      await tx.query(`UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [id]);

      // deleted_at stays null: the mirror keeps knowing the bots and answers them 403 "deactivated".
      const [bots] = await tx.query<Modified<{ id: string }>>(
        `UPDATE bots SET active = false, updated_at = now() WHERE user_id = $1 AND deleted_at IS NULL RETURNING id`,
        [id],
      );
      const botIds = bots.map((bot) => bot.id);
      await tx.query(
        `UPDATE webhook_subscriptions SET active = false, updated_at = now() WHERE (user_id = $1 OR bot_id = ANY($2::uuid[])) AND active`,
        [id, botIds],
      );
      await this.broadcasts.cancelUnfinishedOfBots(botIds, tx);

      // Its place in another team, its own team (members go back to their own accounts) and open invitations.
      const [[membership]] = await tx.query<Modified<{ account_id: string }>>(
        `DELETE FROM team_members WHERE user_id = $1 RETURNING account_id`,
        [id],
      );
      const [members] = await tx.query<Modified<{ user_id: string }>>(
        `DELETE FROM team_members WHERE account_id = $1 RETURNING user_id`,
        [id],
      );
      await tx.query(`DELETE FROM team_invites WHERE account_id = $1 AND accepted_at IS NULL`, [id]);

      await this.audit.record(
        { action: 'delete_user', actor: actorOf(admin), target: user, details: { bots: botIds.length } },
        tx,
      );
      return { botIds, detached: members.map((member) => member.user_id), formerTeam: membership?.account_id ?? null };
    });

    // Caches learn of it after commit: the mirror answers the bots' next calls with the error at once.
    for (const botId of botIds) announce(this.events, { type: ChangeEvents.botChanged, botId });
    announce(this.events, { type: ChangeEvents.accountDeleted, accountId: id, formerTeamId: formerTeam });
    // Its former members work on their own accounts from now (live sockets and subscription caches follow).
    for (const userId of detached) {
      const change = { userId, accountId: userId, teamRole: 'owner', previousAccountId: id } as const;
      announce(this.events, { type: ChangeEvents.teamMembershipChanged, ...change });
    }
  }
}
