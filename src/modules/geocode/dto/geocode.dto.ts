import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class GeocodeQuery {
  @ApiProperty({ minLength: 2, maxLength: 200, example: 'sao paulo' })
  @IsString()
  @MinLength(2)
  @MaxLength(200)
  searchTerm: string;
}

export class GeocodeResultDto {
  @ApiProperty({ example: 'São Paulo, Brazil' }) displayName: string;
  @ApiProperty({ example: -23.5475 }) latitude: number;
  @ApiProperty({ example: -46.63611 }) longitude: number;
  @ApiProperty({ example: 'city', description: 'city, town or village offline; Nominatim’s address type otherwise' }) type: string;
  @ApiProperty({ type: String, nullable: true, example: 'Brazil' }) country: string | null;
}
