import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioCamera, StudioShowBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { setStudioCamera } from './get-studio-camera';

/** POST /studio/camera/schedule: plan a show (422 in the past or too many, 409 overlapping another). */
export function addShow(body: StudioShowBody): Promise<StudioCamera> {
  return requireData(call('studio.camera.schedule.add', { body }));
}

export function useAddShow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addShow, onSuccess: (camera) => setStudioCamera(queryClient, camera) });
}
