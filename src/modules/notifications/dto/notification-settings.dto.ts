import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Equals, IsBoolean, IsOptional, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { IsTimeZone, TIME_OF_DAY } from '../../../common/validation/time';

export class QuietHoursDto {
  @ApiProperty({ example: '22:00', description: 'start, wall-clock time in `timeZone`' })
  @IsString()
  @Matches(TIME_OF_DAY, { message: '$property must be a time of day "HH:mm"' })
  from: string;

  @ApiProperty({ example: '07:00', description: 'end (may be earlier than `from`: the quiet hours span midnight)' })
  @IsString()
  @Matches(TIME_OF_DAY, { message: '$property must be a time of day "HH:mm"' })
  to: string;
}

export class NotificationSettingsDto {
  @ApiProperty({ example: 'Europe/Berlin', description: "IANA time zone of the user's reminders, bill reminders and quiet hours (UTC until set)" })
  timeZone: string;
  @ApiProperty({ type: QuietHoursDto, nullable: true, description: 'what falls inside is delivered when they end; the inbox gets it then too' })
  quietHours: QuietHoursDto | null;
  @ApiProperty({ enum: [true], description: 'the inbox always receives every notification' })
  inbox: true;
  @ApiProperty({ description: 'Web Push to every device subscribed through POST /push-subscriptions' })
  push: boolean;
  @ApiProperty({ description: "a mail to the account's address" })
  email: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'uri', description: 'receives a JSON POST {title, body, …} (an ntfy topic or any https endpoint)' })
  webhookUrl: string | null;
  @ApiProperty({ description: 'messages when another member goes shopping from a shared list and when they are done (default true)' })
  shoppingTrips: boolean;
}

/** PUT body: every field optional; an omitted field stays as it is. */
export class UpdateNotificationSettingsDto {
  @ApiPropertyOptional({ example: 'Europe/Berlin' })
  @IsOptional()
  @IsTimeZone()
  timeZone?: string;

  @ApiPropertyOptional({ type: QuietHoursDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => QuietHoursDto)
  quietHours?: QuietHoursDto | null;

  @ApiPropertyOptional({ enum: [true], description: 'cannot be switched off' })
  @IsOptional()
  @Equals(true, { message: 'inbox is always on' })
  inbox?: true;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  push?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  email?: boolean;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    format: 'uri',
    maxLength: 2048,
    description:
      'http(s); a host that does not resolve, or resolves to any address that is not public (loopback, private, link-local, documentation, ' +
      'any IPv6 form of these), is 400 WEBHOOK_URL_NOT_ALLOWED (the same answer for both) unless the server allows private URLs',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(2048)
  webhookUrl?: string | null;

  @ApiPropertyOptional({ description: '"Anna is shopping (REWE) — anything else?" and "Anna bought 12 items": false turns them off' })
  @IsOptional()
  @IsBoolean()
  shoppingTrips?: boolean;
}

export const NOTIFICATION_CHANNELS = ['inbox', 'push', 'email', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export class ChannelTestResultDto {
  @ApiProperty({ enum: NOTIFICATION_CHANNELS }) channel: NotificationChannel;
  @ApiProperty({ description: 'delivered (for push: accepted by at least one device’s push service)' }) ok: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'why not, when not ok' }) detail: string | null;
}

export class NotificationTestResultDto {
  @ApiProperty({ type: [ChannelTestResultDto], description: 'one entry per chosen channel, the inbox first' })
  channels: ChannelTestResultDto[];
}
