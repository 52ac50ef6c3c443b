import type { FastifyInstance } from 'fastify';
import { demoLiveCameraIds } from '../demo/seed-cameras';
import { findFfmpeg, type FfmpegBinary } from '../lib/ffmpeg';
import type { CamerasService } from '../modules/cameras/cameras.service';
import { createMediaServer } from '../modules/live/create-media-server';
import { startDemoStreams, type DemoStreams } from '../modules/live/demo-streams';
import { createLiveHlsRooms, type LiveHlsRooms } from '../modules/live/hls-live-rooms';
import { registerLiveHlsRoutes } from '../modules/live/hls-routes';
import { liveRoutes } from '../modules/live/live.routes';
import { createLiveAudience } from '../modules/live/live-audience';
import { liveSigningKey } from '../modules/live/live-tokens';
import { isPrivateMediaRoom, type MediaServer } from '../modules/live/media-server';
import { createViewerSessions, type ViewerSessions } from '../modules/live/viewer-sessions';
import { startWatchRecheck, type WatchRecheck } from '../modules/live/watch-recheck';
import { createRtmpIngest, type RtmpIngestService } from '../modules/live/rtmp-ingest';
import type { PlaydateRoomsService } from '../modules/playdate-rooms/playdate-rooms.service';
import type { Platform } from '../platform';

// Live cams in one process (decision records 032–034): the media server (the embedded SFU, started on first use, or an
// external one), the ffmpeg parts around it (LL-HLS and stills, RTMP ingest, the demo's test patterns) and the
// cameras module that hears what happens in the rooms and says who may watch them (decision record 061). The server
// and the e2e runs use it; unit tests build only the parts they test.

/** What the cameras module answers the /live routes: who may watch, read per request (kept a second) or fresh. */
type CameraWatchAccess = Pick<CamerasService, 'watchAccess' | 'watchAccessOfMembers'>;

export interface Live {
  media: MediaServer;
  /** What the cameras module may do to a room: ending one also cuts an RTMP encoder off. */
  control: Pick<MediaServer, 'endRoom' | 'stats'>;
  /** The WHEP sessions of this process by camera and member: a paid chat's end closes the member's (decision record 037). */
  viewers: ViewerSessions;
  /**
   * Registers /live (WHIP, WHEP, LL-HLS, stills) on the app. A WHIP bearer is asked of each publisher authority in
   * turn: the cameras (publish token, stream key), then the rooms of playdates (their publish tokens). Every WHEP
   * handshake and LL-HLS request of a camera asks the cameras whether its member may watch now.
   */
  registerRoutes(
    app: FastifyInstance,
    publishers: ReadonlyArray<Pick<CamerasService, 'authorizePublisher'> | Pick<PlaydateRoomsService, 'authorizePublisher'>>,
    cameras: CameraWatchAccess,
  ): Promise<void>;
  /**
   * After the app listens: the rooms report to the cameras module (camera rooms) and to the playdate rooms (theirs);
   * the WHEP sessions held here are checked again every 2 s; RTMP ingest and the demo's streams start.
   */
  start(
    cameras: Pick<CamerasService, 'handleMediaEvent' | 'authorizeStreamKey'> & CameraWatchAccess,
    playdateRooms?: Pick<PlaydateRoomsService, 'handleMediaEvent'>,
  ): Promise<void>;
  close(): Promise<void>;
}

export async function createLive(platform: Pick<Platform, 'config' | 'db' | 'log' | 'rateLimits' | 'now'>): Promise<Live> {
  const { config, db, log } = platform;
  const media = createMediaServer(config, log);
  // The ffmpeg parts need a working ffmpeg; without one the SFU still forwards WebRTC (WHIP in, WHEP out).
  const ffmpeg: FfmpegBinary | null = config.live.mediaServer === 'embedded' ? await findFfmpeg() : null;
  const hlsRooms: LiveHlsRooms | null = ffmpeg ? createLiveHlsRooms({ config, media, ffmpeg, log }) : null;
  const viewers = createViewerSessions(media);
  // Who watches a camera from here: its WHEP viewers and its recent LL-HLS members, told to the cameras module.
  let reportWatching: ((cameraId: number, watching: number) => void) | null = null;
  const audience = createLiveAudience({ report: (cameraId, watching) => reportWatching?.(cameraId, watching), holdsWhep: viewers.holds });
  let recheck: WatchRecheck | null = null;
  let rtmp: RtmpIngestService | null = null;
  let demo: DemoStreams | null = null;
  let unsubscribe: (() => void) | null = null;

  const control: Live['control'] = {
    async endRoom(room) {
      await rtmp?.endCamera(room);
      await media.endRoom(room);
    },
    stats: (room) => media.stats(room),
  };

  return {
    media,
    control,
    viewers,
    async registerRoutes(app, publishers, cameras) {
      const liveKey = liveSigningKey(config);
      await app.register(liveRoutes, {
        media,
        authorizePublisher: async (bearer) => {
          for (const publisher of publishers) {
            const found = await publisher.authorizePublisher(bearer);
            if (found) return found;
          }
          return null;
        },
        liveKey,
        rateLimits: platform.rateLimits,
        now: () => platform.now().getTime(),
        viewers,
        watchAccess: cameras.watchAccess,
      });
      if (hlsRooms) {
        await app.register(async (scope) =>
          registerLiveHlsRoutes(scope, { rooms: hlsRooms, signingKey: liveKey, watchAccess: cameras.watchAccess, onServed: audience.hlsRequest }),
        );
      }
    },
    async start(cameras, playdateRooms) {
      // Each hears every event and keeps to its own rooms (cameras: camera ids; playdates: the private rooms above).
      reportWatching = (room, watching) => void cameras.handleMediaEvent({ type: 'viewers', room, viewers: watching });
      unsubscribe = media.on((event) => {
        if (event.type === 'viewers' && !isPrivateMediaRoom(event.room)) {
          // A camera's count is its audience's: WHEP viewers and LL-HLS members together.
          if (event.viewers === 0) viewers.roomEmptied(event.room);
          audience.whepViewers(event.room, event.viewers);
        } else {
          void cameras.handleMediaEvent(event);
        }
        void playdateRooms?.handleMediaEvent(event);
      });
      recheck = startWatchRecheck({ viewers, accessOfMembers: cameras.watchAccessOfMembers, log });
      if (!ffmpeg) {
        log.warn('Live cams: no ffmpeg found, so no RTMP ingest, LL-HLS, preview stills or demo streams (WebRTC works)');
        return;
      }
      // Neither is worth the site: a taken RTMP port or a failing demo stream is logged, and the site serves on.
      if (config.live.rtmpEnabled) {
        try {
          rtmp = await createRtmpIngest({ config, media, ffmpeg, log, authorizeStreamKey: (key) => cameras.authorizeStreamKey(key) });
        } catch (error) {
          log.error({ err: error }, `Live cams: no RTMP ingest on port ${config.live.rtmpPort} (set RTMP_PORT, or RTMP_ENABLED=0)`);
        }
      }
      if (config.live.demoStreams !== 'off') {
        try {
          const ids = await demoLiveCameraIds(db);
          if (ids) demo = await startDemoStreams({ media, ffmpeg, log, cameraIds: [ids.free, ids.paid] });
          else if (config.live.demoStreams === 'on') log.warn('LIVE_DEMO_STREAMS=on but the demo cameras are not seeded');
        } catch (error) {
          log.error({ err: error }, 'Live cams: the demo streams did not start');
        }
      }
    },
    async close() {
      unsubscribe?.();
      await recheck?.stop();
      audience.close();
      await demo?.stop();
      await rtmp?.close();
      await hlsRooms?.close();
      await media.close();
    },
  };
}
