// Character sheets without the DOM: reading and changing a draft (every change makes a
// new object, so a draft can be kept for undo as it is), what to show beside which
// field, labels, the character file, and the undo history. Nothing here knows any game
// system: everything comes from the sheet layout the core sends.
import type { Character } from './bindings/Character';
import type { CharacterItem } from './bindings/CharacterItem';
import type { CharacterRef } from './bindings/CharacterRef';
import type { Derived } from './bindings/Derived';
import type { DerivedStat } from './bindings/DerivedStat';
import type { FieldFamily } from './bindings/FieldFamily';
import type { ItemCoverage } from './bindings/ItemCoverage';
import type { ListKind } from './bindings/ListKind';
import type { Problem } from './bindings/Problem';
import type { SheetField } from './bindings/SheetField';
import type { SheetLayout } from './bindings/SheetLayout';
import type { SheetSection } from './bindings/SheetSection';
import type { SheetValue } from './bindings/SheetValue';
import type { SheetWarning } from './bindings/SheetWarning';
import type { Term } from './bindings/Term';

// ---- Values ----

/** The largest whole number typed into a field that is still kept as a number. */
const INT_TEXT = /^[+-]?\d{1,15}$/;

/** What a number box holds for its text: nothing (empty), a whole number, or the text as typed. */
export function parseNumberText(text: string): SheetValue | null {
  const t = text.trim().replace(/^\u2212/, '-');
  if (t === '') return null;
  if (INT_TEXT.test(t)) return Number(t);
  return text;
}

/** The text a field shows for its value. */
export function valueText(value: SheetValue | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? String(value) : value;
}

/** The whole number in `key`, or `fallback` when it is empty or text. */
export function intValue(c: Character, key: string, fallback = 0): number {
  const v = c.values[key];
  return typeof v === 'number' ? v : fallback;
}

/** `c` with `key` set to `value`; `null` (or empty text) removes the value. */
export function setValue(c: Character, key: string, value: SheetValue | null): Character {
  const old = c.values[key];
  const empty = value === null || value === '';
  if (empty ? old === undefined : old === value) return c;
  const values = { ...c.values };
  if (empty) delete values[key];
  else values[key] = value;
  return { ...c, values };
}

export function setName(c: Character, name: string): Character {
  return name === c.name ? c : { ...c, name };
}

// ---- Families (Abilities, Arcana…) ----

export interface FamilyMember {
  key: string;
  /** The part after the prefix. */
  rest: string;
  label: string;
  value: SheetValue;
}

/**
 * The members of `family` the character has values for, in key order, labelled as the
 * core labels them (`labels`, from the last derivation). A member added since then goes
 * by its suggestion's label, or its key, until the next derivation answers.
 */
export function familyMembers(c: Character, family: FieldFamily, labels: Derived['labels'] = {}): FamilyMember[] {
  return Object.keys(c.values)
    .filter((k) => k.startsWith(family.prefix) && k.length > family.prefix.length)
    .sort()
    .map((key) => {
      const rest = key.slice(family.prefix.length);
      const label = labels[key] ?? family.suggestions.find(([k]) => k === rest)?.[1] ?? rest;
      return { key, rest, label, value: c.values[key] };
    });
}

// ---- Lists: items, conditions, spells ----

export function hasEntry(c: Character, list: ListKind, entryId: string): boolean {
  return entries(c, list).some((e) => e.entry_id === entryId);
}

export function entries(c: Character, list: ListKind): (CharacterItem | CharacterRef)[] {
  return list === 'items' ? c.items : list === 'conditions' ? c.conditions : c.spells;
}

export function addItem(c: Character, item: CharacterItem, single = false): Character {
  if (c.items.some((i) => i.entry_id === item.entry_id)) return c;
  return { ...c, items: single ? [item] : [...c.items, item] };
}

export function updateItem(c: Character, entryId: string, patch: Partial<Pick<CharacterItem, 'quantity' | 'equipped' | 'coverage'>>): Character {
  let changed = false;
  const items = c.items.map((i) => {
    if (i.entry_id !== entryId) return i;
    const next = { ...i, ...patch };
    if (next.quantity !== i.quantity || next.equipped !== i.equipped || next.coverage !== i.coverage) changed = true;
    return next;
  });
  return changed ? { ...c, items } : c;
}

export function addRef(c: Character, list: 'conditions' | 'spells', ref: CharacterRef, single = false): Character {
  if (c[list].some((r) => r.entry_id === ref.entry_id)) return c;
  return { ...c, [list]: single ? [ref] : [...c[list], ref] };
}

export function removeEntry(c: Character, list: ListKind, entryId: string): Character {
  const before = entries(c, list);
  const after = before.filter((e) => e.entry_id !== entryId);
  if (after.length === before.length) return c;
  return { ...c, [list]: after };
}

/** The field a warning about an entry on `list` names: `item:ID`, `condition:ID`, `spell:ID`. */
export function entryField(list: ListKind, entryId: string): string {
  return `${list === 'items' ? 'item' : list === 'conditions' ? 'condition' : 'spell'}:${entryId}`;
}

export const COVERAGES: readonly ItemCoverage[] = ['partial', 'full'];

// ---- Comparing and files ----

function canonicalValues(values: Character['values']): [string, SheetValue][] {
  return Object.keys(values)
    .sort()
    .map((k) => [k, values[k]]);
}

/** What a save writes: the sheet without ids, revisions, times or names read from entries. */
function stored(c: Character) {
  return {
    name: c.name,
    values: canonicalValues(c.values),
    items: c.items.map((i) => [i.entry_id, i.quantity, i.equipped, i.coverage]),
    conditions: c.conditions.map((r) => r.entry_id),
    spells: c.spells.map((r) => r.entry_id),
  };
}

/** Whether saving `a` over `b` would change nothing. */
export function sameSheet(a: Character, b: Character): boolean {
  return JSON.stringify(stored(a)) === JSON.stringify(stored(b));
}

/** `name` without what a file name cannot hold (`/`, `:`, `"`…, control characters), spaces squeezed. */
export function fileSafe(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A file name for a character's export: "Brother Aldo.tome.json". */
export function exportFileName(name: string): string {
  return `${fileSafe(name).slice(0, 80) || 'character'}.tome.json`;
}

/** The file name suggested for an actor written for Foundry VTT (`Wren.foundry.json`). */
export function foundryFileName(name: string): string {
  return `${fileSafe(name).slice(0, 80) || 'actor'}.foundry.json`;
}

// ---- Labels ----

/** The label a player knows `key` by, as the core names it (`derived.labels`), else the layout's field label, else the key. */
export function fieldLabel(layout: SheetLayout | null, key: string, derived: Derived | null = null): string {
  const named = derived?.labels[key];
  if (named !== undefined) return named;
  for (const s of layout?.sections ?? []) {
    const f = s.fields.find((x) => x.key === key);
    if (f) return f.label;
  }
  return key;
}

/** The field a problem's path is about (`character.values.strength` → `strength`, `items[2].coverage` → `item:ID`). */
export function problemField(path: string, c: Character): string | null {
  const p = path.replace(/^character\./, '');
  let m = /^values\.([a-z0-9.-]+)$/.exec(p) ?? /^values\["(.*)"\]$/.exec(p);
  if (m) return m[1];
  m = /^(items|conditions|spells)\[(\d+)\]/.exec(p);
  if (m) {
    const list = m[1] as ListKind;
    const entry = entries(c, list)[Number(m[2])];
    return entry ? entryField(list, entry.entry_id) : null;
  }
  return p === 'name' ? 'name' : null;
}

/** What the sheet calls the field a warning or a problem names: `Name`, a field's label, an entry's name (`item:ID`…). */
export function fieldTitle(field: string, c: Character, layout: SheetLayout | null, derived: Derived | null = null): string {
  const m = /^(item|condition|spell):(.+)$/s.exec(field);
  if (m) {
    const list = m[1] === 'item' ? 'items' : m[1] === 'condition' ? 'conditions' : 'spells';
    return entries(c, list).find((e) => e.entry_id === m[2])?.name ?? m[2];
  }
  return field === 'name' ? 'Name' : fieldLabel(layout, field, derived);
}

/** A problem in the words of the sheet: "Strength: must be from -10 to 10, not 50". */
export function problemText(problem: Problem, c: Character, layout: SheetLayout | null, derived: Derived | null = null): string {
  const path = problem.field ?? '';
  const field = problemField(path, c);
  if (field === null) return path ? `${path}: ${problem.message}` : problem.message;
  return `${fieldTitle(field, c, layout, derived)}: ${problem.message}`;
}

// ---- Derived stats and warnings ----

export interface StatGroup {
  group: string;
  stats: DerivedStat[];
}

/** Stats by their `group`, groups in the order they first appear. */
export function groupStats(stats: DerivedStat[]): StatGroup[] {
  const groups: StatGroup[] = [];
  for (const s of stats) {
    let g = groups.find((x) => x.group === s.group);
    if (!g) groups.push((g = { group: s.group, stats: [] }));
    g.stats.push(s);
  }
  return groups;
}

/** A derived value as the sheet shows it; `signed` ones (bonuses, combat totals) with their sign. */
export function statText(value: DerivedStat['value'], signed = false): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value < 0 ? `\u2212${-value}` : signed ? `+${value}` : String(value);
  return value;
}

/** A term's value in a breakdown, as its `op` says: addends with their sign, factors "×2", notes and words as they are. */
export function termText(term: Pick<Term, 'value' | 'op'>): string {
  const { value, op } = term;
  if (typeof value === 'string') return value;
  if (op === 'factor') return `\u00d7${value}`;
  if (op === 'note') return String(value);
  return value > 0 ? `+${value}` : value < 0 ? `\u2212${-value}` : '0';
}

/** Every field a warning can sit beside on this sheet as it stands. */
export function anchors(layout: SheetLayout, c: Character): Set<string> {
  const out = new Set<string>(['name']);
  for (const s of layout.sections) {
    for (const f of s.fields) out.add(f.key);
    if (s.family) for (const m of familyMembers(c, s.family)) out.add(m.key);
  }
  for (const i of c.items) out.add(entryField('items', i.entry_id));
  for (const r of c.conditions) out.add(entryField('conditions', r.entry_id));
  for (const r of c.spells) out.add(entryField('spells', r.entry_id));
  return out;
}

export interface PlacedWarnings {
  /** Warnings to show beside a field, by the field's key (`strength`, `item:ID`…). */
  byField: Map<string, SheetWarning[]>;
  /** Warnings about the sheet as a whole, or a field the sheet does not show. */
  loose: SheetWarning[];
}

/** Where each warning goes: beside the field it names, or with the sheet as a whole. */
export function placeWarnings(derived: Derived | null, layout: SheetLayout | null, c: Character | null): PlacedWarnings {
  const byField = new Map<string, SheetWarning[]>();
  const loose: SheetWarning[] = [];
  if (!derived || !layout || !c) return { byField, loose };
  const shown = anchors(layout, c);
  for (const w of derived.warnings) {
    if (w.field !== null && shown.has(w.field)) {
      const list = byField.get(w.field) ?? [];
      list.push(w);
      byField.set(w.field, list);
    } else {
      loose.push(w);
    }
  }
  return { byField, loose };
}

/** The id of the element that shows the warnings beside `field` (for aria-describedby). */
export function warningId(field: string): string {
  return `sheet-warn-${field.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
}

// ---- Laying the sheet out ----

/** Whether a box fits half the sheet: a few tracks or plain numbers, nothing else. */
function smallSection(section: SheetSection): boolean {
  return (
    !section.list &&
    !section.family &&
    section.fields.length > 0 &&
    section.fields.length <= 4 &&
    section.fields.every((f) => f.kind.type === 'track' || (f.kind.type === 'int' && f.short === null))
  );
}

/**
 * Which boxes take half the sheet's width: small boxes side by side, two at a time, in
 * the layout's order; a small box with no small neighbour takes the whole width (no
 * holes), and so does the first (the character's name is in it).
 */
export function halfWidth(sections: SheetSection[]): boolean[] {
  const out = sections.map(() => false);
  for (let i = 1; i < sections.length - 1; i++) {
    if (smallSection(sections[i]) && smallSection(sections[i + 1])) {
      out[i] = out[i + 1] = true;
      i++;
    }
  }
  return out;
}

// ---- Fields ----

/** The range text of a number field ("−10 to 10"). */
export function rangeText(field: SheetField): string | null {
  const k = field.kind;
  if (k.type === 'int') return `${signedRange(k.min)} to ${k.max}`;
  if (k.type === 'track') return `0 to ${k.max}`;
  return null;
}

function signedRange(n: number): string {
  return n < 0 ? `\u2212${-n}` : String(n);
}

/** How many boxes a track shows: enough for what is ticked and a few more, at most its maximum. */
export function trackBoxes(max: number, value: number): number {
  const shown = max <= 12 ? max : Math.max(6, Math.min(value + 3, max));
  return Math.min(max, Math.max(shown, Math.min(value, max)));
}

/** The value after a click on box `n` (1-based): ticks up to it, or unticks it when it was the last ticked. */
export function trackClick(value: number, n: number): number {
  return value === n ? n - 1 : n;
}

// ---- Revisions ----

// Times in English, in the machine's time zone: "5 minutes ago", "14:05", "2025-03-04"
// (Canadian English writes dates year first).
const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** When a revision was saved, for people: "just now", "5 minutes ago", "today 14:05", "2025-03-04 09:12". */
export function whenText(unixSeconds: number, nowMs: number = Date.now()): string {
  const then = new Date(unixSeconds * 1000);
  const ago = Math.round(nowMs / 1000 - unixSeconds);
  if (ago < 45 && ago > -45) return 'just now';
  if (ago > 0 && ago < 3600) return RELATIVE.format(-Math.max(1, Math.round(ago / 60)), 'minute');
  const time = CLOCK.format(then);
  if (DAY.format(then) === DAY.format(new Date(nowMs))) return `today ${time}`;
  return `${DAY.format(then)} ${time}`;
}


// ---- Undo ----

/**
 * Undo and redo over whole states. Edits in one `group` (typing into one field) within
 * `window` milliseconds of each other make one step.
 */
export class History<T> {
  #past: T[] = [];
  #future: T[] = [];
  #group: string | null = null;
  #at = 0;
  constructor(
    readonly limit = 200,
    readonly window = 1000,
  ) {}

  /** Records `before`, the state an edit is about to replace. */
  record(before: T, group: string | null = null, now = Date.now()): void {
    const joins = group !== null && group === this.#group && now - this.#at <= this.window && this.#past.length > 0;
    if (!joins) {
      this.#past.push(before);
      if (this.#past.length > this.limit) this.#past.shift();
    }
    this.#future = [];
    this.#group = group;
    this.#at = now;
  }

  /** The state before `current`, or `undefined` when there is none. */
  undo(current: T): T | undefined {
    const prev = this.#past.pop();
    if (prev === undefined) return undefined;
    this.#future.push(current);
    this.#group = null;
    return prev;
  }

  redo(current: T): T | undefined {
    const next = this.#future.pop();
    if (next === undefined) return undefined;
    this.#past.push(current);
    this.#group = null;
    return next;
  }

  /** Ends the step being typed: the next edit starts a new one. */
  seal(): void {
    this.#group = null;
  }

  get canUndo(): boolean {
    return this.#past.length > 0;
  }

  get canRedo(): boolean {
    return this.#future.length > 0;
  }
}

/** An entry's name as a player says it: the tables' inverted "Sword, Long" reads "Long
 * sword" (the core's `rules::spoken_name`, for names the page holds itself). */
export function spokenName(name: string): string {
  const at = name.indexOf(', ');
  if (at < 0) return name;
  const head = name.slice(0, at);
  const tail = name.slice(at + 2);
  if (tail.includes(',') || head.includes(' ') || !/^[\p{L} -]+$/u.test(tail)) return name;
  return `${tail} ${head.charAt(0).toLowerCase()}${head.slice(1)}`;
}
