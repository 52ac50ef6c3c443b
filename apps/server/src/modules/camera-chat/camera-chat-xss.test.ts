import { readFileSync } from 'node:fs';
import { CHAT_RATE_LIMIT, ChatMessagePage, REALTIME_CHAT_EVENTS, type ChatMessage } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asMember } from '../../../test/factories';
import { createRealtimeClients, listening, recordEvents, whenConnected } from '../../../test/realtime-clients';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createChatRoom, createTestChatAccess, joinChat, sendChat } from '../../../test/modules/camera-chat';

// Chat messages are plain text (decision record 036): what a member writes is stored and answered exactly as written
// (trimmed), never turned into HTML and never refused for looking like HTML. The OWASP XSS filter-evasion payloads
// are the proof; the few that hold a control character are refused with the field named, as every text field is.

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/owasp-xss-filter-evasion.json', import.meta.url), 'utf8')) as { payloads: string[] };
// eslint-disable-next-line no-control-regex -- exactly what the contract refuses: C0 controls and DEL
const CONTROL = /[\u0000-\u001f\u007f]/;
const plain = fixture.payloads.filter((p) => !CONTROL.test(p));
const withControls = fixture.payloads.filter((p) => CONTROL.test(p));

let clock = Date.parse('2030-05-01T12:00:00Z');
const chat = createTestChatAccess();
const clients = createRealtimeClients();
let t: TestApp;

beforeAll(async () => {
  t = await listening(await buildTestApp({ now: () => new Date(clock), chatAccess: chat.access }));
  chat.attach(t);
});
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('the OWASP XSS filter-evasion payloads in camera chat', () => {
  it('has the cheat sheet\'s list to test with', () => {
    expect(fixture.payloads.length).toBeGreaterThan(100);
    expect(withControls.length).toBeGreaterThan(0);
  });

  it('stores, acknowledges, pushes and pages back every payload verbatim (trimmed), and refuses the ones with control characters naming the field', async () => {
    // A paid room: no advertisement comes between the payloads.
    const room = await createChatRoom(t, { price: 5 });
    const member = await asMember(t);
    chat.openSession(room.camera.id, member.id, 'paid');
    const writer = clients.open(t, member.token);
    const reader = clients.open(t, (await asMember(t)).token);
    await Promise.all([whenConnected(writer), whenConnected(reader)]);
    await joinChat(writer, room.camera.id);
    await joinChat(reader, room.camera.id);
    const heard = recordEvents(reader);

    const acknowledged: ChatMessage[] = [];
    for (const payload of fixture.payloads) {
      clock += CHAT_RATE_LIMIT.windowMs;
      const ack = await sendChat(writer, { camera_id: room.camera.id, text: payload });
      if (CONTROL.test(payload)) {
        expect(ack, payload).toEqual({
          ok: false,
          error: { code: 'VALIDATION_FAILED', message: 'Invalid payload: text (Must not contain control characters)', fields: { text: 'Must not contain control characters' } },
        });
        continue;
      }
      expect(ack.ok, `${payload} → ${JSON.stringify(ack)}`).toBe(true);
      if (ack.ok) {
        expect(ack.message.text).toBe(payload.trim());
        acknowledged.push(ack.message);
      }
    }
    expect(acknowledged).toHaveLength(plain.length);

    // What another browser hears is the same text.
    const messagesHeard = () => heard.filter(([event]) => event === REALTIME_CHAT_EVENTS.message).map(([, m]) => (m as ChatMessage).text);
    await vi.waitFor(() => expect(messagesHeard()).toHaveLength(plain.length));
    expect(messagesHeard()).toEqual(plain.map((p) => p.trim()));

    // What is stored is the same text.
    const stored = await t.deps.db.query<{ text: string }>('SELECT text FROM camera_chat_messages WHERE camera_id = $1 ORDER BY id', [room.camera.id]);
    expect(stored.map((r) => r.text)).toEqual(plain.map((p) => p.trim()));

    // History pages it back as JSON, the same text.
    const paged: ChatMessage[] = [];
    let before: number | undefined;
    for (;;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cameras/${room.camera.name}/chat/messages${before === undefined ? '' : `?before=${before}`}`,
        headers: member.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const page = ChatMessagePage.parse(res.json());
      paged.unshift(...page.messages);
      if (!page.has_more) break;
      before = page.messages[0]!.id;
    }
    expect(paged.map((m) => m.text)).toEqual(plain.map((p) => p.trim()));
    expect(paged.map((m) => m.id)).toEqual(acknowledged.map((m) => m.id));
  });
});
