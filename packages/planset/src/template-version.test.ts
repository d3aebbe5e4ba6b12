import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_VERSION } from './planset.model.ts';

/*
 * The drawings and their version move together. A run's input hash includes TEMPLATE_VERSION, so a
 * job generated again after the drawings changed gets a new run; with the old version it got the old
 * set back (seen on 2026-11-28: a demo install upgraded to wave 3's sheets kept answering its
 * wave-2 sets, all printed "TEMPLATE planset-2026.11.1"). The golden sheets' SVG snapshots stand for
 * the drawings: when they change, this fails until TEMPLATE_VERSION is bumped and the new version's
 * fingerprint is added below (one line per version, never an old version's line edited).
 */
const FINGERPRINTS: Record<string, string> = {
  'planset-2026.11.2': '32b7f1c602c30b9f',
  'planset-2026.11.3': '42c640db67934c73',
  'planset-2026.11.4': '3f54b6a099447c9c',
  'planset-2026.11.5': 'ef5f0684c6847042',
};

const snapshots = path.join(path.dirname(fileURLToPath(import.meta.url)), '__snapshots__');

/** sha256 of the golden SVG snapshots in name order, their own TEMPLATE line masked. */
function fingerprint(): string {
  const h = crypto.createHash('sha256');
  for (const f of fs.readdirSync(snapshots).filter((x) => x.endsWith('.svg')).sort()) {
    h.update(f);
    h.update(fs.readFileSync(path.join(snapshots, f), 'utf8').replace(/TEMPLATE planset-[^<]*/g, 'TEMPLATE <version>'));
  }
  return h.digest('hex').slice(0, 16);
}

describe('the drawings\' version', () => {
  it('names the drawings the golden snapshots hold: a change to them bumps TEMPLATE_VERSION', () => {
    const now = fingerprint();
    const known = Object.entries(FINGERPRINTS).find(([, f]) => f === now)?.[0];
    expect(known ?? `the golden sheets changed (fingerprint ${now}): bump TEMPLATE_VERSION in planset.model.ts and add '<new version>': '${now}' here`).toBe(TEMPLATE_VERSION);
  });

  it('gives every version its own drawings', () => {
    expect(new Set(Object.values(FINGERPRINTS)).size).toBe(Object.keys(FINGERPRINTS).length);
    expect(Object.keys(FINGERPRINTS)).toContain(TEMPLATE_VERSION);
  });
});
