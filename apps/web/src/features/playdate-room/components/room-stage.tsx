import { useQueryClient } from '@tanstack/react-query';
import type { PlaydateRoom } from '@velora/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SwitchField } from '@/components/switch-field';
import { useLocalMedia } from '@/lib/webrtc/use-local-media';
import type { RoomSide } from '../api/get-playdate-room';
import { playdateRoomQueryKey } from '../api/get-playdate-room';
import { useEndPlaydate } from '../api/end-playdate';
import { useRoomPublisher } from '../media/use-room-publisher';
import { useRoomViewer } from '../media/use-room-viewer';
import { useRoomTickets } from '../use-room-tickets';
import { RoomVideo } from './room-video';

/**
 * The pictures of a live room and one's own camera. The other side is big (the model for the member and viewers; the
 * member, if his camera is on, for her); one's own camera is a small preview. The model's camera is on as she enters;
 * the member's is off until he turns it on. Viewers of a public show only watch.
 */
export function RoomStage({ side, room }: { side: RoomSide; room: PlaydateRoom }) {
  const { t } = useTranslation();
  const { playdate, role } = room;
  const host = role === 'model';
  const mayPublish = host || (role === 'member' && playdate.kind === 'private');
  const other = host ? 'member' : 'model';
  const otherName = host ? (playdate.member?.name ?? '') : playdate.model.name;
  const tickets = useRoomTickets(side);
  const media = useLocalMedia();
  const [cameraOn, setCameraOn] = useState(host);
  const [muted, setMuted] = useState(false);

  // Her camera comes on as she enters; his when he turns it on; off again when he turns it off.
  const { start, stop } = media;
  useEffect(() => {
    if (!mayPublish) return;
    if (cameraOn) void start();
    else stop();
  }, [cameraOn, mayPublish, start, stop]);

  // Muting keeps the connection: the microphone's track just sends silence.
  useEffect(() => {
    media.stream?.getAudioTracks().forEach((track) => {
      track.enabled = !muted;
    });
  }, [media.stream, muted]);

  const publisher = useRoomPublisher({ stream: media.stream, enabled: mayPublish && cameraOn && media.status === 'ready', ticket: tickets.publishTicket });
  const otherPublishes = room.publishing[other];
  // A public show has no member side; her own preview is the big picture then.
  const watchOther = !(host && playdate.kind === 'public');
  const viewer = useRoomViewer({ enabled: watchOther && otherPublishes, ticket: tickets.viewTicket(other) });

  return (
    <section className="playdate-stage" aria-label={t('playdateRoom.video.region')} data-testid="playdate-stage">
      <div className="playdate-stage__main">
        {watchOther ? (
          otherPublishes ? (
            <>
              <RoomVideo stream={viewer.stream} label={t('playdateRoom.video.of', { name: otherName })} testId={`playdate-video-${other}`} />
              {viewer.phase !== 'live' ? (
                <p className="playdate-stage__overlay" role="status" data-testid="playdate-viewer-phase">
                  {t(`playdateRoom.video.${viewer.phase === 'off' ? 'connecting' : viewer.phase}`)}
                </p>
              ) : null}
            </>
          ) : (
            <div className="playdate-stage__empty" data-testid={host ? 'playdate-member-camera-off' : 'playdate-waiting-model'}>
              <p className="playdate-stage__empty-title">{host ? t('playdateRoom.video.memberOff', { name: otherName }) : t('playdateRoom.waiting.title')}</p>
              {host ? null : <p>{t('playdateRoom.waiting.text', { name: otherName })}</p>}
            </div>
          )
        ) : (
          <OwnPreview stream={media.stream} big />
        )}
        {mayPublish && watchOther && cameraOn && media.stream ? <OwnPreview stream={media.stream} /> : null}
      </div>
      {mayPublish ? (
        <div className="playdate-stage__controls">
          <SwitchField
            label={t(host ? 'playdateRoom.camera.hostLabel' : 'playdateRoom.camera.turnOn')}
            hint={host ? undefined : t('playdateRoom.camera.hint', { name: otherName })}
            checked={cameraOn}
            onChange={(event) => setCameraOn(event.target.checked)}
          />
          <button type="button" className="button button--ghost button--small" aria-pressed={muted} disabled={!media.stream} onClick={() => setMuted((value) => !value)}>
            {t('playdateRoom.camera.mute')}
          </button>
          <p className="playdate-stage__phase" role="status" data-testid="playdate-publisher-phase">
            {media.problem ? t(`playdateRoom.camera.problems.${media.problem}`) : cameraOn ? t(`playdateRoom.publish.${publisher}`) : ''}
          </p>
        </div>
      ) : null}
      {host && playdate.kind === 'public' ? <EndEarly playdateId={playdate.id} side={side} /> : null}
    </section>
  );
}

function OwnPreview({ stream, big = false }: { stream: MediaStream | null; big?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={big ? 'playdate-stage__own playdate-stage__own--big' : 'playdate-stage__own'}>
      <RoomVideo stream={stream} own label={t('playdateRoom.video.own')} testId="playdate-video-own" />
    </div>
  );
}

/** She may end her public show before its time, after saying so. */
function EndEarly({ playdateId, side }: { playdateId: number; side: RoomSide }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const end = useEndPlaydate();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const confirm = async () => {
    setFailed(null);
    try {
      const playdate = await end.mutateAsync(playdateId);
      setConfirming(false);
      queryClient.setQueryData<PlaydateRoom>(playdateRoomQueryKey(side), (old) => (old ? { ...old, playdate, publish: null, view: [], publishing: { model: false, member: false } } : old));
    } catch {
      setFailed(t('playdateRoom.end.failed'));
    }
  };
  return (
    <div className="playdate-stage__end">
      <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
        {t('playdateRoom.end.button')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('playdateRoom.end.title')}
        description={t('playdateRoom.end.text')}
        confirmLabel={t('playdateRoom.end.confirm')}
        pendingLabel={t('playdateRoom.end.pending')}
        cancelLabel={t('playdateRoom.end.cancel')}
        pending={end.isPending}
        error={failed}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setConfirming(false);
          setFailed(null);
        }}
        testId="playdate-end-dialog"
      />
    </div>
  );
}
