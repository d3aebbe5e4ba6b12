import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';
import { openScratchPostgres } from '../db/scratch-database.ts';
import { seedDemo } from '../db/seed/seed.ts';
import { seedReferenceOnce } from '../db/seed/seed-mark.ts';

/*
 * The API tests' databases. Making one from nothing costs seconds of CPU (PGlite's initdb and the
 * migrations, the reference data, hashing the demo passwords), and every API test file used to pay
 * it. A run now builds each template once (test-templates.setup.ts, the API projects' global setup)
 * and every file starts from a copy of it: on PGlite by loading the template's saved image, on
 * PostgreSQL with CREATE DATABASE … TEMPLATE. Outside a vitest run (benches) the PGlite image is
 * built once per process instead, and PostgreSQL databases are made from nothing as before.
 *
 * The copy is the same database the old way made, so nothing a test sees changes: same schema,
 * same seeded rows, migrations already applied (openDatabase still runs the migrator, which finds
 * nothing to do).
 */

/** What a template holds: the schema only; plus reference data (states, catalogue, content); plus the demo workspace. */
export type TemplateKind = 'migrated' | 'reference' | 'demo';
export const TEMPLATE_KINDS: readonly TemplateKind[] = ['migrated', 'reference', 'demo'];

/** Set by the global setup: the folder holding `pglite-<kind>.tar` images. */
const IMAGES_ENV = 'SUNSTAMP_TEST_PGLITE_IMAGES';
/** Set by the global setup: the PostgreSQL template databases, `<kind>=<name>,…`. */
const PG_TEMPLATES_ENV = 'SUNSTAMP_TEST_PG_TEMPLATES';

/** Fills a freshly migrated database up to `kind`, from the stage before it. */
async function fill(database: Database, from: TemplateKind, to: TemplateKind) {
  const rank = (k: TemplateKind) => TEMPLATE_KINDS.indexOf(k);
  if (rank(from) < rank('reference') && rank(to) >= rank('reference')) await seedReferenceOnce(database);
  if (rank(from) < rank('demo') && rank(to) >= rank('demo')) await seedDemo(database);
}

/** Builds the three PGlite images in one database, dumping after each stage. */
export async function buildPgliteImages(dir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    let at: TemplateKind = 'migrated';
    for (const kind of TEMPLATE_KINDS) {
      await fill(database, at, kind);
      at = kind;
      const image = await database.dumpImage!();
      fs.writeFileSync(path.join(dir, `pglite-${kind}.tar`), Buffer.from(await image.arrayBuffer()));
    }
  } finally {
    await database.close();
  }
  process.env[IMAGES_ENV] = dir;
}

const images = new Map<TemplateKind, Promise<Blob>>();

/** The saved image of a template: from the global setup's folder, else built once in this process. */
function pgliteImage(kind: TemplateKind): Promise<Blob> {
  let image = images.get(kind);
  if (!image) {
    const dir = process.env[IMAGES_ENV];
    image = dir
      ? fs.promises.readFile(path.join(dir, `pglite-${kind}.tar`)).then((b) => new Blob([b]))
      : (async () => {
          const database = await openDatabase({ kind: 'pglite' });
          try {
            await fill(database, 'migrated', kind);
            return await database.dumpImage!();
          } finally {
            await database.close();
          }
        })();
    images.set(kind, image);
  }
  return image;
}

async function adminQuery(baseUrl: string, sql: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

const withDatabase = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Creates the PostgreSQL template databases for a run; the returned function drops them. */
export async function buildPostgresTemplates(baseUrl: string): Promise<() => Promise<void>> {
  const names = new Map<TemplateKind, string>();
  const tag = crypto.randomBytes(4).toString('hex');
  const dropAll = async () => {
    for (const name of names.values()) await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    for (const kind of TEMPLATE_KINDS) {
      const { name, database } = await openScratchPostgres(baseUrl, { prefix: `sunstamp_tpl_${kind}_${tag}`, poolSize: 2 });
      names.set(kind, name);
      try {
        await fill(database, 'migrated', kind);
      } finally {
        // A template must have no open connection when it is copied.
        await database.close();
      }
    }
  } catch (e) {
    await dropAll();
    throw e;
  }
  process.env[PG_TEMPLATES_ENV] = [...names].map(([k, n]) => `${k}=${n}`).join(',');
  return dropAll;
}

function postgresTemplate(kind: TemplateKind): string | undefined {
  const entry = (process.env[PG_TEMPLATES_ENV] ?? '').split(',').find((e) => e.startsWith(`${kind}=`));
  return entry?.slice(kind.length + 1);
}

/**
 * An in-memory PGlite of the test's own holding `kind`, on either project: for tests of the embedded
 * engine itself. Loading the template's image costs a fraction of making one from nothing (initdb
 * and every migration: 7–22 s of a test file on a busy machine).
 */
export async function openTestPglite(kind: TemplateKind = 'migrated'): Promise<Database> {
  return openDatabase({ kind: 'pglite', image: await pgliteImage(kind) });
}

/**
 * A database of the test's own, holding `kind` (default: only the schema): in memory on PGlite, or
 * (SUNSTAMP_TEST_DB=postgres) a database on the TEST_DATABASE_URL server that `drop()` removes.
 */
export async function openTestDatabase(kind: TemplateKind = 'migrated'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.SUNSTAMP_TEST_DB !== 'postgres') return { database: await openTestPglite(kind), drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('SUNSTAMP_TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = postgresTemplate(kind);
  if (!template) {
    const scratch = await openScratchPostgres(base, { prefix: 'sunstamp_test', poolSize: 5 });
    await fill(scratch.database, 'migrated', kind);
    return scratch;
  }
  const name = `sunstamp_test_${crypto.randomBytes(6).toString('hex')}`;
  // Two files cloning one template at the same instant may meet "source database is being
  // accessed by other users" for the moment the other copy holds it: try again shortly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(base, `create database ${name} template ${template}`);
      break;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(base, name), poolSize: 5 });
  return {
    database,
    drop: async () => {
      await database.close().catch(() => {});
      await adminQuery(base, `drop database if exists ${name} with (force)`);
    },
  };
}
