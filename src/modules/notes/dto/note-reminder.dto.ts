import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, registerDecorator, ValidateIf, ValidateNested } from 'class-validator';
import { IsTimeZone } from '../../../common/validation/time';

export const REMINDER_FREQUENCIES = ['Daily', 'Weekly', 'Monthly', 'Yearly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** "me", "group" or the ids of members of the group. */
export type ReminderRecipients = 'me' | 'group' | string[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function IsRecipients(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isRecipients',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be "me", "group" or a list of 1 to 100 user ids' },
      validator: {
        validate: (value: unknown) =>
          value === 'me' ||
          value === 'group' ||
          (Array.isArray(value) && value.length >= 1 && value.length <= 100 && value.every((id) => typeof id === 'string' && UUID.test(id))),
      },
    });
}

const RECIPIENTS_SCHEMA = {
  oneOf: [
    { type: 'string', enum: ['me', 'group'] },
    { type: 'array', items: { type: 'string', format: 'uuid' }, minItems: 1, maxItems: 100 },
  ],
};

/** A date-time with an offset ("2026-03-30T08:00:00+02:00", "…Z"), or a wall-clock time without one ("2026-03-30T08:00"). */
export const REMINDER_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

export class ReminderRepeatDto {
  @ApiProperty({ enum: REMINDER_FREQUENCIES })
  @IsIn(REMINDER_FREQUENCIES)
  frequency: ReminderFrequency;

  @ApiProperty({ minimum: 1, maximum: 1000, default: 1, description: 'every `interval` days/weeks/months/years' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  interval: number;

  @ApiPropertyOptional({ format: 'date', nullable: true, type: String, description: 'the last day (in the time zone) an occurrence may fall on' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: '$property must be a date YYYY-MM-DD' })
  until?: string | null;
}

/** PUT /notes/{noteId}/reminder. */
export class SetNoteReminderDto {
  @ApiProperty({
    example: '2026-03-30T08:00',
    description:
      "the (first) time: with an offset an instant, without one a wall-clock time in `timeZone` (or, without `timeZone`, in the caller's own). " +
      'A one-off in the past is 400 REMINDER_IN_PAST; a repeating one may start in the past (only occurrences from now on are sent).',
  })
  @IsString()
  @Matches(REMINDER_AT, { message: '$property must be a date-time such as "2026-03-30T08:00" or "2026-03-30T08:00:00+02:00"' })
  at: string;

  @ApiPropertyOptional({ type: ReminderRepeatDto, nullable: true, description: 'absent or null: once' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @ValidateNested()
  @Type(() => ReminderRepeatDto)
  repeat?: ReminderRepeatDto | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    example: 'Europe/Berlin',
    description: "IANA zone whose wall-clock time the occurrences keep; absent or null: each recipient's own time zone",
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsTimeZone()
  timeZone?: string | null;

  @ApiPropertyOptional({
    ...RECIPIENTS_SCHEMA,
    default: 'me',
    description: 'who is reminded: "me", "group" (every member), or member ids; a private note reminds only its creator whatever this says',
  } as any)
  @IsOptional()
  @IsRecipients()
  recipients?: ReminderRecipients;
}

export class NoteReminderRepeatDto {
  @ApiProperty({ enum: REMINDER_FREQUENCIES }) frequency: ReminderFrequency;
  @ApiProperty({ minimum: 1 }) interval: number;
  @ApiProperty({ format: 'date', nullable: true, type: String }) until: string | null;
}

/** A note's reminder, as the note carries it. */
export class NoteReminderDto {
  @ApiProperty({ type: String, format: 'date-time', description: "the first occurrence, with the offset of `timeZone` (or of the setter's zone)" }) at: string;
  @ApiProperty({ type: NoteReminderRepeatDto, nullable: true }) repeat: NoteReminderRepeatDto | null;
  @ApiProperty({ nullable: true, type: String, description: "null: each recipient's own time zone" }) timeZone: string | null;
  @ApiProperty({ ...RECIPIENTS_SCHEMA } as any) recipients: ReminderRecipients;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'the next occurrence; null when none is left' })
  nextAt: string | null;
}

/** A reminder the caller sees on a note: their own, or another member's that names them or the group. */
export class SeenNoteReminderDto extends NoteReminderDto {
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'who set it (only they can change or remove it)' }) setBy: string | null;
}
