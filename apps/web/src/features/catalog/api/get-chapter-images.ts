import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterImages } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export function getChapterImages(shootId: number, chapterId: number, signal?: AbortSignal): Promise<ChapterImages> {
  return requireData(call('shoots.chapter', { params: { shootId, chapterId } }, { signal }));
}

export const chapterImagesQueryOptions = (shootId: number, chapterId: number) =>
  queryOptions({
    queryKey: ['catalog', 'shoot', shootId, 'chapter', chapterId] as const,
    queryFn: ({ signal }) => getChapterImages(shootId, chapterId, signal),
    meta: SHOWS_FAVOURITES,
  });

/** `null` ids (malformed in the URL) ask nothing. */
export function useChapterImages(shootId: number | null, chapterId: number | null) {
  return useQuery({ ...chapterImagesQueryOptions(shootId ?? 0, chapterId ?? 0), enabled: shootId !== null && chapterId !== null });
}
