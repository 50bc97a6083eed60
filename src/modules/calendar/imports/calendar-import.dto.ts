import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Min } from 'class-validator';
import { ICS_SKIP_REASONS, type IcsSkipReason } from '../ical/ics-skip-reasons';

export const IMPORT_ACTIONS = ['create', 'update'] as const;

export class CalendarImportEventDto {
  @ApiProperty({ description: 'the event number to commit by (0-based, in file order)' }) index: number;
  @ApiProperty({ description: 'the RFC 5545 UID: an event imported before with the same UID is updated, never duplicated' }) uid: string;
  @ApiProperty() title: string;
  @ApiProperty() allDay: boolean;
  @ApiProperty({ description: 'a date (all-day) or a UTC instant' }) start: string;
  @ApiProperty() end: string;
  @ApiProperty() timeZone: string;
  @ApiProperty({ type: String, nullable: true, description: 'the RRULE, when it repeats' }) rrule: string | null;
  @ApiProperty({ enum: IMPORT_ACTIONS, description: 'create a new event, or update the one with this UID' }) action: (typeof IMPORT_ACTIONS)[number];
}

export class CalendarImportSkippedDto {
  @ApiProperty({ type: String, nullable: true }) uid: string | null;
  @ApiProperty({
    enum: ICS_SKIP_REASONS,
    enumName: 'IcsSkipReason',
    description: 'why the event is left out: a stable code a client words in its own language (UNREADABLE: a value the parser cannot read)',
  })
  reason: IcsSkipReason;
  @ApiProperty({ type: 'object', properties: { title: { type: 'string' } }, description: "the values the reason's wording names: the event's SUMMARY (title)" })
  params: { title?: string };
  @ApiProperty({ description: 'the same in English' }) message: string;
}

export class CalendarImportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: [CalendarImportEventDto] }) events: CalendarImportEventDto[];
  @ApiProperty({ type: [CalendarImportSkippedDto], description: 'VEVENTs left out and why' }) skipped: CalendarImportSkippedDto[];
  @ApiProperty({ type: String, format: 'date-time', description: 'the preview may be committed until then' }) expiresDate: Date | string;
}

export class CommitCalendarImportDto {
  @ApiPropertyOptional({ type: [Number], description: 'indexes of previewed events not to import' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5000)
  @IsInt({ each: true })
  @Min(0, { each: true })
  exclude?: number[];
}

export class CalendarImportFailureDto {
  @ApiProperty() index: number;
  @ApiProperty() uid: string;
  @ApiProperty({ description: 'the error code the event was refused with (RRULE_UNSUPPORTED, …)' }) code: string;
  @ApiProperty() message: string;
}

export class CalendarImportResultDto {
  @ApiProperty() created: number;
  @ApiProperty() updated: number;
  @ApiProperty({ type: [CalendarImportFailureDto], description: 'events the calendar refused (each on its own; the others are imported)' })
  failed: CalendarImportFailureDto[];
}
