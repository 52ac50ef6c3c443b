// The latency figures for the ffmpeg side of live cams (decision record 034), printed and never asserted:
// - LL-HLS: a demo stream (720p VP8/Opus, ~1 Mbit/s) paints the wall clock into its frames as blocks; it goes as RTP
//   to the room's tap reader (the SFU's forwarding, a memcpy, is left out: the SFU is another branch), which writes
//   1 s fMP4 segments. Whenever a new segment is listed in the playlist, its first and last frames are decoded and
//   their painted time compared with the time of listing. A player holding back 3 target durations (hls.js and
//   Safari's default without EXT-X-SERVER-CONTROL) plays 2 s behind the newest segment's first frame.
// - RTMP -> RTP: an OBS-like encoder (x264 zerolatency, 720p30, the clock painted) publishes over RTMP; a decoder
//   reads the RTP the ingest sends and compares the painted time of each decoded frame with now. The same encoder
//   sending RTP straight to the decoder is the reference: the difference is what the RTMP hop costs.
// - CPU of the tap reader (stills only, and HLS + stills) and of one demo stream, as % of one core.
// Usage: npm run bench:live-hls [-- --seconds 20 --cases hls,rtmp]
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findFfmpeg, type FfmpegBinary } from '../apps/server/src/lib/ffmpeg';
import { startDemoStreams } from '../apps/server/src/modules/live/demo-streams';
import { CLOCK_BLOCK, CLOCK_STRIP_WIDTH, clockBlocksFilter, readClockBlocks } from '../apps/server/src/modules/live/demo-streams-clock';
import { createLiveHlsRooms } from '../apps/server/src/modules/live/hls-live-rooms';
import { HLS_INIT, HLS_PLAYLIST } from '../apps/server/src/modules/live/hls-tap-reader';
import type { RtpIngest } from '../apps/server/src/modules/live/media-server';
import { createRtmpIngest } from '../apps/server/src/modules/live/rtmp-ingest';
import { fakeTapMedia } from '../apps/server/test/rtp-receiver';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, cases: { type: 'string', default: 'hls,rtmp' } } });
const CASES = new Set(values.cases.split(','));
const SECONDS = Number(values.seconds);
if (!(SECONDS >= 5)) throw new Error('--seconds takes a number of at least 5');

const log = { info: () => undefined, warn: (o: unknown, m?: string) => console.warn(m, o), error: (o: unknown, m?: string) => console.error(m, o) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CAMERA = 1;
const STRIP_BYTES = CLOCK_STRIP_WIDTH * CLOCK_BLOCK;

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { n: s.length, median: at(0.5), p95: at(0.95), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN };
}
const fmt = (x: ReturnType<typeof stats>) => `${Math.round(x.median)} / ${Math.round(x.p95)} ms (min ${Math.round(x.min)}, n ${x.n})`;

/** CPU seconds (user + system) a process has used so far. */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (!pid) return NaN;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
async function cpuShare(pid: number | undefined, ms: number): Promise<number> {
  const a = await cpuSeconds(pid);
  await sleep(ms);
  return ((await cpuSeconds(pid)) - a) / (ms / 1000);
}
const pct = (x: number) => `${Math.round(x * 100)} % of a core`;

/** Decodes the clock strip of every frame of a file (or SDP), in order: painted times. */
function decodeClocks(ffmpeg: FfmpegBinary, inputArgs: string[], onFrame: (painted: number | null) => void): ChildProcess {
  const child = spawn(ffmpeg.path, [
    // Decoding starts mid-stream: the errors before the first key frame are expected and not shown.
    '-hide_banner', '-nostdin', '-loglevel', 'fatal', ...inputArgs,
    '-map', '0:v:0', '-fps_mode', 'passthrough', '-vf', `crop=${CLOCK_STRIP_WIDTH}:${CLOCK_BLOCK}:0:0`, '-pix_fmt', 'gray', '-f', 'rawvideo', 'pipe:1',
  ], { stdio: ['ignore', 'pipe', 'inherit'] });
  let pending = Buffer.alloc(0);
  child.stdout!.on('data', (d: Buffer) => {
    pending = Buffer.concat([pending, d]);
    while (pending.length >= STRIP_BYTES) {
      onFrame(readClockBlocks(pending.subarray(0, STRIP_BYTES), CLOCK_STRIP_WIDTH, Date.now()));
      pending = pending.subarray(STRIP_BYTES);
    }
  });
  return child;
}

async function segmentClocks(ffmpeg: FfmpegBinary, dir: string, segment: string, scratch: string): Promise<number[]> {
  const file = path.join(scratch, 'probe.mp4');
  await fs.writeFile(file, Buffer.concat([await fs.readFile(path.join(dir, HLS_INIT)), await fs.readFile(path.join(dir, segment))]));
  const painted: number[] = [];
  const child = decodeClocks(ffmpeg, ['-i', file], (t) => t !== null && painted.push(t));
  await new Promise((r) => child.on('close', r));
  return painted;
}

async function hlsLatency(ffmpeg: FfmpegBinary) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-live-hls-'));
  const media = fakeTapMedia();
  const rooms = createLiveHlsRooms({ config: { dataDir }, media, ffmpeg, log });
  const demo = await startDemoStreams({ media, cameraIds: [CAMERA], log, ffmpeg, clockBlocks: true });
  try {
    while (!rooms.status(CAMERA)?.pid) await sleep(100);
    await sleep(3000);
    const [previewCpu, demoCpu] = await Promise.all([cpuShare(rooms.status(CAMERA)?.pid, 10_000), cpuShare(demo.running()[0]?.pid, 10_000)]);

    const asked = Date.now();
    while ((await rooms.requestPlaylist(CAMERA, 1000)) !== 'ready') await sleep(50);
    const startup = Date.now() - asked;
    const dir = rooms.hlsDir(CAMERA);
    const seen = new Set<string>();
    const first: number[] = [];
    const last: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    const cpu = cpuShare(rooms.status(CAMERA)?.pid, SECONDS * 1000 - 1000);
    let primed = false;
    while (Date.now() < until) {
      rooms.touch(CAMERA);
      const playlist = await fs.readFile(path.join(dir, HLS_PLAYLIST), 'utf8').catch(() => '');
      const listed = playlist.split('\n').filter((l) => l.endsWith('.m4s'));
      const fresh = listed.filter((s) => !seen.has(s));
      const listedAt = Date.now();
      for (const s of listed) seen.add(s);
      // The segments listed at the first look were not just listed: only those that appear later count.
      if (primed && fresh.length === 1) {
        const painted = await segmentClocks(ffmpeg, dir, fresh[0]!, dataDir);
        if (painted.length > 0) {
          first.push(listedAt - painted[0]!);
          last.push(listedAt - painted[painted.length - 1]!);
        }
      }
      primed = true;
      await sleep(20);
    }
    const hlsCpu = await cpu;
    return { startup, first: stats(first), last: stats(last), previewCpu, hlsCpu, demoCpu };
  } finally {
    await demo.stop();
    await rooms.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  // An even port with a free neighbour (RTCP): bound and released for ffmpeg.
  for (;;) {
    const s = dgram.createSocket('udp4');
    await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
    const port = s.address().port;
    s.close();
    const n = dgram.createSocket('udp4');
    const ok = await new Promise<boolean>((r) => {
      n.once('error', () => r(false));
      n.bind(port + 1, '127.0.0.1', () => r(true));
    });
    n.close();
    if (ok) return port;
  }
}

/** A decoder of the RTP an ingest receives: it records now - painted for each frame after `skipMs`. */
async function rtpClockReader(ffmpeg: FfmpegBinary, codec: 'VP8' | 'H264', scratch: string) {
  const videoPort = await freePort();
  const audioPort = await freePort();
  const sdp = [
    'v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=bench', 'c=IN IP4 127.0.0.1', 't=0 0',
    `m=video ${videoPort} RTP/AVP 96`, codec === 'VP8' ? 'a=rtpmap:96 VP8/90000' : 'a=rtpmap:96 H264/90000\na=fmtp:96 packetization-mode=1', '',
  ].join('\n');
  const file = path.join(scratch, `reader-${videoPort}.sdp`);
  await fs.writeFile(file, sdp);
  const samples: number[] = [];
  let firstAt = 0;
  const child = decodeClocks(ffmpeg, ['-protocol_whitelist', 'file,udp,rtp', '-fflags', 'nobuffer', '-flags', 'low_delay', '-probesize', '32768', '-analyzeduration', '500000', '-i', file], (t) => {
    if (t === null) return;
    firstAt ||= Date.now();
    // The decoder's start-up (stream probing) holds the first second back: measure the steady state only.
    if (Date.now() - firstAt > 3000) samples.push(Date.now() - t);
  });
  const ingest: RtpIngest = {
    host: '127.0.0.1', videoPort, audioPort,
    video: { codec, payloadType: 96, clockRate: 90000, ssrc: 1111 },
    audio: { codec: 'opus', payloadType: 111, clockRate: 48000, channels: 2, ssrc: 2222 },
    close: async () => undefined,
    // A reader of its own, never lost to a media server restart.
    lost: new Promise<void>(() => undefined),
  };
  return { ingest, samples, stop: () => child.kill('SIGKILL') };
}

const ENCODER = (high: boolean) => [
  '-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30',
  '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-vf', clockBlocksFilter(30),
  '-c:v', 'libx264', ...(high ? ['-preset', 'veryfast', '-profile:v', 'high', '-bf', '2'] : ['-preset', 'veryfast', '-tune', 'zerolatency', '-profile:v', 'baseline']),
  '-g', '30', '-b:v', '2500k', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k',
];

async function rtmpLatency(ffmpeg: FfmpegBinary, scratch: string) {
  const rows: Record<string, ReturnType<typeof stats>> = {};
  const cpu: Record<string, number> = {};
  // Reference: the same encoders sending RTP straight to the decoder (their own delay: x264 look-ahead, B-frames).
  for (const high of [false, true]) {
    const reader = await rtpClockReader(ffmpeg, 'H264', scratch);
    const enc = spawn(ffmpeg.path, [...ENCODER(high), '-t', String(SECONDS + 4), '-map', '0:v', '-bsf:v', 'dump_extra=freq=keyframe', '-f', 'rtp', '-payload_type', '96', `rtp://127.0.0.1:${reader.ingest.videoPort}?pkt_size=1200`], { stdio: 'inherit' });
    await new Promise((r) => enc.on('close', r));
    reader.stop();
    rows[high ? 'reference: High encoder -> RTP -> decoder' : 'reference: baseline zerolatency encoder -> RTP -> decoder'] = stats(reader.samples);
  }
  for (const high of [false, true]) {
    const reader = await rtpClockReader(ffmpeg, high ? 'VP8' : 'H264', scratch);
    const rtmp = await createRtmpIngest({
      config: { live: { rtmpPort: 0 } } as never,
      media: { openRtpIngest: async () => reader.ingest },
      authorizeStreamKey: async (key) => (key === 'bench' ? CAMERA : null),
      log,
      ffmpeg,
      host: '127.0.0.1',
    });
    const enc = spawn(ffmpeg.path, [...ENCODER(high), '-t', String(SECONDS + 4), '-f', 'flv', `rtmp://127.0.0.1:${rtmp.port}/live/bench`], { stdio: 'inherit' });
    await sleep(4000);
    const label = high ? 'RTMP (High, B-frames) -> VP8 transcode -> RTP -> decoder' : 'RTMP (baseline) -> H.264 remux -> RTP -> decoder';
    cpu[label] = await cpuShare(rtmp.sessions()[0]?.pid, 8000);
    await new Promise((r) => enc.on('close', r));
    await rtmp.close();
    reader.stop();
    rows[label] = stats(reader.samples);
  }
  return { rows, cpu };
}

async function main() {
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg) throw new Error('ffmpeg is needed');
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  console.log(`ffmpeg ${ffmpeg.version} (${ffmpeg.path}), ${os.cpus().length} cores, ${SECONDS} s per case\n`);

  if (CASES.has('hls')) await printHls(ffmpeg);
  if (CASES.has('rtmp')) await printRtmp(ffmpeg, scratch);
  await fs.rm(scratch, { recursive: true, force: true });
}

async function printHls(ffmpeg: FfmpegBinary) {
  const hls = await hlsLatency(ffmpeg);
  console.log('LL-HLS (1 s fMP4 segments, ffmpeg 5.1, no parts): newest segment listed vs. its painted frames, median / p95');
  console.log(`| measure | figure |\n|---|---|`);
  console.log(`| first request -> playlist ready | ${hls.startup} ms |`);
  console.log(`| listed - newest segment's first frame (a player starting at the newest segment) | ${fmt(hls.first)} |`);
  console.log(`| listed - newest segment's last frame (packaging delay) | ${fmt(hls.last)} |`);
  console.log(`| player holding back 3 target durations (hls.js/Safari default) | ~${Math.round(hls.first.median + 2000)} ms |`);
  console.log(`| CPU: tap reader, stills only (key frames decoded) | ${pct(hls.previewCpu)} |`);
  console.log(`| CPU: tap reader, HLS (720p x264 ultrafast) + stills | ${pct(hls.hlsCpu)} |`);
  console.log(`| CPU: one demo stream (720p30 VP8 ~1 Mbit/s + Opus) | ${pct(hls.demoCpu)} |`);
}

async function printRtmp(ffmpeg: FfmpegBinary, scratch: string) {
  const rtmp = await rtmpLatency(ffmpeg, scratch);
  console.log('\nRTMP -> RTP: painted clock of each decoded frame vs. now (steady state), median / p95');
  console.log(`| path | latency | ingest ffmpeg CPU |\n|---|---|---|`);
  for (const [label, s] of Object.entries(rtmp.rows)) console.log(`| ${label} | ${fmt(s)} | ${rtmp.cpu[label] !== undefined ? pct(rtmp.cpu[label]!) : ''} |`);
}

await main();
