// Issue 43: a fight runs again as a new prepared one (from an ended fight's page and from
// the list), a quick combatant goes to the library from its row, and the attack form
// starts from the attacker's weapons from the library. The core works each out; the page
// only shows it.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import { backend, installBackend, settle } from './backend';

const armed = {
  system: 'mythcraft',
  name: 'Goblin',
  stats: { 'max-hp': 12, cor: 4 },
  attacks: [
    { name: 'Rusty blade', numbers: '+3, 1d6+2 sharp, melee' },
    { name: 'Sling', numbers: '+2, 1d4 blunt, ranged' },
  ],
};

/** Two hidden goblins of the library in a MythCraft ambush. */
function ambush() {
  backend('create_adversary', { adversary: armed });
  backend('create_encounter', { system: 'mythcraft', name: 'Ambush', mode: null });
  backend('encounter_add_adversary', { id: 1, adversary: 'Goblin', count: 2, hidden: true });
}

function field(name: string): HTMLInputElement | HTMLSelectElement {
  return screen.getByTestId('action-fields').querySelector(`[data-param="${name}"]`) as HTMLInputElement;
}

describe('prepared fights and the library in the tracker', () => {
  it("runs an ended fight again from its page: a prepared copy with the same goblins, hidden, at full HP", async () => {
    const calls = installBackend();
    ambush();
    backend('encounter_end', { id: 1, apply: true });
    window.location.hash = '#/encounter/1';
    render(App);
    const again = await waitFor(() => screen.getByTestId('encounter-run-again'));
    await settle(12);
    await fireEvent.click(again);
    await waitFor(() => expect(window.location.hash).toBe('#/encounter/2'));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(12);
    expect(calls.filter((c) => c.cmd === 'encounter_again').map((c) => c.args)).toEqual([{ id: 1, name: null }]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ambush (again)');
    expect(screen.getByTestId('encounter-status').textContent).toBe('Not started');
    const rows = screen.getAllByTestId('combatant');
    expect(rows.map((r) => r.dataset.name)).toEqual(['Goblin 1', 'Goblin 2']);
    expect(rows.every((r) => r.textContent!.includes('hidden') && r.textContent!.includes('12'))).toBe(true);
    // A prepared copy is not ended: it offers no "Run again" of its own until it is.
    expect(screen.queryByTestId('encounter-run-again')).toBeNull();
  });

  it('runs a fight again from the encounters list', async () => {
    installBackend();
    ambush();
    backend('encounter_end', { id: 1, apply: true });
    window.location.hash = '#/encounters';
    render(App);
    const row = await waitFor(() => screen.getAllByTestId('encounter-row').find((r) => r.dataset.id === '1')!);
    await fireEvent.click(within(row).getByTestId('encounter-run-again'));
    await waitFor(() => expect(window.location.hash).toBe('#/encounter/2'));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(12);
    expect(screen.getAllByTestId('combatant').map((r) => r.dataset.name)).toEqual(['Goblin 1', 'Goblin 2']);
  });

  it("fills the attack form from the attacker's weapons, and another weapon on a click", async () => {
    installBackend();
    ambush();
    backend('encounter_start', { id: 1, rolls: [['Goblin 1', 15], ['Goblin 2', 5]], tieRolls: [] });
    window.location.hash = '#/encounter/1';
    render(App);
    const pick = await waitFor(() => screen.getByTestId('action-name'));
    await fireEvent.change(pick, { target: { value: 'attack' } });
    await settle(8);
    const chips = screen.getAllByTestId('action-attack');
    expect(chips.map((c) => c.textContent)).toEqual(['Rusty blade', 'Sling']);
    expect(chips[0].getAttribute('aria-pressed')).toBe('true');
    expect([field('dice').value, field('modifier').value, field('type').value, field('range').value]).toEqual(['1d6', '2', 'sharp', 'melee']);
    await fireEvent.click(chips[1]);
    await settle(4);
    expect([field('dice').value, field('type').value, field('range').value]).toEqual(['1d4', 'blunt', 'ranged']);
    // The blade's +2 is taken back out: the modifier is at its default again, behind "More".
    expect(field('modifier')).toBeNull();
  });

  it('saves a bandit typed mid-fight to the library from its row', async () => {
    const calls = installBackend();
    backend('create_encounter', { system: 'mythcraft', name: 'Road', mode: null });
    backend('encounter_add_npc', { id: 1, name: 'Bandit', count: 1, stats: { 'max-hp': 14, cor: 2 }, hidden: null });
    window.location.hash = '#/encounter/1';
    render(App);
    const save = await waitFor(() => screen.getByTestId('combatant-save-adversary'));
    await settle(12);
    expect(save.getAttribute('aria-label')).toBe('Save to library: Bandit');
    await fireEvent.click(save);
    await settle(12);
    expect(calls.filter((c) => c.cmd === 'encounter_save_adversary').map((c) => c.args)).toEqual([{ id: 1, name: 'Bandit', adversaryName: null }]);
    expect(screen.getByTestId('encounter-stepped').textContent).toContain("Bandit is in your adversaries, with Bandit's stats");
  });

  it("prints the fight's adversary cards from its page: the preview asks for the encounter's cards, Save PDF… writes them on the paper chosen", async () => {
    const calls = installBackend();
    ambush();
    backend('encounter_start', { id: 1, rolls: [['Goblin 1', 15], ['Goblin 2', 5]], tieRolls: [] });
    window.location.hash = '#/encounter/1';
    render(App);
    const print = await waitFor(() => screen.getByTestId('encounter-print-cards'));
    await settle(8);
    expect(print.textContent).toBe('Print cards…');
    expect(print.className).toBe(screen.getByTestId('encounter-end').className);
    await fireEvent.click(print);
    await settle(12);
    const previews = () => calls.filter((c) => c.cmd === 'pdf_preview').map((c) => c.args);
    expect(previews()).toEqual([{ source: { encounter: 1 }, options: { paper: 'letter', cards: true, printed: null } }]);
    expect(screen.getByTestId('pdf-names').textContent).toBe('Ambush adversary cards');
    expect(screen.getByTestId('pdf-note').textContent).toContain('One card for each kind of adversary in Ambush');
    const a4 = screen.getAllByTestId('pdf-paper').find((p) => (p as HTMLInputElement).value === 'a4')!;
    await fireEvent.click(a4);
    await settle(12);
    expect(previews()[1].options).toEqual({ paper: 'a4', cards: true, printed: null });
    await fireEvent.click(screen.getByTestId('pdf-save'));
    await settle(12);
    const saved = calls.filter((c) => c.cmd === 'export_pdf').map((c) => c.args);
    expect(saved).toEqual([{ source: { encounter: 1 }, options: { paper: 'a4', cards: true, printed: null }, fileName: 'Ambush adversary cards.pdf' }]);
    expect(screen.queryByTestId('pdf-dialog')).toBeNull();
    expect(screen.getByTestId('encounter-print-notice').textContent).toContain('Ambush adversary cards.pdf');
  });
});
