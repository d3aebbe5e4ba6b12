import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './platform/clock.ts';
import type { Mailer } from './platform/mailer.ts';
import { EventBus } from './platform/events.ts';
import { UserCache } from './platform/user-cache.ts';
import { installErrorHandling } from './platform/http.ts';
import { installNulGuard } from './platform/nul-guard.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { TokenSigner } from './modules/auth/tokens.ts';
import { installAuth } from './modules/auth/auth.hooks.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { requirementsRoutes } from './modules/requirements/requirements.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { ahjsRoutes } from './modules/ahjs/ahjs.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { jobRequirementsRoutes } from './modules/jobs/jobs-requirements.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { geocodeRoutes } from './modules/geocode/geocode.routes.ts';
import { parcelRoutes } from './modules/parcel/parcel.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';

export type Deps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  authSecret: string;
  events?: EventBus;
  logger?: boolean | object;
};

export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  signer: TokenSigner;
  events: EventBus;
  cache: UserCache;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Uploads have their own limit in the files module; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    connectionTimeout: 0,
    requestTimeout: 30_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart where files are uploaded); other bodies answer 415.
  app.removeContentTypeParser('text/plain');

  const events = deps.events ?? new EventBus(deps.database);
  if (!deps.events) {
    await events.start();
    app.addHook('onClose', async () => events.stop());
  }
  const cache = new UserCache(deps.database);
  await cache.start();
  app.addHook('onClose', async () => cache.stop());
  const ctx: AppContext = {
    config: deps.config,
    database: deps.database,
    mailer: deps.mailer,
    clock: deps.clock,
    signer: new TokenSigner(deps.authSecret, deps.clock),
    events,
    cache,
  };
  app.decorate('ctx', ctx);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Sunstamp API', version: '0.1.0', description: 'Solar permit design and engineering services.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());

  installAuth(app);
  // PostgreSQL text cannot hold U+0000; refusing it here keeps every route from answering 500.
  installNulGuard(app);

  await app.register(async (api) => {
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(usersRoutes);
    await api.register(companiesRoutes);
    await api.register(eventsRoutes);
    await api.register(requirementsRoutes);
    await api.register(catalogueRoutes);
    await api.register(ahjsRoutes);
    await api.register(jobsRoutes);
    await api.register(jobRequirementsRoutes);
    await api.register(filesRoutes);
    await api.register(geocodeRoutes);
    await api.register(parcelRoutes);
    await api.register(settingsRoutes);
  }, { prefix: '/api' });

  await serveWebApp(app, deps.config);
  return app;
}

/** Serves the built SPA: real files as they are, every other non-API path gets index.html. */
async function serveWebApp(app: FastifyInstance, config: Config) {
  const dist = config.webDist ?? path.resolve('apps/web/dist');
  const hasDist = fs.existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    // A missing script or asset must be a 404, not index.html: a tab opened before a deploy then
    // fails to load a chunk cleanly instead of parsing HTML as JavaScript.
    const isAsset = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (pathname.startsWith('/api/') || pathname === '/api' || req.method !== 'GET' || !hasDist || isAsset) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
