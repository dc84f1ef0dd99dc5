import path from 'node:path';
import { z } from 'zod';
import { getAddress, isAddress } from 'viem';
import { validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import {
  APP_ENVS,
  AUTH_TOKEN_EXPIRY_SECONDS,
  DEFAULT_DEPOSIT_CONFIRMATIONS,
  DEFAULT_MINT_CHANCE,
  MIN_AGE,
} from '@app/shared/constants';
import { findRepoRoot } from './lib/paths';
import { CHAIN_FINALITIES } from './lib/chain-finality';
import { parseKey32 } from './lib/key-32';
import {
  defaultHashConcurrency,
  isWeakPasswordParams,
  MIN_PRODUCTION_PASSWORD,
  OWASP_PASSWORD_PARAMS,
  type PasswordParams,
} from './lib/password';

/** Deposits on the development chain count after this many blocks (a real chain: DEFAULT_DEPOSIT_CONFIRMATIONS). */
const DEV_CHAIN_CONFIRMATIONS = 2;

const chainAddress = z
  .string()
  .refine((v) => isAddress(v, { strict: false }), 'must be a 0x-prefixed 20-byte address')
  .transform((v) => getAddress(v));

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (protocol: RegExp, hint: string) =>
  z.url({ protocol, error: `must be a URL starting with ${hint}` }).optional();

export const API_DOCS_ACCESS = ['public', 'staff', 'off'] as const;

/**
 * Every environment variable the API reads. Parsed once at start; a bad value stops the process
 * with a message naming the variable. The README documents each one.
 */
/** Three comma-separated values, one per referral level (1, 2, 3), each matching `pattern`. */
const threeLevels = (pattern: RegExp, hint: string, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.split(',').map((s) => s.trim()))
    .pipe(z.tuple([z.string().regex(pattern, hint), z.string().regex(pattern, hint), z.string().regex(pattern, hint)]));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  APP_ENV: z.enum(APP_ENVS).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl(/^https?$/, 'http:// or https://'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/, 'postgres://'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalUrl(/^rediss?$/, 'redis://'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanish.optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  TRUST_PROXY: booleanish.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  // Sessions and sockets. A sign-in lasts AUTH_TOKEN_TTL_SECONDS (SPEC.md: 3 days) unless it is ended sooner.
  AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).default(AUTH_TOKEN_EXPIRY_SECONDS),
  /**
   * How long a process may answer from the session rows it read (decision 033): a safety net only,
   * since every change that ends a session or touches its user empties them at once; 0: no cache.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** Read only behind a trusted proxy (TRUST_PROXY): the header naming the client's country. */
  COUNTRY_HEADER: z.string().min(1).toLowerCase().default('cf-ipcountry'),
  SOCKETS_PER_USER_MAX: z.coerce.number().int().min(1).default(20),
  SOCKET_HANDSHAKES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  MIN_AGE: z.coerce.number().int().min(1).max(100).default(MIN_AGE),
  APP_STORE_URL: optionalUrl(/^https$/, 'https://'),
  SUPPORT_EMAIL: z.email().default('support@meetnearby.app'),
  SOCIAL_URL: optionalUrl(/^https$/, 'https://'),
  // Mail
  SMTP_URL: optionalUrl(/^smtps?$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().min(3).default('Meet Nearby <no-reply@meetnearby.app>'),
  // Passwords: Argon2id's memory (KiB) and passes; OWASP's 19 MiB and 2 by default, lower only in tests.
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .max(1024 * 1024)
    .default(OWASP_PASSWORD_PARAMS.memoryKiB),
  PASSWORD_HASH_PASSES: z.coerce.number().int().min(1).max(20).default(OWASP_PASSWORD_PARAMS.passes),
  /** Hashes at once in this process (the rest queue): by default all cores but one, so other requests stay fast. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(defaultHashConcurrency()),
  // Sign-in with an OpenID Connect provider (Apple's values in the README)
  OIDC_ISSUER: optionalUrl(/^https?$/, 'https:// (or http:// on loopback for tests)'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('apple'),
  // Uploads
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  // Chain (docs/chain.md). Without CHAIN_RPC_URL a development chain starts with the server.
  CHAIN_RPC_URL: optionalUrl(/^https?$/, 'http:// or https://'),
  CHAIN_USDT_ADDRESS: chainAddress.optional(),
  CHAIN_MARKET_ADDRESS: chainAddress.optional(),
  CHAIN_TREASURY_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
    .transform((v) => v as `0x${string}`)
    .optional(),
  CHAIN_MNEMONIC: z
    .string()
    .transform((v) => v.split(/\s+/).join(' '))
    .refine((v) => validateMnemonic(v, english), 'must be a valid English BIP-39 mnemonic')
    .optional(),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).optional(),
  // When deposits and withdrawals count: CHAIN_CONFIRMATIONS blocks on top, or the chain's finalized block.
  CHAIN_FINALITY: z.enum(CHAIN_FINALITIES).default('confirmations'),
  CHAIN_EXPLORER_URL: optionalUrl(/^https?$/, 'https://'),
  CHAIN_DEV_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  CHAIN_DEV_BLOCK_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  CHAIN_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(3000),
  BNB_PRICE_USD: z.coerce.number().positive().default(600),
  // Run the chain workers (deposits, queues, purchases, withdrawals) in this process: exactly one process should.
  WORKERS_ENABLED: booleanish.default(true),
  // Meet and play. The published chance of a mint per level (0..1).
  MINT_CHANCE_SILVER: z.coerce.number().min(0).max(1).default(DEFAULT_MINT_CHANCE),
  MINT_CHANCE_GOLD: z.coerce.number().min(0).max(1).default(DEFAULT_MINT_CHANCE),
  MINT_CHANCE_PLATINUM: z.coerce.number().min(0).max(1).default(DEFAULT_MINT_CHANCE),
  // Tests only (refused when APP_ENV=production): a seed makes mint draws repeatable, and
  // CLOCK_CONTROL lets POST /api/dev/clock move the server's clock forward.
  MINT_RANDOM_SEED: z.string().min(1).optional(),
  CLOCK_CONTROL: booleanish.default(false),
  // Tests only: the process kills itself at this crash point (lib/crash-points.ts).
  CRASH_AT: z.string().min(1).optional(),
  /** Minutes between two comparisons of the chain with the database. */
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Hours a withdrawal to an address the person never withdrew to waits, unless a mailed link confirms it (0: no wait). */
  WITHDRAW_NEW_ADDRESS_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** How often an idle job worker looks for work, in seconds (a send in the same process wakes it at once). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  // The map's MapLibre style: an OpenStreetMap-based style by default; a path on this site works too.
  MAP_STYLE_URL: z.string().min(1).default('https://tiles.openfreemap.org/styles/liberty'),
  // Identity verification (KYC). The key encrypts document photos at rest: 64 hex characters or 32 bytes in base64.
  KYC_ENCRYPTION_KEY: z
    .string()
    .refine((v) => parseKey32(v) !== null, 'must be 32 bytes: 64 hex characters or base64')
    .optional(),
  /** Rejections that may be resubmitted; the next rejection after them is final. */
  KYC_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** Days the document photos are kept after the final decision (anti-money-laundering duties), then deleted. */
  KYC_RETENTION_DAYS: z.coerce.number().int().min(1).default(1825),
  // My business: a company's promoted map pin, in USDT (decimal strings, like every amount of the API).
  BUSINESS_PROMOTION_PRICE_7D: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, 'a USDT amount such as 20 or 19.99')
    .default('20'),
  BUSINESS_PROMOTION_PRICE_30D: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, 'a USDT amount such as 60 or 59.99')
    .default('60'),
  // Partner programme (CPA). A conversion sooner than this after its click is rejected as too fast.
  CPA_MIN_CLICK_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  /** More people than this attributed to one partner from one address or device are rejected as a cluster. */
  CPA_CLUSTER_MAX: z.coerce.number().int().min(1).max(1000).default(3),
  /** Seconds between two sweeps that approve conversions whose holding period ended. */
  CPA_APPROVE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Tests only (refused when APP_ENV=production): postbacks may reach these hosts or addresses
  // (comma-separated) although they are private; everything else must resolve to public addresses.
  CPA_POSTBACK_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Referral programme (PRODUCT.md "Referrals"): rewards to levels 1, 2 and 3 of the upline.
  /** USDT per confirmed basic meeting of a referral holding a token, per level. */
  REFERRAL_MEETING_REWARDS: threeLevels(
    /^\d{1,6}(\.\d{1,18})?$/,
    'three USDT amounts such as 0.50,0.25,0.10',
    '0.50,0.25,0.10',
  ),
  /** Percent of the platform's 20% share of a minted token's sale, per level of each parent's upline. */
  REFERRAL_PAID_MEETING_PERCENT: threeLevels(/^\d{1,2}(\.\d{1,4})?$/, 'three percentages such as 10,5,2', '10,5,2'),
  /** Percent of the price of a referral's token bought from the supply or promotion bought, per level. */
  REFERRAL_BUSINESS_PERCENT: threeLevels(/^\d{1,2}(\.\d{1,4})?$/, 'three percentages such as 10,5,2', '10,5,2'),
  /** Hours a reward is held (pending) before it is paid to the wallet. */
  REFERRAL_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(72),
  /** Seconds between two sweeps that release rewards whose holding period ended. */
  REFERRAL_RELEASE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** E-mail addresses that become admins at registration or login (the first staff). */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  // Staff (moderators and admins) prove TOTP per sign-in before any /control call (decision 029).
  // `off` is for test servers only and refused in production.
  STAFF_SECOND_FACTOR: z.enum(['required', 'off']).default('required'),
  /** Staff sign-ins end after this, and so does a proven second factor. */
  STAFF_SESSION_HOURS: z.coerce.number().positive().max(72).default(12),
  /** A staff action that moves money or decides KYC asks for the code again after this. */
  STAFF_FRESH_FACTOR_MINUTES: z.coerce.number().positive().max(60).default(5),
  /** The admin area's host name (SPEC.md's admin subdomain): in production /control lives only there. */
  ADMIN_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]*$/, { message: 'a host name without scheme or port, e.g. admin.example.com' })
    .default(''),
  // Who may read Swagger UI and the OpenAPI document: everyone, signed-in staff, or nobody.
  API_DOCS: z.enum(API_DOCS_ACCESS).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR' | 'WEB_DIST_DIR' | 'CHAIN_CONFIRMATIONS' | 'API_DOCS'> {
  /** Public in development, staff (moderators and admins) elsewhere unless set. */
  API_DOCS: (typeof API_DOCS_ACCESS)[number];
  /** Blocks on top of a deposit before it counts: 15 on a real chain, 2 on the development chain. */
  CHAIN_CONFIRMATIONS: number;
  /** Absolute directory for everything the embedded defaults write. */
  DATA_DIR: string;
  /** Absolute directory of the built web app. */
  WEB_DIST_DIR: string;
  PUBLIC_URL: string;
  LOG_PRETTY: boolean;
  /** The repository root (for migrations and the web build). */
  ROOT_DIR: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Chain variables that only make sense together: a real chain (CHAIN_RPC_URL) needs its contracts
 * and the treasury key, and in production also the mnemonic: generated keys are for development
 * and for the embedded chain (which holds nothing of value and may run under APP_ENV=production
 * in end-to-end tests).
 */
function checkChainConfig(values: Env): string[] {
  const problems: string[] = [];
  if (values.CHAIN_RPC_URL) {
    const required = ['CHAIN_USDT_ADDRESS', 'CHAIN_MARKET_ADDRESS', 'CHAIN_TREASURY_PRIVATE_KEY'] as const;
    for (const name of required) {
      if (!values[name]) problems.push(`${name}: required when CHAIN_RPC_URL is set`);
    }
    if (values.APP_ENV === 'production' && !values.CHAIN_MNEMONIC) {
      problems.push('CHAIN_MNEMONIC: required in production on a real chain (CHAIN_RPC_URL)');
    }
  }
  return problems;
}

/** Switches that make the server predictable for tests must never reach production. */
function checkTestOnlyConfig(values: Env): string[] {
  if (values.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  if (values.MINT_RANDOM_SEED) problems.push('MINT_RANDOM_SEED: not allowed when APP_ENV=production');
  if (values.CLOCK_CONTROL) problems.push('CLOCK_CONTROL: not allowed when APP_ENV=production');
  if (values.CRASH_AT) problems.push('CRASH_AT: not allowed when APP_ENV=production');
  if (values.CPA_POSTBACK_ALLOW_HOSTS.length)
    problems.push('CPA_POSTBACK_ALLOW_HOSTS: not allowed when APP_ENV=production');
  if (values.STAFF_SECOND_FACTOR === 'off')
    problems.push('STAFF_SECOND_FACTOR=off: not allowed when APP_ENV=production');
  return problems;
}

/** Production mails its one-time codes: without SMTP they would only reach the log. */
function checkProductionConfig(values: Env): string[] {
  if (values.APP_ENV !== 'production') return [];
  const problems = values.SMTP_URL
    ? []
    : ['SMTP_URL: required when APP_ENV=production (codes and notices must be mailed, not logged)'];
  if (!values.KYC_ENCRYPTION_KEY) {
    problems.push('KYC_ENCRYPTION_KEY: required when APP_ENV=production (identity documents are encrypted with it)');
  }
  if (isWeakPasswordParams(passwordParamsOf(values))) {
    const { memoryKiB, memoryTimesPasses } = MIN_PRODUCTION_PASSWORD;
    problems.push(
      `PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES: too weak when APP_ENV=production (OWASP: at least ${memoryKiB} KiB and memory x passes >= ${memoryTimesPasses}; the default is 19456 KiB x 2)`,
    );
  }
  return problems;
}

/** Argon2id's cost as the password functions take it. */
export function passwordParamsOf(
  config: Pick<Env, 'PASSWORD_HASH_MEMORY_KIB' | 'PASSWORD_HASH_PASSES'>,
): PasswordParams {
  return { memoryKiB: config.PASSWORD_HASH_MEMORY_KIB, passes: config.PASSWORD_HASH_PASSES };
}

/** Variables that no longer exist: refused with what replaced them, not silently ignored. */
function checkRetiredConfig(env: NodeJS.ProcessEnv): string[] {
  return env.PASSWORD_HASH_COST?.trim()
    ? [
        'PASSWORD_HASH_COST: retired with scrypt; Argon2id reads PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_PASSES (remove it)',
      ]
    : [];
}

/** Parses the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`FOO=`) means "not set", as shells and .env files use it.
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]?.trim()])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${String(issue.path[0] ?? '?')}: ${issue.message}`));
  }
  const values = parsed.data;
  const chainProblems = [
    ...checkChainConfig(values),
    ...checkTestOnlyConfig(values),
    ...checkProductionConfig(values),
    ...checkRetiredConfig(env),
  ];
  if (chainProblems.length > 0) throw new ConfigError(chainProblems);
  const rootDir = findRepoRoot();
  return {
    ...values,
    ROOT_DIR: rootDir,
    DATA_DIR: path.resolve(rootDir, values.DATA_DIR),
    WEB_DIST_DIR: path.resolve(rootDir, values.WEB_DIST_DIR ?? 'apps/web/dist'),
    PUBLIC_URL: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    API_DOCS: values.API_DOCS ?? (values.APP_ENV === 'development' ? 'public' : 'staff'),
    LOG_PRETTY: values.LOG_PRETTY ?? Boolean(process.stdout.isTTY),
    CHAIN_CONFIRMATIONS:
      values.CHAIN_CONFIRMATIONS ?? (values.CHAIN_RPC_URL ? DEFAULT_DEPOSIT_CONFIRMATIONS : DEV_CHAIN_CONFIRMATIONS),
  };
}
