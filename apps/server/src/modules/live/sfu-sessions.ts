import { candidatesOf } from './sdp-offer';
import { RequestError } from './sfu-parent-link';
import { dropPublisher } from './sfu-publishers';
import { rooms, sessions } from './sfu-rooms';
import { closeRtpTap } from './sfu-rtp-taps';
import { removeViewer } from './sfu-viewers';

// What the server asks of a WHIP or WHEP session once it is open (trickled candidates, its end), and of a whole room.

export function patch(resourceId: string, fragment: string): boolean {
  const session = sessions.get(resourceId);
  if (!session) throw new RequestError('unknown-session', 'No such WHIP or WHEP session');
  const room = rooms.get(session.room);
  const pc = session.kind === 'publisher' ? room?.publisher?.pc : room?.viewers.get(resourceId)?.pc;
  if (!pc) throw new RequestError('unknown-session', 'No such WHIP or WHEP session');
  const candidates = candidatesOf(fragment);
  for (const { candidate, mid } of candidates) {
    try {
      pc.addRemoteCandidate(candidate, mid);
    } catch (error) {
      throw new RequestError('bad-offer', `The candidate was refused: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return true;
}

export function closeSession(resourceId: string) {
  const session = sessions.get(resourceId);
  if (!session) throw new RequestError('unknown-session', 'No such WHIP or WHEP session');
  const room = rooms.get(session.room);
  if (!room) return;
  if (session.kind === 'publisher') {
    if (room.publisher?.resourceId === resourceId) dropPublisher(room, true);
  } else {
    const viewer = room.viewers.get(resourceId);
    if (viewer) removeViewer(room, viewer);
  }
}

export function endRoom(roomId: number) {
  const room = rooms.get(roomId);
  if (!room) return;
  dropPublisher(room, false);
  for (const viewer of [...room.viewers.values()]) removeViewer(room, viewer);
  for (const tapId of [...room.taps.keys()]) closeRtpTap(tapId);
}
