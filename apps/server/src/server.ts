import { buildApp } from './app';
import type { AppDeps } from './app-deps';
import { ConfigError, loadConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { seedDemoIfWanted } from './db/seed/seed-demo';
import { createMailer } from './lib/create-mailer';
import { createRateLimitStore } from './lib/create-rate-limit-store';
import { createPgBossJobQueue } from './lib/jobs/pg-boss-job-queue';
import { createRealtimeHub } from './lib/realtime-hub';
import { registerMediaJobs } from './modules/media/media-jobs';
import { deliveryThrough } from './modules/payments/payment-provider';
import { createRenewalJob, registerRenewalJob } from './modules/payments/renewal-job';

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

  // Background work is durable jobs in the database (transcoding, renewals), started only once the server listens.
  const jobs = createPgBossJobQueue(db, { log: app.log });
  const media = await registerMediaJobs(jobs, deps, { log: app.log });
  // The sandbox's renewal webhooks go through the app like a provider's.
  await registerRenewalJob(jobs, createRenewalJob(deps, { deliver: deliveryThrough(app), log: app.log }));
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // Running handlers finish (a transcode goes back to pending) while the app and the database are still open.
    await jobs.stop();
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
  await jobs.start();
  await media.queuePending();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
