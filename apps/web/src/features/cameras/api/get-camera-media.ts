import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShootList, VideoList } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

// The model's shoots and videos under her camera (/camera/{name}/photos, /camera/{name}/videos).

export function getCameraPhotos(name: string, page: number, signal?: AbortSignal): Promise<ShootList> {
  return requireData(call('cameras.photos', { params: { name }, query: { page } }, { signal }));
}

export function getCameraVideos(name: string, page: number, signal?: AbortSignal): Promise<VideoList> {
  return requireData(call('cameras.videos', { params: { name }, query: { page } }, { signal }));
}

export const cameraPhotosQueryOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: ['cameras', 'photos', name, page] as const,
    queryFn: ({ signal }) => getCameraPhotos(name, page, signal),
    placeholderData: keepPreviousData,
    meta: SHOWS_FAVOURITES,
  });

export const cameraVideosQueryOptions = (name: string, page: number) =>
  queryOptions({
    queryKey: ['cameras', 'videos', name, page] as const,
    queryFn: ({ signal }) => getCameraVideos(name, page, signal),
    placeholderData: keepPreviousData,
    meta: SHOWS_FAVOURITES,
  });

export const useCameraPhotos = (name: string, page: number) => useQuery(cameraPhotosQueryOptions(name, page));
export const useCameraVideos = (name: string, page: number) => useQuery(cameraVideosQueryOptions(name, page));
