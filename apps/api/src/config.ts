import path from 'node:path';
import { z } from 'zod';
import { APP_ENVS, MIN_AGE } from '@app/shared/constants';
import { findRepoRoot } from './lib/paths';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (protocol: RegExp, hint: string) =>
  z.url({ protocol, error: `must be a URL starting with ${hint}` }).optional();

/**
 * Every environment variable the API reads. Parsed once at start; a bad value stops the process
 * with a message naming the variable. The README documents each one.
 */
const envSchema = z.object({
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
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.url())),
  TRUST_PROXY: booleanish.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  MIN_AGE: z.coerce.number().int().min(1).max(100).default(MIN_AGE),
  APP_STORE_URL: optionalUrl(/^https$/, 'https://'),
  SUPPORT_EMAIL: z.email().default('support@meetnearby.app'),
  SOCIAL_URL: optionalUrl(/^https$/, 'https://'),
  // Mail
  SMTP_URL: optionalUrl(/^smtps?$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().min(3).default('Meet Nearby <no-reply@meetnearby.app>'),
  // Passwords: scrypt cost as log2(N); OWASP's 2^17 by default, lower only in tests.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  // Sign-in with an OpenID Connect provider (Apple's values in the README)
  OIDC_ISSUER: optionalUrl(/^https?$/, 'https:// (or http:// on loopback for tests)'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('apple'),
  // Uploads
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DATA_DIR' | 'WEB_DIST_DIR'> {
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
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${String(issue.path[0] ?? '?')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  const rootDir = findRepoRoot();
  return {
    ...values,
    ROOT_DIR: rootDir,
    DATA_DIR: path.resolve(rootDir, values.DATA_DIR),
    WEB_DIST_DIR: path.resolve(rootDir, values.WEB_DIST_DIR ?? 'apps/web/dist'),
    PUBLIC_URL: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    LOG_PRETTY: values.LOG_PRETTY ?? Boolean(process.stdout.isTTY),
  };
}
