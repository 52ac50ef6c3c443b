import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChapterImages } from '@velora/shared';
import { SHOWS_FAVOURITES } from '@/lib/favourites';
import { api, requireData } from '@/lib/http';

export function getChapterImages(shootId: number, chapterId: number, signal?: AbortSignal): Promise<ChapterImages> {
  return requireData(api.get<ChapterImages>(`/shoots/${shootId}/chapters/${chapterId}`, undefined, signal ? { signal } : undefined));
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
