import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Viewer } from '../catalog-fixture';
import { asMember, asModel, createModel, createPlaydate } from '../factories';
import { buildTestApp, type TestApp } from '../test-app';
import type { MessagesService, SiteMessageInput } from '../../src/modules/messages/messages.service';

// Helpers of the messages tests: people with sessions, a clock the test moves, calls, and recorded pushes.

export const START = Date.parse('2030-05-01T12:00:00Z');

export interface Person extends Viewer {
  name: string;
}

export interface ModelPerson extends Person {
  modelId: number;
  modelName: string;
}

export interface RecordedEvent {
  room: string;
  event: string;
  payload: unknown;
}

export interface MessagesTestApp extends TestApp {
  /** The app's clock: it only moves when told to. */
  clock: { ms(): number; advance(ms?: number): number };
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown): Promise<LightMyRequestResponse>;
  person(name: string, options?: { chatname?: string; premium?: boolean }): Promise<Person>;
  /** A model (catalog row) and an account of hers (a user whose model_id is the model). */
  modelAccount(name: string, modelName: string): Promise<ModelPerson>;
  playdate(p: { modelId: number; kind?: 'public' | 'private'; memberId?: number | null; title?: string }): Promise<number>;
  siteMessage(userId: number, input?: Partial<SiteMessageInput>): ReturnType<MessagesService['sendSiteMessage']>;
  /** Starts recording what the app pushes to browsers (Socket.IO rooms `user:{id}`). */
  recordEvents(): RecordedEvent[];
}

export async function buildMessagesTestApp(): Promise<MessagesTestApp> {
  let nowMs = START;
  const t = await buildTestApp({ now: () => new Date(nowMs) });
  const messages = t.services.messages;

  return Object.assign(t, {
    clock: {
      ms: () => nowMs,
      advance: (ms = 1000) => (nowMs += ms),
    },
    call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) {
      return t.app.inject({
        method,
        url: `/api${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async person(name: string, options: { chatname?: string; premium?: boolean } = {}): Promise<Person> {
      const viewer = await asMember(t, {
        username: name,
        ...(options.premium ? { premiumUntil: new Date(START + 365 * 86_400_000) } : {}),
        ...(options.chatname ? { chatname: options.chatname } : {}),
      });
      return { ...viewer, name };
    },
    async modelAccount(name: string, modelName: string): Promise<ModelPerson> {
      const model = await createModel(t, { name: modelName });
      const viewer = await asModel(t, { username: name, modelId: model.id });
      return { ...viewer, name, modelId: model.id, modelName };
    },
    playdate: (p: { modelId: number; kind?: 'public' | 'private'; memberId?: number | null; title?: string }) => createPlaydate(t, p),
    siteMessage(userId: number, input: Partial<SiteMessageInput> = {}) {
      return messages.sendSiteMessage(userId, { group: 'news', subject: 'News', text: 'Something new', ...input });
    },
    recordEvents(): RecordedEvent[] {
      const events: RecordedEvent[] = [];
      t.deps.realtime.bind((room, event, payload) => events.push({ room, event, payload }));
      return events;
    },
  });
}

/** The status, with the body in the failure message. */
export function expectStatus(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** A 400 whose body names `field`. */
export function expectBadField(res: LightMyRequestResponse, field: string) {
  const body = expectStatus(res, 400);
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.error.fields ?? {}), res.body).toContain(field);
  return body;
}
