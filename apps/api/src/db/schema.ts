// The drizzle schema, assembled from one file per area (drizzle-kit and the client read this file).
export * from './schema/people.schema.ts';
export * from './schema/auth.schema.ts';
export * from './schema/events.schema.ts';
export * from './schema/jobs.schema.ts';
export * from './schema/files.schema.ts';
export * from './schema/settings.schema.ts';
export * from './schema/catalogue.schema.ts';
export * from './schema/requirements.schema.ts';
