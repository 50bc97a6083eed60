import { createPrivateKey, createPublicKey, createSecretKey, KeyObject, randomBytes } from 'node:crypto';
import { DEFAULT_DATABASE_TIMEOUT_MS } from '../database/unavailable';
import { join, resolve } from 'node:path';
import { ConfigError, EnvReader } from './env.schema';
import { defaultHashConcurrency, idleHashConcurrency } from '../common/concurrency/hash-concurrency';
import { defaultWebDir } from '../infrastructure/web/web-app';

/** Placeholder secrets that must never sign anything, in any mode. */
const PLACEHOLDER_SECRETS = ['change-me', 'changeme', 'secret', 'dev-secret-change-me', 'dev-altcha-key-change-me', 'replace-me'];
/** A configured secret must be at least this long (256 bits of entropy needs 32+ random characters). */
export const MIN_SECRET_LENGTH = 32;
/** Default port of the embedded PostgreSQL (loopback only): away from a system PostgreSQL on 5432. */
export const EMBEDDED_DATABASE_DEFAULT_PORT = 5438;
/** The ECB's daily euro reference rates (the 90-day and full-history files are the same format). */
export const DEFAULT_EXCHANGE_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

/** A configured secret, or undefined when unset (then a stored random key is used); placeholders and short ones are refused. */
function configuredSecret(read: EnvReader, name: string): string | undefined {
  const value = read.optional(name);
  if (value === undefined) return undefined;
  if (PLACEHOLDER_SECRETS.includes(value.toLowerCase()) || value.length < MIN_SECRET_LENGTH) {
    read.problems.push(`${name} must be a real secret of at least ${MIN_SECRET_LENGTH} characters (or unset, for a random key kept in the database)`);
  }
  return value;
}

export type CaptchaProvider = 'altcha' | 'turnstile' | 'hcaptcha';
export type Geocoder = 'offline' | 'nominatim';
/** EdDSA is not offered: jsonwebtoken, under @nestjs/jwt and passport-jwt, does not implement it. */
export const JWT_ALGORITHMS = ['HS256', 'RS256', 'ES256'] as const;
export type JwtAlgorithm = (typeof JWT_ALGORITHMS)[number];

/** PEM from the environment, where newlines may be written as \n. */
function pem(value: string | undefined): string | undefined {
  return value?.replace(/\\n/g, '\n');
}

function jwtKeys(read: EnvReader, algorithm: JwtAlgorithm, secret: string): { signKey: KeyObject; verifyKey: KeyObject } {
  if (algorithm === 'HS256') {
    const key = createSecretKey(Buffer.from(secret, 'utf8'));
    return { signKey: key, verifyKey: key };
  }
  const privatePem = pem(read.optional('JWT_PRIVATE_KEY'));
  const publicPem = pem(read.optional('JWT_PUBLIC_KEY'));
  const expected = algorithm === 'RS256' ? 'rsa' : 'ec';
  try {
    if (!privatePem || !publicPem) throw new Error('missing');
    const signKey = createPrivateKey(privatePem);
    const verifyKey = createPublicKey(publicPem);
    if (signKey.asymmetricKeyType !== expected || verifyKey.asymmetricKeyType !== expected) throw new Error('type');
    return { signKey, verifyKey };
  } catch {
    read.problems.push(`JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be ${expected.toUpperCase()} PEM keys when JWT_ALGORITHM=${algorithm}`);
    const placeholder = createSecretKey(Buffer.from('invalid'));
    return { signKey: placeholder, verifyKey: placeholder };
  }
}

/** The one typed configuration object, injected wherever a setting is needed. */
export class AppConfig {
  port: number;
  nodeEnv: string;
  isProduction: boolean;
  logLevel: string;
  /** `pretty` (human-readable, the default on a terminal) or `json` (the default otherwise) */
  logFormat: 'pretty' | 'json';
  docsEnabled: boolean;
  /** `postgres://…`; when DATABASE_URL is unset, filled in at start-up with the embedded cluster's address */
  databaseUrl: string;
  /** bound on every wait for the database (pool checkout, connecting, each statement), ms */
  databaseTimeoutMs: number;
  /** set when DATABASE_URL is unset: an embedded PostgreSQL in `dataDir` on this loopback port */
  /** `directory`: where the cluster lives, known once it is started (DATA_DIR/postgres, or elsewhere as root: src/database/embedded.ts) */
  embeddedDatabase?: { port: number; portIsRequired: boolean; directory?: string };
  /** DATA_DIR, absolute: the embedded database, local files and the mail outbox live here */
  dataDir: string;
  /** the service's own address as clients reach it (local storage URLs, the start-up banner) */
  publicUrl: string;
  /** whether PUBLIC_URL was set; if not, local storage URLs follow the address each request came to */
  publicUrlConfigured: boolean;
  /**
   * Which secrets were not configured: they are random keys generated once and kept in the
   * database (see src/infrastructure/secrets), loaded into this object before the app is built.
   */
  storedSecrets: { jwt: boolean; altcha: boolean };
  /** HMAC key of the local storage driver's signed URLs (always a stored random key) */
  storageSigningKey: Buffer;
  migrationsRun: boolean;
  redisUrl?: string;
  redisKeyPrefix: string;
  jwt: {
    algorithm: JwtAlgorithm;
    /** HS256: the secret; RS256/ES256: the private key */
    signKey: KeyObject;
    /** HS256: the secret; RS256/ES256: the public key */
    verifyKey: KeyObject;
    accessTtlSeconds: number;
    issuer: string;
    audience: string;
  };
  refresh: { ttlDays: number; rememberTtlDays: number; reuseGraceSeconds: number };
  cookieSecure: boolean;
  corsOrigins: string[];
  trustProxy?: string | number | boolean;
  appUrl: string;
  /** the built web client served at `/`; null serves none */
  webDir: string | null;
  bodyLimitBytes: number;
  /** `smtpUrl` undefined: mails are written to DATA_DIR/outbox as .eml files */
  mail: { smtpUrl?: string; from: string; retryDelaySeconds: number; retryLimit: number };
  /** `endpoint` undefined: the local disk driver under DATA_DIR/files */
  s3: { endpoint?: string; publicEndpoint: string; accessKey: string; secretKey: string; bucket: string; region: string };
  captcha: {
    provider: CaptchaProvider;
    secret?: string;
    altchaHmacKey: string;
    /** ALTCHA proof-of-work: PBKDF2 iterations per attempt and the largest counter a client must reach */
    altchaCost: number;
    altchaMaxCounter: number;
    verifyUrl?: string;
    timeoutMs: number;
  };
  geocoder: { provider: Geocoder; nominatimUrl?: string; userAgent?: string; cacheTtlSeconds: number };
  /** the euro reference rates loaded once a day (docs/budget.md, "Other currencies"): ECB XML at `url` (empty: none loaded) */
  exchangeRates: { url: string; timeoutMs: number };
  bcryptCost: number;
  /**
   * bcrypt hashes/compares at once (BCRYPT_CONCURRENCY), how many while no other request is in
   * flight (every core, when BCRYPT_CONCURRENCY is not set; 0: no more than `concurrency`), and how
   * long one may wait for a slot before 503; `threadNice`: the CPU priority of libuv's worker threads,
   * where the hashing runs (0: the event loop's)
   */
  hashing: { concurrency: number; idleConcurrency: number; queueTimeoutMs: number; threadNice: number };
  rateLimit: {
    enabled: boolean;
    loginFailuresPerUsername: number;
    loginFailureWindowSeconds: number;
    authPerMinute: number;
    /** PATCH /notes/{id}/items/{itemId}/toggle, per user */
    noteTogglePerMinute: number;
    /** POST /session/refresh, per session and per client IP (not the sign-in endpoints' authPerMinute) */
    refreshPerSessionPerMinute: number;
    /** GET /events, streams opened per user */
    liveOpensPerMinute: number;
    /** wrong access tokens per client IP per RATE_LIMIT_LOGIN_FAILURE_WINDOW_SECONDS, then 429 */
    tokenFailuresPerIp: number;
    refreshPerIpPerMinute: number;
  };
  cooldowns: { emailSeconds: number; resetSeconds: number };
  /** LOCAL_LOGIN: password sign-in, registration and resets (false: refused with 401 LOCAL_LOGIN_DISABLED; the CLI still works) */
  localLogin: boolean;
  /** OpenID Connect sign-in (docs/accounts.md, "Signing in with your own identity provider"); null without OIDC_ISSUER */
  oidc: OidcConfig | null;
  limits: { maxImageBytes: number; maxMarkerImages: number };
  /**
   * Live changes (GET /events, docs/live.md): streams a user may hold across every instance, streams
   * this instance serves at most, keep-alive period, replay bound of a resume (events) and how old
   * a cursor may be to resume from (seconds); `cursorKey` seals the cursors (a stored random key,
   * the same on every instance, renewed by a restore)
   */
  live: {
    maxStreamsPerUser: number;
    maxStreamsPerInstance: number;
    keepAliveSeconds: number;
    replayLimit: number;
    replayWindowSeconds: number;
    cursorKey: Buffer;
  };
  retention: {
    trashDays: number;
    uploadTimeoutMinutes: number;
    unconfirmedWarnDays: number;
    unconfirmedExpireDays: number;
  };
  jobs: { enabled: boolean; pollMs: number };
  notifications: {
    /** NOTIFY_ALLOW_PRIVATE_URLS: webhooks may reach loopback, private and link-local addresses (a self-hosted ntfy on the LAN) */
    allowPrivateUrls: boolean;
    /** NOTIFY_TICK_MS: the longest the idle scheduler waits between two looks at its queue; 0: this instance runs no scheduler */
    tickMs: number;
    /** NOTIFY_SEND_TIMEOUT_MS: the total deadline of a webhook or push call (redirects included); without an answer by then it is retried later */
    sendTimeoutMs: number;
    /** VAPID_SUBJECT: the contact a push service may reach the operator at (mailto: or https:) */
    vapidSubject: string;
    /** the installation's VAPID key pair (base64url), stored with the instance secrets at the first start */
    vapid: { publicKey: string; privateKey: string };
  };
  backup: {
    /** BACKUP_DIR, default DATA_DIR/backups */
    dir: string;
    /** cron (UTC); empty disables scheduled backups */
    schedule: string;
    keep: number;
  };
}

function parseTrustProxy(value: string | undefined): string | number | boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** unset: a public client (PKCE only) */
  clientSecret?: string;
  scopes: string;
  buttonLabel: string;
  /** OIDC_ALLOW_INSECURE: a plain-http issuer (tests, a LAN) */
  allowInsecure: boolean;
  linkVerifiedEmail: boolean;
  createAccounts: boolean;
  /** a group's name or id for accounts the provider creates */
  defaultGroup?: string;
  autoApprove: boolean;
  adminGroup?: string;
  groupsClaim: string;
}

function oidcConfig(read: EnvReader): OidcConfig | null {
  const issuer = read.optional('OIDC_ISSUER');
  if (!issuer) return null;
  const allowInsecure = read.bool('OIDC_ALLOW_INSECURE', false);
  const url = read.url('OIDC_ISSUER', allowInsecure ? ['http', 'https'] : ['https']);
  return {
    issuer: url,
    clientId: read.string('OIDC_CLIENT_ID'),
    clientSecret: read.optional('OIDC_CLIENT_SECRET'),
    scopes: read.string('OIDC_SCOPES', 'openid profile email'),
    buttonLabel: read.string('OIDC_BUTTON_LABEL', 'Single sign-on'),
    allowInsecure,
    linkVerifiedEmail: read.bool('OIDC_LINK_VERIFIED_EMAIL', false),
    createAccounts: read.bool('OIDC_CREATE_ACCOUNTS', false),
    defaultGroup: read.optional('OIDC_DEFAULT_GROUP'),
    autoApprove: read.bool('OIDC_AUTO_APPROVE', false),
    adminGroup: read.optional('OIDC_ADMIN_GROUP'),
    groupsClaim: read.string('OIDC_GROUPS_CLAIM', 'groups'),
  };
}

/** The web client's dev server (`npm run dev:web`), the default CORS origin in development only. */
export const DEV_WEB_ORIGIN = 'http://localhost:5173';

/** Parses and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const read = new EnvReader(env);
  const nodeEnv = read.string('NODE_ENV', 'development');
  const isProduction = nodeEnv === 'production';
  const jwtAlgorithm = read.oneOf<JwtAlgorithm>('JWT_ALGORITHM', JWT_ALGORITHMS, 'HS256');
  const symmetric = jwtAlgorithm === 'HS256';
  const configuredJwtSecret = symmetric ? configuredSecret(read, 'JWT_SECRET') : undefined;
  const configuredAltchaKey = configuredSecret(read, 'ALTCHA_HMAC_KEY');
  // until the stored keys are loaded, random throw-away keys: nothing known ever signs
  const jwtSecret = configuredJwtSecret ?? randomBytes(32).toString('base64url');
  const altchaKey = configuredAltchaKey ?? randomBytes(32).toString('base64url');
  const port = read.int('PORT', 3000, 0, 65535);
  const configuredDatabaseUrl = read.optional('DATABASE_URL') && read.url('DATABASE_URL', ['postgres', 'postgresql']);
  const s3Endpoint = read.optional('S3_ENDPOINT') && read.url('S3_ENDPOINT', ['http', 'https']);

  const config: AppConfig = {
    port,
    nodeEnv,
    isProduction,
    logLevel: read.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    logFormat: read.oneOf<'pretty' | 'json'>('LOG_FORMAT', ['pretty', 'json'], process.stdout.isTTY ? 'pretty' : 'json'),
    docsEnabled: read.bool('DOCS_ENABLED', true),
    databaseTimeoutMs: read.int('DATABASE_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUT_MS, 100, 600_000),
    databaseUrl: configuredDatabaseUrl || '',
    embeddedDatabase: configuredDatabaseUrl
      ? undefined
      : {
          port: read.int('EMBEDDED_DATABASE_PORT', EMBEDDED_DATABASE_DEFAULT_PORT, 1, 65535),
          // the default port gives way to a free one when taken; a configured one does not
          portIsRequired: read.optional('EMBEDDED_DATABASE_PORT') !== undefined,
        },
    dataDir: resolve(read.string('DATA_DIR', './data')),
    publicUrl: read.url('PUBLIC_URL', ['http', 'https'], `http://localhost:${port}`).replace(/\/+$/, ''),
    publicUrlConfigured: read.optional('PUBLIC_URL') !== undefined,
    storedSecrets: { jwt: symmetric && !configuredJwtSecret, altcha: !configuredAltchaKey },
    storageSigningKey: randomBytes(32),
    migrationsRun: read.bool('MIGRATIONS_RUN', true),
    redisUrl: read.optional('REDIS_URL') && read.url('REDIS_URL', ['redis', 'rediss']),
    redisKeyPrefix: read.string('REDIS_KEY_PREFIX', 'hearth:'),
    jwt: {
      algorithm: jwtAlgorithm,
      ...jwtKeys(read, jwtAlgorithm, jwtSecret),
      accessTtlSeconds: read.int('JWT_ACCESS_TTL', 900, 10, 86400),
      issuer: read.string('JWT_ISSUER', 'hearth'),
      audience: read.string('JWT_AUDIENCE', 'hearth-api'),
    },
    refresh: {
      ttlDays: read.int('REFRESH_TTL_DAYS', 1, 1, 365),
      rememberTtlDays: read.int('REFRESH_REMEMBER_TTL_DAYS', 30, 1, 365),
      reuseGraceSeconds: read.int('REFRESH_REUSE_GRACE_SECONDS', 10, 0, 300),
    },
    cookieSecure: read.bool('COOKIE_SECURE', false),
    // the Vite dev server's origin is trusted by default only in development, never in production
    corsOrigins: read.list('CORS_ORIGINS', nodeEnv === 'development' ? [DEV_WEB_ORIGIN] : []),
    trustProxy: parseTrustProxy(read.optional('TRUST_PROXY')),
    // the web client is served by the service itself, so mailed links point at its own address by default
    appUrl: read.url('APP_URL', ['http', 'https'], read.optional('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    webDir: read.bool('WEB_ENABLED', true) ? (read.optional('WEB_DIR') ?? defaultWebDir()) : null,
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    mail: {
      smtpUrl: read.optional('SMTP_URL') && read.url('SMTP_URL', ['smtp', 'smtps']),
      from: read.string('MAIL_FROM', 'Hearth <no-reply@hearth.local>'),
      retryDelaySeconds: read.int('MAIL_RETRY_DELAY_SECONDS', 30, 1, 3600),
      retryLimit: read.int('MAIL_RETRY_LIMIT', 12, 0, 100),
    },
    s3: {
      endpoint: s3Endpoint,
      publicEndpoint: read.url('S3_PUBLIC_ENDPOINT', ['http', 'https'], s3Endpoint ?? 'http://localhost:9000'),
      accessKey: s3Endpoint ? read.string('S3_ACCESS_KEY') : '',
      secretKey: s3Endpoint ? read.string('S3_SECRET_KEY') : '',
      bucket: read.string('S3_BUCKET', 'hearth'),
      region: read.string('S3_REGION', 'us-east-1'),
    },
    captcha: {
      provider: read.oneOf<CaptchaProvider>('CAPTCHA_PROVIDER', ['altcha', 'turnstile', 'hcaptcha'], 'altcha'),
      secret: read.optional('CAPTCHA_SECRET'),
      altchaHmacKey: altchaKey,
      altchaCost: read.int('ALTCHA_COST', 1000, 1, 1_000_000),
      altchaMaxCounter: read.int('ALTCHA_MAX_COUNTER', 5000, 2, 10_000_000),
      verifyUrl: read.optional('CAPTCHA_VERIFY_URL') && read.url('CAPTCHA_VERIFY_URL', ['http', 'https']),
      timeoutMs: read.int('CAPTCHA_TIMEOUT_MS', 5000, 100, 60_000),
    },
    geocoder: {
      provider: read.oneOf<Geocoder>('GEOCODER', ['offline', 'nominatim'], 'offline'),
      nominatimUrl: read.optional('NOMINATIM_URL'),
      // default: Hearth/1 (+APP_URL), identifying the deployment as Nominatim's policy asks
      userAgent: read.optional('NOMINATIM_USER_AGENT'),
      cacheTtlSeconds: read.int('GEOCODER_CACHE_TTL_SECONDS', 86_400, 0),
    },
    exchangeRates: {
      url: env.EXCHANGE_RATES_URL === '' ? '' : read.url('EXCHANGE_RATES_URL', ['http', 'https'], DEFAULT_EXCHANGE_RATES_URL),
      timeoutMs: read.int('EXCHANGE_RATES_TIMEOUT_MS', 15_000, 100, 120_000),
    },
    bcryptCost: read.int('BCRYPT_COST', 12, 4, 15),
    hashing: {
      concurrency: read.int('BCRYPT_CONCURRENCY', defaultHashConcurrency(), 1, 64),
      idleConcurrency: env.BCRYPT_CONCURRENCY === undefined ? idleHashConcurrency() : 0,
      queueTimeoutMs: read.int('BCRYPT_QUEUE_TIMEOUT_MS', 5000, 1, 600_000),
      threadNice: read.int('THREAD_POOL_NICE', 10, 0, 19),
    },
    rateLimit: {
      enabled: read.bool('RATE_LIMIT_ENABLED', true),
      loginFailuresPerUsername: read.int('RATE_LIMIT_LOGIN_FAILURES', 5, 1),
      loginFailureWindowSeconds: read.int('RATE_LIMIT_LOGIN_FAILURE_WINDOW_SECONDS', 900, 1),
      authPerMinute: read.int('RATE_LIMIT_AUTH_PER_MINUTE', 10, 1),
      noteTogglePerMinute: read.int('RATE_LIMIT_NOTE_TOGGLE_PER_MINUTE', 120, 1),
      refreshPerSessionPerMinute: read.int('RATE_LIMIT_REFRESH_PER_SESSION_PER_MINUTE', 60, 1),
      liveOpensPerMinute: read.int('RATE_LIMIT_LIVE_OPENS_PER_MINUTE', 30, 1),
      refreshPerIpPerMinute: read.int('RATE_LIMIT_REFRESH_PER_IP_PER_MINUTE', 300, 1),
      tokenFailuresPerIp: read.int('RATE_LIMIT_TOKEN_FAILURES_PER_IP', 20, 1),
    },
    localLogin: read.bool('LOCAL_LOGIN', true),
    oidc: oidcConfig(read),
    cooldowns: {
      emailSeconds: read.int('EMAIL_COOLDOWN_SECONDS', 60, 0),
      resetSeconds: read.int('RESET_COOLDOWN_SECONDS', 300, 0),
    },
    limits: {
      maxImageBytes: read.int('MAX_IMAGE_BYTES', 10 * 1024 * 1024, 1),
      maxMarkerImages: read.int('MAX_MARKER_IMAGES', 5, 1),
    },
    live: {
      maxStreamsPerUser: read.int('LIVE_MAX_STREAMS_PER_USER', 10, 1, 1000),
      maxStreamsPerInstance: read.int('LIVE_MAX_STREAMS_PER_INSTANCE', 10_000, 1, 1_000_000),
      keepAliveSeconds: read.int('LIVE_KEEPALIVE_SECONDS', 25, 1, 3600),
      replayLimit: read.int('LIVE_REPLAY_LIMIT', 500, 1, 100_000),
      replayWindowSeconds: read.int('LIVE_REPLAY_WINDOW_SECONDS', 86_400, 1, 30 * 86_400),
      // replaced at start-up by the stored key (stored-secrets.ts)
      cursorKey: randomBytes(32),
    },
    retention: {
      trashDays: read.int('TRASH_RETENTION_DAYS', 30, 1),
      uploadTimeoutMinutes: read.int('UPLOAD_TIMEOUT_MINUTES', 60, 1),
      unconfirmedWarnDays: read.int('UNCONFIRMED_WARN_DAYS', 5, 1),
      unconfirmedExpireDays: read.int('UNCONFIRMED_EXPIRE_DAYS', 7, 1),
    },
    jobs: { enabled: read.bool('JOBS_ENABLED', true), pollMs: read.int('JOBS_POLL_MS', 2000, 500, 60000) },
    notifications: {
      allowPrivateUrls: read.bool('NOTIFY_ALLOW_PRIVATE_URLS', false),
      tickMs: read.int('NOTIFY_TICK_MS', 30_000, 0, 30_000),
      sendTimeoutMs: read.int('NOTIFY_SEND_TIMEOUT_MS', 10_000, 500, 60_000),
      vapidSubject: read.url('VAPID_SUBJECT', ['mailto', 'https'], 'mailto:hearth@localhost'),
      // filled from the instance secrets at start-up (loadStoredSecrets)
      vapid: { publicKey: '', privateKey: '' },
    },
    backup: {
      dir: resolve(read.optional('BACKUP_DIR') ?? join(read.string('DATA_DIR', './data'), 'backups')),
      // set but empty disables the schedule
      schedule: env.BACKUP_SCHEDULE === undefined ? '0 3 * * *' : env.BACKUP_SCHEDULE.trim(),
      keep: read.int('BACKUP_KEEP', 7, 1, 1000),
    },
  };
  if (config.backup.schedule && config.backup.schedule.split(/\s+/).length !== 5) {
    read.problems.push(`BACKUP_SCHEDULE must be a cron expression of five fields, or empty (got "${config.backup.schedule}")`);
  }
  if (config.geocoder.provider === 'nominatim' && !config.geocoder.nominatimUrl) {
    read.problems.push('NOMINATIM_URL is required when GEOCODER=nominatim');
  }
  if (config.captcha.provider !== 'altcha' && !config.captcha.secret) {
    read.problems.push(`CAPTCHA_SECRET is required when CAPTCHA_PROVIDER=${config.captcha.provider}`);
  }
  if (config.retention.unconfirmedWarnDays >= config.retention.unconfirmedExpireDays) {
    read.problems.push('UNCONFIRMED_WARN_DAYS must be smaller than UNCONFIRMED_EXPIRE_DAYS');
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
