import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentList } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** Every page of one video's comments is cached under this key prefix. */
export const commentsQueryPrefix = (videoId: number) => ['videos', 'comments', videoId] as const;

export function getComments(videoId: number, page: number, signal?: AbortSignal): Promise<CommentList> {
  return requireData(call('comments.list', { params: { id: videoId }, query: { page } }, { signal }));
}

export const commentsQueryOptions = (videoId: number, page: number) =>
  queryOptions({
    queryKey: [...commentsQueryPrefix(videoId), page] as const,
    queryFn: ({ signal }) => getComments(videoId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useComments(videoId: number, page: number) {
  return useQuery(commentsQueryOptions(videoId, page));
}
