import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './lib/mailer';
import type { RateLimitStore } from './lib/rate-limit-store';
import type { BindableRealtimeHub } from './lib/realtime-hub';

/** What every module is built from. Tests pass their own (fresh database, captured mail, fixed clock). */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  now: () => Date;
  /** Pushes events to connected browsers; bound to Socket.IO by the realtime plugin. */
  realtime: BindableRealtimeHub;
}
