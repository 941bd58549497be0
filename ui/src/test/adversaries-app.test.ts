// Issue 43, the app's part of "created, checked, revised": an adversary's revisions listed
// and one restored after a confirm step; Export to a file (the save dialog) and Import
// from one (all or nothing, every problem by its field, told by error code); the form's
// stats as the core lists them; attacks picked from the system's reference; the kinds of
// encounter (Primal Wild's Duel Arcane) from the core's systems, not a table in the UI.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import type { Adversary } from '../lib/bindings/Adversary';
import type { AdversaryRevision } from '../lib/bindings/AdversaryRevision';
import type { AdversaryView } from '../lib/bindings/AdversaryView';
import type { StatSpec } from '../lib/bindings/StatSpec';
import { catalog } from '../lib/catalog.svelte';
import { adversaryFileName, attackOf } from '../lib/components/adversaries/draft';
import { hasModes, isUsualMode, modeLabel, modesOf } from '../lib/modes';
import type { Recording } from '../lib/fixture-backend';
import { backend, installBackend, settle, type Override } from './backend';
import fixture from './fixture.json?raw';

const goblin: Adversary = {
  id: 1,
  system: 'mythcraft',
  mode: '',
  name: 'Goblin',
  stats: { 'max-hp': 12 },
  attacks: [],
  conditions: [],
  tags: [],
  notes: '',
  revision: 3,
  created: 0,
  updated: 0,
};

const specs: StatSpec[] = [{ key: 'max-hp', label: 'Maximum HP', aliases: [], min: 1, max: 1000, default: 10 }];

/** The arm5e compendium's hound (tests/fixtures/foundry), as the recording imported it. */
const hound = (JSON.parse(fixture) as Recording).states
  .flatMap((s) => s.calls)
  .map((c) => c.args.text)
  .find((t): t is string => typeof t === 'string' && t.includes('Hound (Canis)') && t.includes('"_stats"')) as string;

function viewOf(a: Adversary): AdversaryView {
  return { adversary: a, stats: [{ key: 'max-hp', label: 'Maximum HP', value: a.stats['max-hp'] ?? 10, given: 'max-hp' in a.stats }], derived: [] };
}

const history: AdversaryRevision[] = [
  { number: 1, saved_at: 1_750_000_000, summary: 'created' },
  { number: 2, saved_at: 1_750_000_060, summary: 'max-hp 14' },
  { number: 3, saved_at: 1_750_000_120, summary: 'max-hp 12; tags' },
];

function installPage(overrides: Record<string, Override> = {}) {
  return installBackend({ adversary_view: () => viewOf(goblin), adversary_stats: () => specs, adversary_revisions: () => history, ...overrides });
}

async function open(hash: string) {
  window.location.hash = hash;
  render(App);
  await settle(10);
}

describe("an adversary's revisions", () => {
  it('lists every save with what it changed, newest first, and restores one only once confirmed', async () => {
    let current = goblin;
    let revs = history;
    const calls = installPage({
      adversary_view: () => viewOf(current),
      adversary_revisions: () => revs,
      restore_adversary: (args) => {
        current = { ...goblin, stats: { 'max-hp': 14 }, revision: 4 };
        revs = [...history, { number: 4, saved_at: 1_750_000_180, summary: 'max-hp 14' }];
        expect(args).toEqual({ id: 1, number: 2 });
        return viewOf(current);
      },
    });
    await open('#/adversary/1');
    const list = screen.getByTestId('adversary-history');
    const rows = () => within(list).getAllByTestId('revision');
    expect(rows().map((r) => r.dataset.number)).toEqual(['3', '2', '1']);
    expect(rows()[1].textContent).toContain('max-hp 14');
    expect(rows()[0].textContent).toContain('current');
    // The current revision has no Restore.
    expect(within(rows()[0]).queryByTestId('restore-revision')).toBeNull();

    await fireEvent.click(within(rows()[1]).getByTestId('restore-revision'));
    expect(screen.getByTestId('restore-dialog').textContent).toContain('The stat block goes back to revision 2');
    await fireEvent.click(within(screen.getByTestId('restore-dialog')).getByText('Cancel'));
    expect(calls.some((c) => c.cmd === 'restore_adversary')).toBe(false);

    await fireEvent.click(within(rows()[1]).getByTestId('restore-revision'));
    await fireEvent.click(screen.getByTestId('restore-confirm'));
    await settle(10);
    expect(screen.getByTestId('adversary-history-notice').textContent).toBe('Restored revision 2 as revision 4.');
    expect(rows().map((r) => r.dataset.number)).toEqual(['4', '3', '2', '1']);
    // The block shows what was restored.
    expect(screen.getAllByTestId('adversary-stat')[0].textContent).toContain('14');
  });

  it("says by its code why today's rules refuse a revision, each problem by field", async () => {
    installPage({
      restore_adversary: () => {
        throw { code: 'invalid_input', message: 'cannot save Goblin:', problems: [{ file: null, line: null, field: 'stats.cor', message: 'Coordination (COR) must be between -5 and 10, not 12' }] };
      },
    });
    await open('#/adversary/1');
    await fireEvent.click(document.querySelector('[data-testid="restore-revision"][data-number="1"]')!);
    await fireEvent.click(screen.getByTestId('restore-confirm'));
    await settle(10);
    const refusal = screen.getByTestId('adversary-restore-error');
    expect(refusal.dataset.code).toBe('invalid_input');
    expect(refusal.querySelector('li')!.dataset.path).toBe('stats.cor');
    expect(refusal.textContent).toContain('must be between -5 and 10');
  });

  it("offers no restore for a pack's adversary, which changes with its pack", async () => {
    installPage({ adversary_view: () => viewOf({ ...goblin, pack: 'hearth-and-blade' }) });
    await open('#/adversary/1');
    expect(screen.getByTestId('adversary-history-locked')).not.toBeNull();
    expect(screen.getAllByTestId('restore-revision').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});

describe('adversary files', () => {
  it('offers the adversary for Foundry VTT, its system being MythCraft', async () => {
    const said = 'Club: slashing is no damage type of MythCraft\'s Foundry system';
    const calls = installPage({ export_adversary_foundry_file: () => ({ path: '/home/ana/Foundry/Goblin.foundry.json', said: [said] }) });
    await open('#/adversary/1');
    const button = screen.getByTestId('adversary-export-foundry');
    expect(button.getAttribute('title')).toContain('mythcraft');
    await fireEvent.click(button);
    await settle(6);
    expect(calls.find((c) => c.cmd === 'export_adversary_foundry_file')!.args).toEqual({ id: 1, fileName: 'Goblin.foundry.json' });
    expect(screen.getByTestId('adversary-notice').textContent).toContain('Saved Goblin.foundry.json in /home/ana/Foundry.');
    // The export's report, as the command line prints it.
    expect(screen.getByTestId('foundry-export-report').textContent).toContain('How the export wrote it');
    expect(screen.getAllByTestId('foundry-export-said').map((l) => l.textContent)).toEqual([said]);
  });

  it('exports where the save dialog says, says where, and says a failure by its code', async () => {
    let answer: () => unknown = () => '/home/ana/Monsters/Goblin.adversary.tome.json';
    const calls = installPage({ export_adversary_file: () => answer() });
    await open('#/adversary/1');
    await fireEvent.click(screen.getByTestId('adversary-export'));
    await settle(6);
    expect(calls.find((c) => c.cmd === 'export_adversary_file')!.args).toEqual({ id: 1, fileName: 'Goblin.adversary.tome.json' });
    expect(screen.getByTestId('adversary-notice').textContent).toContain('Saved Goblin.adversary.tome.json in /home/ana/Monsters.');
    answer = () => {
      throw { code: 'io', message: '/media/usb/Goblin.adversary.tome.json: Read-only file system (os error 30)' };
    };
    await fireEvent.click(screen.getByTestId('adversary-export'));
    await settle(6);
    expect(screen.getByTestId('adversary-notice').dataset.code).toBe('io');
    // A cancelled dialog says nothing.
    answer = () => null;
    await fireEvent.click(screen.getByTestId('adversary-export'));
    await settle(6);
    expect(screen.queryByTestId('adversary-notice')).toBeNull();
  });

  it('names the file after the adversary, safely', () => {
    expect(adversaryFileName('Goblin')).toBe('Goblin.adversary.tome.json');
    expect(adversaryFileName('')).toBe('adversary.adversary.tome.json');
  });

  it('imports a file whole or not at all, listing each problem the core finds with its field', async () => {
    const calls = installPage({
      adversaries: () => [],
      import_adversary: (args) => {
        if (String(args.text).includes('"cor": 99')) {
          throw { code: 'invalid_input', message: 'cannot import the adversary:', problems: [{ file: null, line: null, field: 'stats.cor', message: 'Coordination (COR) must be between -5 and 10, not 99' }] };
        }
        if (!String(args.text).includes('tome_adversary')) {
          throw { code: 'invalid_input', message: 'cannot import the adversary:', problems: [{ file: null, line: null, field: null, message: 'this is not a Tome adversary file (it has no `tome_adversary`)' }] };
        }
        return { adversary: viewOf({ ...goblin, id: 9, revision: 1 }) };
      },
    });
    await open('#/adversaries');
    await fireEvent.click(screen.getByTestId('import-adversary'));
    const dialog = screen.getByTestId('import-adversary-dialog');
    expect(dialog.textContent).toContain('Import an adversary');
    const text = within(dialog).getByTestId('import-text') as HTMLTextAreaElement;
    await fireEvent.input(text, { target: { value: '{ "format": "tome-character" }' } });
    await fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle(6);
    expect(screen.getAllByTestId('import-problem').map((p) => p.textContent)).toEqual([expect.stringContaining('not a Tome adversary file')]);

    await fireEvent.input(text, { target: { value: '{ "tome_adversary": 1, "adversary": { "stats": { "cor": 99 } } }' } });
    await fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle(6);
    expect(screen.getAllByTestId('import-problem').map((p) => p.dataset.path)).toEqual(['stats.cor']);
    expect(window.location.hash).toBe('#/adversaries');

    await fireEvent.input(text, { target: { value: '{ "tome_adversary": 1, "adversary": { "name": "Goblin" } }' } });
    await fireEvent.click(within(dialog).getByTestId('import-submit'));
    await settle(6);
    expect(screen.queryByTestId('import-adversary-dialog')).toBeNull();
    expect(window.location.hash).toBe('#/adversary/9');
    expect(calls.filter((c) => c.cmd === 'import_adversary')).toHaveLength(3);
    // Nothing is asked of a check first: the import itself is all or nothing.
    expect(calls.some((c) => c.cmd === 'check_character_file')).toBe(false);
  });

  it('imports a Foundry VTT creature dropped on the page as if picked (issue 75: drag and drop)', async () => {
    const calls = installBackend();
    await open('#/adversaries');
    const dropped = new File([hound], 'hound.json', { type: 'application/json' });
    await fireEvent.drop(window, { dataTransfer: { types: ['Files'], files: [dropped] } });
    const report = await screen.findByTestId('foundry-report');
    expect(report.textContent).toContain('Hound (Canis)');
    expect(screen.getByTestId('import-adversary-dialog').textContent).toContain('Imported an adversary from Foundry VTT');
    expect(calls.filter((c) => c.cmd === 'import_adversary')).toHaveLength(1);
  });

  it('shows what a Foundry VTT import made of a creature before its stat block opens (recorded from the real core)', async () => {
    expect(hound).toBeDefined();
    const calls = installBackend();
    await open('#/adversaries');
    await fireEvent.click(screen.getByTestId('import-adversary'));
    const picker = screen.getByTestId('import-file') as HTMLInputElement;
    Object.defineProperty(picker, 'files', { value: [new File([hound], 'hound.json', { type: 'application/json' })], configurable: true });
    await fireEvent.change(picker);
    const report = await screen.findByTestId('foundry-report');
    const dialog = screen.getByTestId('import-adversary-dialog');
    expect(dialog.textContent).toContain('Imported an adversary from Foundry VTT');
    expect(report.textContent).toContain('Hound (Canis)');
    expect(report.textContent).toContain('arm5e');
    // The numbers both sides compute: Soak and Initiative agree; arm5e's Attack and
    // Defense add the weapon's speciality, which the document does not, so they differ.
    const numbers = screen.getAllByTestId('foundry-number');
    const row = (name: string) => numbers.find((n) => n.textContent?.includes(name));
    expect(row('Soak')?.dataset.differs).not.toBe('true');
    expect(row('Attack')?.textContent).toMatch(/8[\s\S]*7/);
    expect(row('Attack')?.dataset.differs).toBe('true');
    expect(screen.getByTestId('foundry-numbers-summary').textContent).toContain('2 of 6 differ');
    // What Tome has no home for is listed, not dropped.
    expect(report.textContent).toContain('Keen Sense of Smell');
    // Nothing opens until the report is read; then the stat block does.
    expect(window.location.hash).toBe('#/adversaries');
    await fireEvent.click(screen.getByTestId('import-open'));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/adversary\/\d+$/));
    expect(screen.queryByTestId('import-adversary-dialog')).toBeNull();
    expect(calls.filter((c) => c.cmd === 'import_adversary')).toHaveLength(1);
  });

  it('refuses a file larger than the core reads before sending it', async () => {
    const calls = installPage({ adversaries: () => [] });
    await open('#/adversaries');
    await fireEvent.click(screen.getByTestId('import-adversary'));
    const big = new File(['x'.repeat(1024 * 1024 + 1)], 'huge.json');
    const picker = screen.getByTestId('import-file') as HTMLInputElement;
    Object.defineProperty(picker, 'files', { value: [big] });
    await fireEvent.change(picker);
    await settle(6);
    expect(screen.getByTestId('import-problems').textContent).toContain('an adversary file is at most 1,048,576 bytes');
    expect(calls.some((c) => c.cmd === 'import_adversary')).toBe(false);
  });
});

describe('the adversary form, from the core', () => {
  it('offers the stats the core lists for the system and kind (recorded from the real core)', async () => {
    const stats = backend<StatSpec[]>('adversary_stats', { system: 'primal-wild', mode: 'duel' });
    const fight = backend<StatSpec[]>('adversary_stats', { system: 'primal-wild', mode: '' });
    expect(stats.length).toBeGreaterThan(0);
    expect(stats.map((s) => s.key)).not.toEqual(fight.map((s) => s.key));
    installBackend({ check_adversary: (args) => viewOf(args.adversary as Adversary) });
    await open('#/adversaries/new/primal-wild/duel');
    await waitFor(() => expect(screen.getAllByTestId('adversary-stat-field').length).toBeGreaterThan(0));
    const keys = screen.getAllByTestId('adversary-stat-field').map((f) => f.dataset.key);
    expect(keys).toEqual(stats.slice(0, keys.length).map((s) => s.key));
    const first = screen.getAllByTestId('adversary-stat-field')[0];
    expect(first.title).toBe(`${stats[0].label}: ${stats[0].min} to ${stats[0].max}; ${stats[0].default} when left empty`);
  });

  it('says by its code when the core lists no stats for the kind', async () => {
    installBackend({
      adversary_stats: () => {
        throw { code: 'not_found', message: 'no encounter mode primal-wild joust' };
      },
      check_adversary: () => {
        throw { code: 'not_found', message: 'no encounter mode primal-wild joust' };
      },
    });
    await open('#/adversaries/new/primal-wild/joust');
    expect(screen.getByTestId('adversary-stats-error').dataset.code).toBe('not_found');
  });

  it('adds an attack picked from the reference, with its name, entry and the numbers the core lists', async () => {
    const created: Adversary[] = [];
    installBackend({
      check_adversary: (args) => viewOf(args.adversary as Adversary),
      create_adversary: (args) => {
        created.push(args.adversary as Adversary);
        return viewOf({ ...(args.adversary as Adversary), id: 5, revision: 1 });
      },
      adversary_view: () => viewOf({ ...goblin, id: 5 }),
      adversary_revisions: () => history.slice(0, 1),
    });
    await open('#/adversaries/new/mythcraft');
    await waitFor(() => expect(catalog.status).toBe('ready'));
    await settle(4);
    const picker = within(screen.getByTestId('adversary-attack-picker')).getByTestId('entry-picker-input');
    await fireEvent.focus(picker);
    await settle(4);
    const options = screen.getAllByTestId('entry-picker-option');
    const id = options[0].dataset.id!;
    const item = catalog.item(id)!;
    expect(['weapon', 'spell', 'maneuver']).toContain(item.kind);
    await fireEvent.click(options[0]);
    await settle(4);
    expect((screen.getByTestId('adversary-attack-name') as HTMLInputElement).value).toBe(item.name);
    expect((screen.getByTestId('adversary-attack-numbers') as HTMLInputElement).value).toBe(item.facts[0] ?? '');
    expect(screen.getByTestId('adversary-attack-entry').getAttribute('href')).toContain(id.split('/').pop()!);
    // Typed rows stay as they were.
    await fireEvent.click(screen.getByTestId('adversary-add-attack'));
    await fireEvent.input(screen.getAllByTestId('adversary-attack-name')[1], { target: { value: 'Bite' } });
    await fireEvent.input(screen.getByTestId('adversary-name'), { target: { value: 'Hobgoblin' } });
    await fireEvent.submit(screen.getByTestId('adversary-form'));
    await settle(10);
    expect(created[0].attacks).toEqual([
      { name: item.name, numbers: item.facts[0] || undefined, entry: id },
      { name: 'Bite', numbers: undefined, entry: undefined },
    ]);
  });

  it('fills a picked row from what the catalogue lists, or leaves the name to the core', () => {
    expect(attackOf('x/weapon/y', undefined)).toEqual({ name: '', numbers: '', entry: 'x/weapon/y' });
  });
});

describe('kinds of encounter, from the core', () => {
  it("lists each system's kinds with their labels, the usual one first", async () => {
    installBackend();
    await catalog.load();
    expect(modesOf('primal-wild').map((m) => [m.name, m.label])).toEqual([
      ['fight', 'Fight'],
      ['duel', 'Duel Arcane'],
    ]);
    expect(hasModes('primal-wild')).toBe(true);
    expect(hasModes('mythcraft')).toBe(false);
    expect(isUsualMode('primal-wild', '')).toBe(true);
    expect(isUsualMode('primal-wild', 'fight')).toBe(true);
    expect(isUsualMode('primal-wild', 'duel')).toBe(false);
    expect(modeLabel('mlaf', 'match')).toBe('Match');
  });

  it('offers them in the new-adversary and new-encounter forms', async () => {
    installBackend({ adversaries: () => [] });
    await open('#/adversaries');
    await fireEvent.click(screen.getByTestId('new-adversary'));
    await fireEvent.change(screen.getByTestId('new-adversary-system'), { target: { value: 'mythcraft' } });
    await settle(4);
    expect(screen.queryByTestId('new-adversary-mode')).toBeNull();
    await fireEvent.change(screen.getByTestId('new-adversary-system'), { target: { value: 'primal-wild' } });
    await settle(4);
    const labels = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);
    const expected = [
      ['', 'Fight'],
      ['duel', 'Duel Arcane'],
    ];
    expect(labels(screen.getByTestId('new-adversary-mode'))).toEqual(expected);
    cleanup();

    installBackend();
    await open('#/encounters');
    await fireEvent.click(screen.getByTestId('new-encounter'));
    await fireEvent.change(screen.getByTestId('new-encounter-system'), { target: { value: 'primal-wild' } });
    await settle(4);
    expect(labels(screen.getByTestId('new-encounter-mode'))).toEqual(expected);
  });
});
