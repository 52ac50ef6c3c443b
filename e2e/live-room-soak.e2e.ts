import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, loginToken } from './support/api';
import { launchBrowser } from './support/browser';
import { logInThroughDialog } from './support/log-in';
import { startServer, type RunningServer } from './support/start-server';
import { countFrames, isWhepOffer, playback, recordPeerConnections, sleep, within } from './support/live-viewer-page';
import { isRunning, parentOf, processesUnder } from './support/processes';
import { pick, seeded, type Leave, type Member, type Visit, type VisitKind } from './support/soak-plan';

// A live room under churn (decision record 060): `model` goes live from /studio with Chromium's fake camera (360p,
// 10 fps: two cores carry the server, the SFU and every viewer), then members join her camera page at random, watch,
// and leave abruptly — the tab closed, the whole context closed, or the renderer crashed (chrome://crash: no goodbye
// at all, mid-packet) — and some leave mid-handshake (when the WHEP offer goes out, or when its answer is back).
// At most a handful watch at once. It holds when the room stays live throughout (the studio never leaves "Live", the
// cameras list and her studio keep one session, readiness says media up), the SFU is the same process from first to
// last (its pid, and no stop or restart in the server's log: a restarted SFU would hide a crash behind a recovery),
// every visit that stayed to watch got frames over WebRTC, so every member got frames, and once all have gone the SFU
// counts no viewer (those who never said goodbye are dropped when their connection times out). A seeded plan, so a
// failing run can be run again: SOAK_SEED. `npm run test:soak` runs the full 300 s with 20 members; by default
// (`npx vitest run --project e2e-soak`) it runs 40 s with 8 members (SOAK_SECONDS, SOAK_MEMBERS, SOAK_MAX_WATCHING).
// Outside `npm test`, whose budget holds the SFU's fault tests but not a soak (decision record 065).

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number above 0, not "${raw}"`);
  return value;
}

const SOAK_SECONDS = numberFromEnv('SOAK_SECONDS', 40);
const MEMBERS = numberFromEnv('SOAK_MEMBERS', 8);
const MAX_WATCHING = numberFromEnv('SOAK_MAX_WATCHING', 6);
const SEED = numberFromEnv('SOAK_SEED', 25);
/** Members still without a visit that got frames when the time is up get this much longer to have one. */
const LATE_VISITS_MS = 120_000;
/** How long a viewer may take from opening the page to playing, and to its first frames, on a loaded machine. */
const PLAYING_TIMEOUT_MS = 60_000;
const FRAMES_TIMEOUT_MS = 30_000;

/** The lines embedded-media-server.ts writes when the SFU process stops, fails or hangs (record 060). */
const SFU_STOP_LINE = /the SFU process (stopped|failed|stopped answering)/;

let server: RunningServer;
let browser: Browser;
const contexts = new Set<BrowserContext>();
/** Every process seen under the server during the run (its command line and start time): none may outlive it. */
const serverChildren = new Map<number, string>();

beforeAll(async () => {
  server = await startServer('pglite', {
    LIVE_DEMO_STREAMS: 'off',
    // Each member comes from an address of his own, as an audience does (X-Forwarded-For below): one address for
    // them all would meet the per-address limits of sign-ups and live handshakes, which this is not about.
    TRUST_PROXY: '1',
  });
  browser = await launchBrowser({ fakeMedia: true, camera: { kind: 'generated', fps: 10 } });
});

afterAll(async () => {
  await Promise.all([...contexts].map((c) => c.close().catch(() => undefined)));
  await browser?.close().catch(() => undefined);
  if (server) {
    for (const [pid, identity] of processesUnder(server.pid)) serverChildren.set(pid, identity);
    await server.stop();
  }
  // The server's children die with it (record 060; the kernel may take a moment to deliver the signal): anything
  // still running then is named, killed and fails the file.
  let left = [...serverChildren].filter(([pid, identity]) => isRunning(pid, identity));
  for (let i = 0; i < 50 && left.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = left.filter(([pid, identity]) => isRunning(pid, identity));
  }
  for (const [pid] of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
  expect(left.map(([pid, identity]) => `${pid} ${identity}`)).toEqual([]);
});

/** The SFU process: the server's child running sfu-process (through setpriv, which execs it under the same pid). */
function sfuPid(): number | null {
  for (const [pid, identity] of processesUnder(server.pid)) {
    serverChildren.set(pid, identity);
    if (parentOf(pid) === server.pid && /sfu-process/.test(identity)) return pid;
  }
  return null;
}


// ---------------------------------------------------------------------------------------------------------------

interface StudioCameraBody {
  camera: { name: string; chat_mode: string; title: string; tags: { id: number }[] };
  session: { state: string; since: number | null; viewers: number; source: string | null };
}
interface CameraListBody {
  cameras: { name: string; state: string; live_since: number | null }[];
}
interface ReadinessBody {
  status: string;
  checks: { media: string };
}

describe(`a live room for ${SOAK_SECONDS} s while ${MEMBERS} members join and leave at random`, () => {
  let modelToken: string;
  let cameraName: string;
  let studio: Page;
  let since: number;
  let firstSfuPid: number;
  let onAir = false;
  const members: Member[] = [];

  it('she goes live from the studio; the members have accounts of their own', async () => {
    modelToken = await loginToken(server.url, 'model');
    const camera = await getJson<StudioCameraBody>(server.url, '/studio/camera', modelToken);
    cameraName = camera.camera.name;
    // Free chat: every member may watch without coins or a paid session.
    if (camera.camera.chat_mode !== 'free') {
      const res = await fetch(`${server.url}/api/studio/camera`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${modelToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: camera.camera.title, tag_ids: camera.camera.tags.map((t) => t.id), chat_mode: 'free', price_per_minute: null }),
      });
      expect(res.status).toBe(200);
    }

    for (let i = 1; i <= MEMBERS; i++) {
      const username = `soak${i}`;
      const address = `10.25.0.${i}`;
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ username, email: `${username}@soak.velora.test`, password: 'soak-password', language: 'en' }),
      });
      if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
      const { access_token: token } = (await res.json()) as { access_token: string };
      members.push({ username, token, address, busy: false, visits: 0, gotFrames: 0 });
    }

    const context = await browser.newContext({ locale: 'en-US', permissions: ['camera', 'microphone'] });
    contexts.add(context);
    studio = await context.newPage();
    await logInThroughDialog(studio, server.url, 'model');
    await studio.goto(`${server.url}/studio`);
    await studio.getByRole('button', { name: 'Turn on camera and microphone' }).click();
    await studio.getByTestId('studio-preview-video').waitFor();
    await studio.getByLabel('Quality').selectOption('360p');
    await expect
      .poll(() => studio.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="studio-preview-video"]')?.videoHeight), { timeout: 15_000 })
      .toBe(360);
    await studio.getByRole('button', { name: 'Go live' }).click();
    await expect.poll(() => studio.getByTestId('studio-phase').textContent(), { timeout: 30_000 }).toBe('Live');

    // The studio says Live once its offer is answered; the server once her media reaches the SFU.
    await expect.poll(async () => (await getJson<StudioCameraBody>(server.url, '/studio/camera', modelToken)).session.state, { timeout: 30_000 }).toBe('live');
    const live = await getJson<StudioCameraBody>(server.url, '/studio/camera', modelToken);
    expect(live.session).toMatchObject({ state: 'live', source: 'browser' });
    since = live.session.since!;
    firstSfuPid = sfuPid()!;
    expect(firstSfuPid).toBeGreaterThan(0);
    const settings = await studio.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="studio-preview-video"]');
      const track = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0];
      return track?.getSettings();
    });
    console.log(`on air: camera ${cameraName}, SFU pid ${firstSfuPid}, her camera ${settings?.width}x${settings?.height} at ${settings?.frameRate} fps`);

    // Every change of the studio's phase from now on, however brief (a poll could miss a short reconnect).
    await studio.evaluate(() => {
      const w = window as unknown as { __phases: { at: number; phase: string }[] };
      w.__phases = [];
      const read = () => document.querySelector('[data-testid="studio-phase"]')?.textContent ?? '(none)';
      let last = read();
      new MutationObserver(() => {
        const now = read();
        if (now === last) return;
        last = now;
        w.__phases.push({ at: Date.now(), phase: now });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    onAir = true;
  });

  it('stays live, with one SFU process throughout, and every viewer gets frames', async () => {
    expect(onAir, 'she went live').toBe(true);
    const random = seeded(SEED);
    const startedAt = Date.now();
    const elapsed = () => ((Date.now() - startedAt) / 1000).toFixed(1);
    const cameraUrl = `${server.url}/camera/${cameraName}`;
    const visits: Visit[] = [];
    const faults: string[] = [];
    let samples = 0;
    let maxSfuViewers = 0;
    let watchingNow = 0;
    let maxWatching = 0;

    // The model's side, every two seconds while the members come and go.
    let monitoring = true;
    const monitor = (async () => {
      while (monitoring) {
        samples += 1;
        const at = elapsed();
        const pid = sfuPid();
        if (pid !== firstSfuPid) faults.push(`${at} s: SFU pid ${pid ?? 'none'} (was ${firstSfuPid})`);
        const [ready, mine, list] = await Promise.all([
          fetch(`${server.url}/api/health/ready`).then((r) => r.json() as Promise<ReadinessBody>),
          getJson<StudioCameraBody>(server.url, '/studio/camera', modelToken),
          getJson<CameraListBody>(server.url, '/cameras?order=newest', modelToken),
        ]).catch((error: unknown) => {
          faults.push(`${at} s: ${(error as Error).message}`);
          return [null, null, null] as const;
        });
        if (ready && ready.checks.media !== 'up') faults.push(`${at} s: readiness ${ready.status}, media ${ready.checks.media}`);
        if (mine) {
          maxSfuViewers = Math.max(maxSfuViewers, mine.session.viewers);
          if (mine.session.state !== 'live' || mine.session.since !== since) faults.push(`${at} s: her session ${JSON.stringify(mine.session)}`);
        }
        if (list) {
          const listed = list.cameras.find((c) => c.name === cameraName);
          if (listed?.state !== 'live') faults.push(`${at} s: the cameras list says ${JSON.stringify(listed ?? 'nothing')}`);
        }
        await sleep(2000);
      }
    })();

    async function visit(v: Visit): Promise<void> {
      const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'x-forwarded-for': v.member.address } });
      contexts.add(context);
      let page: Page | undefined;
      const connections = () => page?.evaluate(() => (window as unknown as { __connections?: unknown }).__connections).catch(() => 'page gone');
      try {
        // The member's session, as the web app keeps it after a log-in (a cookie holding the token as JSON).
        await context.addCookies([{ name: 'access_token', value: encodeURIComponent(JSON.stringify(v.member.token)), url: server.url }]);
        page = await context.newPage();
        await page.addInitScript(recordPeerConnections);
        const opened = Date.now();
        page.on('request', (r: Request) => {
          if (isWhepOffer(r)) v.whepOfferMs ??= Date.now() - opened;
          else if (v.hlsMs === undefined && new URL(r.url()).pathname.startsWith('/live/hls/')) v.hlsMs = Date.now() - opened;
        });
        page.on('response', (r: Response) => {
          if (isWhepOffer(r.request())) v.whepAnswer ??= `${r.status()} after ${Date.now() - opened}ms`;
        });
        if (v.kind === 'watch') {
          await page.goto(cameraUrl);
          await page.waitForFunction(() => document.querySelector('[data-testid="live-player"]')?.getAttribute('data-status') === 'playing', null, {
            timeout: PLAYING_TIMEOUT_MS,
          });
          v.playingMs = Date.now() - opened;
          v.transport = await page.getByTestId('live-player').getAttribute('data-transport');
          if (v.transport !== 'webrtc') v.connections = await connections();
          await countFrames(page);
          await page.waitForFunction(() => ((window as unknown as { __frames?: number }).__frames ?? 0) >= 5, null, { timeout: FRAMES_TIMEOUT_MS });
          v.firstFramesMs = Date.now() - opened;
          const first = await playback(page);
          watchingNow += 1;
          maxWatching = Math.max(maxWatching, watchingNow);
          await sleep(v.watchMs);
          const last = await playback(page);
          watchingNow -= 1;
          Object.assign(v, {
            frames: last.frames,
            decodedFrames: last.decoded,
            framesWhileWatching: last.frames - first.frames,
            mediaSeconds: Number((last.currentTime - first.currentTime).toFixed(1)),
            width: last.width,
          });
          // Mid-packet: video is flowing to this viewer when it goes.
          if (last.frames > first.frames && last.width > 0) {
            v.outcome = 'frames';
            v.member.gotFrames += 1;
          } else {
            v.problem = `frames stopped: ${JSON.stringify({ first, last })}`;
            v.connections = await connections();
          }
        } else {
          const reached = new Promise<void>((resolve) => {
            if (v.kind === 'at-offer') page!.on('request', (r: Request) => isWhepOffer(r) && resolve());
            else page!.on('response', (r: Response) => isWhepOffer(r.request()) && resolve());
          });
          page.goto(cameraUrl).catch(() => undefined);
          await within(reached, PLAYING_TIMEOUT_MS, `WHEP ${v.kind === 'at-offer' ? 'offer' : 'answer'}`);
          v.outcome = 'left-mid-handshake';
        }
        if (v.leave === 'crash') {
          const crashed = new Promise<void>((resolve) => page!.once('crash', () => resolve()));
          page.goto('chrome://crash', { timeout: 10_000 }).catch(() => undefined);
          await within(crashed, 10_000, 'renderer crash');
          await page.close({ runBeforeUnload: false });
        } else if (v.leave === 'page') {
          await page.close({ runBeforeUnload: false });
        }
      } catch (error) {
        v.problem = (error as Error).message.split('\n')[0];
        v.connections ??= await connections();
      } finally {
        await context.close().catch(() => undefined);
        contexts.delete(context);
      }
    }

    // The churn: a new visit every 0.3–3 s while fewer than MAX_WATCHING are on, each by an idle member (those
    // without frames yet first); until the time is up, then until every member has had frames (bounded).
    const running = new Set<Promise<void>>();
    const deadline = startedAt + SOAK_SECONDS * 1000;
    const watchMaxMs = Math.min(20_000, Math.max(3000, (SOAK_SECONDS * 1000) / 4));
    for (;;) {
      const now = Date.now();
      const everyoneWatched = members.every((m) => m.gotFrames > 0);
      if (now >= deadline && (everyoneWatched || now >= deadline + LATE_VISITS_MS)) break;
      if (running.size < MAX_WATCHING) {
        const idle = members.filter((m) => !m.busy);
        const unwatched = idle.filter((m) => m.gotFrames === 0);
        const member = now >= deadline ? unwatched[0] : pick(random, unwatched.length > 0 ? unwatched : idle);
        if (member) {
          const firstVisit = member.visits === 0;
          const roll = random();
          const kind: VisitKind = firstVisit || roll < 0.75 ? 'watch' : roll < 0.875 ? 'at-offer' : 'at-answer';
          const leaveRoll = random();
          const leave: Leave = leaveRoll < 0.45 ? 'page' : leaveRoll < 0.8 ? 'context' : 'crash';
          const v: Visit = { n: visits.length + 1, member, kind, leave, watchMs: Math.round(2000 + random() * (watchMaxMs - 2000)), startedAt: Date.now() };
          visits.push(v);
          member.busy = true;
          member.visits += 1;
          const done: Promise<void> = visit(v).finally(() => {
            member.busy = false;
            running.delete(done);
          });
          running.add(done);
        }
      }
      const gap = 300 + random() * 2700;
      await Promise.race([sleep(gap), ...(running.size >= MAX_WATCHING ? running : [])]);
    }
    await Promise.all(running);
    const churnSeconds = (Date.now() - startedAt) / 1000;

    // Everyone has gone: the SFU lets go of every viewer, those who never said goodbye included.
    let sfuViewersAfter = -1;
    const leftAt = Date.now();
    await expect
      .poll(async () => (sfuViewersAfter = (await getJson<StudioCameraBody>(server.url, '/studio/camera', modelToken)).session.viewers), { timeout: 90_000, interval: 1000 })
      .toBe(0);
    const viewersGoneSeconds = (Date.now() - leftAt) / 1000;
    monitoring = false;
    await monitor;

    const phases = await studio.evaluate(() => (window as unknown as { __phases: { at: number; phase: string }[] }).__phases);
    const stillLive = await studio.getByTestId('studio-phase').textContent();
    const logs = server.logs();
    const sfuLines = logs.split('\n').filter((line) => SFU_STOP_LINE.test(line) || /Track is closed|SRTP protect error/.test(line));
    const errorLines = logs.split('\n').filter((line) => /"level":(50|60)/.test(line));

    const watched = visits.filter((v) => v.kind === 'watch');
    const withFrames = watched.filter((v) => v.outcome === 'frames');
    const failed = visits.filter((v) => v.problem !== undefined || v.outcome === undefined);
    const stat = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted.length === 0 ? 'none' : `min ${sorted[0]}, median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`;
    };
    const count = <K extends string>(items: K[]) => items.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});
    console.log(
      [
        `soak: ${churnSeconds.toFixed(0)} s of churn (asked ${SOAK_SECONDS} s, seed ${SEED}), ${members.length} members, at most ${MAX_WATCHING} at once`,
        `visits: ${visits.length} (${JSON.stringify(count(visits.map((v) => v.kind)))}; leaving by ${JSON.stringify(count(visits.map((v) => v.leave)))})`,
        `watching visits with frames: ${withFrames.length} of ${watched.length}; members with frames: ${members.filter((m) => m.gotFrames > 0).length} of ${members.length}`,
        `visits per member: ${stat(members.map((m) => m.visits))}; watching at once: at most ${maxWatching}; viewers the SFU counted: at most ${maxSfuViewers}`,
        `frames per watching visit: ${stat(withFrames.map((v) => v.frames!))}; while watching: ${stat(withFrames.map((v) => v.framesWhileWatching!))}`,
        `page to playing: ${stat(watched.filter((v) => v.playingMs).map((v) => v.playingMs!))} ms; to first frames: ${stat(watched.filter((v) => v.firstFramesMs).map((v) => v.firstFramesMs!))} ms`,
        `transports: ${JSON.stringify(count(watched.map((v) => String(v.transport))))}; widths: ${JSON.stringify(count(withFrames.map((v) => String(v.width))))}`,
        `SFU pid ${firstSfuPid} at the start, ${sfuPid()} at the end; ${samples} samples of readiness, her session and the list; faults: ${faults.length}`,
        `the SFU counted 0 viewers ${viewersGoneSeconds.toFixed(0)} s after the last one left; studio phase now "${stillLive}", changes: ${JSON.stringify(phases)}`,
        `server log: ${sfuLines.length} SFU stop lines, ${errorLines.length} error lines`,
        ...[...new Set([...failed, ...watched.filter((v) => v.transport !== 'webrtc')])].map((v) => `visit ${v.n}: ${JSON.stringify({ ...v, member: v.member.username })}`),
        ...faults.slice(0, 20),
        ...sfuLines.slice(0, 20),
        ...errorLines.slice(0, 20).map((line) => line.slice(0, 600)),
      ].join('\n'),
    );

    expect(sfuLines).toEqual([]);
    expect(sfuPid()).toBe(firstSfuPid);
    expect(faults).toEqual([]);
    expect(stillLive).toBe('Live');
    expect(phases).toEqual([]);
    expect(failed.map((v) => `visit ${v.n} (${v.member.username}, ${v.kind}, leave ${v.leave}): ${v.problem}`)).toEqual([]);
    expect(withFrames.length).toBe(watched.length);
    expect(watched.every((v) => v.transport === 'webrtc')).toBe(true);
    expect(members.filter((m) => m.gotFrames === 0).map((m) => m.username)).toEqual([]);
    expect(sfuViewersAfter).toBe(0);
  }, (SOAK_SECONDS + LATE_VISITS_MS / 1000 + 240) * 1000);
});
