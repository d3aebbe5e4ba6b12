import { isAdmin, isInternalStaff } from '@sunstamp/domain/roles';
import { ZStructuralSpanSetting } from '@sunstamp/domain/contracts/jobs';
import { DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE, type SpanLimit } from '@sunstamp/domain/jobs/structural-span.rules';
import type { AppContext } from '../../app.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../auth/auth.hooks.ts';
import { forbidden } from '../../platform/errors.ts';
import * as repo from './settings.repository.ts';

export const STRUCTURAL_SPAN_KEY = 'structural_span_limit';

/** The span check's inches of rafter per module (structural-span.rules.ts); the default until an admin sets one. */
export async function structuralSpanLimit(db: DbOrTx): Promise<SpanLimit> {
  const stored = ZStructuralSpanSetting.safeParse(await repo.getSetting(db, STRUCTURAL_SPAN_KEY));
  return stored.success ? stored.data : DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE;
}

export async function getStructuralSpan(ctx: AppContext, p: Principal) {
  if (!isInternalStaff(p.role)) throw forbidden();
  return structuralSpanLimit(ctx.database.db);
}

export async function putStructuralSpan(ctx: AppContext, p: Principal, value: SpanLimit) {
  if (!isAdmin(p.role)) throw forbidden('Only an admin changes the structural span limit.');
  await repo.putSetting(ctx.database.db, STRUCTURAL_SPAN_KEY, value, p.id, ctx.clock.now());
  return structuralSpanLimit(ctx.database.db);
}
