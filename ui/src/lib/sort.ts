// Sorting for the weapon, armour and roster tables.

export type SortValue = string | number | null | undefined;
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Compares two cell values in the given direction. Numbers compare as numbers,
 * text by a natural collation; a missing value (the tables' "n/a") always sorts
 * last, whichever the direction.
 */
export function compareValues(a: SortValue, b: SortValue, direction: SortDirection = 'asc'): number {
  const aMissing = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bMissing = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  let result: number;
  if (typeof a === 'number' && typeof b === 'number') result = a - b;
  else result = collator.compare(String(a), String(b));
  return direction === 'asc' ? result : -result;
}

/** A stable sort of `items` by the value `valueOf` reads; ties keep their order. */
export function sortBy<T>(items: readonly T[], valueOf: (item: T) => SortValue, direction: SortDirection): T[] {
  return items
    .map((item, index) => ({ item, index, value: valueOf(item) }))
    .sort((x, y) => compareValues(x.value, y.value, direction) || x.index - y.index)
    .map((x) => x.item);
}

/**
 * The next sort after a click on a column header: a new column starts ascending
 * (or descending, for columns where bigger is the interesting end), the same
 * column flips.
 */
export function nextSort(current: SortState | null, key: string, firstDirection: SortDirection = 'asc'): SortState {
  if (current && current.key === key) {
    return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key, direction: firstDirection };
}

export function ariaSort(current: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (!current || current.key !== key) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}
