import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { REDIS } from '../rate-limit/rate-limit.store';
import { Geocoder } from './geocoder';
import { NominatimGeocoder } from './nominatim.geocoder';
import { OfflineGeocoder } from './offline.geocoder';

/** Provides `Geocoder`: the bundled offline place names by default, or Nominatim with GEOCODER=nominatim. */
@Module({
  providers: [
    OfflineGeocoder,
    {
      provide: Geocoder,
      inject: [AppConfig, OfflineGeocoder, REDIS],
      useFactory: (config: AppConfig, offline: OfflineGeocoder, redis: Redis | null): Geocoder =>
        config.geocoder.provider === 'nominatim' ? new NominatimGeocoder(config, redis) : offline,
    },
  ],
  exports: [Geocoder],
})
export class GeocoderModule {}
