import { describe, expect, it } from 'vitest';
import { bodyOf, effectiveSlug, formOf, publicPathOf, publishHint, withCategoryRule } from './content-form.rules.ts';

describe('content editor form', () => {
  it('round-trips an item and sends null for empty dates and a post\'s category', () => {
    const f = { ...formOf(null), title: ' Hello ', body_md: '# Hi', category: 'Messaging' as const };
    expect(bodyOf('post', f)).toEqual({ title: 'Hello', slug: '', summary: '', body_md: '# Hi', status: 'draft', published_at: null, category: null });
    expect(bodyOf('help', f).category).toBe('Messaging');
  });

  it('asks a help article for a category, not a post', () => {
    const f = { ...formOf(null), title: 'T' };
    expect(withCategoryRule('help').safeParse(f).success).toBe(false);
    expect(withCategoryRule('post').safeParse(f).success).toBe(true);
  });

  it('refuses a slug with capitals or spaces, and shows the one made from the title', () => {
    expect(withCategoryRule('post').safeParse({ ...formOf(null), title: 'T', slug: 'Bad Slug' }).success).toBe(false);
    expect(effectiveSlug({ title: 'Ordering a Job: step 1', slug: '' })).toBe('ordering-a-job-step-1');
    expect(effectiveSlug({ title: 'x', slug: 'mine' })).toBe('mine');
    expect(publicPathOf('help', 'a')).toBe('/help/a');
    expect(publicPathOf('post', 'a')).toBe('/blog/a');
  });

  it('says whether saving publishes, schedules or keeps a draft', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(publishHint({ status: 'draft', published_at: '' }, now)).toMatch(/draft/);
    expect(publishHint({ status: 'published', published_at: '' }, now)).toMatch(/^Published/);
    expect(publishHint({ status: 'published', published_at: '2026-06-01T10:00' }, now)).toMatch(/^Scheduled/);
  });
});
