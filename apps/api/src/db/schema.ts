// The drizzle schema, assembled from one file per area (drizzle-kit and the client read this file).
export * from './schema/people.schema.ts';
export * from './schema/auth.schema.ts';
export * from './schema/events.schema.ts';
export * from './schema/jobs.schema.ts';
export * from './schema/files.schema.ts';
export * from './schema/settings.schema.ts';
export * from './schema/catalogue.schema.ts';
export * from './schema/requirements.schema.ts';
export * from './schema/analytics.schema.ts';
export * from './schema/job-equipment.schema.ts';
export * from './schema/messages.schema.ts';
export * from './schema/designs.schema.ts';
export * from './schema/letters.schema.ts';
export * from './schema/content.schema.ts';
export * from './schema/cad-runs.schema.ts';
export * from './schema/contact.schema.ts';
export * from './schema/wet-stamps.schema.ts';
