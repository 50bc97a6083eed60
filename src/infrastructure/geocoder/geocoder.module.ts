import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { Geocoder } from './geocoder';
import { NominatimGeocoder } from './nominatim.geocoder';
import { OfflineGeocoder } from './offline.geocoder';

/** Provides `Geocoder`: the bundled offline place names by default, or Nominatim with GEOCODER=nominatim. */
@Module({
  providers: [
    OfflineGeocoder,
    {
      provide: Geocoder,
      inject: [AppConfig, OfflineGeocoder],
      useFactory: (config: AppConfig, offline: OfflineGeocoder): Geocoder =>
        config.geocoder.provider === 'nominatim' ? new NominatimGeocoder(config) : offline,
    },
  ],
  exports: [Geocoder],
})
export class GeocoderModule {}
