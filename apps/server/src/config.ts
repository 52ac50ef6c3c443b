import net from 'node:net';
import path from 'node:path';
import { CAMERA_GRACE_SECONDS_DEFAULT, DEFAULT_MODEL_SHARE_PERCENT, IceServer, ROLE_TOKENS, type RoleToken } from '@velora/shared';
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

const IceServers = z.array(IceServer).max(10);

const EnvSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535').default(8080),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DEMO_MEDIA_CACHE_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user@127.0.0.1:5432/velora'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('velora:'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://www.example.com'),
  CDN_URL: optionalUrl(['http:', 'https:'], 'https://cdn.example.com'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
  TRUST_GEO_HEADERS: flag.default(false),
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  SEED_DEMO: z.enum(['auto', 'always', 'never'], { message: 'must be auto, always or never' }).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be a pino log level' }).default('info'),
  TRUST_PROXY: flag.default(false),
  MEDIA_SIGNING_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  CAPTCHA_HMAC_KEY: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  SUPPORT_EMAIL: z.string().trim().email('must be an email address such as support@example.com').optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().trim().max(512, 'must be at most 512 characters').optional(),
  OIDC_GOOGLE_ISSUER: optionalUrl(['https:', 'http:'], 'https://accounts.google.com'),
  OIDC_GOOGLE_JWKS: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || !/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^https?:\/\/[^/]/i.test(v), 'must be an http(s) URL or a file path'),
  IDENTITY_PROVIDER_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'must be a host name such as www.example.com (no scheme, no port)')
    .optional(),
  AGE_VERIFICATION_PROVIDER: z.enum(['sandbox', 'none'], { message: 'must be sandbox or none' }).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'none'], { message: 'must be sandbox or none' }).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  DISABLED_ROLES: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(',').map((t) => t.trim()).filter(Boolean) : []))
    .refine((list) => list.every((t) => (ROLE_TOKENS as readonly string[]).includes(t)), `must be a comma list of ${ROLE_TOKENS.join(', ')}`)
    .transform((list) => [...new Set(list)] as RoleToken[]),
  MODEL_SHARE_PERCENT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 100')
    .max(100, 'must be 0 to 100')
    .default(DEFAULT_MODEL_SHARE_PERCENT),
  // Seals the TOTP secrets of two-factor sign-in at rest (decision record 070).
  SECOND_FACTOR_KEY: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  // Live cams (decision record 032).
  LIVE_SIGNING_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  ICE_SERVERS: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return [];
      try {
        return IceServers.parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers such as [{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}]' });
        return z.NEVER;
      }
    }),
  MEDIA_SERVER: z.enum(['embedded', 'external'], { message: 'must be embedded or external' }).default('embedded'),
  MEDIA_SERVER_URL: optionalUrl(['http:', 'https:'], 'http://mediamtx.internal:8889'),
  LIVE_RTC_PORTS: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const m = /^(\d{1,5})-(\d{1,5})$/.exec(v);
      const [begin, end] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
      if (!m || begin < 1024 || end > 65535 || begin > end) {
        ctx.addIssue({ code: 'custom', message: 'must be a UDP port range such as 40000-40999 (1024 to 65535)' });
        return z.NEVER;
      }
      return { begin, end };
    }),
  LIVE_ANNOUNCED_IP: z.string().trim().regex(/^[0-9a-fA-F.:]{2,45}$/, 'must be an IP address such as 203.0.113.7').optional(),
  RTMP_PORT: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 to 65535').max(65535, 'must be 0 to 65535').default(1935),
  RTMP_ENABLED: flag.default(true),
  LIVE_GRACE_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 to 3600').max(3600, 'must be 0 to 3600').default(CAMERA_GRACE_SECONDS_DEFAULT),
  LIVE_DEMO_STREAMS: z.enum(['auto', 'on', 'off'], { message: 'must be auto, on or off' }).default('auto'),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 to 60').max(60, 'must be 1 to 60').default(5),
  REALTIME_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 to 100000')
    .max(100_000, 'must be 1 to 100000')
    .default(50),
  // Camera chat (decision record 037).
  CHAT_MINUTE_SECONDS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 to 3600').max(3600, 'must be 1 to 3600').default(60),
  FREE_CHAT_DAILY_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 86400')
    .max(86_400, 'must be 0 to 86400')
    .default(600),
  // The largest video source the back office takes (decision record 074): 20 GiB unless set.
  VIDEO_UPLOAD_MAX_BYTES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1024, 'must be at least 1024')
    .max(2 ** 50, 'must be at most 2^50')
    .default(20 * 1024 ** 3),
});

/** An OpenID Connect provider whose ID tokens POST /auth/{provider} accepts. */
export interface OidcProviderConfig {
  clientId: string;
  issuer: string;
  /** Where its signing keys are: a JWKS URL, or a local JWKS file (tests, air-gapped set-ups). */
  jwks: { url: string } | { file: string };
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The largest video source the back office's upload takes, in bytes. */
  videoUploadMaxBytes: number;
  /** DEMO_MEDIA_CACHE_DIR: the demo clips' transcoded media, kept across fresh data folders (decision record 065). */
  demoMediaCacheDir: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Namespaces every Redis key and channel, so several sites or environments can share one Redis. */
  redisPrefix: string;
  publicUrl: string;
  cdnUrl: string | undefined;
  smtpUrl: string | undefined;
  trustGeoHeaders: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  /** auto: seed an empty database unless NODE_ENV=production; always: also in production; never. */
  seedDemo: 'auto' | 'always' | 'never';
  logLevel: string;
  trustProxy: boolean;
  /** Realtime connections open at once from one client address (decision record 064). */
  realtimeConnectionsPerAddress: number;
  /** Signs media URLs; unset: a key generated once in DATA_DIR/secrets/media-signing.key. Instances share one. */
  mediaSigningSecret: string | undefined;
  /** Signs captcha challenges; unset: a key generated once in DATA_DIR/secrets/captcha-hmac.key. Instances share one. */
  captchaHmacKey: string | undefined;
  /** Where contact messages and content reports are mailed; default support@<PUBLIC_URL host>. */
  supportEmail: string;
  /** Identity providers for sign-in; one is on when its client id is set. */
  identityProviders: { google?: OidcProviderConfig };
  /** The one host name where identity-provider sign-in is enabled; unset: every host (development). */
  identityProviderHost: string | undefined;
  /** sandbox: a built-in page where the member confirms their age (development, demos); none: age verification off. */
  ageVerificationProvider: 'sandbox' | 'none';
  /** sandbox: a built-in checkout page where every payment is pretend (development, demos); none: payments off (503). */
  paymentProvider: 'sandbox' | 'none';
  /** Verifies (and for the sandbox, signs) payment webhooks; unset: a key generated once in DATA_DIR/secrets/payment-webhook.key. */
  paymentWebhookSecret: string | undefined;
  /** Seals the TOTP secrets of two-factor sign-in; unset: a key generated once in DATA_DIR/secrets/second-factor.key. */
  secondFactorKey: string | undefined;
  /** Roles switched off on this deployment (product §6: production-disabled roles): no check counts them. */
  disabledRoles: RoleToken[];
  /** The model's share of a tip in whole percent, rounded down to whole coins; the house keeps the rest. */
  modelSharePercent: number;
  /** Live cams: the media server, ICE, RTMP ingest, the grace period and the demo's test-pattern streams. */
  live: LiveConfig;
  /** Camera chat: the length of a paid minute (short in tests) and the free chat's daily allowance. */
  chat: ChatConfig;
}

export interface ChatConfig {
  /** Seconds one paid chat minute lasts: 60, or a few in tests and browser tests. */
  minuteSeconds: number;
  /** Free chat per member and day (UTC), unless feature freechat's settings.daily_seconds says otherwise. */
  freeDailySeconds: number;
}

export interface LiveConfig {
  /** Signs viewer and publisher tokens; unset: a key generated once in DATA_DIR/secrets/live-signing.key. */
  signingSecret: string | undefined;
  /** Handed to browsers (and used by the embedded SFU); empty on localhost, where none is needed. */
  iceServers: IceServer[];
  /** embedded: the SFU in a worker thread of this process; external: WHIP/WHEP go to MEDIA_SERVER_URL. */
  mediaServer: 'embedded' | 'external';
  mediaServerUrl: string | undefined;
  /** UDP ports the embedded SFU may use; unset: any the OS gives. */
  rtcPorts: { begin: number; end: number } | undefined;
  /** The address the SFU announces in its ICE candidates when it sits behind NAT. */
  announcedIp: string | undefined;
  /** RTMP ingest for older encoders; port 0 takes a free one (tests). */
  rtmpEnabled: boolean;
  rtmpPort: number;
  /** Seconds a dropped publisher's room stays live before it ends with reason offline. */
  graceSeconds: number;
  /** auto: the demo's two test-pattern cams go on air when the demo is seeded and ffmpeg is found. */
  demoStreams: 'auto' | 'on' | 'off';
  /** How often this instance renews its lease; its rooms count as gone after three missed renewals (decision 062). */
  heartbeatSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Whether a URL's host is this machine only: `localhost` (and names under `.localhost`, which browsers resolve to
 * loopback), 127.0.0.0/8 or ::1. Anything else, a private address included, may be reached by other people.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (net.isIPv4(bare)) return bare.split('.')[0] === '127';
  if (net.isIPv6(bare)) return bare === '::1';
  return false;
}

/**
 * A newcomer's `npm start` on localhost gets the demo accounts and both sandboxes by default. On any other address
 * (people other than the developer may reach it) each must be asked for by name, or the server does not start:
 * one line per setting, saying how to ask for it or switch it off (decision 029).
 */
function publicDeploymentProblems(c: {
  publicUrl: string;
  seedsDemoByDefault: boolean;
  paymentSandboxByDefault: boolean;
  ageSandboxByDefault: boolean;
}): string[] {
  if (isLoopbackUrl(c.publicUrl)) return [];
  const where = `PUBLIC_URL ${c.publicUrl} is not a loopback address`;
  const problems: string[] = [];
  if (c.seedsDemoByDefault) {
    problems.push(
      `SEED_DEMO: demo accounts (admin, member, … with the published password demo-password) are seeded by default only on localhost and ${where}: set SEED_DEMO=always to seed them anyway, or SEED_DEMO=never`,
    );
  }
  if (c.paymentSandboxByDefault) {
    problems.push(
      `PAYMENT_PROVIDER: the sandbox payment provider (membership and coins for a click, nothing charged) is the default only on localhost and ${where}: set PAYMENT_PROVIDER=sandbox to keep it anyway, or PAYMENT_PROVIDER=none`,
    );
  }
  if (c.ageSandboxByDefault) {
    problems.push(
      `AGE_VERIFICATION_PROVIDER: the sandbox age check (anyone confirms their own age) is the default only on localhost and ${where}: set AGE_VERIFICATION_PROVIDER=sandbox to keep it anyway, or AGE_VERIFICATION_PROVIDER=none`,
    );
  }
  return problems;
}

const jwksSource = (value: string): OidcProviderConfig['jwks'] => (/^https?:\/\//i.test(value) ? { url: value } : { file: path.resolve(value) });

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as they do for most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.keys(EnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    // A secret's value is never echoed into logs, not even a wrong one.
    const shown = (name: string) => (/SECRET|_KEY$/.test(name) ? 'a hidden value' : JSON.stringify(cleaned[name]));
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message} (got ${shown(String(i.path[0]))})`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // The sandbox lets anyone confirm their own age: never the silent default of a live site.
  const ageVerificationProvider = e.AGE_VERIFICATION_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox');
  // The sandbox hands out membership and coins for a button press: never the silent default of a live site.
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox');
  const unsafe = publicDeploymentProblems({
    publicUrl,
    seedsDemoByDefault: e.SEED_DEMO === 'auto' && e.NODE_ENV !== 'production',
    paymentSandboxByDefault: paymentProvider === 'sandbox' && e.PAYMENT_PROVIDER === undefined,
    ageSandboxByDefault: ageVerificationProvider === 'sandbox' && e.AGE_VERIFICATION_PROVIDER === undefined,
  });
  if (unsafe.length > 0) throw new ConfigError(unsafe);
  if (e.MEDIA_SERVER === 'external' && !e.MEDIA_SERVER_URL) {
    throw new ConfigError(['MEDIA_SERVER_URL: MEDIA_SERVER=external needs the external media server\'s URL (for example http://mediamtx.internal:8889)']);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    demoMediaCacheDir: e.DEMO_MEDIA_CACHE_DIR === undefined ? undefined : path.resolve(e.DEMO_MEDIA_CACHE_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl,
    cdnUrl: e.CDN_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    trustGeoHeaders: e.TRUST_GEO_HEADERS,
    nodeEnv: e.NODE_ENV,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    realtimeConnectionsPerAddress: e.REALTIME_CONNECTIONS_PER_ADDRESS,
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET,
    captchaHmacKey: e.CAPTCHA_HMAC_KEY,
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`,
    identityProviders: e.OIDC_GOOGLE_CLIENT_ID
      ? {
          google: {
            clientId: e.OIDC_GOOGLE_CLIENT_ID,
            issuer: e.OIDC_GOOGLE_ISSUER ?? GOOGLE_ISSUER,
            jwks: jwksSource(e.OIDC_GOOGLE_JWKS ?? GOOGLE_JWKS_URL),
          },
        }
      : {},
    identityProviderHost: e.IDENTITY_PROVIDER_HOST,
    ageVerificationProvider,
    paymentProvider,
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET,
    secondFactorKey: e.SECOND_FACTOR_KEY,
    videoUploadMaxBytes: e.VIDEO_UPLOAD_MAX_BYTES,
    disabledRoles: e.DISABLED_ROLES,
    modelSharePercent: e.MODEL_SHARE_PERCENT,
    live: {
      signingSecret: e.LIVE_SIGNING_SECRET,
      iceServers: e.ICE_SERVERS,
      mediaServer: e.MEDIA_SERVER,
      mediaServerUrl: e.MEDIA_SERVER_URL,
      rtcPorts: e.LIVE_RTC_PORTS,
      announcedIp: e.LIVE_ANNOUNCED_IP,
      rtmpEnabled: e.RTMP_ENABLED,
      rtmpPort: e.RTMP_PORT,
      graceSeconds: e.LIVE_GRACE_SECONDS,
      demoStreams: e.LIVE_DEMO_STREAMS,
      heartbeatSeconds: e.LIVE_HEARTBEAT_SECONDS,
    },
    chat: { minuteSeconds: e.CHAT_MINUTE_SECONDS, freeDailySeconds: e.FREE_CHAT_DAILY_SECONDS },
  };
}
