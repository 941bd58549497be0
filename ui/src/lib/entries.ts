// What the sheet's pickers show of an entry: a short line of its numbers (the core's
// facts), and the coverages an armour comes in (from its typed fields).
import type { ItemCoverage } from './bindings/ItemCoverage';
import type { ListItem } from './bindings/ListItem';

function has<K extends string>(item: object, ...keys: K[]): item is Record<K, unknown> {
  return keys.every((k) => k in item);
}

/** One line of an entry's numbers, as the core words them ("Single · Init +2 · Atk +4 …"); its summary when it has none. */
export function entryHint(item: ListItem): string {
  return item.facts.length > 0 ? item.facts.join(' · ') : item.summary;
}

/** The coverages an armour is made in, from its list item; every coverage when unknown. */
export function coveragesOf(item: ListItem | undefined): ItemCoverage[] {
  if (!item || item.kind !== 'armor' || !has(item, 'partial', 'full')) return ['partial', 'full'];
  const out: ItemCoverage[] = [];
  if (item.partial) out.push('partial');
  if (item.full) out.push('full');
  return out;
}
