import { describe, expect, it } from 'vitest';
import { ROOM_CLIENT_EVENTS, RoomNameSchema, parseRoomName, realtimeAckSchema, roomName } from './realtime';

describe('room names', () => {
  it.each([
    ['camera', 1, 'camera:1'],
    ['playdate', 42, 'playdate:42'],
  ] as const)('builds %s %d as %s and parses it back', (kind, id, name) => {
    expect(roomName(kind, id)).toBe(name);
    expect(parseRoomName(name)).toEqual({ kind, id });
  });

  it.each(['user:1', 'camera:0', 'camera:01', 'camera:-1', 'camera:1.5', 'camera:', 'camera', 'Camera:1', ' camera:1', 'camera:1 ', 'camera:1234567890123456'])(
    'does not take %j for a room',
    (value) => {
      expect(parseRoomName(value)).toBeNull();
      expect(RoomNameSchema.safeParse(value).success).toBe(false);
    },
  );

  it('refuses to build a room for an id that is not a positive whole number', () => {
    expect(() => roomName('camera', 0)).toThrow(RangeError);
    expect(() => roomName('camera', 1.5)).toThrow(RangeError);
  });
});

describe('acknowledgements', () => {
  it('are the result with ok true, or an error with a code and a message', () => {
    const ack = realtimeAckSchema(ROOM_CLIENT_EVENTS.leave.result);
    expect(ack.parse({ ok: true })).toEqual({ ok: true });
    expect(ack.parse({ ok: false, error: { code: 'FORBIDDEN', message: 'No' } })).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: 'No' } });
    expect(ack.safeParse({ ok: false }).success).toBe(false);
  });
});
