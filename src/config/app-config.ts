import { createPrivateKey, createPublicKey, createSecretKey, KeyObject } from 'node:crypto';
import { join, resolve } from 'node:path';
import { ConfigError, EnvReader } from './env.schema';

/** Placeholder secrets that must never reach production. */
const PLACEHOLDER_SECRETS = ['change-me', 'changeme', 'secret', 'dev-secret-change-me', 'replace-me'];

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
  docsEnabled: boolean;
  databaseUrl: string;
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
  bodyLimitBytes: number;
  mail: { smtpUrl: string; from: string; retryDelaySeconds: number; retryLimit: number };
  s3: { endpoint: string; publicEndpoint: string; accessKey: string; secretKey: string; bucket: string; region: string };
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
  bcryptCost: number;
  rateLimit: {
    enabled: boolean;
    loginFailuresPerUsername: number;
    loginFailureWindowSeconds: number;
    authPerMinute: number;
    /** PATCH /notes/{id}/items/{itemId}/toggle, per user */
    noteTogglePerMinute: number;
  };
  cooldowns: { emailSeconds: number; resetSeconds: number };
  limits: { maxImageBytes: number; maxMarkerImages: number };
  retention: {
    trashDays: number;
    uploadTimeoutMinutes: number;
    unconfirmedWarnDays: number;
    unconfirmedExpireDays: number;
  };
  jobs: { enabled: boolean; pollMs: number };
  /** DATA_DIR, absolute: where local data lives */
  dataDir: string;
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

/** Parses and validates the environment; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const read = new EnvReader(env);
  const nodeEnv = read.string('NODE_ENV', 'development');
  const isProduction = nodeEnv === 'production';
  const jwtAlgorithm = read.oneOf<JwtAlgorithm>('JWT_ALGORITHM', JWT_ALGORITHMS, 'HS256');
  const symmetric = jwtAlgorithm === 'HS256';
  const jwtSecret = read.string('JWT_SECRET', isProduction && symmetric ? undefined : 'dev-secret-change-me');
  if (isProduction && symmetric && (PLACEHOLDER_SECRETS.includes(jwtSecret.toLowerCase()) || jwtSecret.length < 32)) {
    read.problems.push('JWT_SECRET must be a real secret of at least 32 characters in production');
  }
  const altchaKey = read.string('ALTCHA_HMAC_KEY', isProduction ? undefined : 'dev-altcha-key-change-me');
  if (isProduction && (PLACEHOLDER_SECRETS.includes(altchaKey.toLowerCase()) || altchaKey.length < 32)) {
    read.problems.push('ALTCHA_HMAC_KEY must be a real secret of at least 32 characters in production');
  }

  const config: AppConfig = {
    port: read.int('PORT', 3000, 0, 65535),
    nodeEnv,
    isProduction,
    logLevel: read.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    docsEnabled: read.bool('DOCS_ENABLED', true),
    databaseUrl: read.url('DATABASE_URL', ['postgres', 'postgresql']),
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
    corsOrigins: read.list('CORS_ORIGINS', ['http://localhost:5173']),
    trustProxy: parseTrustProxy(read.optional('TRUST_PROXY')),
    appUrl: read.url('APP_URL', ['http', 'https'], 'http://localhost:5173').replace(/\/+$/, ''),
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    mail: {
      smtpUrl: read.url('SMTP_URL', ['smtp', 'smtps'], 'smtp://localhost:1025'),
      from: read.string('MAIL_FROM', 'Hearth <no-reply@hearth.local>'),
      retryDelaySeconds: read.int('MAIL_RETRY_DELAY_SECONDS', 30, 1, 3600),
      retryLimit: read.int('MAIL_RETRY_LIMIT', 12, 0, 100),
    },
    s3: {
      endpoint: read.url('S3_ENDPOINT', ['http', 'https'], 'http://localhost:9000'),
      publicEndpoint: read.url('S3_PUBLIC_ENDPOINT', ['http', 'https'], read.optional('S3_ENDPOINT') ?? 'http://localhost:9000'),
      accessKey: read.string('S3_ACCESS_KEY', 'minioadmin'),
      secretKey: read.string('S3_SECRET_KEY', 'minioadmin'),
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
    bcryptCost: read.int('BCRYPT_COST', 12, 4, 15),
    rateLimit: {
      enabled: read.bool('RATE_LIMIT_ENABLED', true),
      loginFailuresPerUsername: read.int('RATE_LIMIT_LOGIN_FAILURES', 5, 1),
      loginFailureWindowSeconds: read.int('RATE_LIMIT_LOGIN_FAILURE_WINDOW_SECONDS', 900, 1),
      authPerMinute: read.int('RATE_LIMIT_AUTH_PER_MINUTE', 10, 1),
      noteTogglePerMinute: read.int('RATE_LIMIT_NOTE_TOGGLE_PER_MINUTE', 120, 1),
    },
    cooldowns: {
      emailSeconds: read.int('EMAIL_COOLDOWN_SECONDS', 60, 0),
      resetSeconds: read.int('RESET_COOLDOWN_SECONDS', 300, 0),
    },
    limits: {
      maxImageBytes: read.int('MAX_IMAGE_BYTES', 10 * 1024 * 1024, 1),
      maxMarkerImages: read.int('MAX_MARKER_IMAGES', 5, 1),
    },
    retention: {
      trashDays: read.int('TRASH_RETENTION_DAYS', 30, 1),
      uploadTimeoutMinutes: read.int('UPLOAD_TIMEOUT_MINUTES', 60, 1),
      unconfirmedWarnDays: read.int('UNCONFIRMED_WARN_DAYS', 5, 1),
      unconfirmedExpireDays: read.int('UNCONFIRMED_EXPIRE_DAYS', 7, 1),
    },
    jobs: { enabled: read.bool('JOBS_ENABLED', true), pollMs: read.int('JOBS_POLL_MS', 2000, 500, 60000) },
    dataDir: resolve(read.string('DATA_DIR', './data')),
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
