import { AppError } from '../../common/errors/app-error';

export interface BoundingBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

function invalid(message: string): AppError {
  return AppError.invalidField('bbox', message);
}

/** Parses `minLon,minLat,maxLon,maxLat` (already shape-checked by the DTO) and checks the ranges. */
export function parseBbox(value: string): BoundingBox {
  const [minLon, minLat, maxLon, maxLat] = value.split(',').map(Number);
  if ([minLon, maxLon].some((lon) => lon < -180 || lon > 180)) throw invalid('bbox longitudes must be between -180 and 180');
  if ([minLat, maxLat].some((lat) => lat < -90 || lat > 90)) throw invalid('bbox latitudes must be between -90 and 90');
  if (minLat > maxLat) throw invalid('bbox minLat must not be greater than maxLat');
  return { minLon, minLat, maxLon, maxLat };
}
