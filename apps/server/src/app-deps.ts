import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './lib/mailer';
import type { RateLimitStore } from './lib/rate-limit-store';

/** What every module is built from. Tests pass their own (fresh database, captured mail, fixed clock). */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  now: () => Date;
}
