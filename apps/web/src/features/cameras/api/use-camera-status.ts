import { useQueryClient } from '@tanstack/react-query';
import type { CameraState, CameraStatusEvent as CameraStatusEventType } from '@velora/shared';
import { CameraStatusEvent, REALTIME_CAMERA_EVENTS } from '@velora/shared';
import { useRealtimeEvent } from '@/lib/realtime';
import { useHasRole } from '@/lib/roles';
import { applyCameraStatus } from '../camera-cache';

export type StatusCamera = CameraStatusEventType['camera'];

/**
 * Keeps every cached camera current from the camera:status events (state, viewers, preview, price) while mounted;
 * `onChange` hears each event with the state shown before (null: the page did not show that camera).
 */
export function useCameraStatusUpdates(onChange?: (camera: StatusCamera, previous: CameraState | null) => void): void {
  const queryClient = useQueryClient();
  const restricted = useHasRole('censored');
  useRealtimeEvent(REALTIME_CAMERA_EVENTS.status, (payload: unknown) => {
    const event = CameraStatusEvent.safeParse(payload);
    if (!event.success) return;
    const previous = applyCameraStatus(queryClient, event.data.camera, { restricted });
    onChange?.(event.data.camera, previous);
  });
}
