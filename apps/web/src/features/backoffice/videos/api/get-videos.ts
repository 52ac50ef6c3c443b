import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BackofficeVideoDetail, BackofficeVideoList, BackofficeVideoStatus } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface VideoFilters {
  page: number;
  query: string;
  status: BackofficeVideoStatus | '';
}

/** While a video is on its way (uploading, transcoding), its state is asked again this often. */
export const VIDEO_POLL_MS = 2000;
const moving = (status: BackofficeVideoStatus) => status === 'uploading' || status === 'transcoding';

export const VIDEOS_QUERY_KEY = ['backoffice', 'videos'] as const;

/** GET /backoffice/videos (capability moderation.content): a page of every video, drafts included. */
export function getVideos(filters: VideoFilters, signal?: AbortSignal): Promise<BackofficeVideoList> {
  const query = { page: filters.page > 1 ? filters.page : null, query: filters.query.trim() || null, status: filters.status || null };
  return requireData(call('backoffice.videos.list', { query }, { signal }));
}

export const videosQueryOptions = (filters: VideoFilters) =>
  queryOptions({
    queryKey: [...VIDEOS_QUERY_KEY, 'list', filters] as const,
    queryFn: ({ signal }) => getVideos(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.videos.some((v) => moving(v.status)) ? VIDEO_POLL_MS : false),
  });

export const useVideos = (filters: VideoFilters) => useQuery(videosQueryOptions(filters));

/** GET /backoffice/videos/{id}: one video with its upload and transcode progress, asked again while it moves. */
export function getVideo(id: number, signal?: AbortSignal): Promise<BackofficeVideoDetail> {
  return requireData(call('backoffice.videos.get', { params: { id } }, { signal }));
}

export const videoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...VIDEOS_QUERY_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getVideo(id, signal),
    refetchInterval: (query) => (query.state.data && moving(query.state.data.status) ? VIDEO_POLL_MS : false),
  });

export const useVideo = (id: number) => useQuery(videoQueryOptions(id));

/** GET /backoffice/video-models: every model, to pick those a video features. */
export const useVideoModelChoices = () =>
  useQuery({
    queryKey: [...VIDEOS_QUERY_KEY, 'models'] as const,
    queryFn: ({ signal }) => requireData(call('backoffice.videos.models', {}, { signal })),
    staleTime: 60_000,
  });

/** GET /backoffice/videos/{id}/cover: the cover as a small picture (a data URL). */
export const useVideoCover = (id: number, hasCover: boolean) =>
  useQuery({
    queryKey: [...VIDEOS_QUERY_KEY, 'cover', id] as const,
    queryFn: ({ signal }) => requireData(call('backoffice.videos.coverImage', { params: { id } }, { signal })),
    enabled: hasCover,
  });

/** GET /backoffice/videos/{id}/frames: frames across the video to choose a cover from (asked for on demand). */
export const useVideoFrames = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...VIDEOS_QUERY_KEY, 'frames', id] as const,
    queryFn: ({ signal }) => requireData(call('backoffice.videos.frames', { params: { id } }, { signal })),
    enabled,
    staleTime: Infinity,
  });
