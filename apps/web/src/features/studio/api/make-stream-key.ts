import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StreamKey } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import { studioCameraQueryOptions } from './get-studio-camera';

/** POST /studio/camera/stream_key: a new key for OBS; the old one stops working at once. The key is never cached. */
export function makeStreamKey(): Promise<StreamKey> {
  return requireData(call('studio.camera.streamKey'));
}

export function useMakeStreamKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeStreamKey,
    // The hint and the date of the key shown in the panel are the camera's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioCameraQueryOptions().queryKey }),
  });
}
