import { buildApp } from './app';
import { registerBackgroundJobs } from './composition/background-jobs';
import { createServices } from './composition/create-services';
import { createLive } from './composition/live';
import { createLog, openPlatform } from './composition/open-platform';
import { ConfigError, loadConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { demoAccountRefusal } from './demo/demo-accounts-guard';
import { seedDemoIfWanted } from './demo/seed-demo';

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
  const log = createLog(config);
  const platform = await openPlatform(config, { log });
  const applied = await migrate(platform.db);
  // Demo accounts from an earlier start on localhost must not go live on a public address (decision 029).
  const refusal = await demoAccountRefusal(platform.db, config);
  if (refusal) {
    console.error(refusal);
    await platform.close();
    process.exit(1);
  }
  // One set of services for the app, the seed and the background jobs (decision record 021).
  const live = await createLive(platform);
  const services = createServices(platform, { mediaServer: live.control, viewers: live.viewers, mediaHealth: () => live.media.health() });
  const app = await buildApp(platform, services, { live });
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  await seedDemoIfWanted(platform, services, (msg) => log.info(msg));

  // Transcoding and subscription renewals are durable jobs, started only once the server listens: they never delay a
  // start. The sandbox's renewal webhooks go through the app like a provider's.
  const jobs = await registerBackgroundJobs(platform, services);
  const close = async (signal: string) => {
    log.info(`${signal}: shutting down`);
    // This instance's rooms close with it: their sessions go into grace now, and its lease ends (decision record 062).
    await services.instanceLiveness.stop();
    // Running handlers finish (a transcode goes back to pending) while the app and the database are still open.
    await jobs.stop();
    await live.close();
    await app.close();
    await platform.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const engine = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  log.info(`ready in ${Date.now() - started} ms on ${engine}: ${config.publicUrl}`);
  await jobs.start();
  // The lease first: every room this instance takes from here on is recorded as held by it (decision record 062).
  await services.instanceLiveness.start(services.cameras);
  await live.start(services.cameras, services.playdateRooms);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
