import path from 'node:path';
import { z } from 'zod';

// Every setting of the server, parsed and validated in one place. The README's settings table mirrors this file.

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')} (for example ${example})`);

const EnvSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535').default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user@127.0.0.1:5432/velora'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://www.example.com'),
  CDN_URL: optionalUrl(['http:', 'https:'], 'https://cdn.example.com'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
  TRUST_GEO_HEADERS: flag.default(false),
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  SEED_DEMO: z.enum(['auto', 'always', 'never'], { message: 'must be auto, always or never' }).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be a pino log level' }).default('info'),
  TRUST_PROXY: flag.default(false),
  MEDIA_SIGNING_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  cdnUrl: string | undefined;
  smtpUrl: string | undefined;
  trustGeoHeaders: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  /** auto: seed an empty database unless NODE_ENV=production; always: also in production; never. */
  seedDemo: 'auto' | 'always' | 'never';
  logLevel: string;
  trustProxy: boolean;
  /** Signs media URLs; unset: a key generated once in DATA_DIR/secrets/media-signing.key. Instances share one. */
  mediaSigningSecret: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as they do for most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.keys(EnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    // A secret's value is never echoed into logs, not even a wrong one.
    const shown = (name: string) => (/SECRET/.test(name) ? 'a hidden value' : JSON.stringify(cleaned[name]));
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message} (got ${shown(String(i.path[0]))})`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    cdnUrl: e.CDN_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    trustGeoHeaders: e.TRUST_GEO_HEADERS,
    nodeEnv: e.NODE_ENV,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET,
  };
}
