/** Emitted on the app's event bus when a user's team changes (joined, removed, left, role changed). */
export const TEAM_MEMBERSHIP_CHANGED = 'team.membership_changed';

export interface TeamMembershipChanged {
  userId: string;
  /** The account the user works on from now: the team's, or their own. */
  accountId: string;
  teamRole: 'owner' | 'administrator' | 'observer';
  /** The account the user worked on before (set by TeamsService.announce). */
  previousAccountId?: string;
}
