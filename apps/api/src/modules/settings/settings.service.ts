import { mayChangeSettings, mayReadSettings } from '@sunstamp/domain/policies/app.policy';
import { ZStructuralSpanSetting } from '@sunstamp/domain/contracts/jobs';
import { ZDocumentTimeZoneSetting, type DocumentTimeZoneSetting } from '@sunstamp/domain/contracts/settings';
import { calendarDayIn, canonicalTimeZone, DEFAULT_DOCUMENT_TIME_ZONE } from '@sunstamp/domain/format/document-day.format';
import { DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE, type SpanLimit } from '@sunstamp/domain/jobs/structural-span.rules';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { requireAllowed } from '../../platform/access.ts';
import * as repo from './settings.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'clock' | 'database'>;

export const STRUCTURAL_SPAN_KEY = 'structural_span_limit';

/** The span check's inches of rafter per module (structural-span.rules.ts); the default until an admin sets one. */
export async function structuralSpanLimit(db: DbOrTx): Promise<SpanLimit> {
  const stored = ZStructuralSpanSetting.safeParse(await repo.getSetting(db, STRUCTURAL_SPAN_KEY));
  return stored.success ? stored.data : DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE;
}

export async function getStructuralSpan(ctx: Ctx, p: Principal) {
  requireAllowed(mayReadSettings(p.role));
  return structuralSpanLimit(ctx.database.db);
}

export async function putStructuralSpan(ctx: Ctx, p: Principal, value: SpanLimit) {
  requireAllowed(mayChangeSettings(p.role), 'Only an admin changes the structural span limit.');
  await repo.putSetting(ctx.database.db, STRUCTURAL_SPAN_KEY, value, p.id, ctx.clock.now());
  return structuralSpanLimit(ctx.database.db);
}

export const TIME_ZONE_KEY = 'document_time_zone';

/** The firm's time zone, whose calendar day its documents print (`UTC` until an admin sets one). */
export async function documentTimeZone(db: DbOrTx): Promise<string> {
  const stored = ZDocumentTimeZoneSetting.safeParse(await repo.getSetting(db, TIME_ZONE_KEY));
  return stored.success ? stored.data.time_zone : DEFAULT_DOCUMENT_TIME_ZONE;
}

/**
 * The day a document made now prints (title block, letter, the date beside a seal) and on which a
 * licence must be valid: today in the firm's time zone (format/document-day.format.ts).
 */
export async function documentDayOf(ctx: Ctx): Promise<string> {
  return calendarDayIn(ctx.clock.now(), await documentTimeZone(ctx.database.db));
}

export async function getDocumentTimeZone(ctx: Ctx, p: Principal): Promise<DocumentTimeZoneSetting> {
  requireAllowed(mayReadSettings(p.role));
  return { time_zone: await documentTimeZone(ctx.database.db) };
}

export async function putDocumentTimeZone(ctx: Ctx, p: Principal, value: DocumentTimeZoneSetting): Promise<DocumentTimeZoneSetting> {
  requireAllowed(mayChangeSettings(p.role), 'Only an admin changes the time zone of document dates.');
  await repo.putSetting(ctx.database.db, TIME_ZONE_KEY, { time_zone: canonicalTimeZone(value.time_zone) }, p.id, ctx.clock.now());
  return getDocumentTimeZone(ctx, p);
}
