import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import RollTable from '../lib/components/RollTable.svelte';
import { expectSaid, installBackend } from './backend';

describe('roll table', () => {
  it('highlights the row roll_table picked and shows the dice', async () => {
    const calls = installBackend({
      roll_table: () => ({ roll: { dice: '3d6', faces: [4, 1, 4], total: 9 }, row: 6, text: '3d6: 4 + 1 + 4 = 9' }),
    });
    render(RollTable, { id: 'mlaf/table/spell-table' });
    const button = await screen.findByTestId('roll-button');
    expect(document.querySelector('tr.rolled')).toBeNull();
    expect(screen.queryByTestId('roll-result')).toBeNull();

    await fireEvent.click(button);
    await waitFor(() => expect(document.querySelector('tr.rolled')).not.toBeNull());
    expect(calls.filter((c) => c.cmd === 'roll_table')).toEqual([{ cmd: 'roll_table', args: { id: 'mlaf/table/spell-table' } }]);
    const rolled = document.querySelectorAll('tr.rolled');
    expect(rolled).toHaveLength(1);
    expect(rolled[0].querySelector('td')?.textContent).toBe('9');
    expect(rolled[0].textContent).toContain('Lightning Bolt');
    const result = screen.getByTestId('roll-result');
    expect(result.textContent).toBe('3d6: 4 + 1 + 4 = 9');
    // The row it picked is named next to the dice, linked to the spell.
    expect(result.parentElement?.textContent).toContain('Lightning Bolt');
    const outcome = screen.getByTestId('roll-outcome');
    expect(outcome.querySelector('a[data-entry-link]')?.getAttribute('href')).toBe('#/entry/mlaf/spell/lightning-bolt');
    // Every row that names a spell links to it.
    const power = [...document.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes('Power Drain'))!;
    const link = power.querySelector<HTMLAnchorElement>('a[data-entry-link]')!;
    expect(link.textContent).toBe('Power Drain');
    expect(link.dataset.id).toBe('mlaf/spell/power-drain');
  });

  it('moves the highlight on the next roll; R rolls too', async () => {
    let next = { roll: { dice: '1d20', faces: [3], total: 3 }, row: 2, text: '1d20: 3' };
    installBackend({ roll_table: () => next });
    render(RollTable, { id: 'mlaf/table/mutation-table' });
    await screen.findByTestId('roll-button');
    await fireEvent.keyDown(document.body, { key: 'r' });
    await waitFor(() => expect(screen.getByTestId('roll-result').textContent).toBe('1d20: 3'));
    const rows = [...document.querySelectorAll('tbody tr')];
    expect(rows.findIndex((r) => r.classList.contains('rolled'))).toBe(2);

    next = { roll: { dice: '1d20', faces: [20], total: 20 }, row: rows.length - 1, text: '1d20: 20' };
    await fireEvent.click(screen.getByTestId('roll-button'));
    await waitFor(() => expect(screen.getByTestId('roll-result').textContent).toBe('1d20: 20'));
    expect(rows.findIndex((r) => r.classList.contains('rolled'))).toBe(rows.length - 1);
    expect(document.querySelectorAll('tr.rolled')).toHaveLength(1);
  });

  it('shows a lookup table without a Roll button', async () => {
    installBackend();
    render(RollTable, { id: 'ars-magica/table/damage-table' });
    const table = await screen.findByTestId('roll-table');
    expect(table.querySelectorAll('thead th')).toHaveLength(6);
    expect(table.querySelector('tbody tr')?.textContent).toContain('-4 or less');
    expect(screen.queryByTestId('roll-button')).toBeNull();
  });

  it('explains a failed load by its code', async () => {
    installBackend({
      get_table: () => {
        throw { code: 'database', message: 'database is locked' };
      },
    });
    render(RollTable, { id: 'mlaf/table/spell-table' });
    const panel = await screen.findByTestId('error-panel');
    expectSaid(panel, 'database', 'Try again');
  });
});
