import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MODULES, ModuleName } from '../../../common/auth/auth-user';
import { IsCurrencyCode } from '../../../common/validation/currency';

/** Body of POST /groups and PUT /groups/{groupId}. */
export class GroupBodyDto {
  @ApiProperty({ example: 'Home', minLength: 1, maxLength: 100, description: 'unique, compared case-insensitively' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ example: 'EUR', description: 'ISO 4217 code; lower case is accepted and stored upper case' })
  @Transform(({ value }) => (typeof value === 'string' ? value.toUpperCase() : value))
  @IsString()
  @MaxLength(3)
  @IsCurrencyCode()
  currency: string;

  @ApiProperty({ enum: MODULES, isArray: true, example: ['Map', 'Budget', 'Notes'], description: 'a subset (possibly empty) of the modules' })
  @IsArray()
  @ArrayMaxSize(MODULES.length)
  @ArrayUnique({ message: 'modules must not repeat a module' })
  @IsIn(MODULES, { each: true, message: `each module must be one of ${MODULES.join(', ')}` })
  modules: ModuleName[];
}

export class GroupDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ enum: MODULES, isArray: true }) modules: ModuleName[];
  @ApiProperty({ description: 'number of Active users in the group' }) memberCount: number;
  @ApiProperty({ format: 'date-time' }) createdDate: Date;
}

export class GroupMemberDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() nickname: string;
  @ApiProperty({ enum: ['User', 'Admin'] }) role: string;
  @ApiProperty({ nullable: true, type: String, description: 'profile picture URL, null when the member has none' })
  pictureUrl: string | null;
}
