import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
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
import { EARLY_PAGE_STATE_SCRIPT } from '@app/shared/web/early-page-state';
import { HOLD_EARLY_TAPS_SCRIPT } from '@app/shared/web/hold-early-taps';
import { passwordParamsOf, type Config } from './config';
import { setHashConcurrency } from './lib/password';
import type { Database } from './db/client';
import { AppError } from './lib/app-error';
import { createClock, type Clock } from './lib/clock';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerApiDocs } from './plugins/api-docs';
import { redactedRequest } from './lib/log-redaction';
import { socketOrigins } from './lib/socket-origins';
import { isPagePath, registerWebApp } from './plugins/web-app';
import { attachRealtime, type Realtime } from './realtime/socket-server';
import { staffSocketCheck } from './realtime/staff-socket';
import { healthRoutes } from './modules/health/routes';
import { systemRoutes } from './modules/system/routes';
import { createMediaModule } from './modules/media';
import { createKycModule } from './modules/kyc';
import { createMonitorModule } from './modules/monitor';
import { createOperationsModule } from './modules/operations';
import { createAuditModule } from './modules/audit';
import { kycEncryptionKey } from './modules/kyc/encryption-key';
import { promoteAdminEmails, setRole } from './modules/kyc/staff';
import { createPeopleControlModule } from './modules/people-control';
import { createUserModule } from './modules/user';
import { createProviderSignInModule } from './modules/provider-sign-in';
import { createReferralModule, type ReferralModule } from './modules/referral';
import { balancesOf, lockWallet, post } from './modules/crypto/ledger';
import { createNewsModule } from './modules/news';
import { createCpaModule, type CpaModule } from './modules/cpa/index';
import { createBusinessModule } from './modules/business';
import { createChatModule } from './modules/chat';
import { createReportModule } from './modules/report';
import { createMeetHandsModule, type MeetHandsModule } from './modules/meet/hands';
import { createMeetingsModule } from './modules/meet/meetings';
import type { MeetingService } from './modules/meet/meetings/service';
import { devClockRoutes } from './modules/dev-clock/routes';
import { seoRoutes } from './modules/seo/routes';
import { createSessionsModule } from './modules/sessions';
import type { SessionCache } from './modules/sessions/session-cache';
import { createCacheChannel } from './lib/cache-channel';
import { handsScope } from './modules/meet/hands/scope';
import { createCodeHasher } from './modules/user/email-codes';
import { createSecurityModule } from './modules/security/index';
import { hasTotp } from './modules/security/totp';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createSecretBox } from './lib/secret-box';
import { createAccountLimits } from './lib/account-limits';
import { mapStyleOrigin, publicConfigOf } from './modules/system/public-config';
import type { ChainGateway } from './chain/gateway';
import type { CryptoWorkers } from './modules/crypto/workers';
import type { WalletReads } from './modules/crypto/wallet-reads';
import { createCryptoModule } from './modules/crypto/index';
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

/**
 * What the composition built, typed, for the start-up path and the tests: services are handed to
 * whoever needs them, never looked up on the Fastify instance.
 */
export interface AppServices {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** "Now" for meet and play; movable in tests (CLOCK_CONTROL). */
  clock: Clock;
  /** The durable job queue and the domain events delivered through it. */
  jobs: JobQueue;
  events: EventBus;
  realtime: Realtime;
  meetHands: MeetHandsModule;
  meetings: MeetingService;
  /** The chain workers (deposits, queues, purchases, withdrawals) when a chain is attached. */
  cryptoWorkers?: CryptoWorkers;
  /** GET /api/crypto/wallet's reads and the answers this process keeps (decision 038). */
  walletReads?: WalletReads;
  /** The partner programme: its approval sweep and postback sender (tests drive them directly). */
  cpa: CpaModule;
  /** The referral programme: its release sweep (tests drive it directly). */
  referral: ReferralModule;
  /** This process's cache of session rows: a test that writes them directly empties it (`forget({ all: true })`). */
  sessionCache: SessionCache;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: AppServices;
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

/**
 * Builds the whole app without listening: external plugins, then the platform (jobs, events,
 * realtime), then each module from its `create<Name>Module(deps)`, then their routes.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<BuiltApp> {
  setHashConcurrency(config.PASSWORD_HASH_CONCURRENCY);
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
  const { db } = deps.database;
  const clock = createClock(config.CLOCK_CONTROL);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(HEADERS.requestId, request.id);
    done();
  });

  // External plugins
  // The map page fetches its style, tiles, glyphs and sprites from MAP_STYLE_URL's server.
  const mapOrigin = mapStyleOrigin(config.MAP_STYLE_URL);
  const mapSources = mapOrigin ? [mapOrigin] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The pages' inline scripts, by their hashes: the colour scheme and a stored session before
        // the first paint, and the prerendered pages' early taps.
        scriptSrc: ["'self'", scriptHash(EARLY_PAGE_STATE_SCRIPT), scriptHash(HOLD_EARLY_TAPS_SCRIPT)],
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
  app.addHook('onReady', async () => {
    // The subscribers' queues are known before the queue starts: it creates them all before any
    // worker polls (jobs/job-queue.ts).
    await events.declareJobs();
    await jobs.start();
    await events.start();
  });
  // Background work stops first (preClose), while the database it needs is still open; fastify
  // runs onClose hooks in reverse order, after the resources registered by the caller are closed.
  app.addHook('preClose', async () => {
    await events.stop();
    await jobs.stop();
  });
  /** A module's hooks: start once the app is ready, stop before it closes (the database still open), close after. */
  const lifecycle = (module: {
    start?: () => Promise<unknown>;
    stop?: () => Promise<unknown>;
    close?: () => Promise<unknown>;
  }) => {
    const { start, stop, close } = module;
    if (start) app.addHook('onReady', async () => void (await start()));
    if (stop) app.addHook('preClose', async () => void (await stop()));
    if (close) app.addHook('onClose', async () => void (await close()));
  };

  // Services
  // Realtime at the bottom: modules get it and add their own socket handlers.
  const realtime = attachRealtime(app, {
    redis: deps.redis,
    socketsPerUser: config.SOCKETS_PER_USER_MAX,
    handshakesPerMinute: config.SOCKET_HANDSHAKES_PER_MINUTE,
    trustProxy: config.TRUST_PROXY,
  });
  // One channel empties every module's per-process caches on every process (decision 039); the
  // modules add their caches while they are built, and it subscribes once they all have.
  const cacheChannel = createCacheChannel({
    redis: deps.redis?.client,
    // The processes of one deployment share its database, and so the channel their caches listen on.
    scope: deps.redis ? await handsScope(deps.database, config.DATA_DIR) : '',
    log: app.log,
  });
  app.addHook('onClose', () => cacheChannel.close());
  const sessionsModule = createSessionsModule({
    db,
    jwtSecret: deps.jwtSecret,
    config,
    closeSockets: realtime.disconnectSession,
    cacheChannel,
    onRowsChanged: deps.database.onRowsChanged,
  });
  lifecycle(sessionsModule);
  const { sessions, clientOf } = sessionsModule;
  /** ADMIN_EMAILS at a sign-in: a promotion reaches the person's other sessions at once. */
  const promoteAtSignIn = async (userId: number) => {
    const promoted = await promoteAdminEmails(db, config.ADMIN_EMAILS, userId);
    if (promoted.length) await sessions.userChanged(userId);
  };
  // SPEC.md's client gate keeps /control on the main site in development and staging; production
  // serves it on ADMIN_HOST only (none set: nowhere).
  const adminHost = config.APP_ENV === 'production' ? config.ADMIN_HOST : null;
  if (adminHost === '') app.log.warn('ADMIN_HOST is not set: the admin area (/control) is closed in production');
  const staffWindows = {
    sessionMs: config.STAFF_SESSION_HOURS * 3_600_000,
    freshMs: config.STAFF_FRESH_FACTOR_MINUTES * 60_000,
  };
  await app.register(authPlugin, {
    sessions,
    staff: {
      secondFactor: config.STAFF_SECOND_FACTOR,
      ...staffWindows,
      adminHost,
      hasTotp: (userId) => hasTotp(db, userId),
    },
  });
  const mailer = await createMailer({
    db: db,
    jobs,
    log: app.log,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    secretBox: createSecretBox(`${deps.jwtSecret}:mail`),
    logSecrets: config.APP_ENV === 'development',
  });
  app.addHook('onClose', async () => mailer.close());
  const user = createUserModule({
    db: db,
    sessions,
    mailer,
    hashCode: createCodeHasher(`${deps.jwtSecret}:email-codes`),
    limits: createAccountLimits(deps.redis?.client),
    password: passwordParamsOf(config),
    supportEmail: config.SUPPORT_EMAIL,
    // An address added to ADMIN_EMAILS after the start takes effect at that account's next login.
    onPasswordSignIn: promoteAtSignIn,
    minAge: config.MIN_AGE,
    clientOf,
    profiles: sessionsModule.profiles,
  });
  const { accounts } = user;
  const providerSignIn = createProviderSignInModule({
    db,
    sessions,
    clientOf,
    config,
    onSignIn: promoteAtSignIn,
  });
  const referral = createReferralModule({
    db,
    accounts,
    visitorSecret: `${deps.jwtSecret}:visitors`,
    clock,
    events,
    jobs,
    ledger: { post, lockWallet, balancesOf },
    config,
  });
  lifecycle(referral);
  const peopleControl = createPeopleControlModule({
    db,
    endSessionsIn: (tx, userId) => sessions.endAllIn(tx, userId, { reason: 'blocked' }),
    closeSessions: (ids) => sessions.afterEnd(ids, 'blocked'),
    setRole: async (target, change, actor) => {
      await setRole(db, target, change, actor);
      await sessions.userChanged(target.userId);
    },
  });
  const report = createReportModule({
    db,
    blocker: peopleControl.blocks,
    events,
    mailer,
    toUser: realtime.toUser,
    publicUrl: config.PUBLIC_URL,
  });
  const cpa = createCpaModule({
    db,
    events,
    jobs,
    config,
    now: clock.now,
    visitorSecret: `${deps.jwtSecret}:visitors`,
    log: app.log,
  });
  lifecycle(cpa);
  const security = createSecurityModule({
    db,
    serverSecret: deps.jwtSecret,
    hashCode: createCodeHasher(`${deps.jwtSecret}:email-codes`),
    mailer,
    limits: createAccountLimits(deps.redis?.client),
    password: passwordParamsOf(config),
    redis: deps.redis?.client,
    sessions,
    staff: { required: config.STAFF_SECOND_FACTOR === 'required', ...staffWindows },
  });
  const chat = createChatModule({ db, realtime, minAge: config.MIN_AGE, log: app.log });
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
        walletCache: {
          ttlMs: config.SESSION_CACHE_SECONDS * 1000,
          channel: cacheChannel,
          onRowsChanged: deps.database.onRowsChanged,
        },
        withdrawals: {
          verifyStepUp: security.stepUp.verify,
          linkSecret: `${deps.jwtSecret}:withdraw-address`,
          events,
          mailer,
        },
      })
    : undefined;
  if (cryptoModule) {
    if (config.WORKERS_ENABLED) app.addHook('onReady', () => cryptoModule.start());
    app.addHook('preClose', () => cryptoModule.stop());
  }
  const meetHands = await createMeetHandsModule({
    database: deps.database,
    dataDir: config.DATA_DIR,
    clock,
    log: app.log,
    jwtSecret: deps.jwtSecret,
    minAge: config.MIN_AGE,
    redis: deps.redis?.client,
    realtime,
    events,
  });
  lifecycle(meetHands);
  const meetingsModule = await createMeetingsModule({
    database: deps.database,
    clock,
    config,
    codeSecret: `${deps.jwtSecret}:meeting-codes`,
    redis: deps.redis?.client,
    cacheChannel,
    realtime,
    resolveToken: (token) => app.resolveToken(token),
    // Registered further down; called only once sockets are served.
    countCall: (address) => app.countCall(address),
    log: app.log,
  });
  const { meetings } = meetingsModule;
  app.addHook('onResponse', meetingsModule.onResponse);
  lifecycle(meetingsModule);
  // Every cache has joined. Subscribed before anything can write: a change made while the app
  // starts (a module's onReady may raise a restriction) waits for the other processes' acks on it.
  await cacheChannel.start();
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
  const media = createMediaModule({ db, config, log: app.log });
  const news = createNewsModule({ db, discardImage: media.discardNewsImage });
  const business = createBusinessModule({
    db,
    config,
    payments: cryptoModule?.payments,
    discardPhoto: media.discardChannelPhoto,
    now: clock.now,
  });
  const kyc = createKycModule({
    db,
    store: media.store,
    encryptionKey: kycEncryptionKey(config),
    config,
    events,
    jobs,
    mailer,
    toUser: realtime.toUser,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    userChanged: sessions.userChanged,
  });
  lifecycle(kyc);
  const monitor = createMonitorModule({
    db,
    events,
    realtime,
    admits: staffSocketCheck(app, 'admin'),
    now: clock.now,
    log: app.log,
  });
  lifecycle(monitor);
  const operations = createOperationsModule({ db });
  const audit = createAuditModule({ db });
  const publicConfig = publicConfigOf(config);
  await registerWebApp(app, { distDir: config.WEB_DIST_DIR, publicConfig, publicUrl: config.PUBLIC_URL, adminHost });
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
      await api.register(media.routes, { prefix: '/media', ...media.routeOptions, kycUpload: kyc.upload });
      await api.register(kyc.photoRoutes, { prefix: '/media', deps: kyc.deps });
      await api.register(kyc.routes, { prefix: '/kyc', deps: kyc.deps });
      await api.register(user.routes, { prefix: '/user', ...user.routeOptions });
      await api.register(security.routes, { prefix: '/user', ...security.routeOptions });
      await api.register(sessionsModule.routes, { prefix: '/user', ...sessionsModule.routeOptions });
      await api.register(providerSignIn.routes, { prefix: '/user', ...providerSignIn.routeOptions });
      await api.register(referral.routes, { prefix: '/referral', ...referral.routeOptions });
      await api.register(news.routes, { prefix: '/notif', ...news.routeOptions });
      await api.register(cpa.routes, { prefix: '/cpa', ...cpa.routeOptions });
      await api.register(business.routes, { prefix: '/business', ...business.routeOptions });
      await api.register(cpa.programmeRoutes, { prefix: '/cpa', ...cpa.programmeRouteOptions });
      await api.register(monitor.routes, { prefix: '/control/monitor', ...monitor.routeOptions });
      await api.register(operations.routes, { prefix: '/control/jobs', ...operations.routeOptions });
      await api.register(audit.routes, { prefix: '/control/audit', ...audit.routeOptions });
      await api.register(chat.routes, { prefix: '/chat', ...chat.routeOptions });
      await api.register(report.routes, { prefix: '/report', ...report.routeOptions });
      await api.register(peopleControl.routes, { prefix: '/control/people', ...peopleControl.routeOptions });
      await api.register(meetHands.routes, { prefix: '/meet', ...meetHands.routeOptions });
      await api.register(meetingsModule.routes, { prefix: '/meet/meetings', ...meetingsModule.routeOptions });
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

  return {
    app,
    services: {
      config,
      database: deps.database,
      mailer,
      clock,
      jobs,
      events,
      realtime,
      meetHands,
      meetings,
      cryptoWorkers: cryptoModule?.workers,
      walletReads: cryptoModule?.wallets,
      cpa,
      referral,
      sessionCache: sessionsModule.cache,
    },
  };
}
