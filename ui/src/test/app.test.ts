import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import App from '../App.svelte';
import { backend, expectSaid, installBackend, settle } from './backend';

async function open(hash: string) {
  window.location.hash = hash;
  render(App);
}

async function go(hash: string) {
  window.location.hash = hash;
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

const column = (table: HTMLElement, index: number) =>
  [...table.querySelectorAll('tbody tr')].map((tr) => tr.children[index].textContent?.trim());

describe('app', () => {
  it('welcomes with the five systems and their entry counts', async () => {
    installBackend();
    await open('#/');
    const home = await screen.findByTestId('home');
    await waitFor(() => expect(within(home).getAllByRole('link', { name: /entries/ })).toHaveLength(5));
    expect(home.textContent).toContain('Ars Magica');
    expect(home.textContent).toContain('112 entries');
    expect(home.textContent).toContain('MLAF (Blood Bowl)');
    const systems = screen.getAllByTestId('nav-system').map((a) => a.dataset.system);
    expect(systems).toEqual(['ars-magica', 'mythcraft', 'amtgard', 'mlaf', 'primal-wild']);
  });

  it('explains the search filters on the start page', async () => {
    installBackend();
    await open('#/');
    const tip = await screen.findByTestId('search-filters');
    const codes = [...tip.querySelectorAll('code')].map((c) => c.textContent);
    expect(codes).toContain('sys:amtgard');
    expect(codes).toContain('kind:spell');
    expect(codes).toContain('in:spell');
  });

  it('lists only the kinds a system has, linking to their lists', async () => {
    installBackend();
    await open('#/browse/mlaf');
    await screen.findByTestId('system-view');
    const kinds = screen.getAllByTestId('nav-kind');
    expect(kinds.map((a) => a.dataset.kind)).toEqual(['rule', 'spell', 'position', 'table']);
    expect(kinds.map((a) => a.getAttribute('href'))).toContain('#/browse/mlaf/position');
    await fireEvent.click(screen.getAllByTestId('nav-system').find((a) => a.dataset.system === 'amtgard')!);
    await waitFor(() => expect(window.location.hash).toBe('#/browse/amtgard'));
    await waitFor(() =>
      expect(screen.getAllByTestId('nav-kind').map((a) => a.querySelector('.label')?.textContent)).toEqual([
        'Rules',
        'States',
        'Schools',
        'Special effects',
        'Tables',
      ]),
    );
  });

  it('sorts the weapon table by a column, n/a last, and toggles the direction', async () => {
    installBackend();
    await open('#/browse/ars-magica/weapon');
    const table = await screen.findByTestId('weapon-table');
    expect(screen.getByTestId('entry-list')).toBeTruthy();
    const atk = table.querySelector<HTMLButtonElement>('button[data-sort="atk"]')!;
    const th = atk.closest('th')!;
    expect(th.getAttribute('aria-sort')).toBe('none');
    // Each heading's accessible name starts with what it shows ("Init"), as speech input
    // users say it; the full name and the sort follow.
    for (const b of table.querySelectorAll<HTMLButtonElement>('button[data-sort]')) {
      const shown = b.querySelector('span')!.textContent!.trim();
      expect(b.getAttribute('aria-label')!.startsWith(shown), `${b.getAttribute('aria-label')} / ${shown}`).toBe(true);
    }
    expect(table.querySelector('button[data-sort="init"]')!.getAttribute('aria-label')).toMatch(/^Init \(Initiative.*\), not sorted$/);

    await fireEvent.click(atk);
    expect(th.getAttribute('aria-sort')).toBe('ascending');
    expect(atk.textContent).toContain('▲');
    const fill = (n: number, v: string) => Array<string>(n).fill(v);
    expect(column(table, 3)).toEqual([...fill(6, '0'), ...fill(4, '+1'), ...fill(6, '+2'), ...fill(9, '+3'), ...fill(6, '+4'), '+5', '+5', '+6', 'n/a']);
    expect(column(table, 0)[34]).toBe('Dodge');

    await fireEvent.click(atk);
    expect(th.getAttribute('aria-sort')).toBe('descending');
    expect(atk.textContent).toContain('▼');
    expect(column(table, 3)).toEqual(['+6', '+5', '+5', ...fill(6, '+4'), ...fill(9, '+3'), ...fill(6, '+2'), ...fill(4, '+1'), ...fill(6, '0'), 'n/a']);
    expect(column(table, 0)[0]).toBe('Warhammer');

    await fireEvent.click(table.querySelector<HTMLButtonElement>('button[data-sort="name"]')!);
    expect(column(table, 0)[0]).toBe('Axe');
    expect(th.getAttribute('aria-sort')).toBe('none');
  });

  it('opens an entry when its row is clicked', async () => {
    installBackend();
    await open('#/browse/ars-magica/armor');
    const table = await screen.findByTestId('armor-table');
    const row = table.querySelector<HTMLElement>('tr[data-id="ars-magica/armor/chain-mail"]')!;
    await fireEvent.click(row.querySelector('td')!);
    expect(window.location.hash).toBe('#/entry/ars-magica/armor/chain-mail');
  });

  it('shows the roster with costs in thousands', async () => {
    installBackend();
    await open('#/browse/mlaf/position');
    const table = await screen.findByTestId('position-table');
    const siren = table.querySelector('tr[data-id="mlaf/position/siren"]')!;
    expect(siren.textContent).toContain('Amazon');
    expect(siren.textContent).toContain('100,000');
    expect(siren.textContent).toContain('Dodge, Level 1, Siren Song');
    await fireEvent.click(table.querySelector<HTMLButtonElement>('button[data-sort="cost"]')!);
    const costs = column(table, 8).map((c) => Number(c!.replace(/,/g, '')));
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
  });

  it('shows an entry with its detail, references and source', async () => {
    installBackend();
    await open('#/entry/mythcraft/condition/broken');
    const view = await screen.findByTestId('entry-view');
    expect(view.dataset.id).toBe('mythcraft/condition/broken');
    expect(screen.getByTestId('entry-name').textContent).toBe('Broken');
    expect(document.title).toBe('Broken — Tome');
    expect(view.querySelector('.badge.kind')?.textContent).toBe('condition');
    // Body: sanitized Markdown.
    expect(view.querySelector('.prose strong')?.textContent).toBe('Frightened');
    // "Includes" and "See also" name the linked entries once the index is in.
    await waitFor(() => {
      const links = [...view.querySelectorAll<HTMLAnchorElement>('a[data-entry-link]')];
      expect(links.map((a) => a.textContent)).toContain('Frightened');
    });
    const frightened = view.querySelector<HTMLAnchorElement>('a[data-entry-link][data-id="mythcraft/condition/frightened"]')!;
    expect(frightened.getAttribute('href')).toBe('#/entry/mythcraft/condition/frightened');
    expect(view.textContent).toContain('Includes');
    expect(view.textContent).toContain('See also');
    expect(view.textContent).toContain('MythCraft: Combat Quick Reference for MCs — Conditions List');
  });

  it('shows aliases and the formula of a rule', async () => {
    installBackend();
    await open('#/entry/ars-magica/rule/attack-total');
    const view = await screen.findByTestId('entry-view');
    expect(view.textContent).toContain('Also called');
    expect(view.textContent).toContain('Atk, Attack');
    expect(view.querySelector('[data-testid="rule-formula"]')?.textContent).toContain(
      'Dexterity + Combat Ability + Weapon Attack Modifier + Stress Die',
    );
  });

  it('lists the entries that refer to this one', async () => {
    installBackend();
    await open('#/entry/mythcraft/condition/frightened');
    const view = await screen.findByTestId('entry-view');
    const section = within(view).getByRole('region', { name: 'Referred to by' });
    await waitFor(() => expect(within(section).getByRole('link', { name: 'Broken' })).toBeTruthy());
    expect(within(section).getByRole('link', { name: 'Broken' }).dataset.id).toBe('mythcraft/condition/broken');
  });

  it('shows weapon statistics and a table entry with its Roll button', async () => {
    installBackend();
    await open('#/entry/ars-magica/weapon/mace-and-chain');
    const stats = await screen.findByTestId('weapon-stats');
    expect(stats.textContent).toMatch(/Init\s*\+2/);
    expect(stats.textContent).toMatch(/Dam\s*\+7/);
    go('#/entry/mlaf/table/spell-table');
    await waitFor(() => expect(screen.getByTestId('entry-name').textContent).toBe('Spell Table'));
    const roll = await screen.findByTestId('roll-button');
    // Issue 44: the button shows its key.
    expect(roll.querySelector('kbd')?.textContent).toBe('R');
  });

  // Issue 44: `?` lists every key, from anywhere but a field being typed in.
  it('opens the keyboard shortcuts with ?, and not while typing', async () => {
    installBackend();
    await open('#/');
    await fireEvent.keyDown(screen.getByTestId('search-input'), { key: '?' });
    expect(screen.queryByTestId('shortcuts-dialog')).toBeNull();
    await fireEvent.keyDown(document.body, { key: '?' });
    const dialog = await screen.findByTestId('shortcuts-dialog');
    expect(dialog.textContent).toContain('Undo');
    expect(dialog.textContent).toContain('Roll its dice');
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    await settle();
    expect(screen.queryByTestId('shortcuts-dialog')).toBeNull();
  });

  // Issue 44: the game master's screen is one click from the sidebar.
  it("reaches each system's game master's screen from the sidebar", async () => {
    installBackend();
    await open('#/browse/amtgard');
    await waitFor(() => expect(screen.getByTestId('nav-screen').dataset.system).toBe('amtgard'));
    const link = screen.getByTestId('nav-screen');
    expect(link.getAttribute('href')).toBe('#/screen/amtgard');
    expect(link.textContent).toContain('GM screen');
  });

  it('offers a search when an entry does not exist', async () => {
    const calls = installBackend();
    await open('#/entry/mlaf/spell/bolt-of-lightning');
    const panel = await screen.findByTestId('error-panel');
    expectSaid(panel, 'not_found', 'No such entry');
    await waitFor(() => expect(panel.querySelector('a[data-id="mlaf/spell/lightning-bolt"]')).not.toBeNull());
    // The suggestions come with the error: no second search for them.
    expect(calls.filter((c) => c.cmd === 'search')).toHaveLength(0);
    await fireEvent.click(within(panel).getByRole('button', { name: /Search for “bolt of lightning”/ }));
    await waitFor(() => expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe('bolt of lightning'));
    expect(document.activeElement).toBe(screen.getByTestId('search-input'));
  });

  it('explains a backend failure by its code and recovers on retry', async () => {
    let fail = true;
    installBackend({
      systems: () => {
        if (fail) throw { code: 'database', message: 'database is locked' };
        return [];
      },
    });
    await open('#/');
    const panel = await screen.findByTestId('error-panel');
    expectSaid(panel, 'database', 'database');
    fail = false;
    await fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('error-panel')).toBeNull());
  });

  it('goes back and forward with Alt+Left and Alt+Right', async () => {
    installBackend();
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    const forward = vi.spyOn(history, 'forward').mockImplementation(() => {});
    await open('#/');
    await fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true });
    await fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    await fireEvent.mouseUp(document.body, { button: 3 });
    expect(back).toHaveBeenCalledTimes(2);
    expect(forward).toHaveBeenCalledTimes(1);
    back.mockRestore();
    forward.mockRestore();
  });

  it("opens the character's system in the sidebar, not that of the last entry read", async () => {
    installBackend();
    await open('#/entry/mythcraft/condition/broken');
    await screen.findByTestId('entry-view');
    const expanded = () => screen.getAllByTestId('nav-system').filter((a) => a.getAttribute('aria-expanded') === 'true').map((a) => a.dataset.system);
    expect(expanded()).toEqual(['mythcraft']);
    const grim = (backend('create_character', { system: 'mlaf', name: 'Grim' }) as { id: number }).id;
    await go(`#/character/${grim}`);
    await screen.findByTestId('character-sheet');
    await waitFor(() => expect(expanded()).toEqual(['mlaf']));
  });

  it('hides and shows the sidebar', async () => {
    installBackend();
    await open('#/');
    const toggle = screen.getByRole('button', { name: /Hide the systems sidebar/ });
    await fireEvent.click(toggle);
    expect(document.getElementById('sidebar')?.hidden).toBe(true);
    expect(localStorage.getItem('tome.sidebar')).toBe('closed');
    await fireEvent.click(screen.getByRole('button', { name: /Show the systems sidebar/ }));
    expect(document.getElementById('sidebar')?.hidden).toBe(false);
  });

  it('keeps a name and a tooltip on each icon-only control of the top bar, and the word "only" by the system filter', async () => {
    installBackend();
    await open('#/browse/amtgard');
    for (const link of document.querySelectorAll<HTMLAnchorElement>('.topbar a.nav')) {
      expect(link.title).not.toBe('');
      expect(link.textContent?.trim()).not.toBe('');
    }
    const menu = document.querySelector<HTMLButtonElement>('.topbar button.menu')!;
    expect(menu.title).not.toBe('');
    expect(menu.getAttribute('aria-label')).not.toBe('');
    // Narrow windows hide the system's name (read out still), never the word by the box.
    const label = await screen.findByTestId('search-system-only-label');
    expect(label.textContent).toBe('Amtgard only');
    const outside = [...label.childNodes].filter((n) => !(n instanceof HTMLElement && n.classList.contains('only-system')));
    expect(outside.map((n) => n.textContent).join('').trim()).toBe('only');
  });

  it('returns to a list as it was left, filtered and sorted, on Back and Forward', async () => {
    installBackend();
    await open('#/browse/ars-magica/weapon');
    let table = await screen.findByTestId('weapon-table');
    const filter = () => screen.getByPlaceholderText(/^Filter/) as HTMLInputElement;
    const unsorted = column(table, 0);
    const everything = unsorted.length;
    await fireEvent.input(filter(), { target: { value: 'sword' } });
    await fireEvent.click(table.querySelector<HTMLButtonElement>('button[data-sort="dam"]')!);
    await fireEvent.click(table.querySelector<HTMLButtonElement>('button[data-sort="dam"]')!);
    const left = column(table, 0);
    expect(left.length).toBeGreaterThan(1);
    expect(left.length).toBeLessThan(everything);
    expect(left).toContain('Sword, Long');

    await go('#/entry/ars-magica/weapon/sword-long');
    await screen.findByTestId('entry-view');
    history.back();
    await waitFor(() => expect(window.location.hash).toBe('#/browse/ars-magica/weapon'));
    table = await screen.findByTestId('weapon-table');
    expect(filter().value).toBe('sword');
    expect(column(table, 0)).toEqual(left);
    const dam = table.querySelector<HTMLButtonElement>('button[data-sort="dam"]')!;
    expect(dam.closest('th')!.getAttribute('aria-sort')).toBe('descending');

    history.forward();
    await screen.findByTestId('entry-view');
    history.back();
    table = await screen.findByTestId('weapon-table');
    expect(column(table, 0)).toEqual(left);

    // The same list opened anew (a link, not Back) starts unfiltered and unsorted.
    await go('#/entry/ars-magica/weapon/sword-long');
    await screen.findByTestId('entry-view');
    await go('#/browse/ars-magica/weapon');
    await waitFor(() => expect(filter().value).toBe(''));
    table = await screen.findByTestId('weapon-table');
    expect(column(table, 0)).toEqual(unsorted);
  });
});
