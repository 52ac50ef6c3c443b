import { useQueryClient } from '@tanstack/react-query';
import type { PlaydateRoom, PlaydateSide, PlaydateViewTicket, PublishTicket } from '@velora/shared';
import { useCallback } from 'react';
import type { RoomSide } from './api/get-playdate-room';
import { playdateRoomQueryKey, playdateRoomQueryOptions } from './api/get-playdate-room';

/** A ticket this close to its end is not used for a new connection: the WHIP/WHEP offer may take a few seconds. */
const TICKET_MARGIN_SECONDS = 10;

/**
 * The tickets of the room (they last 60 s): the room's last answer while its ticket is fresh, else the room asked
 * again (GET; a request already on its way is shared, so the publisher and the viewer reconnecting together ask once).
 */
export function useRoomTickets(side: RoomSide) {
  const queryClient = useQueryClient();

  const roomWith = useCallback(
    async <T extends { expires_at: number }>(pick: (room: PlaydateRoom) => T | null, fresh: boolean): Promise<T | null> => {
      const key = playdateRoomQueryKey(side);
      const cached = queryClient.getQueryData<PlaydateRoom>(key);
      const receivedAt = queryClient.getQueryState(key)?.dataUpdatedAt ?? 0;
      if (!fresh && cached) {
        const ticket = pick(cached);
        const serverNow = cached.now + (Date.now() - receivedAt) / 1000;
        if (ticket && ticket.expires_at - serverNow > TICKET_MARGIN_SECONDS) return ticket;
      }
      const room = await queryClient.fetchQuery(playdateRoomQueryOptions(side));
      return room.playdate.status === 'live' ? pick(room) : null;
    },
    [queryClient, side],
  );

  const publishTicket = useCallback((fresh: boolean): Promise<PublishTicket | null> => roomWith((room) => room.publish, fresh), [roomWith]);
  const viewTicket = useCallback(
    (which: PlaydateSide) =>
      (fresh: boolean): Promise<PlaydateViewTicket | null> =>
        roomWith((room) => room.view.find((ticket) => ticket.side === which) ?? null, fresh),
    [roomWith],
  );
  return { publishTicket, viewTicket };
}
