import { describe, expect, it } from 'vitest';
import { parsePageList, ZPageList } from './page-list.rules.ts';

describe('page lists', () => {
  it.each([
    ['PV-1, PV-3,S-1', ['PV-1', 'PV-3', 'S-1'], []],
    ['pv-5a, E1.1 ,', ['PV-5A', 'E1.1'], []],
    ['PV-1,PV-1', ['PV-1'], []],
    ['', [], []],
    ['PV-1, cover page, S-', ['PV-1'], ['cover page', 'S-']],
    ['PV 2', ['PV2'], []],
  ])('%s', (input, pages, invalid) => {
    expect(parsePageList(input)).toEqual({ pages, invalid });
  });
  it('normalises through the schema', () => {
    expect(ZPageList.parse('PV-1,pv-3 ,S-1')).toBe('PV-1, PV-3, S-1');
    expect(ZPageList.safeParse('PV-1; PV-2').success).toBe(false);
  });
});
