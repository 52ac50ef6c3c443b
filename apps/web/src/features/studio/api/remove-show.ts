import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioCamera } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { setStudioCamera } from './get-studio-camera';

/** DELETE /studio/camera/schedule/{id}: cancel a planned show. */
export function removeShow(id: number): Promise<StudioCamera> {
  return requireData(call('studio.camera.schedule.remove', { params: { id } }));
}

export function useRemoveShow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeShow, onSuccess: (camera) => setStudioCamera(queryClient, camera) });
}
