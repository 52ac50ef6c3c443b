import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioCamera, StudioCameraSettingsBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { setStudioCamera } from './get-studio-camera';

/** PUT /studio/camera: title, tags, free or paid chat and the price per minute. */
export function updateStudioCamera(body: StudioCameraSettingsBody): Promise<StudioCamera> {
  return requireData(call('studio.camera.update', { body }));
}

export function useUpdateStudioCamera() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateStudioCamera, onSuccess: (camera) => setStudioCamera(queryClient, camera) });
}
