import { cameraBrowsing } from './camera-browsing';
import { cameraFeedback } from './camera-feedback';
import { cameraHooks } from './camera-hooks';
import { cameraLifecycle, type CamerasOptions } from './camera-lifecycle';
import { cameraStudio } from './camera-studio';
import { createCamerasContext, type CamerasDeps } from './cameras-context';
import { goLiveMailing } from './go-live-mailing';

// Live cams (decision record 032): the lists and the camera page, viewer and publisher tokens, the studio, the live
// lifecycle the media server drives, realtime status and go-live mails. Each is a use-case file of this folder; the
// service assembles them around one shared context (its signing key, listeners and per-room state).

export { CAMERA_GRACE_JOB, CAMERA_GRACE_SWEEP_JOB, VIEWER_UPDATE_INTERVAL_MS, type CamerasOptions, type GraceJobData } from './camera-lifecycle';
export { CAMERA_FEEDBACK_INTERVAL_MS, CAMERA_FEEDBACK_PER_PAGE } from './camera-feedback';
export { cameraNameFrom, type CameraInfo, type CameraSettingsSnapshot, type ShowAir } from './camera-views';
export type { CamerasDeps } from './cameras-context';
export { CAMERA_GO_LIVE_MAIL_JOB, type GoLiveMailJobData } from './go-live-mailing';

export function createCamerasService(deps: CamerasDeps, options: CamerasOptions = {}) {
  const ctx = createCamerasContext(deps);
  return {
    ...cameraHooks(ctx),
    ...cameraBrowsing(ctx),
    ...cameraFeedback(ctx),
    ...goLiveMailing(ctx),
    ...cameraLifecycle(ctx, options),
    ...cameraStudio(ctx),
  };
}
export type CamerasService = ReturnType<typeof createCamerasService>;
