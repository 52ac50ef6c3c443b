import { createServices } from './composition/create-services';
import { openPlatform } from './composition/open-platform';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { seedDemoIfWanted } from './demo/seed-demo';

// `npm run seed`: seeds demo content into the configured database, if it is empty.

async function main(): Promise<number> {
  const config = loadConfig();
  const started = Date.now();
  if (!config.databaseUrl) {
    // PGlite is single-connection: a second process on the same folder would corrupt it.
    console.log(`Embedded database in ${config.dataDir}: make sure the server is not running on it.`);
  }
  const platform = await openPlatform(config, { inProcessRateLimits: true });
  try {
    const applied = await migrate(platform.db);
    console.log(applied.length > 0 ? `Migrated: ${applied.join(', ')}` : 'Database schema is up to date');
    const seeded = await seedDemoIfWanted(platform, createServices(platform), (msg) => console.log(msg));
    console.log(seeded ? `Done in ${Date.now() - started} ms` : 'Nothing seeded');
    return 0;
  } finally {
    await platform.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
