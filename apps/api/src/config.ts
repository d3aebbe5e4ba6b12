import { z } from 'zod';
import path from 'node:path';

/** The one place that reads process.env. Everything else receives a Config. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** Secret for signing access tokens and CSRF tokens; generated and kept in DATA_DIR when absent. */
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Sunstamp <no-reply@sunstamp.test>'),
  STAFF_NOTIFY_EMAIL: z.string().default('sales@sunstamp.test'),
  /** Public origin used in links inside mails. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  GEOCODER: z.enum(['offline', 'nominatim', 'google']).default('offline'),
  NOMINATIM_URL: z.string().url().optional(),
  NOMINATIM_USER_AGENT: z.string().optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  staffNotifyEmail: string;
  publicUrl: string;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  /** Address lookup provider settings, read by platform/geocoder.ts (offline by default). */
  lookup: { GEOCODER: string; NOMINATIM_URL?: string; NOMINATIM_USER_AGENT?: string; GOOGLE_MAPS_API_KEY?: string };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // Demo data only on the embedded database unless explicitly asked for (decisions.md).
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffNotifyEmail: e.STAFF_NOTIFY_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === 'true',
    lookup: {
      GEOCODER: e.GEOCODER,
      NOMINATIM_URL: e.NOMINATIM_URL,
      NOMINATIM_USER_AGENT: e.NOMINATIM_USER_AGENT,
      GOOGLE_MAPS_API_KEY: e.GOOGLE_MAPS_API_KEY,
    },
  };
}
