import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaydateKind, PlaydateRoom } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** Whose side of the room: the member or a viewer (GET /playdates/{type}/{id}), or the model (GET /studio/playdates/{id}/room). */
export type RoomSide = { host: false; kind: PlaydateKind; id: number } | { host: true; id: number };

/** The room: the playdate, tickets (60 s, only while live), who publishes, the newest chat, the server's clock. */
export function getPlaydateRoom(side: RoomSide, signal?: AbortSignal): Promise<PlaydateRoom> {
  if (side.host) return requireData(call('studio.playdates.room', { params: { id: String(side.id) } }, { signal }));
  return requireData(call('playdates.room', { params: { type: side.kind, id: String(side.id) } }, { signal }));
}

export const playdateRoomQueryKey = (side: RoomSide) => ['playdate-room', side.host ? 'host' : side.kind, side.id] as const;

export const playdateRoomQueryOptions = (side: RoomSide) =>
  queryOptions({
    queryKey: playdateRoomQueryKey(side),
    queryFn: ({ signal }) => getPlaydateRoom(side, signal),
    // Tickets last 60 s: every (re)connection asks again, never from a cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function usePlaydateRoom(side: RoomSide) {
  return useQuery(playdateRoomQueryOptions(side));
}
