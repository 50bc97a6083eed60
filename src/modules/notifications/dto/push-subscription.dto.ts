import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNumber, IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';

export class PushPublicKeyDto {
  @ApiProperty({ description: "the VAPID public key (uncompressed P-256 point, base64url): PushManager.subscribe's applicationServerKey" })
  publicKey: string;
}

export class PushKeysDto {
  @ApiProperty({ description: "the device's P-256 public key (base64url, 65 bytes)" })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { message: '$property must be a base64url P-256 public key' })
  p256dh: string;

  @ApiProperty({ description: 'the 16-byte authentication secret (base64url)' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{22}(==)?$/, { message: '$property must be a base64url 16-byte secret' })
  auth: string;
}

/** POST body: what `PushSubscription.toJSON()` gives (its `expirationTime` is ignored). */
export class CreatePushSubscriptionDto {
  @ApiProperty({ format: 'uri', maxLength: 2048, description: "the push service's https endpoint (plain http only where the server allows private URLs)" })
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false }, { message: '$property must be an https URL' })
  endpoint: string;

  @ApiProperty({ type: PushKeysDto })
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys: PushKeysDto;

  @ApiProperty({
    nullable: true,
    type: Number,
    required: false,
    description: 'accepted and ignored (the push service ends a subscription by answering 404 or 410)',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber()
  expirationTime?: number | null;
}

export class PushSubscriptionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uri' }) endpoint: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdDate: Date | string;
}
