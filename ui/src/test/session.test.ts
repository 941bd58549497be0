import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import App from '../App.svelte';
import { parseHash } from '../lib/router';
import { backend, installBackend, settle } from './backend';

// jsdom has no canvas: the preview's page drawing is a stand-in (as in pdf.test.ts).
vi.mock('../lib/pdf-render', () => ({
  renderPage: vi.fn(async (_bytes: ArrayBuffer, page: number, canvas: HTMLCanvasElement) => {
    canvas.width = 140;
    canvas.height = 100;
    return { pages: 1, page, width: 792, height: 612 };
  }),
}));

async function open(hash: string) {
  window.location.hash = hash;
  render(App);
  await settle(12);
}

async function go(hash: string) {
  window.location.hash = hash;
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  await settle(12);
}

const panels = () => screen.getAllByTestId('screen-panel').map((p) => p.querySelector('.title')!.textContent);

describe("the game master's screen", () => {
  it('has its route', () => {
    expect(parseHash('#/screen/mlaf')).toEqual({ name: 'screen', system: 'mlaf' });
    expect(parseHash('#/screen').name).toBe('unknown');
  });

  it('prints landscape, takes a table pinned from its page, reorders, unpins and resets', async () => {
    const calls = installBackend();
    await open('#/screen/mlaf');
    expect(panels()).toEqual(['Spell Table', 'Casting', 'Abbreviations']);
    expect(screen.getByTestId('gm-screen').textContent).toContain('as shipped');

    await fireEvent.click(screen.getByTestId('screen-print'));
    await settle(12);
    const preview = calls.find((c) => c.cmd === 'pdf_preview')!;
    expect(preview.args.source).toEqual({ screen: 'mlaf' });
    expect(screen.getByTestId('pdf-preview').getAttribute('style')).toContain('aspect-ratio: 792 / 612');
    expect(screen.queryByTestId('pdf-cards')).toBeNull();
    await fireEvent.click(screen.getByTestId('pdf-save'));
    await settle(12);
    expect(calls.find((c) => c.cmd === 'export_pdf')!.args.fileName).toBe("MLAF (Blood Bowl) game master's screen.pdf");
    expect(screen.getByTestId('screen-notice').textContent).toContain('Documents');

    // Pinned from the table's own page; pinning it again says it is there already.
    await go('#/entry/mlaf/table/mutation-table');
    await fireEvent.click(screen.getByTestId('entry-pin'));
    await settle(8);
    expect(screen.getByTestId('entry-pinned').textContent).toContain('panel 4');
    await fireEvent.click(screen.getByTestId('entry-pin'));
    await settle(8);
    expect(screen.getByTestId('entry-pinned').dataset.code).toBe('conflict');

    await go('#/screen/mlaf');
    expect(panels()).toEqual(['Spell Table', 'Casting', 'Abbreviations', 'Mutation Table']);
    expect(screen.getByTestId('gm-screen').textContent).toContain('your own');
    await fireEvent.click(screen.getAllByTestId('panel-up')[3]);
    await settle(8);
    expect(panels()).toEqual(['Spell Table', 'Casting', 'Mutation Table', 'Abbreviations']);
    await fireEvent.click(screen.getAllByTestId('panel-unpin')[0]);
    await settle(8);
    expect(panels()).toEqual(['Casting', 'Mutation Table', 'Abbreviations']);
    await fireEvent.click(screen.getByTestId('screen-reset'));
    await settle(8);
    expect(panels()).toEqual(['Spell Table', 'Casting', 'Abbreviations']);
    expect(calls.filter((c) => c.cmd.startsWith('screen_')).map((c) => c.cmd)).toEqual([
      'screen_pin',
      'screen_pin',
      'screen_move',
      'screen_unpin',
      'screen_reset',
    ]);
  });
});

describe('a party through an evening', () => {
  it('is made from ticked characters, joins a fight in one step, goes on to the next, and the evening is logged', async () => {
    backend('create_character', { system: 'mythcraft', name: 'Vex' });
    backend('create_character', { system: 'mythcraft', name: 'Oru' });
    const calls = installBackend();
    await open('#/characters');
    for (const box of screen.getAllByTestId('character-row').map((r) => r.querySelector('input[type="checkbox"]')!)) {
      await fireEvent.click(box);
    }
    const details = screen.getByTestId('parties') as HTMLDetailsElement;
    details.open = true;
    await fireEvent(details, new Event('toggle'));
    await settle(8);
    expect(screen.getByTestId('parties-empty')).not.toBeNull();
    await fireEvent.input(screen.getByTestId('party-name'), { target: { value: 'The Lanterns' } });
    await fireEvent.click(screen.getByTestId('party-create'));
    await settle(12);
    // In the list's order, by name.
    expect(screen.getAllByTestId('party-member').map((m) => m.textContent!.replace('×', '').trim())).toEqual(['Oru', 'Vex']);

    await fireEvent.click(screen.getByTestId('party-print'));
    await settle(12);
    expect(calls.find((c) => c.cmd === 'pdf_preview')!.args.source).toEqual({ party: 1 });
    await fireEvent.keyDown(screen.getByTestId('pdf-dialog'), { key: 'Escape' });
    await settle(4);

    await fireEvent.click(screen.getByLabelText('Take Vex out of The Lanterns'));
    await settle(8);
    expect(screen.getAllByTestId('party-member')).toHaveLength(1);
    await fireEvent.click(screen.getByTestId('party-add-ticked'));
    await settle(8);
    expect(screen.getAllByTestId('party-member')).toHaveLength(2);

    // A new fight; the party joins in one change.
    await go('#/encounters');
    await waitFor(() => expect((screen.getByTestId('new-encounter') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(screen.getByTestId('new-encounter'));
    await fireEvent.change(screen.getByTestId('new-encounter-system'), { target: { value: 'mythcraft' } });
    await fireEvent.input(screen.getByTestId('new-encounter-name'), { target: { value: 'Bridge' } });
    await fireEvent.click(screen.getByTestId('new-encounter-create'));
    await settle(10);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(12);
    await fireEvent.change(screen.getByTestId('party-pick'), { target: { value: '1' } });
    await fireEvent.click(screen.getByTestId('party-add'));
    await settle(10);
    expect(screen.getAllByTestId('combatant').map((r) => r.dataset.name)).toEqual(['Oru', 'Vex']);
    expect(calls.filter((c) => c.cmd === 'encounter_add_party')).toHaveLength(1);

    for (const [name, roll] of [['Oru', '9'], ['Vex', '12']]) {
      const input = screen.getAllByTestId('start-roll').find((i) => i.dataset.name === name)!;
      await fireEvent.input(input, { target: { value: roll } });
    }
    await fireEvent.click(screen.getByTestId('encounter-start'));
    await settle(10);
    const vex = screen.getAllByTestId('combatant').find((r) => r.dataset.name === 'Vex')!;
    await fireEvent.click(vex.querySelector('[data-testid="combatant-pick"]')!);
    await fireEvent.input(screen.getByTestId('hurt-amount'), { target: { value: '4' } });
    await fireEvent.click(screen.getByTestId('hurt-damage'));
    await settle(10);

    // End, write to the sheets, and on to the next fight with the same party.
    await fireEvent.click(screen.getByTestId('encounter-end'));
    await settle(8);
    // Issue 44: what lasts is said in the sheet's words, not its keys ("wounds.medium").
    const dialog = screen.getByTestId('encounter-end-dialog');
    expect(dialog.textContent).toMatch(/Vex\s*:\s*HP — → 6/);
    expect(dialog.textContent).not.toMatch(/\b[a-z]+[.-][a-z]+ \d/);
    await fireEvent.click(screen.getByTestId('encounter-next-fight'));
    await settle(12);
    expect(window.location.hash).toBe('#/encounter/2');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(12);
    expect(screen.getAllByTestId('combatant').map((r) => r.dataset.name)).toEqual(['Oru', 'Vex']);

    // The evening as one Markdown file, oldest fight first.
    await go('#/encounters');
    for (const box of screen.getAllByTestId('encounter-tick')) await fireEvent.click(box);
    await fireEvent.click(screen.getByTestId('session-log-export'));
    await settle(8);
    expect(calls.find((c) => c.cmd === 'export_session_log')!.args).toEqual({ pick: { ids: [1, 2] }, fileName: 'Session log.md' });
    expect(screen.getByTestId('encounter-list-notice').textContent).toContain('Session log.md');

    // Issue 44: the list says which fight is over, and deletes one after asking.
    const listed = (id: number) => screen.getAllByTestId('encounter-row').find((r) => r.dataset.id === String(id))!;
    expect(within(listed(1)).queryByTestId('encounter-ended')).not.toBeNull();
    expect(within(listed(2)).queryByTestId('encounter-ended')).toBeNull();
    await fireEvent.click(within(listed(2)).getByTestId('encounter-delete'));
    await settle(4);
    const ask = screen.getByTestId('encounter-delete-dialog');
    expect(ask.textContent).toContain('Delete Bridge (next)?');
    expect(calls.some((c) => c.cmd === 'delete_encounter'), 'nothing deleted before the answer').toBe(false);
    await fireEvent.click(screen.getByTestId('encounter-delete-confirm'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'delete_encounter')!.args).toEqual({ id: 2 });
    expect(screen.getAllByTestId('encounter-row').map((r) => r.dataset.id)).toEqual(['1']);
  });
});
