import type { Platform } from '../platform';
import type { Queryable } from '../db/database';
import type { CoinsService } from '../modules/coins/coins.service';
import type { SecondFactorService } from '../modules/second-factor/second-factor.service';
import { seedDemoAccounts } from './seed-accounts';
import { seedDemoCameras } from './seed-cameras';
import { seedDemoCoins } from './seed-coins';
import { seedCatalog, type CatalogCounts } from './seed-catalog';
import { seedContent } from './seed-content';
import { seedDemoTokens } from './seed-demo-tokens';
import { seedDemoMessages } from './seed-messages';
import { seedDemoPlaydateChat } from './seed-playdate-chat';
import { seedDemoPlaydates } from './seed-playdates';
import { seedMoney } from './seed-money';
import { DEMO_CLIPS, seedDemoMedia } from './seed-media';

export const DEMO_COUNTS: CatalogCounts = { models: 48, videos: 200, shoots: 60 };

/** Serialises seeding between instances starting at once against one PostgreSQL. */
const SEED_LOCK = 7316002;

async function isEmpty(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ has_users: boolean; has_videos: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM users) AS has_users, EXISTS (SELECT 1 FROM videos) AS has_videos',
  );
  return !rows[0]?.has_users && !rows[0]?.has_videos;
}

/** Why demo content must not be seeded under this configuration, or null when it may be. */
export function seedRefusal(config: Pick<Platform['config'], 'seedDemo' | 'nodeEnv'>): string | null {
  if (config.seedDemo === 'never') return 'SEED_DEMO=never';
  // Demo accounts with a published password must never appear on a live site by accident.
  if (config.nodeEnv === 'production' && config.seedDemo !== 'always') return 'NODE_ENV=production (set SEED_DEMO=always to seed anyway)';
  return null;
}

/**
 * Seeds demo content (features, catalog, demo accounts, demo video clips) into an empty database: one with no
 * users and no videos. Returns whether it seeded. The database part is one transaction: all of it or nothing.
 */
export async function seedDemoIfWanted(
  platform: Pick<Platform, 'config' | 'db' | 'now'>,
  services: { coins: Pick<CoinsService, 'grant'>; secondFactor: Pick<SecondFactorService, 'enroll'> },
  log: (msg: string) => void,
  options: { counts?: CatalogCounts } = {},
): Promise<boolean> {
  const { config, db } = platform;
  const refusal = seedRefusal(config);
  if (refusal) {
    log(`Demo content not seeded: ${refusal}`);
    return false;
  }

  const started = Date.now();
  const now = platform.now();
  const counts = options.counts ?? DEMO_COUNTS;
  const catalog = await db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (!(await isEmpty(tx))) return null;
    const seeded = await seedCatalog(tx, { ...counts, now });
    await seedDemoAccounts(tx, { modelId: seeded.modelIds[0]!, now, enrollSecondFactor: services.secondFactor.enroll });
    await seedDemoCoins(services.coins, tx);
    await seedDemoMedia(tx, seeded.videoIds);
    await seedDemoTokens(tx, { now });
    await seedContent(tx, { now });
    await seedDemoMessages(tx, { now });
    await seedMoney(tx);
    await seedDemoCameras(tx, { modelIds: seeded.modelIds, now });
    await seedDemoPlaydates(tx, { modelId: seeded.modelIds[0]!, now });
    await seedDemoPlaydateChat(tx, { modelId: seeded.modelIds[0]! });
    return seeded;
  });
  if (!catalog) {
    log('Demo content not seeded: the database already holds users or videos');
    return false;
  }
  log(
    `Demo content seeded: ${catalog.modelIds.length} models, ${catalog.videoIds.length} videos, ${catalog.shootIds.length} shoots, ` +
      `${catalog.tagIds.length} tags, demo accounts (${Date.now() - started} ms)`,
  );

  // Pictures are drawn on first request and the clips transcoded after the server listens: neither delays a start.
  log(`Demo video: ${DEMO_CLIPS.length} generated clips queued for transcoding in the background`);
  return true;
}
