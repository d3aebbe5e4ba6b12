import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNoteLinks, safeHref, truncateNote } from './note.format.ts';

const link = (text: string, href: string) => ({ type: 'link', text, href, target: '_blank', rel: 'noopener noreferrer' });

describe('parseNoteLinks', () => {
  it('makes markdown links', () => {
    expect(parseNoteLinks('See [the AHJ page](https://ahj.example.gov/solar) now')).toEqual([
      { type: 'text', text: 'See ' },
      link('the AHJ page', 'https://ahj.example.gov/solar'),
      { type: 'text', text: ' now' },
    ]);
  });
  it('makes bare links and leaves sentence punctuation out', () => {
    expect(parseNoteLinks('Photos: https://x.test/a?b=1. And www.y.test!')).toEqual([
      { type: 'text', text: 'Photos: ' },
      link('https://x.test/a?b=1', 'https://x.test/a?b=1'),
      { type: 'text', text: '. And ' },
      link('www.y.test', 'https://www.y.test/'),
      { type: 'text', text: '!' },
    ]);
  });
  it('keeps balanced parentheses in urls, drops a closing one', () => {
    expect(parseNoteLinks('(see https://w.test/A_(b))')).toEqual([
      { type: 'text', text: '(see ' },
      link('https://w.test/A_(b)', 'https://w.test/A_(b)'),
      { type: 'text', text: ')' },
    ]);
    expect(parseNoteLinks('[wiki](https://w.test/A_(b))')).toEqual([link('wiki', 'https://w.test/A_(b)')]);
  });
  it('cuts link text at 77 characters', () => {
    const long = 'a'.repeat(78);
    expect(parseNoteLinks(`[${long}](https://x.test)`)).toEqual([link(`${'a'.repeat(77)}...`, 'https://x.test/')]);
    const ok = 'b'.repeat(77);
    expect(parseNoteLinks(`[${ok}](https://x.test)`)).toEqual([link(ok, 'https://x.test/')]);
  });
  it.each([
    '[click](javascript:alert(1))',
    '[click](JavaScript:alert(1))',
    '[click](java\tscript:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD4=)',
    '[click](vbscript:msgbox(1))',
    '[click](//evil.test)',
  ])('never links %s', (note) => {
    const tokens = parseNoteLinks(note);
    // Unsafe links stay text, which React renders escaped.
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.type === 'text')).toBe(true);
  });
  it('shows only the label of a refused markdown link', () => {
    expect(parseNoteLinks('[click](javascript:alert(1))')).toEqual([{ type: 'text', text: 'click' }]);
  });
  it('allows mailto and scheme-less domains in markdown links', () => {
    expect(parseNoteLinks('[mail](mailto:a@b.test)')).toEqual([link('mail', 'mailto:a@b.test')]);
    expect(parseNoteLinks('[site](example.com/x)')).toEqual([link('site', 'https://example.com/x')]);
  });
  it('returns plain text untouched', () => {
    expect(parseNoteLinks('no links here')).toEqual([{ type: 'text', text: 'no links here' }]);
    expect(parseNoteLinks('')).toEqual([]);
  });
  it('property: every href is http(s) or mailto, and text without links survives', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        for (const t of parseNoteLinks(s)) {
          if (t.type === 'link') expect(t.href).toMatch(/^(https?:|mailto:)/);
        }
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z ,]*$/), (s) => {
        expect(parseNoteLinks(s).map((t) => t.text).join('')).toBe(s);
      }),
    );
  });
});

describe('safeHref', () => {
  it.each([
    ['https://a.test', 'https://a.test/'],
    [' http://a.test/x ', 'http://a.test/x'],
    ['ftp://a.test', null],
    ['data:,x', null],
    ['relative/path', null],
    ['', null],
  ])('%s → %s', (raw, expected) => expect(safeHref(raw)).toBe(expected));
});

describe('truncateNote', () => {
  it('leaves short notes alone', () => {
    expect(truncateNote('short')).toEqual({ text: 'short', truncated: false });
    expect(truncateNote('a'.repeat(80))).toEqual({ text: 'a'.repeat(80), truncated: false });
  });
  it('cuts to 80 characters, the ellipsis included', () => {
    const r = truncateNote('a'.repeat(81));
    expect(r).toEqual({ text: `${'a'.repeat(77)}...`, truncated: true });
    expect(r.text.length).toBe(80);
  });
  it('keeps at most 3 lines', () => {
    expect(truncateNote('1\n2\n3\n4')).toEqual({ text: '1\n2\n3...', truncated: true });
    expect(truncateNote('1\r\n2\r\n3')).toEqual({ text: '1\r\n2\r\n3', truncated: false });
  });
  it('takes other limits', () => {
    expect(truncateNote('abcdefghij', 6)).toEqual({ text: 'abc...', truncated: true });
    expect(truncateNote('a\nb', 80, 1)).toEqual({ text: 'a...', truncated: true });
  });
  it('property: never longer than the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 3, max: 120 }), (s, max) => {
        expect(Array.from(truncateNote(s, max).text).length).toBeLessThanOrEqual(Math.max(max, Array.from(s).length <= max ? 0 : max));
      }),
    );
  });
});
