import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { HEADERS } from '@app/shared/constants';
import { HOLD_EARLY_TAPS_SCRIPT } from '@app/shared/web/hold-early-taps';
import type { Config } from './config';
import type { Database } from './db/client';
import { AppError } from './lib/app-error';
import { createTokenService } from './lib/jwt';
import { createClock, type Clock } from './lib/clock';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { registerApiDocs } from './plugins/api-docs';
import { redactedRequest } from './lib/log-redaction';
import { socketOrigins } from './lib/socket-origins';
import { isPagePath, registerWebApp } from './plugins/web-app';
import { attachRealtime } from './realtime/socket-server';
import { healthRoutes } from './modules/health/routes';
import { systemRoutes } from './modules/system/routes';
import { mediaRoutes } from './modules/media/routes';
import { createKycModule } from './modules/kyc';
import { kycEncryptionKey } from './modules/kyc/encryption-key';
import { promoteAdminEmails } from './modules/kyc/staff';
import { createMediaStore } from './modules/media/storage';
import { userRoutes } from './modules/user/routes';
import { providerSignInRoutes } from './modules/provider-sign-in/routes';
import { referralRoutes } from './modules/referral/routes';
import { newsRoutes } from './modules/news/routes';
import { createLinksService } from './modules/cpa/links-service';
import { cpaRoutes } from './modules/cpa/routes';
import { chatRoutes } from './modules/chat/routes';
import { reportRoutes } from './modules/report/routes';
import { createMeetHands } from './modules/meet/hands/meet-hands';
import { handRoutes } from './modules/meet/hands/routes';
import { attachMeetings } from './modules/meet/meetings/plugin';
import { meetingRoutes } from './modules/meet/meetings/routes';
import { devClockRoutes } from './modules/dev-clock/routes';
import { seoRoutes } from './modules/seo/routes';
import { createAccountService } from './modules/user/account-service';
import { createSessionService } from './modules/sessions/session-service';
import { sessionRoutes } from './modules/sessions/routes';
import { signInClientOf } from './modules/sessions/sign-in-client';
import { createCodeHasher } from './modules/user/email-codes';
import { createSecurityModule } from './modules/security/index';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createSecretBox } from './lib/secret-box';
import { createAccountLimits } from './lib/account-limits';
import { mapStyleOrigin, publicConfigOf } from './modules/system/public-config';
import type { ChainGateway } from './chain/gateway';
import type { CryptoWorkers } from './modules/crypto/workers';
import { createCryptoModule } from './modules/crypto/index';
import { registerChatSockets } from './modules/chat/sockets';
import { createMintModule, type MintModule } from './modules/mint/index';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createEventBus, type EventBus } from './events/event-bus';

/** A Content-Security-Policy source that allows exactly this inline script. */
const scriptHash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

export interface AppDeps {
  database: Database;
  jwtSecret: string;
  /** Present when REDIS_URL is set: rate-limit counters and the socket adapter use it. */
  redis?: { client: Redis; pub: Redis; sub: Redis };
  /** Where logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The chain behind the wallet and market; without it their routes are not served. */
  chain?: ChainGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    /** "Now" for meet and play; movable in tests (CLOCK_CONTROL). */
    clock: Clock;
    /** The chain workers (deposits, queues, purchases, withdrawals) when a chain is attached. */
    cryptoWorkers?: CryptoWorkers;
    /** The durable job queue and the domain events delivered through it. */
    jobs: JobQueue;
    events: EventBus;
  }
}

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

export function loggerOptions(config: Config, stream?: AppDeps['logStream']): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(stream && { stream }),
    redact: ['req.headers.authorization', `req.headers["${HEADERS.accessKey}"]`, 'req.headers.cookie'],
    // One-time codes and the provider's code and state travel in URLs; the log keeps them out.
    serializers: { req: redactedRequest },
    ...(config.LOG_PRETTY &&
      !stream && {
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } },
      }),
  };
}

/** Builds the whole app without listening: external plugins, then services, then routes. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers[HEADERS.requestId];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  const { db } = deps.database;
  const clock = createClock(config.CLOCK_CONTROL);
  app.decorate('clock', clock);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
  });

  // External plugins
  // The map page fetches its style, tiles, glyphs and sprites from MAP_STYLE_URL's server.
  const mapOrigin = mapStyleOrigin(config.MAP_STYLE_URL);
  const mapSources = mapOrigin ? [mapOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The prerendered pages' one inline script, by its hash.
        scriptSrc: ["'self'", scriptHash(HOLD_EARLY_TAPS_SCRIPT)],
        // MUI (emotion) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapSources],
        fontSrc: ["'self'", 'data:'],
        // The socket of our own host only (older browsers do not count ws: as 'self'), and the map.
        connectSrc: ["'self'", ...socketOrigins(config.PUBLIC_URL), ...mapSources],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The PWA and the map load their own workers and images.
    crossOriginEmbedderPolicy: false,
  });
  if (config.CORS_ORIGINS.length) {
    await app.register(cors, { origin: config.CORS_ORIGINS, credentials: false });
  }
  await app.register(swagger, {
    openapi: {
      info: { title: 'Meet Nearby API', version: '0.1.0', description: 'Every endpoint of the web and the app.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  // Platform: durable jobs and domain events. Subscribers register while the app is built; the
  // queue starts when it is ready, so a handler never misses an event published before.
  const jobs = createJobQueue({
    database: deps.database,
    workers: config.WORKERS_ENABLED,
    pollSeconds: config.JOBS_POLL_SECONDS,
    log: app.log,
  });
  const events = createEventBus({
    db: db,
    jobs,
    relayEvery: config.WORKERS_ENABLED ? 500 : undefined,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.decorate('events', events);
  app.addHook('onReady', async () => {
    await jobs.start();
    await events.start();
  });
  // Background work stops first (preClose), while the database it needs is still open; fastify
  // runs onClose hooks in reverse order, after the resources registered by the caller are closed.
  app.addHook('preClose', async () => {
    await events.stop();
    await jobs.stop();
  });

  // Services
  // Realtime at the bottom: modules get it and add their own socket handlers.
  const realtime = attachRealtime(app, {
    redis: deps.redis,
    socketsPerUser: config.SOCKETS_PER_USER_MAX,
    handshakesPerMinute: config.SOCKET_HANDSHAKES_PER_MINUTE,
    trustProxy: config.TRUST_PROXY,
  });
  const sessions = createSessionService({
    db,
    jwt: createTokenService(deps.jwtSecret),
    ttlSeconds: config.AUTH_TOKEN_TTL_SECONDS,
    closeSockets: realtime.disconnectSession,
  });
  const clientOf = (request: FastifyRequest) =>
    signInClientOf(request, { trustProxy: config.TRUST_PROXY, countryHeader: config.COUNTRY_HEADER });
  await app.register(authPlugin, { sessions });
  const mailer = await createMailer({
    db: db,
    jobs,
    log: app.log,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    secretBox: createSecretBox(`${deps.jwtSecret}:mail`),
    logSecrets: config.APP_ENV === 'development',
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const accounts = createAccountService({
    db: db,
    sessions,
    mailer,
    hashCode: createCodeHasher(`${deps.jwtSecret}:email-codes`),
    limits: createAccountLimits(deps.redis?.client),
    passwordCost: config.PASSWORD_HASH_COST,
    supportEmail: config.SUPPORT_EMAIL,
    // An address added to ADMIN_EMAILS after the start takes effect at that account's next login.
    onPasswordSignIn: (userId) => promoteAdminEmails(db, config.ADMIN_EMAILS, userId),
  });
  const security = createSecurityModule({
    db,
    serverSecret: deps.jwtSecret,
    hashCode: createCodeHasher(`${deps.jwtSecret}:email-codes`),
    mailer,
    limits: createAccountLimits(deps.redis?.client),
    passwordCost: config.PASSWORD_HASH_COST,
    redis: deps.redis?.client,
    sessions,
  });
  registerChatSockets(realtime, { db: db, log: app.log });
  // The mint sits above crypto and meet; the chain workers drive its pending attempts too, so
  // they ask for it when they pass (it is built once the meetings exist).
  let mintModule: MintModule | undefined;
  const cryptoModule = deps.chain
    ? await createCryptoModule({
        db: db,
        chain: deps.chain,
        realtime,
        jobs,
        config,
        log: app.log,
        extraPass: () => mintModule?.settlePending() ?? Promise.resolve(),
        withdrawals: {
          verifyStepUp: security.stepUp.verify,
          linkSecret: `${deps.jwtSecret}:withdraw-address`,
          events,
          mailer,
        },
      })
    : undefined;
  if (cryptoModule) {
    app.decorate('cryptoWorkers', cryptoModule.workers);
    if (config.WORKERS_ENABLED) app.addHook('onReady', () => cryptoModule.start());
    app.addHook('preClose', () => cryptoModule.stop());
  }
  const meetHands = await createMeetHands(app, { jwtSecret: deps.jwtSecret, redis: deps.redis?.client, realtime });
  const meetings = await attachMeetings(app, {
    redis: deps.redis?.client,
    codeSecret: `${deps.jwtSecret}:meeting-codes`,
  });
  if (cryptoModule) {
    mintModule = createMintModule({
      ctx: cryptoModule.ctx,
      clock,
      meetings,
      config,
      toUser: realtime.toUser,
      log: app.log,
    });
  }
  const mediaStore = createMediaStore(config);
  const kyc = createKycModule({
    db,
    store: mediaStore,
    encryptionKey: kycEncryptionKey(config),
    config,
    events,
    jobs,
    mailer,
    toUser: realtime.toUser,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  app.addHook('onReady', async () => void (await kyc.start()));
  const publicConfig = publicConfigOf(config);
  await registerWebApp(app, { distDir: config.WEB_DIST_DIR, publicConfig, publicUrl: config.PUBLIC_URL });
  await registerRateLimit(app, {
    max: config.RATE_LIMIT_MAX,
    authMax: config.RATE_LIMIT_AUTH_MAX,
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    redis: deps.redis?.client,
  });

  // Routes
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ping: () => deps.database.ping() });
      await api.register(systemRoutes, { publicConfig });
      await api.register(mediaRoutes, {
        prefix: '/media',
        store: mediaStore,
        db,
        uploadMaxBytes: config.UPLOAD_MAX_BYTES,
        kycUpload: kyc.upload,
      });
      await api.register(kyc.photoRoutes, { prefix: '/media', deps: kyc.deps });
      await api.register(kyc.routes, { prefix: '/kyc', deps: kyc.deps });
      await api.register(userRoutes, { prefix: '/user', accounts, minAge: config.MIN_AGE, db, clientOf });
      await api.register(security.routes, { prefix: '/user', ...security.routeOptions });
      await api.register(sessionRoutes, { prefix: '/user', sessions });
      await api.register(providerSignInRoutes, {
        prefix: '/user',
        db,
        sessions,
        clientOf,
        config,
        onSignIn: (userId) => promoteAdminEmails(db, config.ADMIN_EMAILS, userId),
      });
      await api.register(referralRoutes, {
        prefix: '/referral',
        accounts,
        db,
        visitorSecret: `${deps.jwtSecret}:visitors`,
      });
      await api.register(newsRoutes, { prefix: '/notif', db });
      await api.register(cpaRoutes, {
        prefix: '/cpa',
        db,
        links: createLinksService({ db, publicUrl: config.PUBLIC_URL, now: clock.now }),
        visitorSecret: `${deps.jwtSecret}:visitors`,
      });
      await api.register(chatRoutes, { prefix: '/chat', db, realtime, minAge: config.MIN_AGE });
      await api.register(reportRoutes, { prefix: '/report', db });
      await api.register(handRoutes, { prefix: '/meet', hands: meetHands });
      await api.register(meetingRoutes, { prefix: '/meet/meetings', meetings });
      if (config.CLOCK_CONTROL) await api.register(devClockRoutes, { prefix: '/dev', clock });
      if (cryptoModule) await api.register(cryptoModule.routes, { prefix: '/crypto', ...cryptoModule.routeOptions });
      if (mintModule) await api.register(mintModule.routes, { prefix: '/crypto', ...mintModule.routeOptions });
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes, { publicUrl: config.PUBLIC_URL });
  await registerApiDocs(app, config.API_DOCS);

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && app.sendPage && isPagePath(request.url))
      return app.sendPage(request, reply);
    const error = new AppError('NOT_FOUND');
    return reply.status(error.statusCode).send(error.toBody());
  });

  return app;
}
