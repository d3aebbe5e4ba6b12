import { and, eq } from 'drizzle-orm';
import { GEOCODER_NO_RESULTS_MESSAGE, geocoderFailedMessage } from '@sunstamp/domain/constants/messages.constants';
import type { GeocodeResult } from '@sunstamp/domain/contracts/geocode';
import type { AppContext } from '../../context.ts';
import { states } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { GeocoderFailure, type GeocodeHit, type Geocoder } from '../../platform/geocoder.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'database'>;

/**
 * Runs a lookup and shapes the answer: the /states id is added so a form can set `state`
 * directly; no hit is 404 'No results found', a provider failure 502 'Geocoder failed due to: {status}'.
 */
export async function geocode(ctx: Ctx, run: () => Promise<GeocodeHit[]>): Promise<GeocodeResult[]> {
  let hits: GeocodeHit[];
  try {
    hits = await run();
  } catch (e) {
    if (e instanceof GeocoderFailure) throw new AppError(502, geocoderFailedMessage(e.status), 'geocoder_failed');
    throw e;
  }
  if (!hits.length) throw new AppError(404, GEOCODER_NO_RESULTS_MESSAGE, 'no_results');
  const out: GeocodeResult[] = [];
  for (const h of hits) {
    const [s] = h.state_abbreviation
      ? await ctx.database.db.select({ id: states.id }).from(states).where(and(eq(states.country, 'US'), eq(states.abbreviation, h.state_abbreviation)))
      : [];
    out.push({ ...h, state_id: s?.id ?? null });
  }
  return out;
}

export const forward = (ctx: Ctx, g: Geocoder, address: string) => geocode(ctx, () => g.forward(address));
export const reverse = (ctx: Ctx, g: Geocoder, lat: number, lng: number) => geocode(ctx, () => g.reverse(lat, lng));
export const place = (ctx: Ctx, g: Geocoder, placeId: string) => geocode(ctx, () => g.place(placeId));
