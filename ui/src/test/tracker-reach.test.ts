// Issue 33: the tracker in one hand. A MythCraft round with 8 combatants run from the
// action bar, and each defect the issue found, as the game master meets it.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { pageSystem } from '../lib/page-system.svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import { backend, installBackend, settle, shareStatus } from './backend';

/** The bridge (recorded in tests/ui_fixture.rs): 8 combatants, started, Skulker acting. */
function startBridge() {
  backend('create_encounter', { system: 'mythcraft', name: 'The bridge', mode: null });
  for (const [name, count, stats] of [
    ['Wren', 1, { 'max-hp': 20, awareness: 3, adventurer: 1 }],
    ['Skulker', 1, { 'max-hp': 14, awareness: 2 }],
    ['Goblin', 4, { 'max-hp': 8 }],
    ['Wolf', 2, { 'max-hp': 10, awareness: 1 }],
  ] as const) {
    backend('encounter_add_npc', { id: 1, name, count, stats });
  }
  const rolls = [['Wren', 9], ['Skulker', 17], ['Goblin 1', 12], ['Goblin 2', 11], ['Goblin 3', 6], ['Goblin 4', 4], ['Wolf 1', 14], ['Wolf 2', 2]];
  backend('encounter_start', { id: 1, rolls, tieRolls: [] });
}

/** The bridge, on the tracker's page. */
async function bridge(overrides: Parameters<typeof installBackend>[0] = {}) {
  const calls = installBackend(overrides);
  startBridge();
  window.location.hash = '#/encounter/1';
  render(App);
  await settle(12);
  return calls;
}

const bar = () => screen.getByTestId('hurt-panel');
const row = (name: string) => screen.getAllByTestId('combatant').find((r) => r.dataset.name === name)!;

describe('the tracker in one hand', () => {
  it('offers the system damage types as a closed list, blunt (the usual one) chosen', async () => {
    await bridge();
    const type = within(bar()).getByTestId('hurt-type') as HTMLSelectElement;
    expect(type.tagName).toBe('SELECT');
    expect(Array.from(type.options).map((o) => o.value)).toEqual(['blunt', 'sharp', 'cold', 'corrosive', 'electric', 'fire', 'toxic', 'necrotic', 'psychic', 'radiant', 'sonic', 'nonlethal']);
    expect(type.value).toBe('blunt');
  });

  it('runs a turn from the keyboard: J selects, D goes to the amount, Enter damages, N passes the turn, with the keys shown', async () => {
    const calls = await bridge();
    expect(bar().textContent).toMatch(/J.*K/);
    await fireEvent.keyDown(window, { key: 'j' });
    await settle();
    expect((screen.getByTestId('hurt-target') as HTMLSelectElement).value).toBe('Wolf 1');
    await fireEvent.keyDown(window, { key: 'k' });
    await settle();
    expect((screen.getByTestId('hurt-target') as HTMLSelectElement).value).toBe('Skulker');
    await fireEvent.keyDown(window, { key: 'd' });
    expect(document.activeElement).toBe(screen.getByTestId('hurt-amount'));
    await fireEvent.input(screen.getByTestId('hurt-amount'), { target: { value: '5' } });
    await fireEvent.change(screen.getByTestId('hurt-type'), { target: { value: 'fire' } });
    await fireEvent.keyDown(screen.getByTestId('hurt-amount'), { key: 'Enter' });
    await settle(10);
    expect(calls.some((c) => c.cmd === 'encounter_change' && JSON.stringify(c.args.event) === JSON.stringify({ type: 'damage', name: 'Skulker', amount: 5, kind: 'fire' }))).toBe(true);
    // The result is said in the bar, beside the controls that made it.
    expect(within(bar()).getByTestId('encounter-said').textContent).toContain('Skulker');
    expect(within(row('Skulker')).getByText('9')).not.toBeNull();
  });

  it('says a refusal inside the action bar, beside the Damage button', async () => {
    await bridge();
    installBackend({
      encounter_change: () => {
        throw { code: 'invalid_input', message: '`wood` is not a damage type' };
      },
    });
    await fireEvent.input(screen.getByTestId('hurt-amount'), { target: { value: '5' } });
    await fireEvent.click(screen.getByTestId('hurt-damage'));
    await settle(8);
    expect(within(bar()).getByTestId('encounter-refused').textContent).toContain('not a damage type');
  });

  it('shows a hero at 0 HP as Dying, not Bloodied, and warns before its turn with skip and remove', async () => {
    await bridge();
    expect((screen.getByTestId('hurt-target') as HTMLSelectElement).value).toBe('Skulker');
    await fireEvent.input(screen.getByTestId('hurt-amount'), { target: { value: '5' } });
    await fireEvent.change(screen.getByTestId('hurt-type'), { target: { value: 'fire' } });
    await fireEvent.click(screen.getByTestId('hurt-damage'));
    await settle(10);
    backend('encounter_condition', { id: 1, name: 'Skulker', condition: 'Dazed', duration: { kind: 'rounds', rounds: 1 }, remove: false, custom: false });
    await fireEvent.keyDown(window, { key: 'n' });
    await settle(10);
    await fireEvent.change(screen.getByTestId('hurt-target'), { target: { value: 'Wren' } });
    await fireEvent.change(screen.getByTestId('hurt-type'), { target: { value: 'blunt' } });
    await fireEvent.input(screen.getByTestId('hurt-amount'), { target: { value: '20' } });
    await fireEvent.click(screen.getByTestId('hurt-damage'));
    await settle(10);
    expect(within(row('Wren')).getByTestId('combatant-down').textContent).toBe('Dying');
    expect(row('Wren').querySelector('[data-key="bloodied"]')).toBeNull();
    expect(screen.queryByTestId('down-warning')).toBeNull();
    await fireEvent.keyDown(window, { key: 'n' });
    await settle(10);
    expect(screen.getByTestId('encounter-current').textContent).toBe('Wren');
    const warning = screen.getByTestId('down-warning');
    expect(warning.textContent).toContain('Wren is Dying');
    expect(within(warning).getByTestId('down-skip')).not.toBeNull();
    expect(within(warning).getByTestId('down-remove')).not.toBeNull();
  });

  it('shows the hero at 0 HP as Dying on the player view too, the word the GM sees', async () => {
    const { default: PlayerScreen } = await import('../lib/components/PlayerScreen.svelte');
    installBackend();
    startBridge();
    backend('encounter_change', { id: 1, event: { type: 'damage', name: 'Skulker', amount: 5, kind: 'fire' } });
    backend('encounter_condition', { id: 1, name: 'Skulker', condition: 'Dazed', duration: { kind: 'rounds', rounds: 1 }, remove: false, custom: false });
    backend('encounter_change', { id: 1, event: { type: 'next' } });
    backend('encounter_change', { id: 1, event: { type: 'damage', name: 'Wren', amount: 20, kind: 'blunt' } });
    window.location.hash = '#/player/1';
    render(PlayerScreen);
    await settle(10);
    const wren = screen.getAllByTestId('player-combatant').find((c) => c.dataset.name === 'Wren')!;
    expect(wren.textContent).toContain('Dying');
    expect(wren.textContent).not.toMatch(/\bDown\b|Bloodied/);
  });

  it('keeps Hide, Duplicate and Remove on the name line of each row, each named for its combatant', async () => {
    await bridge();
    const head = row('Goblin 3').querySelector('.row-head')!;
    expect(within(head as HTMLElement).getByTestId('combatant-remove').getAttribute('aria-label')).toBe('Remove Goblin 3');
    expect(within(head as HTMLElement).getByTestId('combatant-pick')).not.toBeNull();
  });

  it('shows the actions by their labels, not their keys', async () => {
    await bridge();
    const names = Array.from((screen.getByTestId('action-name') as HTMLSelectElement).options).map((o) => o.textContent ?? '');
    expect(names.length).toBeGreaterThan(3);
    for (const n of names) expect(n).not.toMatch(/-/);
  });

  it('condition picker: nothing highlighted until ↓, so "daze" ↓ Enter takes Dazed, not the row after it', async () => {
    await bridge();
    const field = screen.getByTestId('condition-name') as HTMLInputElement;
    await fireEvent.input(field, { target: { value: 'daze' } });
    await settle(10);
    const options = screen.getAllByTestId('condition-option');
    expect(options[0].dataset.id).toBe('mythcraft/condition/dazed');
    expect(options.filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([]);
    await fireEvent.keyDown(field, { key: 'ArrowDown' });
    await fireEvent.keyDown(field, { key: 'Enter' });
    await settle(10);
    expect(field.value).toBe('Dazed');
  });

  it('opens the new-encounter dialog on the system the GM is in, not always the first', async () => {
    installBackend();
    window.location.hash = '#/browse/mythcraft';
    render(App);
    await waitFor(() => expect(pageSystem.last).toBe('mythcraft'));
    window.location.hash = '#/encounters';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(12);
    await waitFor(() => expect((screen.getByTestId('new-encounter') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(screen.getByTestId('new-encounter'));
    await settle();
    expect((screen.getByTestId('new-encounter-system') as HTMLSelectElement).value).toBe('mythcraft');
    // Its Name label is the name box's own: clicking the word reaches the box.
    const name = screen.getByTestId('new-encounter-name') as HTMLInputElement;
    expect(name.labels).toHaveLength(1);
    expect(name.labels![0].textContent?.trim()).toBe('Name');
    expect(screen.getByLabelText('Name')).toBe(name);
  });

  it('shows a unit for a condition duration at all times: rounds where there are turns', async () => {
    await bridge();
    const unit = screen.getByTestId('condition-unit') as HTMLSelectElement;
    expect(unit.value).toBe('rounds');
    expect(unit.selectedOptions[0]?.textContent).toBe('rounds');
    // Until removed leaves the count aside, and still shows what it is.
    await fireEvent.change(unit, { target: { value: 'removed' } });
    await settle();
    expect(unit.selectedOptions[0]?.textContent).toBe('until removed');
    expect((screen.getByTestId('condition-length') as HTMLInputElement).disabled).toBe(true);
  });

  it("says a text field's format under it, not only in a tooltip", async () => {
    await bridge();
    await fireEvent.change(screen.getByTestId('action-name'), { target: { value: 'medicine' } });
    await settle();
    await fireEvent.click(screen.getByTestId('action-more'));
    await settle();
    const help = screen.getAllByTestId('action-param-help').find((h) => h.dataset.param === 'patient')!;
    expect(help.textContent).toContain('Who is Bleeding');
    // Who is Bleeding is one of the encounter's combatants: picked from them.
    const input = document.querySelector<HTMLSelectElement>('[data-testid="action-panel"] [data-param="patient"]')!;
    expect(input.tagName).toBe('SELECT');
    expect(Array.from(input.options).map((o) => o.value)).toContain('Wolf 2');
    expect(input.getAttribute('aria-describedby')).toBe(help.id);
  });

  // Issue 33: the system's own moves were in a panel below the list, out of reach on a
  // long fight. They sit in the sticky bar now, their fields opening above it.
  it("keeps the system's actions in the bar: the choice, By and Do it, the fields above it", async () => {
    await bridge();
    const panel = within(bar()).getByTestId('action-panel');
    expect((within(panel).getByTestId('action-run') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.change(within(panel).getByTestId('action-name'), { target: { value: 'attack' } });
    await settle();
    expect(within(panel).getByTestId('action-who')).not.toBeNull();
    expect((within(panel).getByTestId('action-run') as HTMLButtonElement).disabled).toBe(false);
    expect(within(panel).getByTestId('action-fields').querySelector('[data-param="roll"]')).not.toBeNull();
  });

  // Issue 44: By stayed on whoever acted last, so an attack on the Goblin's turn went out
  // under Mira's name. It follows the turn; picking someone else says it is out of turn.
  it("puts whoever's turn it is in By after Next and Undo, and says when By is someone else", async () => {
    await bridge();
    const panel = () => within(bar()).getByTestId('action-panel');
    await fireEvent.change(within(panel()).getByTestId('action-name'), { target: { value: 'attack' } });
    await settle();
    const by = () => within(panel()).getByTestId('action-who') as HTMLSelectElement;
    expect(by().value).toBe('Skulker');
    expect(within(panel()).queryByTestId('action-out-of-turn')).toBeNull();
    await fireEvent.keyDown(window, { key: 'n' });
    await settle(10);
    expect(screen.getByTestId('encounter-current').textContent).toBe('Wolf 1');
    expect(by().value).toBe('Wolf 1');
    await fireEvent.change(by(), { target: { value: 'Goblin 1' } });
    await settle();
    expect(within(panel()).getByTestId('action-out-of-turn').textContent).toBe("Out of turn: it is Wolf 1's turn");
    await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await settle(10);
    expect(screen.getByTestId('encounter-current').textContent).toBe('Skulker');
    expect(by().value).toBe('Skulker');
    expect(within(panel()).queryByTestId('action-out-of-turn')).toBeNull();
  });

  // Issue 33: a closed list is a choice, not free text, and the list is the core's (the
  // kit's `choices`): MythCraft's attack offers the damage types the Damage button does.
  it("offers an action's closed list as choices from the core, a typed prefix enough", async () => {
    await bridge();
    await fireEvent.change(screen.getByTestId('action-name'), { target: { value: 'attack' } });
    await settle();
    await fireEvent.click(screen.getByTestId('action-more'));
    await settle();
    const fields = screen.getByTestId('action-fields');
    const type = fields.querySelector<HTMLInputElement>('[data-param="type"]')!;
    expect(type.getAttribute('role')).toBe('combobox');
    const damageTypes = Array.from((screen.getByTestId('hurt-type') as HTMLSelectElement).options).map((o) => o.value);
    // Typing narrows the list; nothing is highlighted until ↓ (the rule of every picker).
    await fireEvent.input(type, { target: { value: 'fi' } });
    await settle();
    const options = () => within(fields).getAllByTestId('list-option');
    expect(options()[0].textContent?.trim()).toBe('fire');
    expect(options().filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([]);
    await fireEvent.keyDown(type, { key: 'ArrowDown' });
    await fireEvent.keyDown(type, { key: 'Enter' });
    await settle();
    expect(type.value).toBe('fire');
    // ↓ on an empty field opens the whole list: the system's damage types, as the bar's.
    await fireEvent.input(type, { target: { value: '' } });
    await fireEvent.keyDown(type, { key: 'ArrowDown' });
    await settle();
    expect(options().map((o) => o.textContent?.trim())).toEqual(damageTypes);
    // A prefix that begins one type alone is completed on leaving the field.
    await fireEvent.input(type, { target: { value: 'ele' } });
    await fireEvent.focusOut(type);
    await settle();
    expect(type.value).toBe('electric');
    // The target is one of the encounter's combatants.
    const target = fields.querySelector<HTMLSelectElement>('[data-param="target"]')!;
    expect(target.tagName).toBe('SELECT');
    expect(Array.from(target.options).map((o) => o.value)).toContain('Goblin 3');
  });

  it('shows the damage, heal and undo shortcuts on screen, not only in tooltips', async () => {
    await bridge();
    expect(within(bar()).getByTestId('hurt-damage').querySelector('kbd')?.textContent).toBe('Enter');
    expect(within(bar()).getByTestId('hurt-heal').querySelector('kbd')?.textContent).toBe('Shift+Enter');
    expect(screen.getByTestId('encounter-undo').querySelector('kbd')?.textContent).toBe('Ctrl+Z');
  });
});

describe('actions sent from the phones (issue 42)', () => {
  const proposal = {
    id: 7,
    device: 1,
    from: "Ann's phone",
    encounter: 1,
    actor: 'Skulker',
    action: 'attack',
    inputs: { target: 'Goblin 1', roll: '18', amount: '5', range: 'melee', ap: '2' },
    asked: 'attack: amount 5, ap 2, range melee, roll 18, target Goblin 1',
    outcome: { lines: ['Skulker hits Goblin 1: 18 against AR 10; Goblin 1 loses 5 HP (8 → 3)'], table: ['Goblin 1: Bloodied'] },
    problem: null,
    rolled: [],
  };

  async function sharing() {
    const status = shareStatus({ proposals: [proposal], chosen: null, showing: null });
    let waiting = true;
    return bridge({
      share_status: () => ({ ...status, proposals: waiting ? [proposal] : [] }),
      // No player's character in the bridge's fight: no field is a phone's.
      encounter_phone_fields: () => [],
      share_accept_proposal: () => {
        waiting = false;
        return backend('encounter', { id: 1 });
      },
      share_decline_proposal: () => {
        waiting = false;
        return null;
      },
    });
  }

  it('shows who sent what with the numbers, and Enter accepts the oldest', async () => {
    const calls = await sharing();
    const strip = await screen.findByTestId('proposals');
    expect(strip.textContent).toContain("Skulker (Ann's phone)");
    expect(within(strip).getByTestId('proposal-outcome').textContent).toContain('loses 5 HP');
    await fireEvent.keyDown(document.body, { key: 'Enter' });
    await settle();
    expect(calls.find((c) => c.cmd === 'share_accept_proposal')?.args).toEqual({ id: 7 });
  });

  it('E opens it in the action form to change; X declines it with a word back', async () => {
    const calls = await sharing();
    await screen.findByTestId('proposals');
    await fireEvent.keyDown(document.body, { key: 'e' });
    await settle();
    expect((screen.getByTestId('action-name') as HTMLSelectElement).value).toBe('attack');
    expect(screen.getByTestId('action-run').textContent).toBe('Accept as changed');
    await fireEvent.keyDown(document.body, { key: 'x' });
    await settle();
    await fireEvent.input(screen.getByTestId('decline-word'), { target: { value: 'out of reach' } });
    await fireEvent.click(screen.getByTestId('decline-send'));
    await settle();
    expect(calls.find((c) => c.cmd === 'share_decline_proposal')?.args).toEqual({ id: 7, word: 'out of reach' });
  });
});
