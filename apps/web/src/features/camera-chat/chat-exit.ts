import type { ChatEndCode } from '@velora/shared';
import { CHAT_END_CODE_VALUES, CHAT_END_CODES } from '@velora/shared';
import { routePath } from '@/paths';

/** Where a member lands when his chat ends: /cameras with the reason (product §2); 501 adds hint (free chats first). */
export function chatExitPath(code: number, cameraName: string): string {
  return routePath('cameras', {}, { exit_code: code, hint: code === CHAT_END_CODES.videoTimeLimit ? 1 : null, camera: cameraName });
}

export const isChatEndCode = (value: unknown): value is ChatEndCode => typeof value === 'number' && (CHAT_END_CODE_VALUES as readonly number[]).includes(value);

/** The code a `room:left` carries, when it is one of product §4's; null otherwise (the session event says it then). */
export function endCodeOfRoomLeft(code: string): ChatEndCode | null {
  if (!/^\d{1,4}$/.test(code)) return null;
  const value = Number(code);
  return isChatEndCode(value) ? value : null;
}
