import { INSUFFICIENT_COINS, PLAYDATE_ERROR_CODES, type PlaydateLimits, type PlaydateStatus } from '@velora/shared';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { HttpError, forbidden, notFound } from '../../lib/http-error';
import type { Platform } from '../../platform';
import type { CameraChatService } from '../camera-chat/camera-chat.service';
import type { CamerasService } from '../cameras/cameras.service';
import type { ChatSessionsService } from '../chat-sessions/chat-sessions.service';
import type { CoinsService } from '../coins/coins.service';
import type { MediaService } from '../media/media.service';
import type { AuthContext } from '../sessions/sessions.service';
import type { UsersService } from '../users/users.service';
import type { PlaydateRow } from './playdates.repository';

// What every use case of playdates shares (decision record 040): the service's parts, times, the errors it answers,
// the house's split of a playdate's coins, and who a viewer is to a playdate.

export interface PlaydatesDeps extends Pick<Platform, 'db' | 'now' | 'realtime' | 'log' | 'mailer' | 'mediaUrls' | 'config'> {
  jobs: Pick<JobQueue, 'send'>;
  coins: Pick<CoinsService, 'bookPlaydate' | 'balance' | 'playdateSplitOf'>;
  cameras: Pick<CamerasService, 'infoById' | 'infoByModel'>;
  media: Pick<MediaService, 'imageUrl'>;
  users: Pick<UsersService, 'lawLimitations'>;
  chatSessions: Pick<ChatSessionsService, 'isBanned'>;
  cameraChat: Pick<CameraChatService, 'postSystemMessage'>;
}

export type Viewer = AuthContext | null;

export const MINUTE = 60_000;
export const unix = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
export const unixOrNull = (d: Date | string | null) => (d === null ? null : unix(d));
export const endOf = (row: Pick<PlaydateRow, 'starts_at' | 'duration_minutes'>) =>
  row.starts_at === null ? null : new Date(new Date(row.starts_at).getTime() + row.duration_minutes * MINUTE);

export const fail = (status: number, code: string, message: string, fields?: Record<string, string>) => new HttpError(status, code, message, fields);
export const wrongStatus = (status: PlaydateStatus) => fail(409, PLAYDATE_ERROR_CODES.wrongStatus, `This playdate is ${status}`);
export const notAvailable = () => fail(409, PLAYDATE_ERROR_CODES.notAvailable, 'She takes no private playdate requests now');
export const slotTaken = () => fail(409, PLAYDATE_ERROR_CODES.slotTaken, 'This start is no longer free: choose another', { starts_at: 'Not a free start' });
export const blocked = () => fail(403, PLAYDATE_ERROR_CODES.blocked, 'The model has blocked you');
export const unprocessable = (message: string, fields: Record<string, string>) => fail(422, 'UNPROCESSABLE', message, fields);
export const insufficient = (balance: number, needed: number) => fail(409, INSUFFICIENT_COINS, `You have ${balance} coins; this needs ${needed}.`);
export const noPlaydate = () => notFound('There is no such playdate');

/** The model's and the house's coins of a private playdate's price. */
export const splitOf = (coins: number, limits: PlaydateLimits) => {
  const house = Math.floor((coins * limits.house_share_percent) / 100);
  return { model: coins - house, house };
};

export const isModelOf = (viewer: AuthContext, row: Pick<PlaydateRow, 'model_id'>) => viewer.modelId !== null && viewer.modelId === row.model_id;

/** The viewer's model: only model accounts run playdates. */
export function ownModel(viewer: AuthContext): number {
  if (viewer.modelId === null) throw forbidden('Only model accounts have playdates to run');
  return viewer.modelId;
}
