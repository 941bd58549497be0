import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CharacterView } from '../lib/bindings/CharacterView';
import { catalog } from '../lib/catalog.svelte';
import CharacterPage from '../lib/components/CharacterPage.svelte';
import { backend, deferred, installBackend, settle, type Call } from './backend';

const CHAIN = 'ars-magica/armor/chain-mail';
const SWORD = 'ars-magica/weapon/sword-long';

function create(system = 'ars-magica', name = 'Brother Aldo'): number {
  return (backend('create_character', { system, name }) as { id: number }).id;
}

async function open(id: number, tab: 'sheet' | 'history' = 'sheet') {
  await catalog.load();
  const r = render(CharacterPage, { id, tab });
  await settle(10);
  return r;
}

const field = (key: string) => document.querySelector<HTMLInputElement>(`[data-testid="sheet-field"][data-key="${key}"]`)!;
const stat = (key: string) => document.querySelector<HTMLElement>(`[data-testid="derived-stat"][data-key="${key}"]`);
const status = () => screen.getByTestId('save-status');
const count = (calls: Call[], cmd: string) => calls.filter((c) => c.cmd === cmd).length;
const type = (el: HTMLElement, value: string) => fireEvent.input(el, { target: { value } });

async function wait(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

/** A new MythCraft sheet's condition picker, with "grapled" typed into it. */
async function grapledTyped(): Promise<HTMLInputElement> {
  const id = create('mythcraft', 'Vex');
  await open(id);
  const input = document.querySelector<HTMLInputElement>('[data-testid="entry-picker-input"][data-list="conditions"]')!;
  await fireEvent.focus(input);
  await type(input, 'grapled');
  return input;
}

const conditionRows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="sheet-list"][data-list="conditions"] [data-testid="sheet-item"]')];

async function pick(list: string, query: string, id: string) {
  const input = document.querySelector<HTMLInputElement>(`[data-testid="entry-picker-input"][data-list="${list}"]`)!;
  await fireEvent.focus(input);
  await type(input, query);
  await wait(150);
  const option = document.querySelector<HTMLElement>(`[data-testid="entry-picker-option"][data-id="${id}"]`);
  expect(option, `${id} offered for "${query}"`).not.toBeNull();
  await fireEvent.click(option!);
  await settle();
}

describe('character sheet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lays the sheet out from the system’s layout', async () => {
    installBackend();
    const id = create();
    await open(id);
    const sheet = screen.getByTestId('character-sheet');
    expect(sheet.dataset.system).toBe('ars-magica');
    expect(sheet.dataset.revision).toBe('1');
    expect(screen.getByTestId('character-name').textContent).toBe('Brother Aldo');
    expect(screen.getAllByTestId('sheet-section').map((s) => s.dataset.section)).toEqual([
      'header',
      'characteristics',
      'abilities',
      'equipment',
      'wounds',
      'fatigue',
      'notes',
    ]);
    expect(screen.getAllByTestId('sheet-section').map((s) => s.querySelector('h2')?.textContent)).toContain('Characteristics');

    // Characteristics: labelled boxes with the sheet's abbreviation, named in full for screen readers.
    const str = field('strength');
    expect(str.closest('[data-testid="sheet-field-box"]')!.querySelector('.short')?.textContent).toBe('Str');
    expect(str.labels?.[0].textContent).toContain('Strength');
    expect(str.placeholder).toBe('0');
    // Choices, lines and a box for notes.
    expect(field('role').tagName).toBe('SELECT');
    expect([...(field('role') as unknown as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['—', 'Grog', 'Companion']);
    expect(field('notes').tagName).toBe('TEXTAREA');
    expect(field('name').value).toBe('Brother Aldo');
    // Tracks are tick boxes: a few of a long one (Ars Magica's are all long: 20 and 100).
    const boxes = (key: string) => document.querySelectorAll(`[data-testid="track-box"][data-key="${key}"]`);
    expect(boxes('fatigue.short-term')).toHaveLength(6);
    expect(boxes('wounds.light')).toHaveLength(6);
    // The family offers the rules' own members; the list has its picker.
    expect(screen.getAllByTestId('family-add').map((b) => b.dataset.key)).toEqual([
      'ability.brawl',
      'ability.single-weapon',
      'ability.great-weapon',
      'ability.thrown-weapon',
      'ability.bow',
      'ability.leadership',
      'ability.ride',
      'ability.chirurgy',
      'ability.medicine',
    ]);
    expect(within(screen.getByTestId('sheet-list')).getByTestId('entry-picker-input').getAttribute('placeholder')).toBe('Add a weapon or armour…');
    // Derived stats, grouped.
    expect(screen.getAllByTestId('derived-group').map((g) => g.dataset.group)).toEqual(['Encumbrance', 'Wounds and fatigue', 'Combat', 'Fist (no weapon equipped)', 'Movement']);
    expect(stat('soak')?.dataset.value).toBe('0');
    expect(status().dataset.state).toBe('saved');
    expect(status().textContent).toContain('Saved · revision 1');
  });

  it('draws any system’s sheet from its layout alone', async () => {
    installBackend();
    const id = create('mlaf', 'Grim');
    await open(id);
    expect(screen.getAllByTestId('sheet-section').map((s) => s.dataset.section)).toEqual(['header', 'position', 'career', 'roster', 'spells', 'notes']);
    expect(document.querySelector('[data-testid="sheet-field"][data-key="strength"]')).toBeNull();
    expect(screen.getAllByTestId('sheet-list').map((l) => l.dataset.list)).toEqual(['items', 'spells']);
    // A single-entry list replaces what it holds.
    await pick('items', '', 'mlaf/position/siren');
    await pick('items', '', 'mlaf/position/sorcerer');
    expect(screen.getAllByTestId('sheet-item').map((i) => i.dataset.id)).toEqual(['mlaf/position/sorcerer']);
    // No equip controls where the list does not carry items to equip.
    expect(screen.queryByTestId('item-equipped')).toBeNull();
    await pick('spells', 'lightning', 'mlaf/spell/lightning-bolt');
    expect(within(screen.getAllByTestId('sheet-list')[1]).getAllByTestId('sheet-item').map((i) => i.dataset.id)).toEqual(['mlaf/spell/lightning-bolt']);
  });

  it('works the derived stats out as you type, once you pause', async () => {
    const calls = installBackend();
    const id = create();
    await open(id);
    await type(field('stamina'), '2');
    await wait(100);
    await type(field('stamina'), '3');
    await wait(100);
    expect(count(calls, 'derive_character')).toBe(0);
    await wait(60);
    expect(count(calls, 'derive_character')).toBe(1);
    const sent = calls.find((c) => c.cmd === 'derive_character')!.args.character as { values: Record<string, unknown>; revision: number };
    expect(sent.values).toEqual({ stamina: 3 });
    expect(stat('soak')?.dataset.value).toBe('3');
    expect(stat('soak')?.textContent).toContain('Soak');
  });

  it('drops a derive answer for an older draft', async () => {
    const answers: ReturnType<typeof deferred<unknown>>[] = [];
    installBackend({
      derive_character: () => {
        const d = deferred<unknown>();
        answers.push(d);
        return d.promise;
      },
    });
    const id = create();
    await open(id);
    await type(field('stamina'), '1');
    await wait(150);
    await type(field('stamina'), '4');
    await wait(150);
    expect(answers).toHaveLength(2);
    const view = (stamina: number) => ({ stats: [{ key: 'soak', label: 'Soak', group: 'Combat', value: stamina, terms: [], rule: null, signed: false }], warnings: [] });
    answers[1].resolve(view(4));
    await settle();
    answers[0].resolve(view(1));
    await settle();
    expect(stat('soak')?.dataset.value).toBe('4');
  });

  it('saves a pause after the last change, and says so', async () => {
    let hold: ReturnType<typeof deferred<CharacterView>> | null = null;
    const calls = installBackend({
      save_character: (args) => {
        const answer = backend('save_character', args) as CharacterView;
        hold = deferred<CharacterView>();
        const h = hold;
        return h.promise.then(() => answer);
      },
    });
    const id = create();
    await open(id);
    await type(field('concept'), 'Shield grog');
    expect(status().dataset.state).toBe('pending');
    await wait(700);
    expect(count(calls, 'save_character')).toBe(0);
    await wait(100);
    expect(count(calls, 'save_character')).toBe(1);
    expect(status().dataset.state).toBe('saving');
    expect(status().textContent).toContain('Saving…');
    const sent = calls.find((c) => c.cmd === 'save_character')!.args.character as { revision: number; values: Record<string, unknown> };
    expect(sent.revision).toBe(1);
    expect(sent.values).toEqual({ concept: 'Shield grog' });
    hold!.resolve(null as unknown as CharacterView);
    await settle();
    expect(status().dataset.state).toBe('saved');
    expect(status().textContent).toContain('Saved · revision 2');
    expect(screen.getByTestId('character-sheet').dataset.revision).toBe('2');

    // The next save is made from the new revision.
    await type(field('concept'), 'Shield grog, loyal');
    await wait(800);
    hold!.resolve(null as unknown as CharacterView);
    await settle();
    const second = calls.filter((c) => c.cmd === 'save_character')[1].args.character as { revision: number };
    expect(second.revision).toBe(2);
    expect(status().textContent).toContain('Saved · revision 3');
  });

  it('keeps what was typed when the core refuses it, and says why beside the field and in the state', async () => {
    const calls = installBackend();
    const id = create();
    await open(id);
    await type(field('strength'), '50');
    await wait(800);
    expect(count(calls, 'save_character')).toBe(1);
    // The refusal carries its problems: nothing is asked again to learn them.
    expect(count(calls, 'check_character_file')).toBe(0);
    expect(status().dataset.state).toBe('refused');
    expect(status().textContent).toContain('Not saved: Strength: must be from -10 to 10, not 50');
    expect(field('strength').value).toBe('50');
    expect(screen.getByTestId('character-sheet').dataset.revision).toBe('1');
    // The rules' warning sits beside the field, and in the list with the derived stats.
    const beside = document.querySelector('[data-testid="field-warning"][data-field="strength"]')!;
    // (A characteristic's box is small: its warnings sit right below the row of boxes.)
    expect(beside.closest('[data-testid="sheet-section"]')?.getAttribute('data-section')).toBe('characteristics');
    expect(field('strength').getAttribute('aria-describedby')).toContain(beside.parentElement!.id);
    expect(field('strength').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByTestId('sheet-warning').map((w) => w.dataset.field)).toContain('strength');
    // Fixing the value saves it.
    await type(field('strength'), '5');
    await wait(800);
    expect(status().dataset.state).toBe('saved');
    expect(document.querySelector('[data-testid="field-warning"][data-field="strength"]')).toBeNull();
  });

  it('says a refusal that names no field in its own words', async () => {
    const message = 'cannot save Brother Aldo: it would be 2000000 bytes as a file, and a character file is at most 1 MiB';
    installBackend({
      save_character: () => {
        throw { code: 'invalid_input', message };
      },
    });
    const id = create();
    await open(id);
    await type(field('concept'), 'Shield grog');
    await wait(800);
    expect(status().dataset.state).toBe('refused');
    expect(status().textContent).toContain(`Not saved: ${message}`);
  });

  it('reloads a character saved elsewhere and offers to put the changes back', async () => {
    const calls = installBackend();
    const id = create();
    await open(id);
    // Another window saves first.
    const elsewhere = backend('character_view', { id }) as CharacterView;
    backend('save_character', { character: { ...elsewhere.character, values: { concept: 'Archer' } } });
    await type(field('stamina'), '2');
    await wait(800);
    expect(calls.some((c) => c.cmd === 'save_character')).toBe(true);
    const banner = screen.getByTestId('sheet-conflict');
    expect(banner.textContent).toContain('revision 2');
    expect(field('concept').value).toBe('Archer');
    expect(field('stamina').value).toBe('');
    expect(status().dataset.state).toBe('saved');
    await fireEvent.click(screen.getByTestId('conflict-reapply'));
    await wait(800);
    expect(screen.queryByTestId('sheet-conflict')).toBeNull();
    expect(field('stamina').value).toBe('2');
    expect(status().textContent).toContain('Saved · revision 3');
    const stored = backend('character_view', { id }) as CharacterView;
    expect(stored.character.values).toEqual({ stamina: 2 });
  });

  it('undoes and redoes with the buttons and with Ctrl+Z / Ctrl+Shift+Z', async () => {
    installBackend();
    const id = create();
    await open(id);
    const undo = screen.getByTestId('undo') as HTMLButtonElement;
    const redo = screen.getByTestId('redo') as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    await type(field('stamina'), '3');
    await fireEvent.blur(field('stamina'));
    await type(field('strength'), '1');
    await type(field('strength'), '12');
    await wait(900);
    expect(undo.disabled).toBe(false);
    // Typing into one field is one step.
    await fireEvent.click(undo);
    expect(field('strength').value).toBe('');
    expect(field('stamina').value).toBe('3');
    await fireEvent.keyDown(field('stamina'), { key: 'z', ctrlKey: true });
    expect(field('stamina').value).toBe('');
    expect(undo.disabled).toBe(true);
    expect(redo.disabled).toBe(false);
    await fireEvent.keyDown(field('stamina'), { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(field('stamina').value).toBe('3');
    await fireEvent.click(redo);
    expect(field('strength').value).toBe('12');
    // Undone changes are saved like any other.
    await fireEvent.click(undo);
    await wait(800);
    const stored = backend('character_view', { id }) as CharacterView;
    expect(stored.character.values).toEqual({ stamina: 3 });
    // A change after an undo drops what could be redone.
    await type(field('quickness'), '1');
    expect(redo.disabled).toBe(true);
  });

  it('takes the highlighted option on Enter: ↓ then Enter adds the first, as in the search box', async () => {
    installBackend();
    const input = await grapledTyped();
    await wait(150);
    const offered = [...document.querySelectorAll<HTMLElement>('[data-testid="entry-picker-option"]')];
    expect(offered.length).toBeGreaterThan(1);
    expect(offered.filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(0);
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    const highlighted = [...document.querySelectorAll<HTMLElement>('[data-testid="entry-picker-option"][aria-selected="true"]')];
    expect(highlighted.map((o) => o.dataset.id)).toEqual([offered[0].dataset.id]);
    expect(input.getAttribute('aria-activedescendant')).toBe(highlighted[0].id);
    await fireEvent.keyDown(input, { key: 'Enter' });
    await settle();
    const rows = conditionRows();
    expect(rows.map((r) => r.dataset.id)).toEqual([offered[0].dataset.id]);
    expect(rows[0].textContent).toContain('Grappled');
  });

  it('keeps keys typed into the picker before its results arrive', async () => {
    installBackend();
    const input = await grapledTyped();
    await fireEvent.keyDown(input, { key: 'ArrowDown' });
    await fireEvent.keyDown(input, { key: 'Enter' });
    await wait(150);
    await settle();
    const rows = conditionRows();
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Grappled')]);
  });

  it('adds equipment from the database and puts its warnings beside it', async () => {
    const calls = installBackend();
    const id = create();
    await open(id);
    await pick('items', 'chain', CHAIN);
    const search = calls.find((c) => c.cmd === 'search')!;
    expect(search.args).toMatchObject({ query: 'chain', system: 'ars-magica' });
    expect(calls.filter((c) => c.cmd === 'search').map((c) => c.args.kind)).toEqual(['weapon', 'armor']);
    expect(calls.find((c) => c.cmd === 'character_item')!.args).toEqual({ entryId: CHAIN });
    const row = document.querySelector<HTMLElement>(`[data-testid="sheet-item"][data-id="${CHAIN}"]`)!;
    expect(row.textContent).toContain('Chain Mail');
    // The picker does not offer it again.
    await pick('items', '', SWORD);
    await fireEvent.focus(document.querySelector('[data-testid="entry-picker-input"]')!);
    expect(document.querySelector(`[data-testid="entry-picker-option"][data-id="${CHAIN}"]`)).toBeNull();

    await wait(150);
    const warning = row.querySelector<HTMLElement>(`[data-testid="field-warning"][data-field="item:${CHAIN}"]`);
    expect(warning?.textContent).toContain('no coverage set');
    const coverage = row.querySelector<HTMLSelectElement>('[data-testid="item-coverage"]')!;
    expect([...coverage.options].map((o) => o.value)).toEqual(['', 'partial', 'full']);
    // Armour is worn as it is added (and a weapon in hand): the combat block counts it at once.
    expect(row.querySelector<HTMLInputElement>('[data-testid="item-equipped"]')!.checked).toBe(true);
    expect(document.querySelector<HTMLInputElement>(`[data-testid="item-equipped"][data-id="${SWORD}"]`)!.checked).toBe(true);
    expect(stat('weapon.sword-long.attack')).not.toBeNull();
    await fireEvent.change(coverage, { target: { value: 'full' } });
    await wait(150);
    expect(row.querySelector('[data-testid="field-warning"]')).toBeNull();
    expect(stat('soak')?.dataset.value).toBe('9');
    expect(stat('load')?.dataset.value).not.toBe('0');
    // Only armour has a coverage; quantities are whole numbers from 1.
    const sword = document.querySelector<HTMLElement>(`[data-testid="sheet-item"][data-id="${SWORD}"]`)!;
    expect(sword.querySelector('[data-testid="item-coverage"]')).toBeNull();
    await type(sword.querySelector<HTMLInputElement>('[data-testid="item-quantity"]')!, '2');
    await type(sword.querySelector<HTMLInputElement>('[data-testid="item-quantity"]')!, '0');
    await wait(800);
    const saved = backend('character_view', { id }) as CharacterView;
    expect(saved.character.items.map((i) => [i.entry_id, i.quantity, i.equipped, i.coverage])).toEqual([
      [CHAIN, 1, true, 'full'],
      [SWORD, 2, true, null],
    ]);
    await fireEvent.click(sword.querySelector('[data-testid="item-remove"]')!);
    expect(document.querySelector(`[data-testid="sheet-item"][data-id="${SWORD}"]`)).toBeNull();
  });

  it('adds family members from the suggestions or by name', async () => {
    installBackend();
    const id = create();
    await open(id);
    await fireEvent.click(document.querySelector('[data-testid="family-add"][data-key="ability.single-weapon"]')!);
    await settle();
    expect(field('ability.single-weapon').value).toBe('0');
    expect(document.activeElement).toBe(field('ability.single-weapon'));
    expect(document.querySelector('[data-testid="family-add"][data-key="ability.single-weapon"]')).toBeNull();
    await type(screen.getByTestId('family-other'), 'Area Lore');
    await fireEvent.submit(screen.getByTestId('family-other').closest('form')!);
    await settle();
    expect(screen.getAllByTestId('family-row').map((r) => [r.dataset.key, r.querySelector('label')?.textContent])).toEqual([
      ['ability.area-lore', 'Area Lore'],
      ['ability.single-weapon', 'Single Weapon'],
    ]);
    await type(field('ability.area-lore'), '3');
    await fireEvent.click(document.querySelector('[data-testid="family-remove"][data-key="ability.single-weapon"]')!);
    await wait(800);
    const saved = backend('character_view', { id }) as CharacterView;
    expect(saved.character.values).toEqual({ 'ability.area-lore': 3 });
  });

  it('ticks a track box by box', async () => {
    installBackend();
    const id = create();
    await open(id);
    const box = (n: number) => document.querySelector<HTMLInputElement>(`[data-testid="track-box"][data-key="fatigue.short-term"][data-n="${n}"]`)!;
    await fireEvent.click(box(3));
    expect([1, 2, 3, 4, 5].map((n) => box(n).checked)).toEqual([true, true, true, false, false]);
    await fireEvent.click(box(3));
    expect([1, 2, 3, 4, 5].map((n) => box(n).checked)).toEqual([true, true, false, false, false]);
    expect(document.querySelector('[data-testid="track-count"][data-key="fatigue.short-term"]')?.textContent).toBe('2');
  });

  it('shows how a derived number is worked out on hover and on keyboard focus', async () => {
    installBackend();
    const id = create();
    backend('save_character', {
      character: {
        ...(backend('character_view', { id }) as CharacterView).character,
        values: { stamina: 2 },
        items: [{ entry_id: CHAIN, name: 'Chain Mail', kind: 'armor', quantity: 1, equipped: true, coverage: 'full', retired: false }],
      },
    });
    await open(id);
    const soak = stat('soak')!;
    expect(soak.dataset.value).toBe('11');
    expect(screen.queryByTestId('stat-terms')).toBeNull();
    await fireEvent.focusIn(soak);
    await settle();
    const terms = screen.getByTestId('stat-terms');
    expect(soak.getAttribute('aria-expanded')).toBe('true');
    expect(soak.getAttribute('aria-controls')).toBe(terms.id);
    expect(screen.getAllByTestId('stat-term').map((t) => t.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['Stamina +2', 'Chain Mail, full Prot +9']);
    expect(within(terms).getByText('Chain Mail, full Prot').getAttribute('href')).toBe(`#/entry/${CHAIN}`);
    expect(within(terms).getByTestId('stat-rule').getAttribute('href')).toBe('#/entry/ars-magica/rule/soak-total');
    await fireEvent.keyDown(soak, { key: 'Escape' });
    expect(screen.queryByTestId('stat-terms')).toBeNull();
    await fireEvent.pointerEnter(soak.parentElement!);
    await settle();
    expect(screen.getByTestId('stat-terms')).not.toBeNull();
    await fireEvent.pointerLeave(soak.parentElement!);
    await wait(320); // the time to cross from the row to the card beside the panel
    expect(screen.queryByTestId('stat-terms')).toBeNull();
  });

  it('opens a breakdown in the top layer, above the scrolling derived panel that would clip it', async () => {
    // jsdom has no top layer: record what the card asks of it.
    const shown: HTMLElement[] = [];
    HTMLElement.prototype.showPopover = function (this: HTMLElement) {
      shown.push(this);
    };
    try {
      installBackend();
      const id = create();
      await open(id);
      for (const key of ['weapon.fist.attack', 'load', 'soak']) {
        await fireEvent.click(stat(key)!);
        await settle();
        const card = document.querySelector<HTMLElement>(`[data-testid="stat-terms"][data-key="${key}"]`)!;
        expect(card.getAttribute('popover')).toBe('manual');
        expect(shown.at(-1)).toBe(card);
        await fireEvent.click(stat(key)!);
        await settle();
      }
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
    }
  });

  it('opens the derived stats over the sheet from the toolbar, and Escape closes them', async () => {
    installBackend();
    const id = create();
    await open(id);
    const toggle = screen.getByTestId('derived-toggle');
    const side = screen.getByTestId('derived-side');
    expect(toggle.getAttribute('aria-controls')).toBe(side.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(side.classList.contains('drawer')).toBe(false);
    await fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(side.classList.contains('drawer')).toBe(true);
    expect(within(side).getByTestId('derived-panel')).not.toBeNull();
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(side.classList.contains('drawer')).toBe(false);
    await fireEvent.click(toggle);
    await fireEvent.click(screen.getByTestId('derived-close'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('saves what is still waiting when the page closes', async () => {
    const calls = installBackend();
    const id = create();
    const page = await open(id);
    await type(field('concept'), 'Hunter');
    page.unmount();
    await settle();
    expect(count(calls, 'save_character')).toBe(1);
    const stored = backend('character_view', { id }) as CharacterView;
    expect(stored.character.values).toEqual({ concept: 'Hunter' });
  });

  it('saves a waiting change at once when the window loses focus or is hidden', async () => {
    const calls = installBackend();
    const id = create();
    await open(id);
    await type(field('concept'), 'Hunter');
    await fireEvent.blur(window);
    await settle();
    expect(count(calls, 'save_character'), 'no 800 ms wait when leaving the window').toBe(1);
    expect(status().dataset.state).toBe('saved');

    await type(field('concept'), 'Hunter, tracker');
    await fireEvent(window, new Event('pagehide'));
    await settle();
    expect(count(calls, 'save_character')).toBe(2);
    const stored = backend('character_view', { id }) as CharacterView;
    expect(stored.character.values).toEqual({ concept: 'Hunter, tracker' });
  });
});

describe('recovery on the sheet', () => {
  /** The stored view with a wound track in place of the fixture's unhurt one. */
  function wounded(id: number, wounds: CharacterView['recovery'] extends infer R ? (R extends { wounds: infer W } ? W : never) : never): CharacterView {
    const view = backend<CharacterView>('character_view', { id });
    return { ...view, recovery: { ...view.recovery!, wounds, next: wounds[0]?.level ?? null } };
  }
  const medium = { level: 'medium', count: 1, interval: 'one month', stable_ease: 6, improvement_ease: 12, carried: [0] };

  it('shows an Ars Magica sheet’s track, and no panel on a sheet without one', async () => {
    installBackend();
    await open(create());
    expect(screen.getByTestId('recovery-panel')).toBeTruthy();
    expect(screen.getByTestId('recovery-none').textContent).toContain('No wounds');
    document.body.innerHTML = '';
    await open(create('mythcraft', 'Vex'));
    expect(screen.getByTestId('character-sheet').dataset.system).toBe('mythcraft');
    expect(screen.queryByTestId('recovery-panel')).toBeNull();
  });

  it('rolls the due wound with the typed die and shows the result and the new track', async () => {
    const id = create();
    let healed = false;
    const calls = installBackend({
      character_view: () => (healed ? wounded(id, []) : wounded(id, [medium])),
      character_recover: () => {
        healed = true;
        return {
          character: id,
          revision: 2,
          changed: true,
          level: 'medium',
          bonus: 0,
          rolled: null,
          die: 11,
          total: 12,
          result: 'improves',
          new_level: 'light',
          bonus_next: 0,
          terms: [
            { label: 'Stress die', value: 11, op: 'add', rule: null },
            { label: 'Stamina', value: 1, op: 'add', rule: null },
          ],
          note: 'Recovery roll',
          dies: false,
          interpretations: [],
          due: wounded(id, []).recovery,
        };
      },
    });
    await open(id);
    const due = screen.getByTestId('recovery-due');
    expect(due.dataset.level).toBe('medium');
    expect(due.textContent).toContain('holds at 6, improves at 12');
    expect((screen.getByTestId('recovery-wound') as HTMLSelectElement).value).toBe('medium');
    expect((screen.getByTestId('recovery-die') as HTMLInputElement).placeholder).toBe('rolled by Tome');

    await type(screen.getByTestId('recovery-die'), '11');
    await fireEvent.click(screen.getByTestId('recovery-roll'));
    await settle(10);
    const sent = calls.find((c) => c.cmd === 'character_recover')!;
    expect(sent.args).toEqual({ id, roll: { wound: 'medium', roll: 11, medic: 0, magic: 0, overexertion: false, seed: null } });
    const result = screen.getByTestId('recovery-result');
    expect(result.textContent).toContain('12, improves → Light');
    expect(result.textContent).toContain('Saved as revision 2');
    expect(screen.getByTestId('recovery-none').textContent).toContain('No wounds');
  });

  it('refuses a die that is not a whole number beside the button, calling nothing', async () => {
    const id = create();
    const calls = installBackend({ character_view: () => wounded(id, [medium]) });
    await open(id);
    await type(screen.getByTestId('recovery-die'), 'five');
    await fireEvent.click(screen.getByTestId('recovery-roll'));
    await settle();
    expect(screen.getByTestId('recovery-error').textContent).toContain('Stress die');
    expect(count(calls, 'character_recover')).toBe(0);
  });
});
