import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHAT_CLIENT_EVENTS } from '../contracts/camera-chat';
import { UNIX_SECONDS_MAX } from '../contracts/common';
import { PLAYDATE_CLIENT_EVENTS } from '../contracts/playdate-rooms';
import { ROOM_CLIENT_EVENTS } from '../contracts/realtime';
import { ENDPOINT_ENTRIES } from './index';
import { numberLeavesOf } from './string-leaves';

// Every time a caller sends is unix seconds between 1970 and 2100 (`unixSeconds()`, decision record 063): a number far
// out (8 640 000 000 001 s once reached the database as an Invalid Date, a 500) is refused by the contract with a 400
// naming the field. Walks every params, query and body schema of the table and every realtime payload down to each
// number it takes, so a new time field with a bare z.number() fails here.

const inputs: Array<[string, z.ZodType]> = [
  ...ENDPOINT_ENTRIES.flatMap(([name, endpoint]) =>
    (['params', 'query', 'body'] as const).flatMap((part): Array<[string, z.ZodType]> => (endpoint[part] ? [[`${name} ${part}`, endpoint[part]]] : [])),
  ),
  ...[CHAT_CLIENT_EVENTS, PLAYDATE_CLIENT_EVENTS, ROOM_CLIENT_EVENTS].flatMap((events) =>
    Object.values(events).map((event): [string, z.ZodType] => [`${event.name} payload`, event.payload]),
  ),
];

/** A number named as a time: `starts_at`, `expires_at`, `…_time`, `…timestamp`. */
const isTime = (path: string) => /(_at|_time|timestamp)$/.test(path.split('.').at(-1)!.replace('[]', ''));

const times = inputs.flatMap(([where, schema]) => numberLeavesOf(schema).filter((leaf) => isTime(leaf.path)).map((leaf) => ({ key: `${where}.${leaf.path}`, schema: leaf.schema })));

describe('every time a caller sends', () => {
  it('is found (the walk reaches every body that takes one)', () => {
    expect(times.map((t) => t.key).sort()).toEqual([
      'backoffice.blog.publish body.publish_at',
      'backoffice.shoots.publish body.publish_at',
      'playdates.private.request body.starts_at',
      'studio.camera.schedule.add body.starts_at',
      'studio.playdates.accept body.starts_at',
      'studio.playdates.schedule body.starts_at',
    ]);
  });

  describe.each(times)('$key', ({ schema }) => {
    it.each([
      ['past what a Date holds', 8_640_000_000_001],
      ['after 2099', UNIX_SECONDS_MAX + 1],
      ['the largest safe integer', Number.MAX_SAFE_INTEGER],
      ['milliseconds instead of seconds', 1_893_456_000_000],
      ['zero', 0],
      ['before 1970', -1],
      ['a fraction', 1_893_456_000.5],
    ])('refuses %s', (_label, value) => {
      expect(schema.safeParse(value).success).toBe(false);
    });

    it('takes a time in 2030 and the last second allowed', () => {
      expect(schema.safeParse(1_893_456_000).success).toBe(true);
      expect(schema.safeParse(UNIX_SECONDS_MAX).success).toBe(true);
    });
  });
});
