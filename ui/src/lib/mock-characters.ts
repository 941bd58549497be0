// A stand-in for the core's character commands, in memory: for the tests (through
// mockIPC) and for `npm run dev` in a plain browser. It keeps revisions, refuses stale
// saves and out-of-range values like the core (with the same error codes), and derives
// a few Ars Magica numbers so the sheet has something to show. The rules themselves
// live in the core; nothing here is meant to be right about them.
import type { Character } from './bindings/Character';
import type { CharacterChange } from './bindings/CharacterChange';
import type { CharacterItem } from './bindings/CharacterItem';
import type { CharacterRevision } from './bindings/CharacterRevision';
import type { CharacterSummary } from './bindings/CharacterSummary';
import type { Derived } from './bindings/Derived';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { Kind } from './bindings/Kind';
import type { Problem } from './bindings/Problem';
import type { SheetField } from './bindings/SheetField';
import type { SheetLayout } from './bindings/SheetLayout';
import type { SheetValue } from './bindings/SheetValue';
import type { Term } from './bindings/Term';
import { contentEntries } from './mock-content';
import { mockEntries } from './mock-data';
import { mockPdfCommand } from './mock-pdf';

// ---- Layouts (Ars Magica's mirrors the core's; the others are its header and notes) ----

const int = (key: string, label: string, short: string | null, min: number, max: number, help: string, rule: string | null = null): SheetField => ({
  key,
  label,
  short,
  kind: { type: 'int', min, max, default: Math.min(max, Math.max(min, 0)) },
  help,
  rule,
});
const track = (key: string, label: string, max: number, help: string, rule: string | null = null): SheetField => ({
  key,
  label,
  short: null,
  kind: { type: 'track', max },
  help,
  rule,
});
const text = (key: string, label: string, help: string): SheetField => ({ key, label, short: null, kind: { type: 'text', multiline: false }, help, rule: null });
const notes: SheetField = { key: 'notes', label: 'Notes', short: null, kind: { type: 'text', multiline: true }, help: 'Anything else worth writing down.', rule: null };
const player = text('player', 'Player', 'Who plays this character.');

function simpleLayout(system: string, title: string): SheetLayout {
  return {
    system,
    title,
    sections: [
      { id: 'header', title: 'Character', fields: [player], family: null, list: null },
      { id: 'notes', title: 'Notes', fields: [notes], family: null, list: null },
    ],
  };
}

export const mockLayouts: SheetLayout[] = [
  {
    system: 'ars-magica',
    title: 'Grog or companion',
    sections: [
      {
        id: 'header',
        title: 'Character',
        fields: [
          player,
          { key: 'role', label: 'Role', short: null, kind: { type: 'choice', options: ['grog', 'companion'] }, help: 'A grog serves the covenant.', rule: null },
          text('concept', 'Concept', 'A few words: shield grog, hunter, knight…'),
        ],
        family: null,
        list: null,
      },
      {
        id: 'characteristics',
        title: 'Characteristics',
        fields: [
          int('intelligence', 'Intelligence', 'Int', -10, 10, 'Usually -3 to +3.'),
          int('perception', 'Perception', 'Per', -10, 10, 'Usually -3 to +3.'),
          int('strength', 'Strength', 'Str', -10, 10, 'Adds to Damage.'),
          int('stamina', 'Stamina', 'Sta', -10, 10, 'Adds to Soak.'),
          int('presence', 'Presence', 'Pre', -10, 10, 'Usually -3 to +3.'),
          int('communication', 'Communication', 'Com', -10, 10, 'Usually -3 to +3.'),
          int('dexterity', 'Dexterity', 'Dex', -10, 10, 'Adds to Attack.'),
          int('quickness', 'Quickness', 'Qik', -10, 10, 'Adds to Initiative.'),
          int('size', 'Size', 'Siz', -20, 20, '0 for a grown human.', 'ars-magica/table/damage-table'),
        ],
        family: null,
        list: null,
      },
      {
        id: 'abilities',
        title: 'Abilities',
        fields: [],
        family: {
          prefix: 'ability.',
          label: 'Ability',
          min: 0,
          max: 30,
          suggestions: [
            ['brawl', 'Brawl'],
            ['single-weapon', 'Single Weapon'],
            ['great-weapon', 'Great Weapon'],
          ],
        },
        list: null,
      },
      {
        id: 'equipment',
        title: 'Equipment',
        fields: [int('other-load', 'Other load', null, 0, 100, 'Load of gear not listed above.', 'ars-magica/rule/encumbrance')],
        family: null,
        list: { list: 'items', kinds: ['weapon', 'armor'], equip: true, single: false, help: 'Weapons and armour from the tables.' },
      },
      {
        id: 'wounds',
        title: 'Wounds',
        fields: [
          track('wounds.light', 'Light wounds', 100, '-1 each.'),
          track('wounds.medium', 'Medium wounds', 100, '-3 each.'),
        ],
        family: null,
        list: null,
      },
      {
        id: 'fatigue',
        title: 'Fatigue',
        fields: [track('fatigue.short-term', 'Short-term levels lost', 5, 'Lost to exertion.')],
        family: null,
        list: null,
      },
      { id: 'notes', title: 'Notes', fields: [notes], family: null, list: null },
    ],
  },
  simpleLayout('mythcraft', 'Adventurer'),
  {
    ...simpleLayout('amtgard', 'Player'),
    sections: [
      { id: 'header', title: 'Character', fields: [player], family: null, list: null },
      {
        id: 'states',
        title: 'States',
        fields: [],
        family: null,
        list: { list: 'conditions', kinds: ['condition'], equip: false, single: false, help: 'States the player is under.' },
      },
    ],
  },
  {
    ...simpleLayout('mlaf', 'Player'),
    sections: [
      { id: 'header', title: 'Player', fields: [player], family: null, list: null },
      {
        id: 'position',
        title: 'Position',
        fields: [],
        family: null,
        list: { list: 'items', kinds: ['position'], equip: false, single: true, help: 'The roster position.' },
      },
      {
        id: 'spells',
        title: 'Spells',
        fields: [],
        family: null,
        list: { list: 'spells', kinds: ['spell'], equip: false, single: false, help: 'Spells the player knows.' },
      },
    ],
  },
  simpleLayout('primal-wild', 'Wielder'),
];

// ---- The store ----

interface Stored {
  character: Character;
  revisions: { number: number; saved_at: number; summary: string; sheet: Character }[];
}

let store = new Map<number, Stored>();
let nextId = 1;
let clock = 1_750_000_000;

/** Forgets every character (tests). */
export function resetMockCharacters(): void {
  store = new Map();
  nextId = 1;
  clock = 1_750_000_000;
}

/** A problem as the checks below write it: the path of its field, and why. */
type FieldProblem = { path: string; message: string };
const asProblem = (p: FieldProblem): Problem => ({ file: null, line: null, field: p.path === '' ? null : p.path, message: p.message });
const fail = (code: ErrorPayload['code'], message: string, problems: FieldProblem[] = []): ErrorPayload =>
  problems.length ? { code, message, problems: problems.map(asProblem) } : { code, message };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function layoutOf(system: string): SheetLayout {
  const l = mockLayouts.find((x) => x.system === system);
  if (!l) throw fail('not_found', `no character sheet for system with id \`${system}\``);
  return l;
}

function spec(layout: SheetLayout, key: string): { min: number; max: number; default: number } | null {
  for (const s of layout.sections) {
    const f = s.fields.find((x) => x.key === key);
    if (f) {
      if (f.kind.type === 'int') return f.kind;
      if (f.kind.type === 'track') return { min: 0, max: f.kind.max, default: 0 };
      return null;
    }
  }
  for (const s of layout.sections) {
    const fam = s.family;
    if (fam && key.startsWith(fam.prefix) && key.length > fam.prefix.length) return { min: fam.min, max: fam.max, default: 0 };
  }
  return null;
}

function entryOf(id: string) {
  return mockEntries.find((e) => e.id === id) ?? contentEntries().find((e) => e.id === id);
}

function problems(c: Character, prefix: string): FieldProblem[] {
  const out: FieldProblem[] = [];
  const layout = mockLayouts.find((l) => l.system === c.system);
  if (!layout) out.push({ path: `${prefix}system`, message: `no game system ${JSON.stringify(c.system)}` });
  if (typeof c.name !== 'string' || c.name.trim() === '') out.push({ path: `${prefix}name`, message: 'a character needs a name' });
  for (const [key, value] of Object.entries(c.values ?? {})) {
    const s = layout ? spec(layout, key) : null;
    if (!s) continue;
    if (typeof value !== 'number') out.push({ path: `${prefix}values.${key}`, message: `must be a whole number from ${s.min} to ${s.max}, not the text ${JSON.stringify(value)}` });
    else if (value < s.min || value > s.max) out.push({ path: `${prefix}values.${key}`, message: `must be from ${s.min} to ${s.max}, not ${value}` });
  }
  (c.items ?? []).forEach((item, i) => {
    const e = entryOf(item.entry_id);
    if (!e) out.push({ path: `${prefix}items[${i}].entry_id`, message: `no entry ${JSON.stringify(item.entry_id)}` });
    if (!(item.quantity >= 1)) out.push({ path: `${prefix}items[${i}].quantity`, message: `must be from 1 to 1000000, not ${item.quantity}` });
  });
  return out;
}

function summarize(before: Character, after: Character): string {
  const parts = diff(before, after).map((d) => {
    const m = /^values\.(.+)$/.exec(d.field);
    if (m) return `${m[1]} ${d.before ?? '—'} → ${d.after ?? '—'}`;
    const i = /^items\[(.+?)\]$/.exec(d.field);
    if (i) return `${d.before === null ? 'added' : 'removed'} ${entryOf(i[1])?.name ?? i[1]}`;
    return d.field;
  });
  return parts.slice(0, 3).join('; ') + (parts.length > 3 ? `; and ${parts.length - 3} more` : '');
}

function diff(a: Character, b: Character): CharacterChange[] {
  const out: CharacterChange[] = [];
  if (a.name !== b.name) out.push({ field: 'name', before: a.name, after: b.name });
  const keys = [...new Set([...Object.keys(a.values), ...Object.keys(b.values)])].sort();
  for (const k of keys) {
    if (a.values[k] !== b.values[k]) out.push({ field: `values.${k}`, before: a.values[k] ?? null, after: b.values[k] ?? null });
  }
  for (const i of a.items) {
    const j = b.items.find((x) => x.entry_id === i.entry_id);
    if (!j) out.push({ field: `items[${i.entry_id}]`, before: i, after: null });
    else
      for (const f of ['quantity', 'equipped', 'coverage'] as const) {
        if (i[f] !== j[f]) out.push({ field: `items[${i.entry_id}].${f}`, before: i[f], after: j[f] });
      }
  }
  for (const j of b.items) if (!a.items.some((x) => x.entry_id === j.entry_id)) out.push({ field: `items[${j.entry_id}]`, before: null, after: j });
  return out;
}

function sheetOf(c: Character): Character {
  return clone({ ...c, values: Object.fromEntries(Object.entries(c.values).sort(([x], [y]) => x.localeCompare(y))) });
}

function write(id: number, next: Character, summary: string | null): Character {
  const s = store.get(id)!;
  clock += 60;
  const revision = s.character.revision + 1;
  const character = sheetOf({ ...next, id, revision, created: s.character.created, updated: clock });
  s.revisions.push({ number: revision, saved_at: clock, summary: summary ?? summarize(s.character, character), sheet: character });
  s.character = character;
  return clone(character);
}

function same(a: Character, b: Character): boolean {
  const strip = (c: Character) => JSON.stringify(sheetOf({ ...c, id: 0, revision: 0, created: 0, updated: 0 }));
  return strip(a) === strip(b);
}

// ---- Deriving (a few Ars Magica numbers, with terms) ----

function warnRanges(layout: SheetLayout, c: Character, out: Derived) {
  for (const [key, value] of Object.entries(c.values)) {
    const s = spec(layout, key);
    if (!s) continue;
    const label = fieldLabelOf(layout, key);
    if (typeof value !== 'number') out.warnings.push({ field: key, message: `${label} must be a whole number, not ${JSON.stringify(value)}; derived stats use ${s.default}`, rule: null });
    else if (value < s.min || value > s.max)
      out.warnings.push({ field: key, message: `${label} must be from ${s.min} to ${s.max}, not ${value}; derived stats use ${Math.min(s.max, Math.max(s.min, value))}`, rule: null });
  }
}

function fieldLabelOf(layout: SheetLayout, key: string): string {
  for (const s of layout.sections) for (const f of s.fields) if (f.key === key) return f.label;
  return key;
}

function num(layout: SheetLayout, c: Character, key: string): number {
  const s = spec(layout, key);
  const v = c.values[key];
  if (!s) return typeof v === 'number' ? v : 0;
  if (typeof v !== 'number') return s.default;
  return Math.min(s.max, Math.max(s.min, v));
}

export function mockDerive(c: Character): Derived {
  const layout = layoutOf(c.system);
  const out: Derived = { stats: [], warnings: [], trackers: [] };
  warnRanges(layout, c, out);
  if (c.system !== 'ars-magica') return out;
  const loadTerms: Term[] = [];
  let load = 0;
  let armor: { name: string; id: string; prot: number } | null = null;
  for (const item of c.items) {
    const e = entryOf(item.entry_id);
    const d = e?.detail as Record<string, unknown> | null | undefined;
    if (!e || !d) continue;
    if (e.kind === 'weapon') {
      const l = (typeof d.load === 'number' ? d.load : 0) * item.quantity;
      loadTerms.push({ label: e.name + (item.equipped ? '' : ' (carried)'), value: l, op: 'add', rule: e.id });
      load += l;
    } else if (e.kind === 'armor') {
      const coverage = item.coverage ?? (d.full ? 'full' : 'partial');
      if (!item.coverage) out.warnings.push({ field: `item:${e.id}`, message: `${e.name} has no coverage set; read as ${coverage}`, rule: null });
      const row = d[coverage] as { prot: number; load: number } | null;
      const l = (row?.load ?? 0) * item.quantity;
      loadTerms.push({ label: `${e.name}, ${coverage}`, value: l, op: 'add', rule: e.id });
      load += l;
      if (item.equipped && row && !armor) armor = { name: `${e.name}, ${coverage}`, id: e.id, prot: row.prot };
    }
  }
  const other = num(layout, c, 'other-load');
  if (other) {
    loadTerms.push({ label: 'Other load', value: other, op: 'add', rule: null });
    load += other;
  }
  if (loadTerms.length === 0) loadTerms.push({ label: 'Nothing carried', value: 0, op: 'add', rule: null });
  const strength = num(layout, c, 'strength');
  const burden = load <= 0 ? 0 : load <= 1 ? 1 : load <= 3 ? 2 : load <= 6 ? 3 : load <= 10 ? 4 : 5;
  const encumbrance = Math.max(0, burden - Math.max(0, strength));
  out.stats.push({ key: 'load', label: 'Load', group: 'Encumbrance', value: load, terms: loadTerms, rule: 'ars-magica/rule/encumbrance', signed: false });
  out.stats.push({
    key: 'encumbrance',
    label: 'Encumbrance',
    group: 'Encumbrance',
    value: encumbrance,
    terms: [
      { label: 'Burden', value: burden, op: 'add', rule: null },
      { label: 'Strength', value: -Math.max(0, strength), op: 'add', rule: null },
    ],
    rule: 'ars-magica/rule/encumbrance',
    signed: false,
  });
  const stamina = num(layout, c, 'stamina');
  const soakTerms: Term[] = [{ label: 'Stamina', value: stamina, op: 'add', rule: 'ars-magica/rule/attack-total' }];
  if (armor) soakTerms.push({ label: armor.name, value: armor.prot, op: 'add', rule: armor.id });
  out.stats.push({ key: 'soak', label: 'Soak', group: 'Combat', value: stamina + (armor?.prot ?? 0), terms: soakTerms, rule: 'ars-magica/rule/attack-total', signed: false });
  return out;
}

// ---- Commands ----

/** Marks an answer as "not a character command". */
export const NOT_MINE = Symbol('not a character command');

function idArg(a: Record<string, unknown>): Stored {
  const s = store.get(Number(a.id));
  if (!s) throw fail('not_found', `no character with id \`${String(a.id)}\``);
  return s;
}

function readFile(text: string): { character: Character | null; problems: FieldProblem[] } {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    return { character: null, problems: [{ path: '', message: `the file is not valid JSON: ${(e as Error).message}` }] };
  }
  const r = root as Record<string, unknown> | null;
  if (!r || typeof r !== 'object') return { character: null, problems: [{ path: '', message: 'a character file is a JSON object' }] };
  const out: FieldProblem[] = [];
  if (r.format !== 'tome-character') out.push({ path: 'format', message: 'must be "tome-character"' });
  if (r.version !== 1) out.push({ path: 'version', message: 'must be 1' });
  if (out.length) return { character: null, problems: out };
  const c = r.character as Record<string, unknown> | undefined;
  if (!c || typeof c !== 'object') return { character: null, problems: [{ path: 'character', message: 'missing' }] };
  const character: Character = {
    id: 0,
    revision: 0,
    created: 0,
    updated: 0,
    system: String(c.system ?? ''),
    name: String(c.name ?? ''),
    values: (c.values ?? {}) as Record<string, SheetValue>,
    items: ((c.items ?? []) as CharacterItem[]).map((i) => ({ ...i, name: entryOf(i.entry_id)?.name ?? i.entry_id, kind: (entryOf(i.entry_id)?.kind ?? 'weapon') as Kind, retired: false })),
    conditions: [],
    spells: [],
  };
  return { character, problems: problems(character, 'character.') };
}

function create(system: string, name: string): Character {
  layoutOf(system);
  if (name.trim() === '') throw fail('invalid_input', 'cannot create the character:\n  name: a character needs a name');
  clock += 60;
  const id = nextId++;
  const character: Character = { id, system, name, revision: 1, created: clock, updated: clock, values: {}, items: [], conditions: [], spells: [] };
  store.set(id, { character, revisions: [{ number: 1, saved_at: clock, summary: 'created', sheet: clone(character) }] });
  return clone(character);
}

/** Answers a character command, or returns NOT_MINE. */
export function mockCharacterCommand(cmd: string, a: Record<string, unknown>): unknown {
  switch (cmd) {
    case 'characters':
      return [...store.values()]
        .map((s): CharacterSummary => ({ id: s.character.id, system: s.character.system, name: s.character.name, revision: s.character.revision, updated: s.character.updated }))
        .sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id);
    case 'character_view': {
      const s = idArg(a);
      return { character: clone(s.character), derived: mockDerive(s.character) };
    }
    case 'create_character':
      return create(String(a.system), String(a.name ?? ''));
    case 'save_character': {
      const c = a.character as Character;
      const s = store.get(c.id);
      if (!s) throw fail('not_found', `no character with id \`${c.id}\``);
      if (c.revision !== s.character.revision)
        throw fail('conflict', `character ${c.id} was saved elsewhere after revision ${c.revision} (it is at revision ${s.character.revision}): reload it and make the change again`);
      const found = problems(c, '');
      if (found.length) throw fail('invalid_input', `cannot save ${s.character.name}:\n` + found.map((p) => `  ${p.path}: ${p.message}`).join('\n'), found);
      const saved = same(c, s.character) ? clone(s.character) : write(c.id, c, null);
      return { character: saved, derived: mockDerive(saved) };
    }
    case 'delete_character':
      idArg(a);
      store.delete(Number(a.id));
      return null;
    case 'character_revisions':
      return idArg(a).revisions.map((r): CharacterRevision => ({ number: r.number, saved_at: r.saved_at, summary: r.summary }));
    case 'character_diff': {
      const s = idArg(a);
      const at = (n: unknown) => {
        const r = s.revisions.find((x) => x.number === Number(n));
        if (!r) throw fail('not_found', `no revision with id \`${String(a.id)}@${String(n)}\``);
        return r.sheet;
      };
      return diff(at(a.from), at(a.to));
    }
    case 'restore_character': {
      const s = idArg(a);
      const r = s.revisions.find((x) => x.number === Number(a.number));
      if (!r) throw fail('not_found', `no revision with id \`${String(a.id)}@${String(a.number)}\``);
      const saved = same(r.sheet, s.character) ? clone(s.character) : write(s.character.id, r.sheet, `restored revision ${r.number}`);
      return { character: saved, derived: mockDerive(saved) };
    }
    case 'sheet_layout':
      return layoutOf(String(a.system));
    case 'derive_character':
      return mockDerive(a.character as Character);
    case 'character_item': {
      const e = entryOf(String(a.entryId));
      if (!e) throw fail('not_found', `no entry with id \`${String(a.entryId)}\``);
      return { entry_id: e.id, name: e.name, kind: e.kind, quantity: 1, equipped: false, coverage: null, retired: false } satisfies CharacterItem;
    }
    case 'character_ref': {
      const e = entryOf(String(a.entryId));
      if (!e) throw fail('not_found', `no entry with id \`${String(a.entryId)}\``);
      return { entry_id: e.id, name: e.name, retired: false };
    }
    case 'pdf_preview':
    case 'export_pdf':
    case 'export_character_file':
      return mockPdfCommand(cmd, a, (id) => {
        const c = store.get(id)?.character;
        return c ? clone(c) : null;
      });
    case 'check_character_file':
      return readFile(String(a.text ?? '')).problems.map(asProblem);
    case 'import_character': {
      const { character, problems: found } = readFile(String(a.text ?? ''));
      if (!character || found.length)
        throw fail('invalid_input', 'the character file cannot be imported:\n' + found.map((p) => `  ${p.path}: ${p.message}`).join('\n'), found);
      const made = create(character.system, character.name);
      const full = sheetOf({ ...character, id: made.id, revision: 1, created: made.created, updated: made.updated });
      store.set(made.id, { character: full, revisions: [{ number: 1, saved_at: made.created, summary: 'imported', sheet: full }] });
      return clone(full);
    }
    default:
      return NOT_MINE;
  }
}
