import { useQueryClient } from '@tanstack/react-query';
import type { ChatMode, ChatRoom, ChatSession, ClientEndCode } from '@velora/shared';
import { CHAT_END_CODES, CHAT_ERROR_CODES, newIdempotencyKey } from '@velora/shared';
import type { RefObject } from 'react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showPopup } from '@/components/popups/popup-store';
import { isApiError } from '@/lib/http';
import { routePath } from '@/paths';
import { useEnterChat } from './api/enter-chat';
import { chatRoomQueryOptions } from './api/get-chat-room';
import { leaveChat } from './api/leave-chat';
import type { FreechatPopupData } from './popup-data';
import { modeRoute } from './use-chat-session';

export type ChatNotice = { tone: 'info' | 'error'; text: string } | null;

const otherMode = (mode: ChatMode): ChatMode => (mode === 'free' ? 'paid' : 'free');

interface ChatEntryOptions {
  mode: ChatMode;
  room: ChatRoom;
  /** The session's controls (use-chat-session.ts). */
  ended: RefObject<boolean>;
  setSession: (session: ChatSession) => void;
  setBalance: (update: (coins: number) => number) => void;
  finish: (code: number) => void;
  setNotice: (notice: ChatNotice) => void;
}

/**
 * Entering the chat (free, or paid at the room's price) and leaving it with the member's own button: each refusal
 * answered as product §2 says (a popup, a notice, the other mode's screen).
 */
export function useChatEntry({ mode, room, ended, setSession, setBalance, finish, setNotice }: ChatEntryOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enter = useEnterChat();
  const [leaving, setLeaving] = useState(false);
  // One key per attempt to enter: a retry of the same click enters (and charges) once.
  const attemptKey = useRef<string | null>(null);
  const name = room.camera_name;
  const price = room.price_per_minute;

  const onEnter = () => {
    if (enter.isPending) return;
    attemptKey.current ??= newIdempotencyKey();
    setNotice(null);
    enter.mutate(
      { name, body: mode === 'paid' ? { kind: 'paid', price_per_minute: price } : { kind: 'free' }, idempotencyKey: attemptKey.current },
      {
        onSuccess: (opened) => {
          attemptKey.current = null;
          ended.current = false;
          setSession(opened);
          if (opened.kind === 'paid' && opened.price_per_minute !== null) setBalance((coins) => Math.max(0, coins - opened.price_per_minute!));
        },
        onError: (error) => {
          // A definite answer ends the attempt; a lost one (no status) keeps its key for the retry.
          if (isApiError(error)) attemptKey.current = null;
          onEnterRefused(error);
        },
      },
    );
  };

  const onEnterRefused = (error: unknown) => {
    const code = isApiError(error) ? error.code : null;
    const freechatData: FreechatPopupData = { name, display_name: room.display_name, price_per_minute: price };
    switch (code) {
      case CHAT_ERROR_CODES.priceChanged:
        void queryClient.invalidateQueries({ queryKey: chatRoomQueryOptions(name).queryKey });
        setNotice({ tone: 'info', text: t('cameraChat.enter.priceChanged') });
        return;
      case CHAT_ERROR_CODES.insufficientCoins:
        showPopup('buy-coins');
        setNotice({ tone: 'error', text: t('cameraChat.enter.insufficientCoins') });
        return;
      case CHAT_ERROR_CODES.freeChatUsedUp:
        showPopup('freechat', { ...freechatData });
        setNotice({ tone: 'error', text: t('cameraChat.enter.freeUsedUp') });
        return;
      case CHAT_ERROR_CODES.freeChatOff:
        setNotice({ tone: 'error', text: t('cameraChat.enter.freeOff') });
        return;
      case CHAT_ERROR_CODES.wrongMode:
        navigate(routePath(modeRoute(otherMode(mode)), { name }), { replace: true, state: { modeChanged: otherMode(mode) } });
        return;
      case CHAT_ERROR_CODES.banned:
        setNotice({ tone: 'error', text: t('cameraChat.banned', { name: room.display_name }) });
        return;
      case CHAT_ERROR_CODES.offline:
        void queryClient.invalidateQueries({ queryKey: chatRoomQueryOptions(name).queryKey });
        setNotice({ tone: 'error', text: t('cameraChat.offline', { name: room.display_name }) });
        return;
      default:
        setNotice({ tone: 'error', text: isApiError(error) && error.status < 500 ? error.message : t('cameraChat.enter.failed') });
    }
  };

  const onLeave = async (code: ClientEndCode = CHAT_END_CODES.closedByUser) => {
    if (leaving || ended.current) return;
    setLeaving(true);
    try {
      const closed = await leaveChat(name, code);
      finish(closed.end_code ?? code);
    } catch (error) {
      // No open session any more (409): it ended meanwhile, and its event says why or already did.
      if (isApiError(error, 409) || isApiError(error, 404)) finish(code);
      else setNotice({ tone: 'error', text: t('cameraChat.session.leaveFailed') });
    } finally {
      setLeaving(false);
    }
  };

  return { onEnter, onLeave, entering: enter.isPending, leaving };
}
