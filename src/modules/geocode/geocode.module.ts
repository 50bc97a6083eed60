import { Module } from '@nestjs/common';
import { GeocoderModule } from '../../infrastructure/geocoder/geocoder.module';
import { GeocodeController } from './geocode.controller';

/** Location search for the Map module. */
@Module({
  imports: [GeocoderModule],
  controllers: [GeocodeController],
})
export class GeocodeModule {}
