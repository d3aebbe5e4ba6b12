/**
 * What the address step says when its parts name different states (issue 29, item 6): the
 * server's agreement check (state, ZIP, map pin; GET /geocode/agreement) and the AHJ's state, one
 * line per contradiction, each naming the fields it concerns.
 */

export type AddressProblem = Record<string, string>;

const FIELD_LABELS: Record<string, string> = { state: 'State', client_zip_code: 'ZIP', latitude: 'Map pin', ahj_id: 'AHJ', ahj: 'AHJ' };

/** One line per message, led by the fields that share it ("State and ZIP: …"). */
export function addressProblemLines(
  problems: readonly AddressProblem[],
  ahj: { name: string; state: string } | null,
  state: { name: string; abbreviation: string } | null,
): string[] {
  const byMessage = new Map<string, string[]>();
  for (const p of problems) {
    for (const [field, message] of Object.entries(p)) {
      const fields = byMessage.get(message) ?? [];
      fields.push(FIELD_LABELS[field] ?? field);
      byMessage.set(message, fields);
    }
  }
  if (ahj && state && ahj.state && ahj.state !== state.abbreviation) {
    byMessage.set(`${ahj.name} is in ${ahj.state}, the site is in ${state.name} (${state.abbreviation}): choose an AHJ of the site's state.`, ['AHJ']);
  }
  return [...byMessage].map(([message, fields]) => `${fields.join(' and ')}: ${message}`);
}

/**
 * The AHJ of a city among a directory search's results: "City of Austin", "Austin" or "Town of
 * Austin" in the state; null when none is plainly the city's (a county is never guessed).
 */
export function ahjMatchingCity<T extends { name: string; state: string }>(results: readonly T[], city: string, state: string): T | null {
  const c = city.trim().toLowerCase();
  if (!c) return null;
  const names = [`city of ${c}`, c, `town of ${c}`, `village of ${c}`, `${c} city`];
  const inState = results.filter((r) => r.state === state);
  for (const n of names) {
    const hit = inState.find((r) => r.name.trim().toLowerCase() === n);
    if (hit) return hit;
  }
  return null;
}
