// Labels and number formatting shared by the views.
import type { CostTier } from './bindings/CostTier';
import type { Kind } from './bindings/Kind';
import { catalog } from './catalog.svelte';

/** Every kind, in the order the sidebar shows them. */
export const KINDS: readonly Kind[] = [
  'rule',
  'condition',
  'spell',
  'school',
  'special-effect',
  'maneuver',
  'weapon',
  'armor',
  'position',
  'table',
  'section',
];

const SINGULAR: Record<Kind, string> = {
  weapon: 'weapon',
  armor: 'armour',
  spell: 'spell',
  condition: 'condition',
  'special-effect': 'special effect',
  school: 'school',
  maneuver: 'maneuver',
  position: 'position',
  table: 'table',
  rule: 'rule',
  section: 'document section',
  adversary: 'adversary',
};

const PLURAL: Record<Kind, string> = {
  weapon: 'Weapons',
  armor: 'Armour',
  spell: 'Spells',
  condition: 'Conditions',
  'special-effect': 'Special effects',
  school: 'Schools',
  maneuver: 'Maneuvers',
  position: 'Roster',
  table: 'Tables',
  rule: 'Rules',
  section: 'Document sections',
  adversary: 'Adversaries',
};

export function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}

/** A system's own word for a kind, singular and plural, as the core's `SystemStyle` gives it. */
function ownWords(kind: Kind, system: string | undefined): [string, string] | undefined {
  if (!system) return undefined;
  const found = catalog.system(system)?.style?.kind_names.find(([k]) => k === kind);
  return found ? [found[1], found[2]] : undefined;
}

/** "armour", "special effect", or the system's own word (Amtgard's conditions are states). */
export function kindLabel(kind: Kind, system?: string): string {
  return ownWords(kind, system)?.[0] ?? SINGULAR[kind];
}

/** The heading of a list: "Weapons", "Roster", or the system's own word ("States"). */
export function kindTitle(kind: Kind, system?: string): string {
  return ownWords(kind, system)?.[1] ?? PLURAL[kind];
}

// Numbers are written the English way, whatever the machine's locale: the UI is in English.
const WHOLE = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const SIGNED = new Intl.NumberFormat('en', { signDisplay: 'exceptZero', useGrouping: false });
const BYTES = new Intl.NumberFormat('en', { style: 'unit', unit: 'byte', unitDisplay: 'long' });
const KILOBYTES = new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
const MEGABYTES = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });

/** A modifier as the rules print it: +2, 0, -1; n/a where there is none. */
export function signed(n: number | null | undefined): string {
  if (n === null || n === undefined) return 'n/a';
  return SIGNED.format(n);
}

export function plain(n: number | null | undefined): string {
  return n === null || n === undefined ? 'n/a' : String(n);
}

/** 100000 → "100,000" (whole numbers: anything after the point is dropped). */
export function thousands(n: number): string {
  return WHOLE.format(Math.trunc(n) || 0);
}

/** A file's size: "999 bytes", "12 kB", "1.5 MB" (1 kB = 1024 bytes). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return BYTES.format(bytes);
  if (bytes < 1024 * 1024) return KILOBYTES.format(bytes / 1024);
  return MEGABYTES.format(bytes / 1024 / 1024);
}

const TIERS: Record<CostTier, string> = { inexpensive: 'Inexpensive', standard: 'Standard', expensive: 'Expensive' };

export function costTier(tier: CostTier | null | undefined): string {
  return tier ? TIERS[tier] : 'n/a';
}

/** A readable stand-in for an entry's name before it is known: "mlaf/spell/medusas-gaze" → "Medusas gaze". */
export function nameFromId(id: string): string {
  const slug = id.split('/').pop() ?? id;
  const words = slug.replace(/-/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : id;
}

/** The system, kind and slug of an entry id. */
export function splitId(id: string): { system: string; kind: string; slug: string } {
  const [system = '', kind = '', ...rest] = id.split('/');
  return { system, kind, slug: rest.join('/') };
}
