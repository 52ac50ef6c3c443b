import { buildApp } from './app';
import type { AppDeps } from './app-deps';
import { ConfigError, loadConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { seedDemoIfWanted } from './db/seed/seed-demo';
import { createMailer } from './lib/create-mailer';
import { createRateLimitStore } from './lib/create-rate-limit-store';
import { createRealtimeHub } from './lib/realtime-hub';
import { createMediaJobRunner } from './modules/media/media-jobs';
import { deliveryThrough } from './modules/payments/payment-provider';
import { createRenewalJob } from './modules/payments/renewal-job';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const started = Date.now();
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const deps: AppDeps = {
    config,
    db,
    mailer: await createMailer(config),
    rateLimits: await createRateLimitStore(config),
    now: () => new Date(),
    realtime: createRealtimeHub(),
  };
  const app = await buildApp(deps, { logger: { level: config.logLevel } });
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  await seedDemoIfWanted(deps, (msg) => app.log.info(msg));

  // Transcoding runs in the background, started only once the server listens: it never delays a start.
  const mediaJobs = createMediaJobRunner(deps, { log: app.log });
  // Subscription renewals, likewise after listening; the sandbox's webhooks go through the app like a provider's.
  const renewals = createRenewalJob(deps, { deliver: deliveryThrough(app), log: app.log });
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await Promise.all([mediaJobs.stop(), renewals.stop()]);
    await app.close();
    await Promise.allSettled([deps.mailer.close(), deps.rateLimits.close()]);
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const engine = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`ready in ${Date.now() - started} ms on ${engine}: ${config.publicUrl}`);
  mediaJobs.start();
  renewals.start();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
