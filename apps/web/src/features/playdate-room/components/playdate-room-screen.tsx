import { trackPlaydate } from '@/entities/playdate/track-playdate';
import { useQueryClient } from '@tanstack/react-query';
import type { PlaydateChatMessage, PlaydateRoom, PlaydateStatusEvent, RoomName } from '@velora/shared';
import { PLAYDATE_EVENTS } from '@velora/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { isApiError } from '@/lib/http';
import { useRealtimeConnected, useRealtimeEvent, useRealtimeRoom } from '@/lib/realtime';
import { paths, routePath } from '@/paths';
import type { RoomSide } from '../api/get-playdate-room';
import { playdateRoomQueryKey, usePlaydateRoom } from '../api/get-playdate-room';
import { mergePlaydateMessages } from '../chat-lines';
import { formatCountdown, useServerClock } from '../use-server-clock';
import { RoomChat } from './room-chat';
import { RoomStage } from './room-stage';
import { RoomStatePanel } from './room-state-panel';
import '../playdate-room.css';

/** The "2 minutes left" notice shows from this many seconds before the end. */
export const ENDING_SOON_SECONDS = 120;
/** Without the realtime channel (or past a start or an end the server has not announced yet), the room is asked this often. */
const POLL_MS = 15_000;
const OVERDUE_POLL_MS = 5_000;

/** A playdate room: the member's or a viewer's (GET /playdates/{type}/{id}) or the model's (GET /studio/playdates/{id}/room). */
export function PlaydateRoomScreen({ side }: { side: RoomSide }) {
  const { t } = useTranslation();
  const room = usePlaydateRoom(side);
  if (room.isPending) {
    return (
      <div className="playdate-room__loading" role="status" aria-label={t('playdateRoom.loading')}>
        <Skeleton height="2em" width="60%" />
        <Skeleton height="16em" width="100%" />
      </div>
    );
  }
  if (room.isError || !room.data) return <RoomError error={room.error} host={side.host} onRetry={() => void room.refetch()} />;
  return <LoadedRoom side={side} room={room.data} receivedAt={room.dataUpdatedAt} />;
}

function RoomError({ error, host, onRetry }: { error: unknown; host: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const back = host ? (
    <Link className="button button--primary" to={paths.studio()}>
      {t('playdateRoom.backToStudio')}
    </Link>
  ) : (
    <Link className="button button--primary" to={routePath('playdates')}>
      {t('playdateRoom.backToPlaydates')}
    </Link>
  );
  if (isApiError(error, 404) || isApiError(error, 400)) {
    return (
      <div data-testid="playdate-room-not-found">
        <StatusMessage title={t('playdateRoom.notFound.title')} text={t('playdateRoom.notFound.text')} action={back} />
      </div>
    );
  }
  if (isApiError(error, 403)) {
    return (
      <div data-testid="playdate-room-forbidden">
        <StatusMessage title={t('playdateRoom.forbidden.title')} text={t(host ? 'playdateRoom.forbidden.hostText' : 'playdateRoom.forbidden.text')} action={back} />
      </div>
    );
  }
  return <ErrorState title={t('playdateRoom.loadFailed')} onRetry={onRetry} />;
}

function LoadedRoom({ side, room, receivedAt }: { side: RoomSide; room: PlaydateRoom; receivedAt: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = playdateRoomQueryKey(side);
  const { playdate, role } = room;
  const now = useServerClock(room.now, receivedAt);
  const [messages, setMessages] = useState<PlaydateChatMessage[]>(room.messages);
  const [announcement, setAnnouncement] = useState('');

  // A new answer of the room (a refetch for tickets, after a resync) may hold lines the pushes did not bring.
  useEffect(() => setMessages((current) => mergePlaydateMessages(current, room.messages)), [room.messages]);

  const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
  useRealtimeRoom(room.room as RoomName, { onResync: refetch });
  const connected = useRealtimeConnected();

  useRealtimeEvent<PlaydateStatusEvent>(PLAYDATE_EVENTS.status, (event) => {
    if (event?.playdate?.id !== playdate.id) return;
    const before = queryClient.getQueryData<PlaydateRoom>(key);
    queryClient.setQueryData<PlaydateRoom>(key, (old) =>
      old
        ? {
            ...old,
            playdate: event.playdate,
            now: event.status.now,
            publishing: event.status.status === 'live' ? old.publishing : { model: false, member: false },
          }
        : old,
    );
    // Opened (or extended and opened again): the tickets to publish and watch come with the room's answer.
    if (event.status.status === 'live' && before?.playdate.status !== 'live') refetch();
  });
  useRealtimeEvent<{ model: boolean; member: boolean }>(PLAYDATE_EVENTS.publishing, (publishing) => {
    if (typeof publishing?.model !== 'boolean' || typeof publishing.member !== 'boolean') return;
    queryClient.setQueryData<PlaydateRoom>(key, (old) => (old ? { ...old, publishing: { model: publishing.model, member: publishing.member } } : old));
  });
  useRealtimeEvent<PlaydateChatMessage>(PLAYDATE_EVENTS.message, (message) => {
    if (message?.playdate_id !== playdate.id) return;
    setMessages((current) => mergePlaydateMessages(current, [message]));
  });

  // Asked again while pushes cannot be heard, and past a start or an end the server has not announced yet.
  const overdue =
    (playdate.status === 'scheduled' && playdate.starts_at !== null && now >= playdate.starts_at) ||
    (playdate.status === 'live' && playdate.ends_at !== null && now >= playdate.ends_at);
  const pollMs = overdue ? OVERDUE_POLL_MS : connected ? null : POLL_MS;
  useEffect(() => {
    if (pollMs === null) return undefined;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: key, exact: true }), pollMs);
    return () => clearInterval(timer);
    // The key is rebuilt each render; its parts are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pollMs, queryClient, side.host, side.id]);

  // The time ran out: the member of a private playdate is offered the extension at once.
  const finishedPrivateMember = playdate.status === 'finished' && playdate.kind === 'private' && role === 'member';
  useEffect(() => {
    if (finishedPrivateMember) void navigate(paths.extendPlaydate(playdate.id), { replace: true });
  }, [finishedPrivateMember, navigate, playdate.id]);

  const live = playdate.status === 'live';
  // Once per visit of a live room by a member or viewer (product §3 playdate_join).
  const joined = useRef(false);
  useEffect(() => {
    if (!live || role === 'model' || joined.current) return;
    joined.current = true;
    trackPlaydate('playdate_join', { playdate_id: playdate.id, kind: playdate.kind, model_id: playdate.model.id });
  }, [live, role, playdate.id, playdate.kind, playdate.model.id]);
  const remaining = live && playdate.ends_at !== null ? playdate.ends_at - now : null;
  const endingSoon = remaining !== null && remaining > 0 && remaining <= ENDING_SOON_SECONDS;

  // One polite live region says what changed: the start, her arrival, the last two minutes, the end.
  const previous = useRef({ status: playdate.status, modelHere: room.publishing.model, endingSoon });
  useEffect(() => {
    const before = previous.current;
    previous.current = { status: playdate.status, modelHere: room.publishing.model, endingSoon };
    if (before.status !== playdate.status) {
      if (playdate.status === 'live') setAnnouncement(t('playdateRoom.announce.started'));
      else if (playdate.status === 'finished') setAnnouncement(t('playdateRoom.announce.ended'));
    } else if (role !== 'model' && live && room.publishing.model && !before.modelHere) {
      setAnnouncement(t('playdateRoom.announce.modelHere', { name: playdate.model.name }));
    } else if (endingSoon && !before.endingSoon) {
      setAnnouncement(t('playdateRoom.endingSoon'));
    }
  }, [playdate.status, room.publishing.model, endingSoon, live, role, playdate.model.name, t]);

  const title =
    playdate.kind === 'public'
      ? playdate.title
      : role === 'model'
        ? t('playdateRoom.titlePrivateHost', { name: playdate.member?.name ?? '' })
        : t('playdateRoom.titlePrivate', { name: playdate.model.name });

  return (
    <article className="page playdate-room" aria-labelledby="playdate-room-title" data-testid="playdate-room" data-status={playdate.status}>
      <header className="playdate-room__header">
        <div>
          <h1 id="playdate-room-title" className="page-header__title">
            {title}
          </h1>
          <p className="playdate-room__sub">
            <span className={`playdate-room__badge playdate-room__badge--${playdate.status}`} data-testid="playdate-room-status">
              {t(`playdateRoom.status.${playdate.status}`)}
            </span>
            {playdate.kind === 'public' ? <span>{t('playdateRoom.withModel', { name: playdate.model.name })}</span> : null}
          </p>
        </div>
        {remaining !== null ? (
          <p className="playdate-room__time-left">
            <span>{t('playdateRoom.timeLeft')}</span>{' '}
            <time data-testid="playdate-time-left" dateTime={`PT${Math.max(0, remaining)}S`}>
              {formatCountdown(remaining)}
            </time>
          </p>
        ) : null}
      </header>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="playdate-room-announcer">
        {announcement}
      </div>
      {endingSoon ? (
        <p className="form-alert form-alert--info playdate-room__ending" data-testid="playdate-ending-soon">
          {t('playdateRoom.endingSoon')}
        </p>
      ) : null}
      {live ? (
        <div className="playdate-room__live">
          <RoomStage side={side} room={room} />
          <RoomChat room={room} messages={messages} onSent={(message) => setMessages((current) => mergePlaydateMessages(current, [message]))} />
        </div>
      ) : (
        <RoomStatePanel room={room} now={now} language={i18n.language} host={side.host} />
      )}
    </article>
  );
}
