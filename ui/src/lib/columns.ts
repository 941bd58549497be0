// Column definitions for the sortable weapon, armour and roster tables.
import type { Armor } from './bindings/Armor';
import type { CostTier } from './bindings/CostTier';
import type { ListItem } from './bindings/ListItem';
import type { Position } from './bindings/Position';
import type { Weapon } from './bindings/Weapon';
import { costTier, plain, signed, thousands } from './format';
import type { SortValue } from './sort';

export interface Column<T> {
  /** The `data-sort` name of the header button. */
  key: string;
  label: string;
  /** What the label abbreviates, for a tooltip and screen readers. */
  title?: string;
  /** A header over several columns ("Partial", "Full"). */
  group?: string;
  /** The value sorting uses; `null` sorts last. Absent: the column does not sort. */
  value?: (item: T) => SortValue;
  /** The cell's text. */
  text: (item: T) => string;
  numeric?: boolean;
  /** The cell holds the link to the entry. */
  link?: boolean;
}

export type WeaponItem = ListItem & Weapon;
export type ArmorItem = ListItem & Armor;
export type PositionItem = ListItem & Position;

const TIER_ORDER: Record<CostTier, number> = { inexpensive: 1, standard: 2, expensive: 3 };
const tier = (t: CostTier | null | undefined): number | null => (t ? TIER_ORDER[t] : null);

const name = <T extends ListItem>(label: string): Column<T> => ({
  key: 'name',
  label,
  value: (x) => x.name,
  text: (x) => x.name,
  link: true,
});

const modifier = (key: keyof Weapon & string, label: string, title: string): Column<WeaponItem> => ({
  key,
  label,
  title,
  numeric: true,
  value: (w) => w[key] as number | null,
  text: (w) => signed(w[key] as number | null),
});

const count = (key: keyof Weapon & string, label: string, title: string): Column<WeaponItem> => ({
  key,
  label,
  title,
  numeric: true,
  value: (w) => w[key] as number | null,
  text: (w) => plain(w[key] as number | null),
});

export const weaponColumns: Column<WeaponItem>[] = [
  name('Weapon'),
  { key: 'ability', label: 'Ability', value: (w) => w.ability, text: (w) => w.ability },
  modifier('init', 'Init', 'Initiative modifier'),
  modifier('atk', 'Atk', 'Attack modifier'),
  modifier('dfn', 'Dfn', 'Defense modifier'),
  modifier('dam', 'Dam', 'Damage modifier'),
  modifier('str', 'Str', 'Minimum Strength'),
  count('load', 'Load', 'Load'),
  count('range', 'Range', 'Range increment in paces'),
  { key: 'cost', label: 'Cost', value: (w) => tier(w.cost), text: (w) => costTier(w.cost) },
];

export const armorColumns: Column<ArmorItem>[] = [
  name('Armour'),
  { key: 'cost', label: 'Cost', value: (a) => tier(a.cost), text: (a) => costTier(a.cost) },
  {
    key: 'partial-prot',
    label: 'Prot',
    title: 'Protection, partial coverage',
    group: 'Partial',
    numeric: true,
    value: (a) => a.partial?.prot ?? null,
    text: (a) => plain(a.partial?.prot),
  },
  {
    key: 'partial-load',
    label: 'Load',
    title: 'Load, partial coverage',
    group: 'Partial',
    numeric: true,
    value: (a) => a.partial?.load ?? null,
    text: (a) => plain(a.partial?.load),
  },
  {
    key: 'full-prot',
    label: 'Prot',
    title: 'Protection, full coverage',
    group: 'Full',
    numeric: true,
    value: (a) => a.full?.prot ?? null,
    text: (a) => plain(a.full?.prot),
  },
  {
    key: 'full-load',
    label: 'Load',
    title: 'Load, full coverage',
    group: 'Full',
    numeric: true,
    value: (a) => a.full?.load ?? null,
    text: (a) => plain(a.full?.load),
  },
];

const stat = (key: 'ma' | 'st' | 'ag' | 'av', label: string, title: string): Column<PositionItem> => ({
  key,
  label,
  title,
  numeric: true,
  value: (p) => p[key],
  text: (p) => String(p[key]),
});

export const positionColumns: Column<PositionItem>[] = [
  name('Position'),
  { key: 'race', label: 'Race', value: (p) => p.race, text: (p) => p.race },
  stat('ma', 'MA', 'Movement Allowance'),
  stat('st', 'ST', 'Strength'),
  stat('ag', 'AG', 'Agility'),
  stat('av', 'AV', 'Armour Value'),
  { key: 'skills', label: 'Skills', text: (p) => p.skills.join(', ') },
  { key: 'categories', label: 'Categories', text: (p) => p.categories.join(', ') },
  { key: 'cost', label: 'Cost', title: 'Gold pieces', numeric: true, value: (p) => p.cost, text: (p) => thousands(p.cost) },
];
