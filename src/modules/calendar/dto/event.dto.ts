import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { EventRecurrenceDto, EventReminderDto } from './event-input.dto';

const ATTENDEES: ApiPropertyOptions = {
  oneOf: [
    { type: 'string', enum: ['group'] },
    { type: 'array', items: { type: 'string', format: 'uuid' } },
  ],
};

/** One occurrence changed on its own (RFC 5545 RECURRENCE-ID). */
export class EventExceptionDto {
  @ApiProperty({ description: "the occurrence's start as the series gives it" }) originalStart: string;
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ nullable: true, type: String }) location: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) markerId: string | null;
  @ApiProperty() start: string;
  @ApiProperty() end: string;
  @ApiProperty(ATTENDEES) attendees: 'group' | string[];
  @ApiProperty() color: string;
}

export class EventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'RFC 5545 UID: never changes' }) uid: string;
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ nullable: true, type: String }) location: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) markerId: string | null;
  @ApiProperty() allDay: boolean;
  @ApiProperty({ description: 'the first occurrence: a date (all-day) or a UTC instant' }) start: string;
  @ApiProperty({ description: 'its end (all-day: exclusive)' }) end: string;
  @ApiProperty({ example: 'Europe/Berlin' }) timeZone: string;
  @ApiProperty({ type: EventRecurrenceDto, nullable: true }) recurrence: EventRecurrenceDto | null;
  @ApiProperty({ type: [String], description: 'the occurrences deleted one by one (EXDATE), by `originalStart`' }) exdates: string[];
  @ApiProperty({ type: [EventExceptionDto] }) exceptions: EventExceptionDto[];
  @ApiProperty(ATTENDEES) attendees: 'group' | string[];
  @ApiProperty({ example: '#2563EB' }) color: string;
  @ApiProperty() isPrivate: boolean;
  @ApiProperty({ type: [EventReminderDto] }) reminders: EventReminderDto[];
  @ApiProperty({ example: '"3"', description: 'the ETag: send it as If-Match' }) etag: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) createdBy: string | null;
  @ApiProperty() createdDate: Date;
  @ApiProperty() updatedDate: Date;
}

export const OCCURRENCE_SOURCES = ['event', 'bill', 'reminder', 'birthday', 'subscription'] as const;
export type OccurrenceSource = (typeof OCCURRENCE_SOURCES)[number];

export class OccurrenceDto {
  @ApiProperty({ enum: OCCURRENCE_SOURCES }) source: OccurrenceSource;
  @ApiProperty({ required: false, format: 'uuid', description: 'events: the event' }) eventId?: string;
  @ApiProperty({ required: false, description: "other layers: the owning feature's entity (the recurring transaction, the note, the member)" })
  entityId?: string;
  @ApiProperty({ description: 'unique within the answer and stable across answers' }) occurrenceId: string;
  @ApiProperty({ required: false, description: "events: the occurrence's start as the series gives it (for the occurrence endpoints)" }) originalStart?: string;
  @ApiProperty() title: string;
  @ApiProperty() start: string;
  @ApiProperty() end: string;
  @ApiProperty() allDay: boolean;
  @ApiProperty() timeZone: string;
  @ApiProperty() color: string;
  @ApiProperty(ATTENDEES) attendees: 'group' | string[];
  @ApiProperty() isException: boolean;
  @ApiProperty({ required: false, nullable: true, type: String }) location?: string | null;
  @ApiProperty({ required: false }) isPrivate?: boolean;
  @ApiProperty({ required: false }) isRecurring?: boolean;
}
