import { describe, expect, it } from 'vitest';
import { getDisplayName, getInitials } from './display-name.format.ts';

describe('getDisplayName', () => {
  it.each([
    [{ firstName: 'jane', lastName: 'doe', email: 'j@x.test' }, 'Jane Doe'],
    [{ firstName: ' jane ', lastName: '', email: 'j@x.test' }, 'Jane'],
    [{ firstName: '', lastName: 'mcDonald' }, 'McDonald'],
    [{ firstName: '', lastName: '  ', email: 'j@x.test' }, 'j@x.test'],
    [{ firstName: null, lastName: null, email: null }, '[No Name]'],
    [{}, '[No Name]'],
    [null, '[No Name]'],
    [undefined, '[No Name]'],
  ])('%o → %s', (user, expected) => {
    expect(getDisplayName(user)).toBe(expected);
  });
});

describe('getInitials', () => {
  it.each([
    [{ firstName: 'jane', lastName: 'doe', email: 'z@x.test' }, 'JD'],
    [{ firstName: 'jane', lastName: '' }, 'J'],
    [{ firstName: '', lastName: 'doe' }, 'D'],
    [{ firstName: '', lastName: '', email: 'zed@x.test' }, 'Z'],
    [{ firstName: '', lastName: '', email: '' }, '?'],
    [null, 'RA'],
    [undefined, 'RA'],
  ])('%o → %s', (user, expected) => {
    expect(getInitials(user)).toBe(expected);
  });
});
