// Issue 43: adversaries from the game master's library join a fight in one step, as many
// as asked, numbered, hidden on arrival when the box is ticked.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import { backend, installBackend, settle } from './backend';

describe('the adversaries library on the add form', () => {
  it('adds three goblins from the library, hidden, in one change', async () => {
    const calls = installBackend();
    const goblin = { system: 'mythcraft', name: 'Goblin', stats: { 'max-hp': 12, cor: 4 }, tags: ['goblinoid'] };
    backend('create_adversary', { adversary: goblin });
    backend('create_encounter', { system: 'mythcraft', name: 'Ambush', mode: null });
    window.location.hash = '#/encounter/1';
    render(App);

    const pick = (await waitFor(() => screen.getByTestId('adversary-pick'))) as HTMLInputElement;
    await fireEvent.input(screen.getByTestId('adversary-count'), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId('add-hidden'));
    // A misspelt name: the core says so, with the name meant.
    await fireEvent.input(pick, { target: { value: 'Gobbo' } });
    await fireEvent.click(screen.getByTestId('adversary-add'));
    await settle(12);
    expect(screen.getByTestId('add-refused').textContent).toContain('did you mean `Goblin`');
    await fireEvent.input(pick, { target: { value: 'Goblin' } });
    await fireEvent.submit(screen.getByTestId('adversary-form'));
    await settle(12);
    expect(document.activeElement).toBe(screen.getByTestId('adversary-pick'));

    const rows = screen.getAllByTestId('combatant');
    expect(rows.map((r) => r.dataset.name)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3']);
    expect(calls.filter((c) => c.cmd === 'encounter_add_adversary').map((c) => c.args.adversary)).toEqual(['Gobbo', 'Goblin']);
    expect(rows.every((r) => r.textContent!.includes('12'))).toBe(true);
    expect((screen.getByTestId('adversary-pick') as HTMLInputElement).value).toBe('');
  });

  it('opens a search hit on the library as its stat block, worked out by the core', async () => {
    installBackend();
    const goblin = { system: 'mythcraft', name: 'Goblin', stats: { 'max-hp': 12, cor: 4 }, tags: ['goblinoid'] };
    // Numbered after Tome's starters, which every library is given.
    const made = backend<{ adversary: { id: number } }>('create_adversary', { adversary: goblin });
    window.location.hash = `#/entry/mythcraft/adversary/${made.adversary.id}`;
    render(App);
    const view = await waitFor(() => screen.getByTestId('entry-view'));
    expect(view.dataset.kind).toBe('adversary');
    expect(screen.getByTestId('entry-name').textContent).toBe('Goblin');
    expect(view.textContent).toContain('Maximum HP');
    expect(view.textContent).toMatch(/AP at the start of each turn: 5/);
    // It opens in the library, where it is edited.
    expect(screen.getByTestId('entry-library').getAttribute('href')).toBe(`#/adversary/${made.adversary.id}`);
  });
});
