import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { actorOf, AuditLog } from '../audit/audit-log.service';
import type { Principal } from '../auth/principal';
import { SessionsRepository } from '../auth/sessions.repository';
import { UsersRepository } from '../auth/users.repository';
import { BotsRepository } from '../bots/bots.repository';
import { BroadcastStore } from '../broadcasts/broadcast-store';
import { announce, ChangeEvents } from '../common/changes';
import { isUuid } from '../common/http/ids';
import { Messages } from '../common/messages';
import { TeamsRepository } from '../auth/teams.repository';
import { WebhooksService } from '../webhooks/webhooks.service';

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
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly apiKeys: ApiKeysService,
    private readonly botRows: BotsRepository,
    private readonly webhooks: WebhooksService,
    private readonly members: TeamsRepository,
  ) {}

  async delete(admin: Principal, id: string): Promise<void> {
    if (id === admin.userId) throw new ConflictException(Messages.cannotDeleteSelf);
    const { botIds, detached, formerTeam } = await this.db.transaction(async (tx) => {
      const found = isUuid(id) ? await this.users.lockLive(tx, id) : null;
      if (!found) throw new NotFoundException(Messages.userNotFound);
      const user = { id: found.id, email: found.email };

      await this.users.markDeleted(tx, id);
      await this.sessions.removeOpenedBy(tx, id);
      await this.apiKeys.revokeAllOf(tx, id);

      const botIds = await this.botRows.deactivateAllOf(tx, id);
      await this.webhooks.deactivateAllOf(tx, id, botIds);
      await this.broadcasts.cancelUnfinishedOfBots(botIds, tx);

      // Its place in another team, its own team (members go back to their own accounts) and open invitations.
      const formerTeam = await this.members.removeMembershipOf(id, tx);
      const detached = await this.members.removeMembersOf(tx, id);
      await this.members.removePendingInvitesOf(tx, id);

      await this.audit.record(
        { action: 'delete_user', actor: actorOf(admin), target: user, details: { bots: botIds.length } },
        tx,
      );
      return { botIds, detached, formerTeam };
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
