import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { EmailDto } from '../auth/dto/auth.dto';

export const MEMBER_ROLES = ['administrator', 'observer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
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

export class TeamMemberDto {
  @ApiProperty({ format: 'uuid' })
  user_id: string;
  email: string;
  @ApiProperty({ enum: ['owner', ...MEMBER_ROLES] })
  role: 'owner' | MemberRole;
  /** When they joined (the account's creation for the owner). */
  joined_at: Date;
}

export class TeamInviteDto {
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
  role: 'owner' | MemberRole;
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
