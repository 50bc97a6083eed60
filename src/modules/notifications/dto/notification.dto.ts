import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageMeta, PageQuery } from '../../../common/pagination/pagination';
import { ToBoolean } from '../../../common/validation/transforms';

export const NOTIFICATION_KINDS = ['NoteReminder', 'BillReminder', 'Test', 'TripStarted', 'TripEnded'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An inbox item. */
export class NotificationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: NOTIFICATION_KINDS }) kind: NotificationKind;
  @ApiProperty({ description: "in the recipient's language, naming what it is about" }) title: string;
  @ApiProperty() body: string;
  @ApiPropertyOptional({ enum: ['Note', 'RecurringTransaction'], description: 'what it is about' }) entityType?: string;
  @ApiPropertyOptional({ format: 'uuid' }) entityId?: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'when it was delivered' }) createdDate: Date | string;
  @ApiPropertyOptional({ type: String, format: 'date-time', description: 'absent while unread' }) readAt?: Date | string;
  @ApiProperty({ description: 'delivered after its time (the service was down): sent marked late, or only to the inbox when more than 24 h late' })
  late: boolean;
}

export class NotificationPageMeta extends PageMeta {
  @ApiProperty({ description: "the caller's unread notifications in all (the badge)" }) unreadCount: number;
}

/** `GET /notifications`: unread first, newest first within each. */
export class NotificationListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'true: only unread ones' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  unread?: boolean;
}

export class UpdateNotificationDto {
  @ApiProperty({ description: 'true marks it read (the push action "Done"), false unread again' })
  @IsBoolean()
  read: boolean;
}

export class SnoozeNotificationDto {
  @ApiPropertyOptional({ minimum: 5, maximum: 1440, default: 60, description: 'delivered again after this many minutes (the push action "Snooze 1 h")' })
  @IsOptional()
  @IsInt()
  @Min(5)
  @Max(1440)
  minutes?: number;
}

export class UnreadCountDto {
  @ApiProperty() unreadCount: number;
}
