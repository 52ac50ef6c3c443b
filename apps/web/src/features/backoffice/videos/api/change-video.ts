import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackofficeVideoCoverBody, BackofficeVideoDetail, CreateBackofficeVideoBody, PublishBackofficeVideoBody, UpdateBackofficeVideoBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { VIDEOS_QUERY_KEY } from './get-videos';

/** POST /backoffice/videos: a draft no member sees, whose file is uploaded next. */
export const createVideo = (body: CreateBackofficeVideoBody) => requireData(call('backoffice.videos.create', { body }));

/** PUT /backoffice/videos/{id}: title, description, models and the trailer flag. */
export const updateVideo = ({ id, body }: { id: number; body: UpdateBackofficeVideoBody }) => requireData(call('backoffice.videos.update', { params: { id }, body }));

/** POST /backoffice/videos/{id}/publish: now, or at a time (scheduled). */
export const publishVideo = ({ id, body }: { id: number; body: PublishBackofficeVideoBody }) => requireData(call('backoffice.videos.publish', { params: { id }, body }));

/** POST /backoffice/videos/{id}/unpublish: members no longer see it. */
export const unpublishVideo = (id: number) => requireData(call('backoffice.videos.unpublish', { params: { id } }));

/** PUT /backoffice/videos/{id}/cover: a frame of the video or an uploaded picture. */
export const setVideoCover = ({ id, body }: { id: number; body: BackofficeVideoCoverBody }) => requireData(call('backoffice.videos.cover', { params: { id }, body }));

function useVideoChange<A>(mutationFn: (args: A) => Promise<BackofficeVideoDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (video) => {
      queryClient.setQueryData([...VIDEOS_QUERY_KEY, 'detail', video.id], video);
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
  });
}

export const useCreateVideo = () => useVideoChange(createVideo);
export const useUpdateVideo = () => useVideoChange(updateVideo);
export const usePublishVideo = () => useVideoChange(publishVideo);
export const useUnpublishVideo = () => useVideoChange(unpublishVideo);
export const useSetVideoCover = () => useVideoChange(setVideoCover);
