import { describe, expect, it } from 'vitest';
import { typingLabel, withTyping, withoutTyping } from './typing.rules.ts';

describe('typing rules', () => {
  it('names one or two people and counts more', () => {
    let p = withTyping({}, { user_id: 'a', full_name: 'Ana' }, 100);
    expect(typingLabel(p)).toBe('Ana is typing…');
    p = withTyping(p, { user_id: 'b', full_name: 'Ben' }, 200);
    expect(typingLabel(p)).toBe('Ana and Ben are typing…');
    p = withTyping(p, { user_id: 'c', full_name: 'Cy' }, 300);
    expect(typingLabel(p)).toBe('3 people are typing…');
    expect(typingLabel({})).toBeNull();
  });

  it('drops a person whose message arrived, and everyone whose time ran out', () => {
    const p = withTyping(withTyping({}, { user_id: 'a', full_name: 'Ana' }, 100), { user_id: 'b', full_name: 'Ben' }, 200);
    expect(Object.keys(withoutTyping(p, 'a', Number.POSITIVE_INFINITY))).toEqual(['b']);
    expect(Object.keys(withoutTyping(p, null, 150))).toEqual(['b']);
    expect(withoutTyping(p, null, 50)).toBe(p); // nothing changed: the same object, no re-render
  });
});
