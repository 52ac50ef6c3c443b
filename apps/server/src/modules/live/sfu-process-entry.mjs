// Starts the SFU process from its TypeScript source, as the server itself runs (tsx), also under the test runner.
import { register } from 'tsx/esm/api';

register();
await import('./sfu-process.ts');
