import { REALTIME_CAMERA_EVENTS, type CameraStatusEvent, type RealtimeAck } from '@velora/shared';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asMember, createCamera, goLive } from '../../../test/factories';
import { createRealtimeClients, eventMatching, listening, whenConnected } from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Live cams on the realtime channel: every connection hears a camera change state, and members may be in a
// camera's room (camera:<id>) for its presence.

const clients = createRealtimeClients();
let t: TestApp;

beforeAll(async () => {
  t = await listening(await buildTestApp());
});
afterAll(() => t.close());
afterEach(() => clients.closeAll());

async function connected(token?: string): Promise<ClientSocket> {
  const socket = clients.open(t, token);
  await whenConnected(socket);
  return socket;
}
const join = (socket: ClientSocket, room: string) => socket.timeout(5_000).emitWithAck('room:join', { room }) as Promise<RealtimeAck<Record<string, unknown>>>;

describe('camera status', () => {
  it('reaches every connection, visitors included, when a camera goes live', async () => {
    const camera = await createCamera(t, { title: 'Pushed live' });
    const member = await asMember(t);
    const sockets = [await connected(), await connected(member.token)];
    const heard = sockets.map((socket) =>
      eventMatching<CameraStatusEvent>(socket, REALTIME_CAMERA_EVENTS.status, (e) => e.camera.id === camera.id && e.camera.state === 'live'),
    );
    await goLive(t, camera.id, 4);
    for (const event of await Promise.all(heard)) {
      expect(event.camera).toMatchObject({ id: camera.id, name: camera.name, title: 'Pushed live', state: 'live' });
      expect(event.camera).not.toHaveProperty('is_favourite');
    }
  });
});

describe('the camera room', () => {
  it('lets members in, for presence', async () => {
    const camera = await createCamera(t);
    const member = await asMember(t);
    expect(await join(await connected(member.token), `camera:${camera.id}`)).toMatchObject({ ok: true, presence: { count: 1, members: [] } });
  });

  it('keeps out visitors and law-limited members, and says when there is no such camera', async () => {
    const camera = await createCamera(t);
    const sweden = await asMember(t, { registrationCountry: 'SE' });
    expect(await join(await connected(), `camera:${camera.id}`)).toMatchObject({ ok: false });
    expect(await join(await connected(sweden.token), `camera:${camera.id}`)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const member = await asMember(t);
    expect(await join(await connected(member.token), 'camera:999999')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
