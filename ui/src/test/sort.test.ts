import { describe, expect, it } from 'vitest';
import { weaponColumns, type WeaponItem } from '../lib/columns';
import { ariaSort, compareValues, nextSort, sortBy } from '../lib/sort';

describe('sorting', () => {
  it('sorts numbers as numbers, not as text', () => {
    const values = [10, -3, 2, 0, -1];
    expect(sortBy(values, (v) => v, 'asc')).toEqual([-3, -1, 0, 2, 10]);
    expect(sortBy(values, (v) => v, 'desc')).toEqual([10, 2, 0, -1, -3]);
  });

  it('puts n/a last in both directions', () => {
    const values = [3, null, -2, undefined, 7];
    expect(sortBy(values, (v) => v, 'asc')).toEqual([-2, 3, 7, null, undefined]);
    expect(sortBy(values, (v) => v, 'desc')).toEqual([7, 3, -2, null, undefined]);
    expect(compareValues(null, 1, 'desc')).toBeGreaterThan(0);
  });

  it('sorts text naturally and keeps ties in their order', () => {
    const names = ['Sword, Long', 'axe', 'Axe, Throwing', 'Bow, Short'];
    expect(sortBy(names, (n) => n, 'asc')).toEqual(['axe', 'Axe, Throwing', 'Bow, Short', 'Sword, Long']);
    const rows = [
      { n: 'a', v: 1 },
      { n: 'b', v: 1 },
      { n: 'c', v: 0 },
    ];
    expect(sortBy(rows, (r) => r.v, 'asc').map((r) => r.n)).toEqual(['c', 'a', 'b']);
    expect(sortBy(rows, (r) => r.v, 'desc').map((r) => r.n)).toEqual(['a', 'b', 'c']);
  });

  it('toggles a column between ascending and descending', () => {
    let s = nextSort(null, 'atk');
    expect(s).toEqual({ key: 'atk', direction: 'asc' });
    expect(ariaSort(s, 'atk')).toBe('ascending');
    expect(ariaSort(s, 'dam')).toBe('none');
    s = nextSort(s, 'atk');
    expect(ariaSort(s, 'atk')).toBe('descending');
    s = nextSort(s, 'atk');
    expect(ariaSort(s, 'atk')).toBe('ascending');
    s = nextSort(s, 'dam');
    expect(s).toEqual({ key: 'dam', direction: 'asc' });
  });

  it('orders weapon costs by tier, with no cost last', () => {
    const cost = weaponColumns.find((c) => c.key === 'cost')!;
    const weapons = [
      { name: 'Long Sword', cost: 'expensive' },
      { name: 'Fist', cost: null },
      { name: 'Club', cost: 'inexpensive' },
      { name: 'Axe', cost: 'standard' },
    ] as unknown as WeaponItem[];
    expect(sortBy(weapons, cost.value!, 'asc').map((w) => w.name)).toEqual(['Club', 'Axe', 'Long Sword', 'Fist']);
    expect(sortBy(weapons, cost.value!, 'desc').map((w) => w.name)).toEqual(['Long Sword', 'Axe', 'Club', 'Fist']);
  });
});
