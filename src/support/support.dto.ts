import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { AdminPageQueryDto, PageDto } from '../common/http/page-query.dto';
import { Messages } from '../common/messages';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export const TICKET_STATUSES = ['open', 'answered'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export class CreateTicketDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Transform(trimmed)
  @Length(1, 200, { message: Messages.ticketSubjectInvalid })
  @IsString({ message: Messages.ticketSubjectInvalid })
  subject: string;

  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @Transform(trimmed)
  @Length(1, 5000, { message: Messages.ticketTextInvalid })
  @IsString({ message: Messages.ticketTextInvalid })
  text: string;
}

export class ReplyTicketDto {
  @ApiProperty({ minLength: 1, maxLength: 5000 })
  @Transform(trimmed)
  @Length(1, 5000, { message: Messages.ticketTextInvalid })
  @IsString({ message: Messages.ticketTextInvalid })
  text: string;
}

export class TicketReplyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  text: string;
  created_at: Date;
}

export class TicketDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  subject: string;
  text: string;
  /** `open` until support answers, then `answered`. */
  @ApiProperty({ enum: TICKET_STATUSES })
  status: TicketStatus;
  created_at: Date;
  /** Oldest first. */
  @ApiProperty({ type: [TicketReplyDto] })
  replies: TicketReplyDto[];
}

export class TicketListDto {
  /** Your requests, newest first. */
  @ApiProperty({ type: [TicketDto] })
  data: TicketDto[];
}

export class TicketAuthorDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  email: string;
}

export class AdminTicketDto extends TicketDto {
  author: TicketAuthorDto;
}

export class AdminTicketListDto extends PageDto {
  /** Requests of live accounts, newest first. */
  @ApiProperty({ type: [AdminTicketDto] })
  data: AdminTicketDto[];
}

export class AdminTicketsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: TICKET_STATUSES })
  @IsOptional()
  @IsIn(TICKET_STATUSES, { message: Messages.ticketStatusInvalid })
  status?: TicketStatus;
}
