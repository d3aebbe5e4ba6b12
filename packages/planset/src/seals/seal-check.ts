import { extractPdfText } from '../check/pdf-text.ts';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { SHOWS_SEAL, type SealSlot } from './seal-slots.ts';

/*
 * The check a seal is recorded by: the produced PDF is read back (pdfjs text) and every page a seal
 * covers must show that engineer's licence number and the verification code. A document is recorded
 * as sealed only when this finds nothing missing; settings alone never make it so.
 */

export interface SealExpectation { discipline: Discipline; licenceNumber: string; code: string }
export interface SealFinding { page: number; discipline: Discipline; missing: string[] }

const squash = (s: string) => s.replace(/\s+/g, '');

export async function sealsShown(pdf: Uint8Array, slots: readonly SealSlot[], expected: readonly SealExpectation[]): Promise<{ ok: boolean; pageCount: number; findings: SealFinding[] }> {
  // pdfjs takes a plain Uint8Array only (a Buffer is refused).
  const pages = await extractPdfText(Buffer.isBuffer(pdf) ? new Uint8Array(pdf) : pdf);
  const findings: SealFinding[] = [];
  for (const e of expected) {
    const covered = [...new Set(slots.filter((s) => s.discipline === e.discipline && SHOWS_SEAL[s.kind]).map((s) => s.page))].sort((a, b) => a - b);
    for (const n of covered) {
      const text = squash(pages[n - 1]?.text ?? '');
      const missing = [
        ...(text.includes(squash(e.licenceNumber)) ? [] : [`licence number ${e.licenceNumber}`]),
        ...(text.includes(squash(e.code)) ? [] : [`verification code ${e.code}`]),
      ];
      if (missing.length) findings.push({ page: n, discipline: e.discipline, missing });
    }
  }
  return { ok: findings.length === 0, pageCount: pages.length, findings };
}
