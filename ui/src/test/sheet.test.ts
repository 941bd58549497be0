import { describe, expect, it } from 'vitest';
import type { Character } from '../lib/bindings/Character';
import type { Derived } from '../lib/bindings/Derived';
import type { SheetLayout } from '../lib/bindings/SheetLayout';
import { parseHash, href } from '../lib/router';
import {
  addItem,
  familyMembers,
  groupStats,
  halfWidth,
  History,
  parseNumberText,
  placeWarnings,
  problemField,
  problemText,
  removeEntry,
  sameSheet,
  setValue,
  statText,
  termText,
  trackBoxes,
  trackClick,
  updateItem,
  whenText,
} from '../lib/sheet';
import { backend } from './backend';

const ars = backend<SheetLayout>('sheet_layout', { system: 'ars-magica' });
const abilities = ars.sections.find((s) => s.family)!.family!;

const aldo: Character = {
  id: 7,
  system: 'ars-magica',
  name: 'Brother Aldo',
  revision: 3,
  created: 1,
  updated: 2,
  values: { strength: 2, 'ability.single-weapon': 4, 'ability.lore': 1, notes: 'Keys' },
  items: [
    { entry_id: 'ars-magica/armor/chain-mail', name: 'Chain Mail', kind: 'armor', quantity: 1, equipped: true, coverage: 'full', retired: false },
  ],
  conditions: [],
  spells: [],
};

describe('sheet values', () => {
  it('reads number boxes: empty, whole numbers, or the text as typed', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('  ')).toBeNull();
    expect(parseNumberText('3')).toBe(3);
    expect(parseNumberText('-2')).toBe(-2);
    expect(parseNumberText('+4')).toBe(4);
    expect(parseNumberText('\u22125')).toBe(-5);
    expect(parseNumberText('-')).toBe('-');
    expect(parseNumberText('abc')).toBe('abc');
    expect(parseNumberText('1234567890123456')).toBe('1234567890123456');
  });

  it('changes make new characters and leave the old one as it was', () => {
    const stronger = setValue(aldo, 'strength', 3);
    expect(stronger).not.toBe(aldo);
    expect(stronger.values.strength).toBe(3);
    expect(aldo.values.strength).toBe(2);
    expect(setValue(aldo, 'strength', 2)).toBe(aldo);
    const cleared = setValue(aldo, 'notes', '');
    expect('notes' in cleared.values).toBe(false);
    expect(setValue(cleared, 'notes', null)).toBe(cleared);

    const sword = { entry_id: 'ars-magica/weapon/sword-long', name: 'Sword, Long', kind: 'weapon' as const, quantity: 1, equipped: false, coverage: null, retired: false };
    const armed = addItem(aldo, sword);
    expect(armed.items.map((i) => i.entry_id)).toEqual(['ars-magica/armor/chain-mail', 'ars-magica/weapon/sword-long']);
    expect(addItem(armed, sword)).toBe(armed);
    expect(addItem(armed, sword, true)).toBe(armed);
    expect(addItem(aldo, sword, true).items).toEqual([sword]);
    const equipped = updateItem(armed, sword.entry_id, { equipped: true });
    expect(equipped.items[1].equipped).toBe(true);
    expect(updateItem(equipped, sword.entry_id, { equipped: true })).toBe(equipped);
    expect(removeEntry(equipped, 'items', sword.entry_id).items).toHaveLength(1);
  });

  it('compares what a save would write, not names or revisions', () => {
    expect(sameSheet(aldo, { ...aldo, revision: 9, updated: 99 })).toBe(true);
    expect(sameSheet(aldo, { ...aldo, values: { notes: 'Keys', 'ability.lore': 1, 'ability.single-weapon': 4, strength: 2 } })).toBe(true);
    expect(sameSheet(aldo, setValue(aldo, 'strength', 1))).toBe(false);
    expect(sameSheet(aldo, updateItem(aldo, 'ars-magica/armor/chain-mail', { coverage: 'partial' }))).toBe(false);
  });
});

describe('families', () => {
  it('lists members in key order with the core’s labels, or the layout’s until the core answers', () => {
    const withLore = { ...aldo, values: { ...aldo.values, 'ability.area-lore': 2 } };
    const labels = { 'ability.area-lore': 'Area Lore', 'ability.lore': 'Lore' };
    expect(familyMembers(withLore, abilities, labels).map((m) => [m.key, m.label, m.value])).toEqual([
      ['ability.area-lore', 'Area Lore', 2],
      ['ability.lore', 'Lore', 1],
      ['ability.single-weapon', 'Single Weapon', 4],
    ]);
    expect(familyMembers(withLore, abilities).map((m) => m.label)).toEqual(['area-lore', 'lore', 'Single Weapon']);
  });
});

describe('laying the sheet out', () => {
  it('pairs small boxes side by side and leaves no holes', () => {
    // Ars Magica's Wounds box holds the recovery track, so it and Fatigue each take the width.
    expect(halfWidth(ars.sections)).toEqual([false, false, false, false, false, false, false]);
    const [header, , abilities, , , fatigue] = ars.sections;
    // A small box alone takes the whole width; of three in a row, the first two pair up.
    expect(halfWidth([header, fatigue, abilities, fatigue, fatigue, fatigue])).toEqual([false, false, false, true, true, false]);
    // The first box never halves (the character's name is in it).
    expect(halfWidth([fatigue, fatigue])).toEqual([false, false]);
  });
});

describe('tracks', () => {
  it('shows every box of a short track and a few more than ticked of a long one', () => {
    expect(trackBoxes(5, 0)).toBe(5);
    expect(trackBoxes(100, 0)).toBe(6);
    expect(trackBoxes(100, 5)).toBe(8);
    expect(trackBoxes(100, 99)).toBe(100);
    expect(trackBoxes(20, 150)).toBe(20);
  });

  it('ticks up to the box clicked, or unticks the last one', () => {
    expect(trackClick(0, 3)).toBe(3);
    expect(trackClick(3, 3)).toBe(2);
    expect(trackClick(3, 1)).toBe(1);
  });
});

describe('warnings and stats', () => {
  const derived: Derived = {
    trackers: [],
    labels: {},
    stats: [
      { key: 'load', label: 'Load', group: 'Encumbrance', value: 6, terms: [], rule: null, signed: false },
      { key: 'soak', label: 'Soak', group: 'Combat', value: 9, terms: [], rule: null, signed: false },
      { key: 'burden', label: 'Burden', group: 'Encumbrance', value: 3, terms: [], rule: null, signed: false },
    ],
    warnings: [
      { field: 'strength', message: 'Strength must be from -10 to 10', rule: null },
      { field: 'item:ars-magica/armor/chain-mail', message: 'Only one armour counts', rule: null },
      { field: 'item:ars-magica/weapon/warhammer', message: 'not on the sheet', rule: null },
      { field: 'ability.lore', message: 'Lore must be a number', rule: null },
      { field: null, message: 'The sheet as a whole', rule: null },
    ],
  };

  it('puts each warning beside the field it names, and the rest with the sheet', () => {
    const placed = placeWarnings(derived, ars, aldo);
    expect([...placed.byField.keys()].sort()).toEqual(['ability.lore', 'item:ars-magica/armor/chain-mail', 'strength']);
    expect(placed.loose.map((w) => w.message)).toEqual(['not on the sheet', 'The sheet as a whole']);
    expect(placeWarnings(null, ars, aldo).loose).toEqual([]);
  });

  it('groups stats in the order their groups first appear', () => {
    expect(groupStats(derived.stats).map((g) => [g.group, g.stats.map((s) => s.key)])).toEqual([
      ['Encumbrance', ['load', 'burden']],
      ['Combat', ['soak']],
    ]);
  });

  it('shows values and terms with their signs', () => {
    expect(statText(-3)).toBe('\u22123');
    expect(statText(4)).toBe('4');
    expect(statText(4, true)).toBe('+4');
    expect(statText(0, true)).toBe('+0');
    expect(statText(-2, true)).toBe('\u22122');
    expect(statText(true)).toBe('yes');
    expect(statText('Winded')).toBe('Winded');
    expect(termText({ value: 2, op: 'add' })).toBe('+2');
    expect(termText({ value: -1, op: 'add' })).toBe('\u22121');
    expect(termText({ value: 0, op: 'add' })).toBe('0');
    expect(termText({ value: 'halved', op: 'note' })).toBe('halved');
    // A multiplier reads "walk ×2", never "walk × +2".
    expect(termText({ value: 2, op: 'factor' })).toBe('\u00d72');
    expect(termText({ value: 8, op: 'note' })).toBe('8');
  });

  it('says where a refused save’s problems are, in the sheet’s words', () => {
    expect(problemField('character.values.strength', aldo)).toBe('strength');
    expect(problemField('values["Odd Key"]', aldo)).toBe('Odd Key');
    expect(problemField('items[0].coverage', aldo)).toBe('item:ars-magica/armor/chain-mail');
    expect(problemField('items[5].coverage', aldo)).toBeNull();
    expect(problemText({ file: null, line: null, field: 'character.values.strength', message: 'must be from -10 to 10, not 50' }, aldo, ars)).toBe(
      'Strength: must be from -10 to 10, not 50',
    );
    expect(problemText({ file: null, line: null, field: 'items[0].coverage', message: 'no such coverage' }, aldo, ars)).toBe('Chain Mail: no such coverage');
    expect(problemText({ file: null, line: null, field: null, message: 'not JSON' }, aldo, ars)).toBe('not JSON');
  });
});

describe('revisions', () => {
  it('says when, for people', () => {
    const now = new Date(2025, 2, 4, 15, 0, 0).getTime();
    const at = (d: Date) => Math.round(d.getTime() / 1000);
    expect(whenText(at(new Date(2025, 2, 4, 14, 59, 40)), now)).toBe('just now');
    expect(whenText(at(new Date(2025, 2, 4, 14, 55, 0)), now)).toBe('5 minutes ago');
    expect(whenText(at(new Date(2025, 2, 4, 9, 5, 0)), now)).toBe('today 09:05');
    expect(whenText(at(new Date(2024, 11, 24, 18, 30, 0)), now)).toBe('2024-12-24 18:30');
  });
});

describe('undo history', () => {
  it('undoes and redoes whole states; a new edit drops what could be redone', () => {
    const h = new History<string>();
    h.record('a', null, 0);
    h.record('b', null, 10);
    expect(h.undo('c')).toBe('b');
    expect(h.undo('b')).toBe('a');
    expect(h.undo('a')).toBeUndefined();
    expect(h.canRedo).toBe(true);
    expect(h.redo('a')).toBe('b');
    h.record('b', null, 20);
    expect(h.canRedo).toBe(false);
  });

  it('makes one step of typing into one field, until a pause or another field', () => {
    const h = new History<string>(200, 1000);
    h.record('', 'value:strength', 0);
    h.record('1', 'value:strength', 300);
    h.record('12', 'value:strength', 600);
    h.record('123', 'value:stamina', 700);
    h.record('1234', 'value:stamina', 2000);
    expect(h.undo('12345')).toBe('1234');
    expect(h.undo('1234')).toBe('123');
    expect(h.undo('123')).toBe('');
    expect(h.canUndo).toBe(false);
  });

  it('starts a new step after a seal', () => {
    const h = new History<number>();
    h.record(1, 'g', 0);
    h.seal();
    h.record(2, 'g', 10);
    expect(h.undo(3)).toBe(2);
    expect(h.undo(2)).toBe(1);
  });
});

describe('character routes', () => {
  it('reads and writes the characters’ pages', () => {
    expect(parseHash('#/characters')).toEqual({ name: 'characters' });
    expect(parseHash('#/character/12')).toEqual({ name: 'character', id: 12, tab: 'sheet' });
    expect(parseHash('#/character/12/history')).toEqual({ name: 'character', id: 12, tab: 'history' });
    expect(parseHash('#/character/0').name).toBe('unknown');
    expect(parseHash('#/character/abc').name).toBe('unknown');
    expect(parseHash('#/character/3/other').name).toBe('unknown');
    expect(href.characters()).toBe('#/characters');
    expect(href.character(4)).toBe('#/character/4');
    expect(href.character(4, 'history')).toBe('#/character/4/history');
  });
});
