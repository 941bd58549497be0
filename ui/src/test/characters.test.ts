import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../App.svelte';
import type { CharacterView } from '../lib/bindings/CharacterView';
import { backend, expectSaid, installBackend, settle } from './backend';
import type { Recording } from '../lib/fixture-backend';
import fixture from './fixture.json?raw';

async function open(hash: string) {
  window.location.hash = hash;
  render(App);
  await settle(10);
}

function create(system = 'ars-magica', name = 'Brother Aldo'): number {
  return (backend('create_character', { system, name }) as { id: number }).id;
}

function save(id: number, values: Record<string, number | string>) {
  const { character } = backend('character_view', { id }) as CharacterView;
  return backend('save_character', { character: { ...character, values } }) as CharacterView;
}

/** The Foundry actor the recording imported (tests/fixtures/foundry), as it was sent. */
const wren = (JSON.parse(fixture) as Recording).states
  .flatMap((s) => s.calls)
  .map((c) => c.args.text)
  .find((t): t is string => typeof t === 'string' && t.includes('Wren Ashvale') && t.includes('"_stats"')) as string;

const file = (character: Record<string, unknown>) => JSON.stringify({ format: 'tome-character', version: 1, character });

describe('characters', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is a top-level view beside search and browse', async () => {
    installBackend();
    await open('#/');
    const link = screen.getByTestId('nav-characters');
    expect(link.getAttribute('href')).toBe('#/characters');
    expect(screen.getByTestId('home-characters').getAttribute('href')).toBe('#/characters');
    window.location.hash = '#/characters';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(10);
    expect(screen.getByTestId('character-list-empty')).not.toBeNull();
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('makes a new character of the chosen system and opens its sheet', async () => {
    const calls = installBackend();
    await open('#/characters');
    await waitFor(() => expect((screen.getByTestId('new-character') as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(screen.getByTestId('new-character'));
    const dialog = screen.getByTestId('new-character-dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const system = screen.getByTestId('new-character-system') as HTMLSelectElement;
    expect([...system.options].map((o) => o.value)).toEqual(['ars-magica', 'mythcraft', 'amtgard', 'mlaf', 'primal-wild']);
    expect(document.activeElement).toBe(screen.getByTestId('new-character-name'));
    expect((screen.getByTestId('new-character-create') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.change(system, { target: { value: 'mythcraft' } });
    await settle();
    expect(dialog.textContent).toContain('Sheet: Adventurer');
    await fireEvent.input(screen.getByTestId('new-character-name'), { target: { value: '  Vex  ' } });
    await fireEvent.click(screen.getByTestId('new-character-create'));
    await settle();
    expect(calls.find((c) => c.cmd === 'create_character')!.args).toEqual({ system: 'mythcraft', name: 'Vex' });
    expect(window.location.hash).toBe('#/character/1');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(10);
    expect(screen.getByTestId('character-sheet').dataset.system).toBe('mythcraft');

    window.location.hash = '#/characters';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(10);
    const rows = screen.getAllByTestId('character-row');
    expect(rows.map((r) => [r.dataset.id, r.dataset.system])).toEqual([['1', 'mythcraft']]);
    expect(rows[0].textContent).toContain('Vex');
    expect(rows[0].textContent).toContain('MythCraft');
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('#/character/1');
  });

  it('imports a file, listing every problem with its path when it cannot', async () => {
    installBackend();
    await open('#/characters');
    await fireEvent.click(screen.getByTestId('import-character'));
    const text = screen.getByTestId('import-text') as HTMLTextAreaElement;
    await fireEvent.input(text, {
      target: { value: file({ system: 'ars-magica', name: '', values: { strength: 40, stamina: 'lots' }, items: [], conditions: [], spells: [] }) },
    });
    await fireEvent.click(screen.getByTestId('import-submit'));
    await settle();
    const problems = screen.getAllByTestId('import-problem');
    expect(problems.map((p) => p.dataset.path)).toEqual(['character.name', 'character.values.stamina', 'character.values.strength']);
    expect(problems[2].textContent).toContain('must be from -10 to 10, not 40');
    expect(window.location.hash).toBe('#/characters');

    await fireEvent.input(text, {
      target: { value: file({ system: 'ars-magica', name: 'Ignatio', values: { strength: 1 }, items: [], conditions: [], spells: [] }) },
    });
    await fireEvent.click(screen.getByTestId('import-submit'));
    await settle();
    expect(screen.queryByTestId('import-dialog')).toBeNull();
    expect(window.location.hash).toBe('#/character/1');
  });

  it('shows what a Foundry VTT import made of the actor before the character opens (recorded from the real core)', async () => {
    installBackend();
    await open('#/characters');
    await fireEvent.click(screen.getByTestId('import-character'));
    const picker = screen.getByTestId('import-file') as HTMLInputElement;
    Object.defineProperty(picker, 'files', { value: [new File([wren], 'wren.json', { type: 'application/json' })], configurable: true });
    await fireEvent.change(picker);
    const report = await screen.findByTestId('foundry-report');
    const dialog = screen.getByTestId('import-dialog');
    expect(dialog.textContent).toContain('Imported a character from Foundry VTT');
    expect(report.textContent).toContain('Wren Ashvale');
    expect(report.textContent).toContain('mythcraft');
    // Every number both sides compute is listed, and each difference says why.
    const numbers = screen.getAllByTestId('foundry-number');
    expect(numbers.length).toBeGreaterThan(0);
    expect(screen.getByTestId('foundry-numbers-summary').textContent).toMatch(/agree|differ/);
    expect(window.location.hash).toBe('#/characters');
    await fireEvent.click(screen.getByTestId('import-open'));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/character\/\d+$/));
    expect(screen.queryByTestId('import-dialog')).toBeNull();
  });

  it('imports a Foundry VTT actor dropped on the page as if picked (issue 75: drag and drop)', async () => {
    const calls = installBackend();
    await open('#/characters');
    const dropped = new File([wren], 'wren.json', { type: 'application/json' });
    await fireEvent.dragOver(window, { dataTransfer: { types: ['Files'], files: [dropped] } });
    await fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [dropped] } });
    const report = await screen.findByTestId('foundry-report');
    expect(report.textContent).toContain('Wren Ashvale');
    expect(calls.filter((c) => c.cmd === 'import_character')).toHaveLength(1);
    await fireEvent.click(screen.getByTestId('import-open'));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/character\/\d+$/));
  });

  it('imports from a file picked with the file picker', async () => {
    const calls = installBackend();
    await open('#/characters');
    await fireEvent.click(screen.getByTestId('import-character'));
    const picker = screen.getByTestId('import-file') as HTMLInputElement;
    const bad = new File(['{"format": "something-else"}'], 'notes.json', { type: 'application/json' });
    Object.defineProperty(picker, 'files', { value: [bad], configurable: true });
    await fireEvent.change(picker);
    await waitFor(() => expect(screen.getAllByTestId('import-problem').map((p) => p.dataset.path)).toEqual(['format', 'version']));
    expect(screen.getByTestId('import-problems').textContent).toContain('notes.json cannot be imported');
    expect(calls.filter((c) => c.cmd === 'import_character')).toHaveLength(0);

    const good = new File([file({ system: 'mlaf', name: 'Grim', values: {}, items: [], conditions: [], spells: [] })], 'grim.tome.json');
    Object.defineProperty(picker, 'files', { value: [good], configurable: true });
    await fireEvent.change(picker);
    await waitFor(() => expect(window.location.hash).toBe('#/character/1'));
  });

  it('shows the revisions, the differences between two, and restores one', async () => {
    installBackend();
    const id = create();
    save(id, { strength: 1 });
    save(id, { strength: 2, stamina: 1 });
    await open(`#/character/${id}/history`);
    const history = screen.getByTestId('character-history');
    expect(within(history).getAllByTestId('revision').map((r) => r.dataset.number)).toEqual(['3', '2', '1']);
    expect(within(history).getAllByTestId('revision')[2].textContent).toContain('created');
    // The latest change is compared at once.
    const picked = () => screen.getAllByTestId('revision-pick').filter((p) => (p as HTMLInputElement).checked).map((p) => p.dataset.number);
    expect(picked()).toEqual(['3', '2']);
    await waitFor(() => expect(screen.getAllByTestId('diff-change').map((c) => c.dataset.field)).toEqual(['values.stamina', 'values.strength']));
    const strength = screen.getAllByTestId('diff-change')[1];
    expect([...strength.children].map((c) => c.textContent)).toEqual(['Strength', '1', '2']);
    // Pick another pair.
    await fireEvent.click(screen.getAllByTestId('revision-pick')[1]);
    await fireEvent.click(screen.getAllByTestId('revision-pick')[2]);
    await settle();
    expect(picked()).toEqual(['3', '1']);
    await waitFor(() => expect(screen.getByTestId('revision-diff').textContent).toContain('Revision 1 → 3'));
    // No restore for the current one; restoring another makes a new revision.
    expect(document.querySelector('[data-testid="restore-revision"][data-number="3"]')).toBeNull();
    await fireEvent.click(document.querySelector('[data-testid="restore-revision"][data-number="1"]')!);
    // Asked once more first; Cancel leaves it be.
    expect(screen.getByTestId('restore-dialog').textContent).toContain('The sheet goes back to revision 1');
    await fireEvent.click(within(screen.getByTestId('restore-dialog')).getByText('Cancel'));
    expect(screen.queryByTestId('restore-dialog')).toBeNull();
    await fireEvent.click(document.querySelector('[data-testid="restore-revision"][data-number="1"]')!);
    await fireEvent.click(screen.getByTestId('restore-confirm'));
    await settle(10);
    expect(screen.getByTestId('history-notice').textContent).toContain('Restored revision 1 as revision 4');
    expect(within(history).getAllByTestId('revision').map((r) => r.dataset.number)).toEqual(['4', '3', '2', '1']);
    expect(within(history).getAllByTestId('revision')[0].textContent).toContain('restored revision 1');
    expect(document.querySelector('[data-testid="character-tab"][data-tab="sheet"]')!.getAttribute('href')).toBe(`#/character/${id}`);
    window.location.hash = `#/character/${id}`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(10);
    expect((document.querySelector('[data-testid="sheet-field"][data-key="strength"]') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('save-status').textContent).toContain('revision 4');
  });

  it('deletes only after asking', async () => {
    const calls = installBackend();
    const id = create();
    await open(`#/character/${id}`);
    await fireEvent.click(screen.getByTestId('delete-character'));
    const dialog = screen.getByTestId('delete-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.textContent).toContain('Delete Brother Aldo?');
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('delete-dialog')).toBeNull();
    expect(calls.filter((c) => c.cmd === 'delete_character')).toHaveLength(0);
    await fireEvent.click(screen.getByTestId('delete-character'));
    await fireEvent.click(screen.getByTestId('confirm-delete'));
    await settle();
    expect(calls.find((c) => c.cmd === 'delete_character')!.args).toEqual({ id });
    expect(window.location.hash).toBe('#/characters');
  });

  it('offers the character for Foundry VTT where its system has one, and says where it went and how the export wrote it', async () => {
    const said = 'no role (grog or companion): written as an npc of arm5e\'s mundane type';
    const calls = installBackend({
      export_character_foundry_file: () => ({ path: '/home/ana/Foundry/Brother Aldo.foundry.json', said: [said] }),
    });
    const id = create();
    await open(`#/character/${id}`);
    const button = screen.getByTestId('export-character-foundry');
    expect(button.getAttribute('title')).toContain('arm5e');
    await fireEvent.click(button);
    await settle();
    expect(calls.find((c) => c.cmd === 'export_character_foundry_file')!.args).toEqual({ id, fileName: 'Brother Aldo.foundry.json' });
    expect(screen.getByTestId('sheet-notice').textContent).toContain('Saved Brother Aldo.foundry.json in /home/ana/Foundry.');
    // The export's report, as the command line prints it under the same heading.
    const report = screen.getByTestId('foundry-export-report');
    expect(report.textContent).toContain('How the export wrote it');
    expect(screen.getAllByTestId('foundry-export-said').map((l) => l.textContent)).toEqual([said]);
    await fireEvent.click(within(report).getByLabelText('Dismiss'));
    expect(screen.queryByTestId('foundry-export-report')).toBeNull();
    cleanup();
    // A system with no Foundry system (as Amtgard, MLAF and Primal Wild): no such button.
    installBackend({
      systems: (args) => (backend('systems', args) as Record<string, unknown>[]).map((s) => ({ ...s, foundry: undefined })),
    });
    await open(`#/character/${id}`);
    expect(screen.getByTestId('export-character')).toBeTruthy();
    expect(screen.queryByTestId('export-character-foundry')).toBeNull();
  });

  it('exports the character file where the save dialog says, and says where', async () => {
    let answer: () => unknown = () => '/home/ana/Characters/Brother Aldo.tome.json';
    const calls = installBackend({ export_character_file: () => answer() });
    const id = create();
    save(id, { strength: 3 });
    await open(`#/character/${id}`);
    await fireEvent.click(screen.getByTestId('export-character'));
    await settle();
    // The shell opens the native dialog with the suggested name; the UI never names a path.
    expect(calls.find((c) => c.cmd === 'export_character_file')!.args).toEqual({ id, fileName: 'Brother Aldo.tome.json' });
    expect(screen.getByTestId('sheet-notice').textContent).toContain('Saved Brother Aldo.tome.json in /home/ana/Characters.');

    // Cancelled: nothing to say.
    answer = () => null;
    await fireEvent.click(screen.getByTestId('sheet-notice').querySelector('button')!);
    await fireEvent.click(screen.getByTestId('export-character'));
    await settle();
    expect(calls.filter((c) => c.cmd === 'export_character_file')).toHaveLength(2);
    expect(screen.queryByTestId('sheet-notice')).toBeNull();

    // A folder that cannot be written: the core's message.
    answer = () => {
      throw { code: 'io', message: '/media/usb/Brother Aldo.tome.json: Read-only file system (os error 30)' };
    };
    await fireEvent.click(screen.getByTestId('export-character'));
    await settle();
    const notice = screen.getByTestId('sheet-notice');
    expect(notice.classList.contains('problem')).toBe(true);
    expect(notice.textContent).toContain('Could not export: /media/usb/Brother Aldo.tome.json: Read-only file system');
  });

  it('says so when a character does not exist', async () => {
    installBackend();
    await open('#/character/99');
    const panel = screen.getByTestId('error-panel');
    expectSaid(panel, 'not_found', 'No such character');
  });
});
