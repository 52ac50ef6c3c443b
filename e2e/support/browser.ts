import { chromium, type Browser } from 'playwright-core';
import { fakeCameraFile } from './fake-camera';
import { watchBrowser } from './failure-report';

// Debian's Chromium, headless, with the flags this closed network needs.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * 127.0.0.1',
];

/** A generated camera and microphone, granted without a prompt (tests that go live from the studio). */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * The camera of a browser with `fakeMedia`:
 * - `small` (the default): the file of e2e/support/fake-camera.ts, 320×180 at 15 fps, whatever the app asks for — for
 *   tests that check that media flows, not its quality, so that two cores carry the studio, the SFU and the viewers;
 * - `generated`: Chromium's own, at the size and rate the page asks for (5 to 60 fps with `fps`), for a test of
 *   the picture's size or the encoder's behaviour.
 */
export type FakeCamera = { kind: 'small' } | { kind: 'generated'; fps?: number };

export async function launchBrowser(options: { fakeMedia?: boolean; camera?: FakeCamera } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: options.fakeMedia ? [...CHROMIUM_ARGS, ...(await fakeMediaArgs(options.camera ?? { kind: 'small' }))] : CHROMIUM_ARGS,
  });
  watchBrowser(browser);
  return browser;
}

async function fakeMediaArgs(camera: FakeCamera): Promise<string[]> {
  if (camera.kind === 'small') return [...FAKE_MEDIA_ARGS, `--use-file-for-fake-video-capture=${await fakeCameraFile()}`];
  if (camera.fps === undefined) return FAKE_MEDIA_ARGS;
  return [`${FAKE_MEDIA_ARGS[0]}=fps=${camera.fps}`, ...FAKE_MEDIA_ARGS.slice(1)];
}
