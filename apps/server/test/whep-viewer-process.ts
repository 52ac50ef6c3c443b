import readline from 'node:readline';
import { createViewer } from '../src/modules/live/live-test-peers';

// A WHEP viewer in a process of its own, so a test can make it vanish mid-packet (SIGKILL: no DTLS close, no DELETE),
// as a closed tab or a phone going out of range does. One line of JSON out per step: the offer, then whether media
// arrives; the answer comes in on stdin.

const viewer = await createViewer('vanishing-viewer');
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
say({ offer: viewer.offer });
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const { answer } = JSON.parse(line) as { answer: string };
  try {
    await viewer.connect(answer);
  } catch (error) {
    // libdatachannel as the offerer now and then refuses a good answer (live-test-peers.ts): the test starts another.
    say({ error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  const timer = setInterval(() => {
    if (viewer.videoPackets.length > 20) {
      clearInterval(timer);
      say({ receiving: viewer.videoPackets.length });
    }
  }, 25);
}
