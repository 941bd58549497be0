// What the sheet's pickers show of an entry: a short line of its numbers, and the
// coverages an armour comes in. Read from the catalog's lists (typed fields per kind).
import type { ItemCoverage } from './bindings/ItemCoverage';
import type { ListItem } from './bindings/ListItem';
import { signed } from './format';

function has<K extends string>(item: object, ...keys: K[]): item is Record<K, unknown> {
  return keys.every((k) => k in item);
}

/** One line of an entry's numbers: "Single · Init +2 · Atk +4 · Dfn +1 · Dam +6 · Load 1". */
export function entryHint(item: ListItem): string {
  if (item.kind === 'weapon' && has(item, 'ability', 'init', 'atk', 'dfn', 'dam', 'load')) {
    const n = (v: unknown) => signed(typeof v === 'number' ? v : null);
    const parts = [
      String(item.ability),
      `Init ${n(item.init)}`,
      `Atk ${n(item.atk)}`,
      `Dfn ${n(item.dfn)}`,
      `Dam ${n(item.dam)}`,
    ];
    if (typeof item.load === 'number') parts.push(`Load ${item.load}`);
    return parts.join(' · ');
  }
  if (item.kind === 'armor' && has(item, 'partial', 'full')) {
    const parts: string[] = [];
    for (const [label, c] of [['Partial', item.partial], ['Full', item.full]] as const) {
      if (c && typeof c === 'object' && 'prot' in c && 'load' in c) parts.push(`${label}: Prot ${c.prot}, Load ${c.load}`);
    }
    return parts.join(' · ');
  }
  if (item.kind === 'position' && has(item, 'ma', 'st', 'ag', 'av')) {
    return `MA ${item.ma} · ST ${item.st} · AG ${item.ag} · AV ${item.av}`;
  }
  return item.summary;
}

/** The coverages an armour is made in, from its list item; every coverage when unknown. */
export function coveragesOf(item: ListItem | undefined): ItemCoverage[] {
  if (!item || item.kind !== 'armor' || !has(item, 'partial', 'full')) return ['partial', 'full'];
  const out: ItemCoverage[] = [];
  if (item.partial) out.push('partial');
  if (item.full) out.push('full');
  return out;
}
