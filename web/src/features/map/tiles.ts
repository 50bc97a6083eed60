/**
 * The map's background tiles. OpenStreetMap's public tiles by default (their usage policy asks for
 * light use and the attribution); a deployment sets its own server at build time with
 * VITE_MAP_TILE_URL and VITE_MAP_TILE_ATTRIBUTION (see docs/web.md).
 */
export const TILE_URL: string = import.meta.env.VITE_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** the deployment's own attribution; without one, OpenStreetMap's in the app's language (`map.tiles.attribution`) */
export const TILE_ATTRIBUTION: string | undefined = import.meta.env.VITE_MAP_TILE_ATTRIBUTION || undefined;
export const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
export const TILE_MAX_ZOOM = Number(import.meta.env.VITE_MAP_TILE_MAX_ZOOM || 19);
