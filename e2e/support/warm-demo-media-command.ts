import { warmDemoMedia } from './warm-demo-media';

// `npm run test:warm-media`: the demo clips transcoded into the browser runs' cache (scripts/test-all.mjs runs it
// beside the server suite, at nice 19).
await warmDemoMedia();
