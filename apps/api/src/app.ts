import { installRoleGates } from './platform/role-gates.ts';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { safeEqual } from './platform/secrets.ts';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { requestLogSerializer } from './platform/log-redaction.ts';
import { frameworkErrorOptions, installErrorHandling } from './platform/http.ts';
import { installNulGuard } from './platform/nul-guard.ts';
import { COMPRESSIBLE_FILE, compressText, HASHED_ASSET, IMMUTABLE, negotiateEncoding } from './platform/compression.ts';
import { inlineScriptHashes, installSecurityHeaders } from './platform/security-headers.ts';
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
import { jobEquipmentRoutes } from './modules/jobs/jobs-equipment.routes.ts';
import { designsRoutes } from './modules/designs/designs.routes.ts';
import { deliverablesRoutes } from './modules/deliverables/deliverables.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { geocodeRoutes } from './modules/geocode/geocode.routes.ts';
import { parcelRoutes } from './modules/parcel/parcel.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { inboxRoutes } from './modules/messages/inbox.routes.ts';
import { messageLiveRoutes } from './modules/messages/message-live.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { siteAlertsRoutes } from './modules/site-alerts/site-alerts.routes.ts';
import { engineersRoutes } from './modules/engineers/engineers.routes.ts';
import { lettersRoutes } from './modules/letters/letters.routes.ts';
import { wetStampsRoutes } from './modules/wet-stamps/wet-stamps.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { publicPageHead, renderIndexHtml, robotsTxt, sitemapXml, withRuntimeConfig } from './modules/content/public-pages.service.ts';
import { vendorHosts } from '@sunstamp/domain/observability/observability.rules';
import { cadRunsRoutes } from './modules/plansets/cad-runs.routes.ts';
import { equipmentDatasheetRoutes } from './modules/catalogue/equipment-datasheet.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export type AppOptions = {
  /** Fastify's logger options (false: none). Request URLs are always logged with credentials redacted. */
  logger?: boolean | Record<string, unknown>;
};

/**
 * The security headers: a content security policy that allows only this deployment's vendors, and
 * of inline scripts only those of the built index.html (`indexHtml`), by their hashes.
 */
function securityHeadersOf(ctx: AppContext, indexHtml: string): Parameters<typeof installSecurityHeaders>[1] {
  // Only the hosts of the vendors this deployment configured (none by default).
  const vendors = vendorHosts(ctx.config.observability);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(indexHtml), ...vendors.script],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', ...vendors.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...vendors.connect],
        // Session replay compresses in a worker it starts from a blob.
        ...(ctx.config.observability.errors ? { workerSrc: ["'self'", 'blob:'] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** Request latency by route, and the Prometheus endpoint behind its own token. */
function installMetrics(app: FastifyInstance, ctx: AppContext): void {
  // Request latency by route pattern (never the raw URL: ids would explode the label set).
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    ctx.metrics.httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  // Prometheus, behind its own bearer token; without METRICS_TOKEN there is no such endpoint.
  app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async (req, reply) => {
    const token = ctx.config.metricsToken;
    if (!token) return reply.code(404).send({ message: 'Not found.' });
    const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(sent, token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'The metrics token is missing or wrong.' });
    const m = await ctx.metrics.scrape();
    return reply.type(m.contentType).header('cache-control', 'no-store').send(m.body);
  });
}

/** The HTTP face of a context: plugins and the route table. Tests build it the same way as main.ts. */
export async function buildApp(ctx: AppContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const logger = opts.logger
    ? { ...(typeof opts.logger === 'object' ? opts.logger : {}), serializers: { req: requestLogSerializer } }
    : false;
  const app = Fastify({
    logger,
    // Uploads have their own limit in the files module; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    connectionTimeout: 0,
    requestTimeout: 30_000,
    // Framework errors (bad URL, 414, 431, client errors) in the envelope too.
    ...frameworkErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart where files are uploaded); other bodies answer 415.
  app.removeContentTypeParser('text/plain');
  app.decorate('ctx', ctx);

  const web = builtWebApp(ctx.config);
  installSecurityHeaders(app, securityHeadersOf(ctx, web.indexHtml));

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
  // The plugin's code is in the API's bundle (apps/api/build.mjs); Swagger UI's own files stay in its package.
  const uiFiles = swaggerUiFiles();
  await app.register(swaggerUi, {
    routePrefix: '/api/docs', staticCSP: true, baseDir: uiFiles,
    logo: { type: 'image/svg+xml', content: fs.readFileSync(path.join(uiFiles, 'logo.svg')) },
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());

  installMetrics(app, ctx);

  installAuth(app);
  // PostgreSQL text cannot hold U+0000; refusing it here keeps every route from answering 500.
  installNulGuard(app);
  // 403 before the body for a role that can never use a route (issue 29, item 4).
  installRoleGates(app);

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
    await api.register(jobEquipmentRoutes);
    await api.register(designsRoutes);
    await api.register(filesRoutes);
    await api.register(deliverablesRoutes);
    await api.register(geocodeRoutes);
    await api.register(parcelRoutes);
    await api.register(settingsRoutes);
    await api.register(analyticsRoutes);
    await api.register(messagesRoutes);
    await api.register(inboxRoutes);
    await api.register(messageLiveRoutes);
    await api.register(notificationsRoutes);
    await api.register(siteAlertsRoutes);
    await api.register(engineersRoutes);
    await api.register(lettersRoutes);
    await api.register(wetStampsRoutes);
    await api.register(contentRoutes);
    await api.register(staffRoutes);
    await api.register(contactRoutes);
    await api.register(cadRunsRoutes);
    await api.register(equipmentDatasheetRoutes);
  }, { prefix: '/api' });

  await serveWebApp(app, ctx, web);
  return app;
}

/** The folder of Swagger UI's page, script and styles, in @fastify/swagger-ui's package. */
function swaggerUiFiles(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');
}

/** The built SPA's folder and its index.html as built ('' when there is no build: an API-only run). */
function builtWebApp(config: AppContext['config']): { dist: string; indexHtml: string } {
  const dist = config.webDist ?? path.resolve('apps/web/dist');
  const file = path.join(dist, 'index.html');
  return { dist, indexHtml: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '' };
}

/**
 * Serves the built SPA: real files as they are, every other non-API path gets index.html; the
 * open pages get it with their own title, description, Open Graph tags and text
 * (modules/content/public-pages.service.ts), an unknown post or article with status 404.
 */
async function serveWebApp(app: FastifyInstance, ctx: AppContext, { dist, indexHtml }: { dist: string; indexHtml: string }) {
  const config = ctx.config;
  const hasDist = indexHtml !== '';
  const template = hasDist ? withRuntimeConfig(indexHtml, config.observability) : '';
  if (hasDist) {
    await app.register(fastifyStatic, {
      // One wildcard route, not a route per file: the build has ~650 files with their .br and .gz,
      // and registering each (GET and HEAD) cost ~250 ms CPU at every start. A path that is no
      // file falls through to the not-found handler below (index.html, or 404 for an asset).
      root: dist, wildcard: true, index: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.plugin.ts):
      // sent as they are, by the browser's Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(dist, filePath).split(path.sep).join('/');
        // Hashed files never change under their name; anything else is checked again (ETag) on use.
        res.setHeader('cache-control', HASHED_ASSET.test(rel) ? IMMUTABLE : 'no-cache');
        if (COMPRESSIBLE_FILE.test(rel)) res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  /** index.html (with a page's head and text): never cached without asking, compressed per request. */
  const sendHtml = async (req: FastifyRequest, reply: FastifyReply, html: string) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compressText(html, encoding));
  };
  const hidden = { schema: { hide: true }, config: { public: true } };
  app.get('/sitemap.xml', hidden, async (_req, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(await sitemapXml(ctx)));
  app.get('/robots.txt', hidden, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(config.publicUrl)));
  const serveIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0]!;
    // A missing script or asset must be a 404, not index.html: a tab opened before a deploy then
    // fails to load a chunk cleanly instead of parsing HTML as JavaScript.
    const isAsset = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (pathname.startsWith('/api/') || pathname === '/api' || req.method !== 'GET' || !hasDist || isAsset) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    const head = await publicPageHead(ctx, pathname);
    if (!head) return sendHtml(req, reply, template);
    return sendHtml(req, reply.code(head.status), renderIndexHtml(template, head, config.publicUrl));
  };
  app.setNotFoundHandler(serveIndex);
  // "/" is the build's folder to the static plugin (a 403 without an index file): the page, here.
  if (hasDist) app.get('/', hidden, serveIndex);
}
