import { extractPdfText } from '../check/pdf-text.ts';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { NOT_MAKER_VALUE } from '@sunstamp/engineering/tables/rail-profiles.table';
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

/** A page of a document that states a value that is not the maker's: its 1-based number and its sheet number, if it prints one. */
export interface AssumedValuePage { page: number; sheet: string | null }

/**
 * The pages of a document that state a rail value that is not the maker's certified one (an assumed
 * rail class or cantilever ratio: the words of NOT_MAKER_VALUE, read from the PDF itself, in any case
 * and across line breaks). A structural seal over them needs the engineer of record's acceptance.
 */
export async function pagesStatingAssumedValues(pdf: Uint8Array): Promise<AssumedValuePage[]> {
  const pages = await extractPdfText(Buffer.isBuffer(pdf) ? new Uint8Array(pdf) : pdf);
  const plain = (s: string) => squash(s).replace(/[\u2018\u2019]/g, '\'').toLowerCase();
  const words = plain(NOT_MAKER_VALUE);
  return pages.flatMap((p, i) => (plain(p.text).includes(words)
    ? [{ page: i + 1, sheet: /SHEET NUMBER\s+(PV-[0-9A-Z.]+)/.exec(p.text)?.[1] ?? null }]
    : []));
}
