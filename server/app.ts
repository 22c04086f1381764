import pino from 'pino'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import type { Redis } from 'ioredis'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { AccessLog } from './lib/access-log'
import { createCaptcha, type Captcha } from './captcha/captcha'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import { databaseReadiness, type DatabaseReadiness } from './db/readiness'
import { openStorage } from './files/open-storage'
import type { FileStorage } from './files/storage'
import { createBackground, type Background } from './lib/background'
import { createHeavyWork, HEAVY_WORK_SHARE, type HeavyWork } from './lib/heavy-work'
import { createFirmTurns, type FirmTurns } from './lib/tenant'
import { openRedis } from './lib/redis'
import { systemClock, type Clock } from './lib/clock'
import { trustProxyOption } from './lib/trust-proxy'
import { createJobQueue, type JobQueue } from './jobs/queue'
import { createMailer, type Mailer } from './mail/mailer'
import { defineMaintenanceJob } from './modules/maintenance/maintenance'
import { defineWebhookJob } from './modules/webhooks/webhook-deliveries'
import { webhookRoutes } from './modules/webhooks/webhooks.routes'
import type { ResolveAll } from './lib/outbound'
import { apiTokenRoutes } from './modules/api-tokens/api-tokens.routes'
import { auditRoutes } from './modules/audits/audits.routes'
import { authRoutes } from './modules/auth/auth.routes'
import { mfaRoutes } from './modules/mfa/mfa.routes'
import { passkeyRoutes } from './modules/passkeys/passkeys.routes'
import { singleSignOnRoutes } from './modules/single-sign-on/sso.routes'
import { securityPolicyRoutes } from './modules/security-policy/security-policy.routes'
import { categoryRoutes } from './modules/categories/categories.routes'
import { clientRoutes } from './modules/clients/clients.routes'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes'
import { reportsRoutes } from './modules/reports/reports.routes'
import { activityRoutes } from './modules/activity/activity.routes'
import { eventRoutes } from './modules/events/events.routes'
import { exportRoutes } from './modules/exports/exports.routes'
import { fileRoutes } from './modules/files/files.routes'
import { systemRoutes } from './modules/health/health.routes'
import { importRoutes } from './modules/imports/imports.routes'
import { invitationRoutes } from './modules/invitations/invitations.routes'
import { myWorkRoutes } from './modules/my-work/my-work.routes'
import { searchRoutes } from './modules/search/search.routes'
import { defineFileTextJob } from './modules/search/file-text'
import { organizationRoutes } from './modules/organization/organization.routes'
import { defineEventMailJob } from './modules/notifications/event-mail'
import { preparedFileRoutes } from './modules/prepared-files/prepared-files.routes'
import { definePrepareFileJob } from './modules/prepared-files/prepared-files.service'
import { notificationRoutes } from './modules/notifications/notifications.routes'
import { projectRoutes } from './modules/projects/projects.routes'
import { reminderRoutes } from './modules/reminders/reminders.routes'
import { defineReminderJobs } from './modules/reminders/scan'
import { requestRoutes } from './modules/requests/requests.routes'
import { reviewRoutes } from './modules/review/review.routes'
import { templateItemRoutes } from './modules/template-items/template-items.routes'
import { templateLibraryRoutes } from './modules/template-library/template-library.routes'
import { templateRoutes } from './modules/templates/templates.routes'
import { userRoutes } from './modules/users/users.routes'
import { contractPlugin } from './plugins/contract'
import { connectionsPlugin, keepAliveOption } from './plugins/connections'
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors'
import { openapiPlugin } from './plugins/openapi'
import { apiScopePlugin, securityPlugin } from './plugins/security'
import { databaseGatePlugin } from './plugins/availability'
import { sessionPlugin } from './plugins/session'
import { spaPlugin } from './plugins/spa'
import { serverTimeouts, timeoutsPlugin } from './plugins/timeouts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    /** Whether the database answered and is migrated: until then the API answers 503. */
    databaseReadiness: DatabaseReadiness
    db: Db
    clock: Clock
    jobs: JobQueue
    mailer: Mailer
    captcha: Captcha
    storage: FileStorage
    background: Background
    /** Exports and changes to many requests: a turn per firm (lib/heavy-work.ts). */
    heavyWork: HeavyWork
    /** On the embedded database, a firm's requests one at a time (lib/tenant.ts). */
    firmTurns: FirmTurns
    /** Set with REDIS_URL: the rate limits' shared counters. */
    redis: Redis | undefined
    /** Every route as registered: its method(s), its pattern and its config. */
    routeTable: RouteEntry[]
    /** The DNS lookup of outbound requests (webhooks), when not the system's (tests). */
    outboundResolve: ResolveAll | undefined
  }
}

export interface RouteEntry {
  methods: string[]
  url: string
  config: import('fastify').FastifyContextConfig
  schema: import('fastify').FastifySchema | undefined
}

export interface AppOptions {
  config: Config
  database: Database
  clock?: Clock
  /** Folder of the built web app; omitted: API only. */
  webDir?: string
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: { write(line: string): void }
  /** More routes inside the /api scope (with `config.access`): tests use them to provoke failures. */
  extraApiRoutes?: FastifyPluginAsync
  /**
   * Whether this instance takes part in the periodic jobs (maintenance, reminder scans); default
   * true. Tests turn them off unless they test them.
   */
  periodicJobs?: boolean
  /**
   * Migrate the database once it answers, serving 503 until then (the server process); default
   * false: the database is ready as given (tests, tools).
   */
  prepareDatabase?: boolean
  /** The DNS lookup of outbound requests (webhooks): tests stub it; default the system's. */
  outboundResolve?: ResolveAll
}

/** Query strings can carry one-time tokens (/reset-password?token=…): never log them. */
const redactUrl = (url: string) => url.split('?')[0]

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const limits = serverTimeouts(config.timeouts)
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream
        ? { stream: options.logStream }
        : config.env === 'development'
          ? {}
          : // Written in the background, lines that come while one write is on its way going
            // out together with the next, instead of one blocking write per line; flushed at exit.
            { stream: pino.destination({ dest: 1, sync: false }) }),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
      ...(config.env === 'development' && !options.logStream
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
    },
    logController: new AccessLog(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Every answer in the one error shape, including those Fastify and Node give by themselves
    // (plugins/errors.ts); a request that arrives while the server drains is served and its
    // connection closed, rather than refused with Fastify's own 503.
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
    requestTimeout: limits.requestTimeout,
    ...keepAliveOption(config.connections),
    http: { requireHostHeader: false, ...limits.http },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Only JSON bodies: a cross-site form or text/plain post is refused with 415.
  app.removeContentTypeParser(['text/plain'])

  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    routeTable.push({
      methods: [route.method].flat(),
      url: route.url,
      config: route.config ?? {},
      schema: route.schema,
    })
  })

  const clock = options.clock ?? systemClock
  app.decorate('config', config)
  app.decorate('database', database)
  const jobs = createJobQueue(database, app.log)
  const readiness = databaseReadiness(database, app.log, {
    prepare: options.prepareDatabase ?? false,
    // The API opens once the queues exist: a job queued before would find none.
    afterMigrations: () => jobs.prepare(),
  })
  app.decorate('databaseReadiness', readiness)
  app.decorate('db', database.db)
  app.decorate('clock', clock)
  app.decorate('jobs', jobs)
  app.decorate(
    'mailer',
    createMailer({
      db: database.db,
      jobs,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      retry: config.mailRetry,
      log: app.log,
    }),
  )
  app.decorate('captcha', createCaptcha(config, database.db, clock))
  app.decorate('storage', await openStorage(config.storage.location))
  app.decorate('background', createBackground(app.log))
  app.decorate(
    'heavyWork',
    createHeavyWork({ shareWhileOthersWork: HEAVY_WORK_SHARE[database.kind] }),
  )
  app.decorate('firmTurns', createFirmTurns(database.kind === 'pglite'))
  app.decorate('redis', config.redis ? await openRedis(config.redis, app.log) : undefined)
  defineMaintenanceJob(app)
  defineReminderJobs(app)
  defineEventMailJob(app)
  definePrepareFileJob(app)
  defineFileTextJob(app)
  app.decorate('outboundResolve', options.outboundResolve)
  defineWebhookJob(app)
  const startJobs = () => jobs.start({ periodic: options.periodicJobs ?? true })
  app.addHook('onReady', async () => {
    readiness.start()
    // The queue's tables come with the migrations: its workers start once they have run.
    if (readiness.state === 'ready') await startJobs()
    else void readiness.ready.then(startJobs)
  })
  app.addHook('onClose', async () => {
    readiness.stop()
    await app.background.flush()
    await jobs.stop()
    // QUIT needs a live connection (and is answered within the command timeout); without one
    // there is nothing to say goodbye to.
    await app.redis?.quit().catch(() => app.redis?.disconnect())
    app.storage.close()
  })

  await app.register(connectionsPlugin, { connections: config.connections })
  // First of the request hooks, so that the deadline runs from the moment the headers are in.
  await app.register(timeoutsPlugin, { timeouts: config.timeouts })
  await app.register(errorsPlugin)
  await app.register(securityPlugin, { config })
  await app.register(sessionPlugin)
  await app.register(openapiPlugin)
  await app.register(
    async (api) => {
      await api.register(apiScopePlugin, { config })
      await api.register(databaseGatePlugin)
      // Every route's path, schemas and access come from shared/api (plugins/contract.ts).
      await api.register(contractPlugin)
      for (const routes of [
        systemRoutes,
        authRoutes,
        mfaRoutes,
        passkeyRoutes,
        apiTokenRoutes,
        webhookRoutes,
        singleSignOnRoutes,
        organizationRoutes,
        securityPolicyRoutes,
        userRoutes,
        invitationRoutes,
        dashboardRoutes,
        clientRoutes,
        projectRoutes,
        auditRoutes,
        activityRoutes,
        reportsRoutes,
        requestRoutes,
        reviewRoutes,
        myWorkRoutes,
        searchRoutes,
        fileRoutes,
        importRoutes,
        exportRoutes,
        preparedFileRoutes,
        templateRoutes,
        categoryRoutes,
        templateItemRoutes,
        templateLibraryRoutes,
        reminderRoutes,
        notificationRoutes,
        eventRoutes,
      ])
        await api.register(routes)
      if (options.extraApiRoutes) await api.register(options.extraApiRoutes)
    },
    { prefix: '/api' },
  )
  await app.register(spaPlugin, { webDir: options.webDir })
  return app
}
