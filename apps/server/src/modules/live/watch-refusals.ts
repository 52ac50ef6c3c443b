import { CAMERA_ERROR_CODES, type WatchState } from '@velora/shared';
import { HttpError, notFound } from '../../lib/http-error';

// The refusals of live video a member may not see now (decision records 032 and 061): the same codes at the watch
// ticket, the WHEP handshake and every LL-HLS request, so a player reads them alike.

/** 403: a paid camera shows its video in a paid chat session only. */
export const paidChatRequired = () => new HttpError(403, CAMERA_ERROR_CODES.paidChatRequired, 'This camera is in paid chat: start a paid chat session to watch');
/** 403: product §6, a restricted viewer never sees live video. */
export const restrictedViewer = () => new HttpError(403, CAMERA_ERROR_CODES.restricted, 'Live video is not shown to this account (restricted viewer)');

/** Why a WHEP handshake or an LL-HLS request of this member is refused; null when he may watch. */
export function mediaRefusal(cameraId: number, access: WatchState): HttpError | null {
  switch (access) {
    case 'allowed':
      return null;
    case 'offline':
      return notFound(`Camera ${cameraId} is not live`);
    case 'restricted':
      return restrictedViewer();
    default:
      return paidChatRequired();
  }
}
