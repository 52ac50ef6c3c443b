import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficePage, CreatePageBody, PathMeta, SavePathMetaBody, UpdatePageBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

// The back office's calls for custom pages and page meta (decision record 076, capability admin.settings).

export const PAGES_KEY = ['backoffice', 'pages'] as const;
export const META_KEY = ['backoffice', 'meta'] as const;

export const pagesListQueryOptions = () =>
  queryOptions({ queryKey: [...PAGES_KEY, 'list'] as const, queryFn: ({ signal }) => requireData(call('backoffice.pages.list', {}, { signal })) });

export const pageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PAGES_KEY, 'one', id] as const,
    queryFn: ({ signal }) => requireData(call('backoffice.pages.get', { params: { id } }, { signal })),
    // A page that is not there does not appear on retry.
    retry: false,
  });

export const landingsQueryOptions = () =>
  queryOptions({ queryKey: ['backoffice', 'landings'] as const, queryFn: ({ signal }) => requireData(call('backoffice.landings.list', {}, { signal })) });

export const metaListQueryOptions = () =>
  queryOptions({ queryKey: [...META_KEY, 'list'] as const, queryFn: ({ signal }) => requireData(call('backoffice.meta.list', {}, { signal })) });

export const pathMetaQueryOptions = (path: string) =>
  queryOptions({
    queryKey: [...META_KEY, 'path', path] as const,
    queryFn: ({ signal }) => requireData(call('backoffice.meta.get', { query: { path } }, { signal })),
    retry: false,
  });

export const usePagesList = () => useQuery(pagesListQueryOptions());
export const usePage = (id: number | null) => useQuery({ ...pageQueryOptions(id ?? 0), enabled: id !== null });
export const useLandingChoices = () => useQuery(landingsQueryOptions());
export const useMetaList = () => useQuery(metaListQueryOptions());
export const usePathMeta = (path: string | null) => useQuery({ ...pathMetaQueryOptions(path ?? '/'), enabled: path !== null });

/** After a page write: the back office's lists, and what visitors' screens of this browser have cached. */
function usePagesChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PAGES_KEY }),
        queryClient.invalidateQueries({ queryKey: META_KEY }),
        queryClient.invalidateQueries({ queryKey: ['pages'] }),
      ]);
    },
  });
}

export const useCreatePage = () => usePagesChange((body: CreatePageBody): Promise<BackofficePage> => requireData(call('backoffice.pages.create', { body })));
export const useUpdatePage = () =>
  usePagesChange(({ id, body }: { id: number; body: UpdatePageBody }): Promise<BackofficePage> => requireData(call('backoffice.pages.update', { params: { id }, body })));
export const useSetPublished = () =>
  usePagesChange(({ id, published }: { id: number; published: boolean }): Promise<BackofficePage> =>
    requireData(call('backoffice.pages.publish', { params: { id }, body: { published } })),
  );
export const useDeletePage = () =>
  usePagesChange(async (id: number): Promise<void> => {
    await requireData(call('backoffice.pages.delete', { params: { id } }));
  });
export const useSaveMeta = () => usePagesChange((body: SavePathMetaBody): Promise<PathMeta> => requireData(call('backoffice.meta.save', { body })));
export const useDeleteMeta = () =>
  usePagesChange(async (id: number): Promise<void> => {
    await requireData(call('backoffice.meta.delete', { params: { id } }));
  });
