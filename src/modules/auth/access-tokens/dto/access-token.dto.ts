import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { ACCESS_TOKEN_SCOPES, AccessTokenScope } from '../../../../common/auth/token-scopes';

const SCOPES_DESCRIPTION =
  '`read`: reading the group’s data (GET); `write`: what the person may change besides, except the account, sessions, tokens and administration; ' +
  '`dav`: the calendar over CalDAV (the token as the password of HTTP Basic), nothing of the API.';

/** POST /account/tokens */
export class CreatePersonalAccessTokenDto {
  @ApiProperty({ example: 'Home Assistant', minLength: 1, maxLength: 100 })
  @IsString({ message: 'name must be text' })
  @Length(1, 100, { message: 'name must be 1 to 100 characters' })
  @Matches(/\S/, { message: 'name must not be blank' })
  name: string;

  @ApiProperty({ enum: ACCESS_TOKEN_SCOPES, isArray: true, example: ['read'], description: SCOPES_DESCRIPTION })
  @IsArray({ message: 'scopes must be a list' })
  @ArrayMinSize(1, { message: 'scopes must name at least one scope' })
  @ArrayMaxSize(ACCESS_TOKEN_SCOPES.length, { message: `scopes has at most ${ACCESS_TOKEN_SCOPES.length} entries` })
  @IsIn(ACCESS_TOKEN_SCOPES, { each: true, message: `each scope must be one of ${ACCESS_TOKEN_SCOPES.join(', ')}` })
  scopes: AccessTokenScope[];

  @ApiPropertyOptional({ minimum: 1, maximum: 3650, description: 'days until the token stops working; without it, it works until ended' })
  @IsOptional()
  @IsInt({ message: 'expiresInDays must be a whole number' })
  @Min(1, { message: 'expiresInDays must be at least 1' })
  @Max(3650, { message: 'expiresInDays must be at most 3650' })
  expiresInDays?: number;
}

export class PersonalAccessTokenDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ACCESS_TOKEN_SCOPES, isArray: true }) scopes: AccessTokenScope[];
  @ApiProperty({ format: 'date-time' }) createdDate: Date;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) expiresDate: Date | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'noted at most once a minute' }) lastUsedDate: Date | null;
}

export class CreatedPersonalAccessTokenDto extends PersonalAccessTokenDto {
  @ApiProperty({ example: 'hearth_pat_3q2-7wEXAMPLEexample0123456789ab', description: 'shown only in this answer; stored only as a hash' })
  token: string;
}
