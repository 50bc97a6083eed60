import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'alice', description: 'case-sensitive' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  username: string;

  @ApiProperty({ example: 'correct horse battery staple', format: 'password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  password: string;

  @ApiPropertyOptional({ description: 'longer-lived refresh cookie (REFRESH_REMEMBER_TTL_DAYS)' })
  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;

  @ApiPropertyOptional({ example: 'Alice’s laptop', maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  deviceName?: string;
}

export class AccessTokenDto {
  @ApiProperty() accessToken: string;
  @ApiProperty({ enum: ['Bearer'] }) tokenType: 'Bearer';
  @ApiProperty({ description: 'seconds until the access token expires', example: 900 }) expiresIn: number;
}
