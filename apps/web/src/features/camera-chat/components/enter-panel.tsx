import type { ChatMode, ChatRoom } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { showPopup } from '@/components/popups/popup-store';
import type { FreechatPopupData } from '../popup-data';
import { clockText } from '../use-clock';

interface EnterPanelProps {
  mode: ChatMode;
  room: ChatRoom;
  balance: number;
  pending: boolean;
  onEnter: () => void;
}

/** Before entering: the free time left today, or the price and the member's coins; the one clear way in. */
export function EnterPanel({ mode, room, balance, pending, onEnter }: EnterPanelProps) {
  const { t } = useTranslation();
  const price = room.price_per_minute ?? 0;
  if (room.banned) {
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p role="alert">{t('cameraChat.banned', { name: room.display_name })}</p>
      </div>
    );
  }
  if (!room.live) {
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p>{t('cameraChat.offline', { name: room.display_name })}</p>
      </div>
    );
  }
  if (mode === 'free' && room.chat_mode === 'free' && !room.free.available) {
    // Feature freechat is off for this member: nothing to enter here; the popup offers paid chat and coins instead.
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p data-testid="free-off">{t('cameraChat.enter.freeOff')}</p>
        <button type="button" className="button button--primary" onClick={() => showPopup('freechat', { name: room.camera_name, display_name: room.display_name, price_per_minute: room.price_per_minute } satisfies FreechatPopupData)}>
          {t('cameraChat.enter.freeOptions')}
        </button>
      </div>
    );
  }
  if (mode === 'free') {
    const usedUp = room.free.remaining_seconds <= 0;
    return (
      <div className="chat-enter" data-testid="chat-enter">
        <p data-testid="free-left">{usedUp ? t('cameraChat.enter.freeUsedUp') : t('cameraChat.enter.freeLeft', { time: clockText(room.free.remaining_seconds) })}</p>
        {usedUp ? (
          <button type="button" className="button button--primary" onClick={() => showPopup('freechat', { name: room.camera_name, display_name: room.display_name, price_per_minute: room.price_per_minute } satisfies FreechatPopupData)}>
            {t('cameraChat.enter.freeOptions')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={onEnter} disabled={pending} aria-busy={pending || undefined}>
            {pending ? t('cameraChat.enter.entering') : t('cameraChat.enter.free')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="chat-enter" data-testid="chat-enter">
      <dl className="chat-enter__facts">
        <div>
          <dt>{t('cameraChat.enter.price')}</dt>
          <dd data-testid="chat-price">{t('cameraChat.enter.perMinute', { count: price })}</dd>
        </div>
        <div>
          <dt>{t('cameraChat.enter.balance')}</dt>
          <dd data-testid="chat-balance">{t('cameraChat.enter.coins', { count: balance })}</dd>
        </div>
      </dl>
      <button type="button" className="button button--primary" onClick={onEnter} disabled={pending} aria-busy={pending || undefined}>
        {pending ? t('cameraChat.enter.entering') : t('cameraChat.enter.paid', { count: price })}
      </button>
      <p className="chat-enter__hint">{t('cameraChat.enter.paidHint')}</p>
    </div>
  );
}
