import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';

/** Empty optional text means "none". */
const EmptyToNull = (): PropertyDecorator => Transform(({ value }) => (value === '' ? null : value));
const UpperCase = (): PropertyDecorator => Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `"group"` or a list of (at most 100) member ids. */
function IsAttendees(): PropertyDecorator {
  return (target, key) =>
    registerDecorator({
      name: 'isAttendees',
      target: target.constructor,
      propertyName: key as string,
      validator: {
        validate: (value: unknown) =>
          value === 'group' || (Array.isArray(value) && value.length <= 100 && value.every((id) => typeof id === 'string' && UUID.test(id))),
        defaultMessage: (args: ValidationArguments) => `${args.property} must be "group" or a list of member ids`,
      },
    });
}

export const MAX_REMINDER_MINUTES = 40_320;

export class EventRecurrenceDto {
  @ApiProperty({
    example: 'FREQ=WEEKLY;BYDAY=SA',
    maxLength: 500,
    description:
      'an RFC 5545 RRULE (without or with `RRULE:`) of FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), ' +
      'INTERVAL, BYDAY (ordinals like 2SA, -1FR in MONTHLY and YEARLY rules), ' +
      'BYMONTHDAY, BYMONTH, BYSETPOS, WKST, COUNT, UNTIL; any other part is 400 RRULE_UNSUPPORTED naming it',
  })
  @IsString()
  @MaxLength(500)
  rrule: string;
}

export class EventReminderDto {
  @ApiProperty({ minimum: 0, maximum: MAX_REMINDER_MINUTES, example: 60 })
  @IsInt()
  @Min(0)
  @Max(MAX_REMINDER_MINUTES)
  minutesBefore: number;
}

/** The fields of an event (POST and PUT: PUT replaces them all). */
export class EventBodyDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Football' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title: string;

  @ApiPropertyOptional({ maxLength: 5000, nullable: true, type: String })
  @IsOptional()
  @EmptyToNull()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ maxLength: 500, nullable: true, type: String })
  @IsOptional()
  @EmptyToNull()
  @IsString()
  @MaxLength(500)
  location?: string | null;

  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String, description: "a place of the group's map (400 VALIDATION_FAILED otherwise)" })
  @IsOptional()
  @IsUUID('all', { message: 'markerId must be a UUID' })
  markerId?: string | null;

  @ApiProperty({ description: 'true: `start`/`end` are dates (`end` exclusive); false: instants' })
  @IsBoolean()
  allDay: boolean;

  @ApiProperty({ example: '2026-10-03T10:00:00+02:00', description: 'an instant (ISO 8601 with Z or an offset), or `YYYY-MM-DD` for an all-day event' })
  @IsString()
  @MaxLength(40)
  start: string;

  @ApiProperty({
    example: '2026-10-03T11:30:00+02:00',
    description: 'as `start`; an all-day end is exclusive (a one-day event ends the next day); before `start`: 400 EVENT_ENDS_BEFORE_START',
  })
  @IsString()
  @MaxLength(40)
  end: string;

  @ApiPropertyOptional({
    example: 'Europe/Berlin',
    description: "an IANA time zone the series keeps its wall-clock time in; default: the creator's (notification settings)",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;

  @ApiPropertyOptional({ type: EventRecurrenceDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => EventRecurrenceDto)
  recurrence?: EventRecurrenceDto | null;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', enum: ['group'] },
      { type: 'array', items: { type: 'string', format: 'uuid' } },
    ],
    default: 'group',
    description: '"group" (everyone) or member ids (400 UNKNOWN_MEMBER for anyone not a member)',
  })
  @IsOptional()
  @IsAttendees()
  attendees?: 'group' | string[];

  @ApiPropertyOptional({ pattern: '^#[0-9A-Fa-f]{6}$', description: "default: the creator's colour; stored upper-case" })
  @IsOptional()
  @IsString()
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'color must be a colour like #RRGGBB' })
  @UpperCase()
  color?: string;

  @ApiPropertyOptional({ default: false, description: 'only its creator sees it, everywhere; only the creator can change it' })
  @IsOptional()
  @IsBoolean()
  isPrivate?: boolean;

  @ApiPropertyOptional({ type: [EventReminderDto], description: 'at most 5; each attendee is reminded once per occurrence' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => EventReminderDto)
  reminders?: EventReminderDto[];
}

/** One occurrence changed on its own: omitted fields keep the series' (times: the occurrence's own). */
export class OccurrenceBodyDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  title?: string;

  @ApiPropertyOptional({ maxLength: 5000, nullable: true, type: String })
  @IsOptional()
  @EmptyToNull()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ maxLength: 500, nullable: true, type: String })
  @IsOptional()
  @EmptyToNull()
  @IsString()
  @MaxLength(500)
  location?: string | null;

  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String })
  @IsOptional()
  @IsUUID('all', { message: 'markerId must be a UUID' })
  markerId?: string | null;

  @ApiPropertyOptional({ description: "the occurrence's new start (an instant, or a date for all-day events)" })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  start?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(40)
  end?: string;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', enum: ['group'] },
      { type: 'array', items: { type: 'string', format: 'uuid' } },
    ],
  })
  @IsOptional()
  @IsAttendees()
  attendees?: 'group' | string[];

  @ApiPropertyOptional({ pattern: '^#[0-9A-Fa-f]{6}$' })
  @IsOptional()
  @IsString()
  @Matches(/^#[0-9A-Fa-f]{6}$/, { message: 'color must be a colour like #RRGGBB' })
  @UpperCase()
  color?: string;
}

export class SplitBodyDto {
  @ApiProperty({ description: 'the first occurrence of the new series (its `originalStart`: an instant, or a date for all-day events)' })
  @IsString()
  @MaxLength(40)
  from: string;
}

export const CALENDAR_LAYERS = ['events', 'bills', 'reminders', 'birthdays', 'subscriptions'] as const;
export type CalendarLayer = (typeof CALENDAR_LAYERS)[number];

export class OccurrencesQuery {
  @ApiProperty({ example: '2026-10-01', description: "the first date, in the caller's time zone" })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'from must be a date YYYY-MM-DD' })
  from: string;

  @ApiProperty({ example: '2026-10-31', description: 'the last date (included); at most 366 days after `from`' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'to must be a date YYYY-MM-DD' })
  to: string;

  @ApiPropertyOptional({
    example: 'events,bills',
    description: `a comma list of ${CALENDAR_LAYERS.join(', ')}; default: every layer the group's modules allow`,
  })
  @IsOptional()
  @Matches(new RegExp(`^(${CALENDAR_LAYERS.join('|')})(,(${CALENDAR_LAYERS.join('|')}))*$`), {
    message: `layers must be a comma list of ${CALENDAR_LAYERS.join(', ')}`,
  })
  layers?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "only what this member attends (events for the group or naming them; their own layers' entries)" })
  @IsOptional()
  @IsUUID('all', { message: 'attendee must be a member id' })
  attendee?: string;
}
