import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, Length, Matches } from 'class-validator';
import { PageQuery } from '../../../common/pagination/pagination';
import { SEARCH_TYPES, type SearchType } from '../../../common/search/search-source';
import { ToBoolean } from '../../../common/validation/transforms';

const TYPE = `(${SEARCH_TYPES.join('|')})`;

export class SearchQuery extends PageQuery {
  @ApiProperty({ minLength: 1, maxLength: 200, description: 'what to find: words in any order (docs/search.md)', example: 'milch' })
  @IsString({ message: 'q must be a text of 1 to 200 characters' })
  @Length(1, 200, { message: 'q must be a text of 1 to 200 characters' })
  q: string;

  @ApiPropertyOptional({
    pattern: `^${TYPE}(,${TYPE})*$`,
    description: `the kinds to search, comma-separated (default all the group's modules have): ${SEARCH_TYPES.join(', ')}`,
    example: 'Note,NoteItem',
  })
  @IsOptional()
  @IsString()
  @Matches(new RegExp(`^${TYPE}(,${TYPE})*$`), { message: `types must be a comma-separated list of ${SEARCH_TYPES.join(', ')}` })
  types?: string;

  @ApiPropertyOptional({ description: 'true, with types=Place only: search the places in the trash instead of the live ones' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'deleted must be true or false' })
  deleted?: boolean;
}

export class SearchHitDto {
  @ApiProperty({ enum: SEARCH_TYPES }) type: SearchType;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiPropertyOptional({ format: 'uuid', description: "a list item's note" }) parentId?: string;
  @ApiProperty({ description: "the note's or place's title, the list item's text, the transaction's description" }) title: string;
  @ApiProperty({
    description: 'the matched words in context, marked with <mark> (the only markup: everything else is escaped HTML text)',
    example: 'Buy <mark>Milch</mark> and bread',
  })
  snippet: string;
  @ApiPropertyOptional({ description: "a note's or item's last change (ISO instant), a place's or transaction's date (YYYY-MM-DD)" })
  date?: string;
  @ApiPropertyOptional({
    description: "a transaction's amount as a decimal (written in the reader's language and the group's currency by the client: \"49,90 €\")",
    example: '49.90',
  })
  amount?: string;
  @ApiProperty({ description: 'how well it matches, 0–1 (1: every word whole in the title); best first, newer first at equal score' })
  score: number;
}
