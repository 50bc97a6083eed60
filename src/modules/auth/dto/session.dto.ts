import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import { ToBoolean } from '../../../common/validation/transforms';

export class SessionDto {
  @ApiProperty({ format: 'uuid', description: 'the tokenId of DELETE /sessions/{tokenId}' }) id: string;
  @ApiProperty({ nullable: true, type: String }) deviceName: string | null;
  @ApiProperty({ nullable: true, type: String }) userAgent: string | null;
  @ApiProperty({ nullable: true, type: String }) ipAddress: string | null;
  @ApiProperty({ format: 'date-time' }) createdDate: Date;
  @ApiProperty({ format: 'date-time' }) lastUsedDate: Date;
  @ApiProperty({ format: 'date-time' }) expiresDate: Date;
  @ApiProperty() isCurrent: boolean;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'the identity provider’s label (OIDC_BUTTON_LABEL) when the session began there; null: with the password',
  })
  signedInWith: string | null;
}

export class RevokeAllQuery {
  @ApiPropertyOptional({ description: 'keep the calling session (default false: revoke every session)' })
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'keepCurrent must be true or false' })
  keepCurrent?: boolean;
}
