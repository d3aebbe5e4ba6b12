import { describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { extractPdfText } from '../check/pdf-text.ts';
import { goldenInput, solidPng } from '../fixtures/golden.fixtures.ts';
import { sniffImage } from '../images.ts';
import { renderPlanSet } from '../planset.render.ts';
import { sealsShown } from './seal-check.ts';
import { normaliseSealImage, sanitiseSvg, SealImageError } from './seal-image.ts';
import { coveredPages, marginSlots } from './seal-slots.ts';
import { DEMO_SEAL_TEXT, stampSeals, winAnsi, type SealToApply } from './seal-stamp.ts';

const structural: SealToApply = {
  discipline: 'structural', engineerName: 'Dana Whitfield', licenceState: 'CO', licenceNumber: 'PE-0051234', date: '2026-11-24',
  code: 'ABCD-EFGH-JKMN-PQRS-TVWX', verifyUrl: 'https://portal.example/verify', seal: solidPng(300, 300, [30, 60, 160]),
};
const electrical: SealToApply = { ...structural, discipline: 'electrical', engineerName: 'Ravi Menon', licenceNumber: 'PE-0099887', seal: solidPng(300, 300, [160, 60, 30]), demo: true };

describe('sealing a rendered plan set', { timeout: 120_000 }, () => {
  it('draws each engineer\'s seal on every covered sheet, and the check reads it back from the PDF', async () => {
    const input = await goldenInput('string-gable');
    input.stamps = { sealAreas: [{ discipline: 'structural', pages: [] }, { discipline: 'electrical', pages: [] }] };
    const set = await renderPlanSet(input);
    expect(coveredPages(set.sealSlots, 'structural')).toEqual([1, 2, 3]);
    // PV-5B (labels, moved off PV-5 when they do not fit at the 8 pt minimum) is PV-5's continuation: the electrical seal covers it too.
    const labelsPage = set.pages.findIndex((p) => p.page === 'labels') + 1;
    const electricalPages = [1, 4, 5, ...(labelsPage > 0 ? [labelsPage] : [])];
    const lastSheet = Math.max(5, labelsPage);
    expect(coveredPages(set.sealSlots, 'electrical')).toEqual(electricalPages);
    const expected = [structural, electrical].map((s) => ({ discipline: s.discipline, licenceNumber: s.licenceNumber, code: s.code }));
    // The draft shows no seal.
    expect((await sealsShown(set.pdf, set.sealSlots, expected)).findings).toHaveLength(3 + electricalPages.length);

    const half = await stampSeals(set.pdf, set.sealSlots, [structural], { minTextPt: 7 });
    const partly = await sealsShown(half.pdf, set.sealSlots, expected);
    expect(partly.findings.map((f) => `${f.discipline} ${f.page}`)).toEqual(electricalPages.map((n) => `electrical ${n}`));

    const sealed = await stampSeals(half.pdf, set.sealSlots, [electrical], { minTextPt: 7 });
    expect(await sealsShown(sealed.pdf, set.sealSlots, expected)).toMatchObject({ ok: true, pageCount: set.pageCount });
    const pages = await extractPdfText(sealed.pdf);
    for (const n of [1, 2, 3]) expect(pages[n - 1]!.text, `page ${n}`).toContain('Dana Whitfield, P.E.');
    for (const n of electricalPages) expect(pages[n - 1]!.text.replace(/\s+/g, ''), `page ${n}`).toContain(DEMO_SEAL_TEXT.replace(/\s+/g, ''));
    // Cut sheets are not covered.
    for (const p of pages.slice(lastSheet)) expect(p.text).not.toContain('PE-0051234');
    expect((await PDFDocument.load(sealed.pdf)).getPageCount()).toBe(set.pageCount);
  });

  it('refuses a slot on a page the document does not have', async () => {
    const d = await PDFDocument.create();
    d.addPage([612, 792]);
    await expect(stampSeals(await d.save(), [{ page: 2, discipline: 'structural', kind: 'margin', box: { x: 400, y: 500, w: 150, h: 200 } }], [structural]))
      .rejects.toThrow('The structural seal belongs on page 2, but the document has 1 pages.');
  });

  it('seals a document made elsewhere in the lower right corner of every page', async () => {
    const d = await PDFDocument.create();
    d.addPage([612, 792]);
    d.addPage([1224, 792]);
    const slots = marginSlots([{ width: 612, height: 792 }, { width: 1224, height: 792 }], ['structural', 'electrical']);
    expect(slots).toHaveLength(4);
    expect(slots[0]!.box.x + slots[0]!.box.w).toBe(612 - 36);
    expect(slots[1]!.box.x + slots[1]!.box.w).toBeLessThan(slots[0]!.box.x);
    const sealed = await stampSeals(await d.save(), slots, [structural, electrical]);
    expect(await sealsShown(sealed.pdf, slots, [structural, electrical].map((s) => ({ discipline: s.discipline, licenceNumber: s.licenceNumber, code: s.code })))).toMatchObject({ ok: true });
  });

  it('prints what the standard font cannot encode as "?" instead of failing', () => {
    expect(winAnsi('Renée Ødegård – 李')).toBe('Renée Ødegård – ?');
  });
});

describe('seal images', () => {
  it('sanitiseSvg keeps the drawing and drops script, handlers, foreign objects, images and outside links', () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" onload="alert(1)">
      <script>alert(2)</script><style>@import url(http://evil.test/x.css);</style>
      <circle cx="50" cy="50" r="40" fill="none" stroke="navy" onclick="steal()"/>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
      <image href="file:///etc/passwd" width="10" height="10"/>
      <use xlink:href="http://evil.test/a.svg#x"/><use href="#c"/>
      <rect width="10" height="10" fill="url(http://evil.test/p)" style="fill:url(#g)"/>
      <a href="javascript:alert(3)"><text x="5" y="5">link</text></a>
      <text x="50" y="55" text-anchor="middle">JANE DOE &amp; CO</text></svg>`;
    const out = sanitiseSvg(svg);
    for (const bad of ['script', 'alert', 'onload', 'onclick', 'foreignObject', '<image', 'passwd', 'evil.test', '<style', 'javascript', '>link<']) expect(out, bad).not.toContain(bad);
    for (const good of ['<circle cx="50" cy="50" r="40" fill="none" stroke="navy"/>', '<use href="#c"/>', 'style="fill:url(#g)"', 'JANE DOE &amp; CO']) expect(out, good).toContain(good);
    expect(() => sanitiseSvg('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>')).toThrow(SealImageError);
    expect(() => sanitiseSvg('<svg><g></svg>')).toThrow('The SVG is not well-formed.');
    expect(() => sanitiseSvg('<html><body/></html>')).toThrow('The file is not an SVG image.');
  });

  it('normaliseSealImage draws PNG and SVG uploads again as a fresh PNG, and refuses anything else', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><circle cx="50" cy="50" r="40" fill="navy"/></svg>');
    const fromSvg = await normaliseSealImage(svg, { maxPx: 400 });
    expect(fromSvg).toMatchObject({ width: 400, height: 200, source: 'svg' });
    expect(sniffImage(fromSvg.png)).toMatchObject({ mime: 'image/png', width: 400, height: 200 });
    // Bytes after the PNG's end (a polyglot) do not survive.
    const png = solidPng(200, 200, [10, 20, 30]);
    const withTail = new Uint8Array([...png, ...new TextEncoder().encode('<script>alert(1)</script>')]);
    const fromPng = await normaliseSealImage(withTail);
    expect(fromPng.source).toBe('png');
    expect(Buffer.from(fromPng.png).includes(Buffer.from('<script>'))).toBe(false);
    await expect(normaliseSealImage(new TextEncoder().encode('%PDF-1.4 not an image'))).rejects.toThrow('The file is not a PNG or SVG image.');
    await expect(normaliseSealImage(solidPng(20, 20, [0, 0, 0]))).rejects.toThrow(/at least 60 × 60 are needed/);
  });
});
