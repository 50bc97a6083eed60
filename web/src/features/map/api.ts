/** Map: markers, their images, the trash and place search. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call, type Schema } from '@/api/client';
import { queryKeys } from '@/api/query-keys';

export type Marker = Schema<'MarkerDto'>;
export type MarkerDetail = Schema<'MarkerDetailDto'>;
export type MarkerInput = Schema<'MarkerInput'>;
export type MarkerImage = Schema<'MarkerImageDto'>;
export type MarkerLocation = Schema<'MarkerLocationDto'>;
export type Place = Schema<'GeocodeResultDto'>;

export const mapKey = queryKeys.map.all;
export const markerKey = queryKeys.map.marker;
export const imagesKey = queryKeys.map.images;

/** Markers in the visible box (`minLon,minLat,maxLon,maxLat`); the previous box stays shown while the next loads. */
export function useMarkerLocations(bbox: string | null) {
  return useQuery({
    queryKey: queryKeys.map.locationsIn(bbox),
    queryFn: () => call(api.GET('/api/v1/markers/locations', { params: { query: { bbox: bbox ?? undefined } } })),
    enabled: bbox !== null,
    placeholderData: keepPreviousData,
  });
}

export interface MarkerListQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  deleted?: boolean;
}

export function useMarkers(query: MarkerListQuery) {
  return useQuery({
    queryKey: queryKeys.map.markersPage(query),
    queryFn: () => call(api.GET('/api/v1/markers', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useMarker(markerId: string) {
  return useQuery({ queryKey: markerKey(markerId), queryFn: () => call(api.GET('/api/v1/markers/{markerId}', { params: { path: { markerId } } })) });
}

/** The images; while one is being processed the list is read again every 2 s. */
export function useMarkerImages(markerId: string) {
  return useQuery({
    queryKey: imagesKey(markerId),
    queryFn: () => call(api.GET('/api/v1/markers/{markerId}/images', { params: { path: { markerId } } })),
    refetchInterval: (query) => (query.state.data?.some((image) => image.status === 'Pending' || image.status === 'Processing') ? 2000 : false),
  });
}

/** A value that follows `value` once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Place search, debounced: one request once typing pauses, none for fewer than 2 characters. */
export function usePlaceSearch(term: string) {
  const settled = useDebounced(term.trim(), 400);
  return useQuery({
    queryKey: queryKeys.map.geocode(settled),
    queryFn: () => call(api.GET('/api/v1/geocode/search', { params: { query: { searchTerm: settled } } })),
    enabled: settled.length >= 2,
    staleTime: 5 * 60_000,
  });
}

export function useMapMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: mapKey }) });
}

export const mapApi = {
  create: (body: MarkerInput) => call(api.POST('/api/v1/markers', { body })),
  update: ({ id, body }: { id: string; body: MarkerInput }) => call(api.PUT('/api/v1/markers/{markerId}', { params: { path: { markerId: id } }, body })),
  remove: (id: string) => call(api.DELETE('/api/v1/markers/{markerId}', { params: { path: { markerId: id } } })),
  restore: (id: string) => call(api.PATCH('/api/v1/markers/{markerId}/restore', { params: { path: { markerId: id } } })),
  move: ({ id, body }: { id: string; body: Schema<'MarkerLocationInput'> }) =>
    call(api.PATCH('/api/v1/markers/{markerId}/location', { params: { path: { markerId: id } }, body })),
  reorderImages: ({ id, imageIds }: { id: string; imageIds: string[] }) =>
    call(api.PATCH('/api/v1/markers/{markerId}/images/order', { params: { path: { markerId: id } }, body: { imageIds } })),
  deleteImage: ({ id, imageId }: { id: string; imageId: string }) =>
    call(api.DELETE('/api/v1/markers/{markerId}/images/{imageId}', { params: { path: { markerId: id, imageId } } })),
  startUpload: ({ id, file }: { id: string; file: File }) =>
    call(
      api.POST('/api/v1/markers/{markerId}/images', {
        params: { path: { markerId: id } },
        body: { contentType: file.type as Schema<'CreateUploadDto'>['contentType'], size: file.size },
      }),
    ),
  confirmUpload: ({ id, imageId }: { id: string; imageId: string }) =>
    call(api.PATCH('/api/v1/markers/{markerId}/images/{imageId}/confirm', { params: { path: { markerId: id, imageId } } })),
  fileStatus: (fileId: string) => call(api.GET('/api/v1/files/{fileId}/status', { params: { path: { fileId } } })),
};
