import { CAMERA_FEEDBACK_MIN_WATCH_SECONDS } from '@velora/shared';
import { showPopup } from '@/components/popups/popup-store';
import { askCameraFeedback } from './api/camera-feedback';
import { takeWatchedMs } from './watch-time';

/** What the camera-feedback popup is opened with. */
export interface CameraFeedbackData {
  name: string;
  display_name: string;
}

/**
 * After a show ends on screen or the member leaves the camera page: when she watched at least 60 s (frames playing),
 * asks the server whether to ask (once a day per camera) and opens the camera-feedback popup. The popup opens after
 * the server's answer, so a navigation that closes every popup (product §2) has already happened: it shows on the page
 * she went to.
 */
export async function offerCameraFeedback(camera: CameraFeedbackData): Promise<boolean> {
  if (takeWatchedMs(camera.name) < CAMERA_FEEDBACK_MIN_WATCH_SECONDS * 1000) return false;
  return askForCameraFeedback(camera);
}

/**
 * Asks the server whether to ask (once a day per camera) and opens the camera-feedback popup: after a chat session of
 * at least 60 s (the chat screen counts the session, not the frames). The watch time so far is taken with it.
 */
export async function askForCameraFeedback(camera: CameraFeedbackData): Promise<boolean> {
  takeWatchedMs(camera.name);
  try {
    const { ask } = await askCameraFeedback(camera.name);
    if (!ask) return false;
  } catch {
    // Not worth an error message: the question is a courtesy, a lost one is asked another day.
    return false;
  }
  showPopup('camera-feedback', { ...camera } satisfies CameraFeedbackData);
  return true;
}

/** Camera pages on screen, by camera name: its tabs are routes of their own, so a tab change remounts the page. */
const pagesOnScreen = new Map<string, number>();

/** The camera page of `name` came on screen; returns what to call when it goes (then asks, unless a tab of it came). */
export function cameraPageShown(camera: CameraFeedbackData): () => void {
  pagesOnScreen.set(camera.name, (pagesOnScreen.get(camera.name) ?? 0) + 1);
  return () => {
    pagesOnScreen.set(camera.name, (pagesOnScreen.get(camera.name) ?? 1) - 1);
    // After the commit that unmounted it: a tab of the same camera has mounted by then, a real departure has not.
    setTimeout(() => {
      if ((pagesOnScreen.get(camera.name) ?? 0) <= 0) void offerCameraFeedback(camera);
    }, 0);
  };
}
