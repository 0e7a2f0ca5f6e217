import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { EmailDto } from '../auth/dto/auth.dto';
import type { MemberRole, TeamRole } from '../auth/principal';
import type { TeamInvite, TeamMember } from '../auth/teams.repository';

export const MEMBER_ROLES: readonly MemberRole[] = ['administrator', 'observer'];
const ROLE_MESSAGE = 'role must be administrator or observer';

export class InviteDto extends EmailDto {
  /** administrator: configure bots, send messages and broadcasts, manage API keys; observer: view only. */
  @ApiProperty({ enum: MEMBER_ROLES })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role: MemberRole;
}

export class ChangeMemberRoleDto {
  @ApiProperty({ enum: MEMBER_ROLES })
  @IsIn(MEMBER_ROLES, { message: ROLE_MESSAGE })
  role: MemberRole;
}

export class TeamMemberDto implements TeamMember {
  @ApiProperty({ format: 'uuid' })
  user_id: string;
  email: string;
  @ApiProperty({ enum: ['owner', ...MEMBER_ROLES] })
  role: TeamRole;
  /** When they joined (the account's creation for the owner). */
  joined_at: Date;
}

export class TeamInviteDto implements TeamInvite {
  @ApiProperty({ format: 'uuid' })
  id: string;
  email: string;
  @ApiProperty({ enum: MEMBER_ROLES })
  role: MemberRole;
  expires_at: Date;
  created_at: Date;
}

export class TeamAccountDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** The owner's address. */
  email: string;
  tariff: string;
  /** People the plan allows, owner included. */
  team_size: number;
}

export class TeamDto {
  account: TeamAccountDto;
  /** Your role in this account. */
  @ApiProperty({ enum: ['owner', ...MEMBER_ROLES] })
  role: TeamRole;
  /** The owner first, then members by joining time. */
  @ApiProperty({ type: [TeamMemberDto] })
  members: TeamMemberDto[];
  /** Pending invitations (shown to the owner only; empty for members). */
  @ApiProperty({ type: [TeamInviteDto] })
  invites: TeamInviteDto[];
}

export class AcceptedInviteDto {
  @ApiProperty({ format: 'uuid' })
  account_id: string;
  @ApiProperty({ enum: MEMBER_ROLES })
  role: MemberRole;
}
