// Issue 43: the game master's adversaries library has its own page: the list by system
// with a filter as you type, a stat block with what the rules derive and why, a form of
// exactly the stats the system's tracker uses checked live by the core (each problem
// beside its field), save with a conflict said as one, and delete with a confirm step.
// The commands the page calls are answered here, so the recorded fixture needs none.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../App.svelte';
import type { Adversary } from '../lib/bindings/Adversary';
import type { AdversarySummary } from '../lib/bindings/AdversarySummary';
import type { AdversaryView } from '../lib/bindings/AdversaryView';
import AdversaryPage from '../lib/components/adversaries/AdversaryPage.svelte';
import { draftOf, fromDraft, toRows } from '../lib/components/adversaries/draft';
import { parseHash } from '../lib/router';
import type { AdversaryRevision } from '../lib/bindings/AdversaryRevision';
import type { StatSpec } from '../lib/bindings/StatSpec';
import { installBackend, settle, type Override } from './backend';

const summaries: AdversarySummary[] = [
  { id: 1, system: 'mythcraft', mode: 'fight', name: 'Goblin', tags: ['goblinoid'], summary: 'HP 12, COR 4', revision: 1, updated: 0, source: 'Creatures' },
  { id: 2, system: 'amtgard', mode: 'fight', name: 'Skeleton', tags: ['undead'], summary: 'undead · 1 life', revision: 1, updated: 0 },
  { id: 3, system: 'mythcraft', mode: 'fight', name: 'City guard', tags: ['city guard', 'human'], summary: 'HP 20', revision: 2, updated: 0 },
];

const goblin: Adversary = {
  id: 1,
  system: 'mythcraft',
  mode: '',
  name: 'Goblin',
  stats: { 'max-hp': 12, cor: 4 },
  attacks: [{ name: 'Rusty knife', numbers: '+3, 1d4 sharp' }],
  conditions: [{ id: 'mythcraft/condition/frightened', name: 'Frightened' }],
  tags: ['goblinoid'],
  notes: 'Flees at half HP.',
  source: 'Creatures',
  revision: 1,
  created: 0,
  updated: 0,
};

/** The view the core would give of `a`: its stats and AP from COR. */
function viewOf(a: Adversary): AdversaryView {
  const cor = a.stats.cor ?? 0;
  return {
    adversary: a,
    stats: [
      { key: 'max-hp', label: 'Maximum HP', value: a.stats['max-hp'] ?? 10, given: 'max-hp' in a.stats },
      { key: 'cor', label: 'Coordination (COR)', value: cor, given: 'cor' in a.stats },
      { key: 'dr', label: 'Damage Reduction (DR)', value: a.stats.dr ?? 0, given: 'dr' in a.stats },
    ],
    derived: [
      { key: 'ap', label: 'AP at the start of each turn', group: 'Combat', value: 1 + cor, terms: [{ label: 'Base', value: 1, op: 'add', rule: null }, { label: 'COR', value: cor, op: 'add', rule: null }], rule: null, signed: false },
    ],
  };
}

/** The stats the core lists for a MythCraft adversary's form (three of them here). */
const specs: StatSpec[] = [
  { key: 'max-hp', label: 'Maximum HP', aliases: [], min: 1, max: 1000, default: 10 },
  { key: 'cor', label: 'Coordination (COR)', aliases: [], min: -5, max: 10, default: 0 },
  { key: 'dr', label: 'Damage Reduction (DR)', aliases: [], min: 0, max: 100, default: 0 },
];

const revisions: AdversaryRevision[] = [{ number: 1, saved_at: 1_750_000_000, summary: 'created' }];

/** The backend with the page's own reads answered (its form's stats, its revisions), and `overrides`. */
function installPage(overrides: Record<string, Override> = {}) {
  return installBackend({ adversary_stats: () => specs, adversary_revisions: () => revisions, ...overrides });
}

async function open(hash: string) {
  window.location.hash = hash;
  render(App);
  await settle(10);
}

describe('the adversaries page', () => {
  it('has its routes', () => {
    expect(parseHash('#/adversaries')).toEqual({ name: 'adversaries' });
    expect(parseHash('#/adversary/4')).toEqual({ name: 'adversary', id: 4 });
    expect(parseHash('#/adversaries/new/primal-wild/duel')).toEqual({ name: 'adversary-new', system: 'primal-wild', mode: 'duel' });
    expect(parseHash('#/adversaries/new/mythcraft')).toEqual({ name: 'adversary-new', system: 'mythcraft', mode: '' });
    expect(parseHash('#/adversary/x').name).toBe('unknown');
  });

  it('lists the library from the navigation, filtered by system and by name or tag as you type', async () => {
    installBackend({ adversaries: () => summaries });
    await open('#/');
    expect(screen.getByTestId('home-adversaries').getAttribute('href')).toBe('#/adversaries');
    // The top bar leads there (jsdom follows no link: the hash is set as a click would).
    expect(screen.getByTestId('nav-adversaries').getAttribute('href')).toBe('#/adversaries');
    window.location.hash = '#/adversaries';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle(10);
    expect(screen.getByTestId('nav-adversaries').getAttribute('aria-current')).toBe('page');
    const names = () => screen.getAllByTestId('adversary-row').map((r) => within(r).getByTestId('adversary-link').textContent);
    expect(names()).toEqual(['Goblin', 'Skeleton', 'City guard']);
    // A starter is an ordinary entry, marked, with its summary.
    const first = screen.getAllByTestId('adversary-row')[0];
    expect(first.textContent).toContain('starter');
    expect(within(first).getByTestId('adversary-summary').textContent).toBe('HP 12, COR 4');

    await fireEvent.change(screen.getByTestId('adversary-system-filter'), { target: { value: 'mythcraft' } });
    expect(names()).toEqual(['Goblin', 'City guard']);
    // A tag finds it as a name does.
    await fireEvent.input(screen.getByTestId('adversary-filter'), { target: { value: 'guard' } });
    expect(names()).toEqual(['City guard']);
    await fireEvent.change(screen.getByTestId('adversary-system-filter'), { target: { value: '' } });
    await fireEvent.input(screen.getByTestId('adversary-filter'), { target: { value: 'undead' } });
    expect(names()).toEqual(['Skeleton']);
    expect(screen.getByTestId('adversary-count').textContent).toContain('1 of 3');
    // The core's summary leads with the tags, which the card shows as tags.
    expect(screen.getByTestId('adversary-summary').textContent).toBe('1 life');
    await fireEvent.input(screen.getByTestId('adversary-filter'), { target: { value: 'dragon' } });
    expect(screen.getByTestId('adversary-list-none')).not.toBeNull();
  });

  it('keeps the filter for Back', async () => {
    installPage({ adversaries: () => summaries, adversary_view: () => viewOf(goblin) });
    await open('#/adversaries');
    await fireEvent.change(screen.getByTestId('adversary-system-filter'), { target: { value: 'mythcraft' } });
    await fireEvent.input(screen.getByTestId('adversary-filter'), { target: { value: 'gob' } });
    window.location.hash = '#/adversary/1';
    await waitFor(() => expect(screen.getByTestId('adversary-title').textContent).toBe('Goblin'));
    history.back();
    await waitFor(() => expect(window.location.hash).toBe('#/adversaries'));
    await waitFor(() => expect(screen.getAllByTestId('adversary-row')).toHaveLength(1));
    expect((screen.getByTestId('adversary-filter') as HTMLInputElement).value).toBe('gob');
    expect((screen.getByTestId('adversary-system-filter') as HTMLSelectElement).value).toBe('mythcraft');
  });

  it('opens a stat block with the stats, what the rules derive and why, attacks, conditions, tags, notes and source', async () => {
    installPage({ adversary_view: (args) => (args.id === 1 ? viewOf(goblin) : Promise.reject({ code: 'not_found', message: 'no adversary 9' })) });
    await open('#/adversary/1');
    expect(screen.getByTestId('adversary-title').textContent).toBe('Goblin');
    const stats = screen.getAllByTestId('adversary-stat');
    expect(stats.map((s) => s.dataset.key)).toEqual(['max-hp', 'cor', 'dr']);
    expect(stats[2].classList.contains('default')).toBe(true);
    const ap = screen.getByTestId('derived-stat');
    expect(ap.dataset.value).toBe('5');
    await fireEvent.click(ap);
    await settle(4);
    expect(screen.getAllByTestId('stat-term').map((t) => t.textContent)).toEqual([expect.stringContaining('Base'), expect.stringContaining('COR')]);
    expect(screen.getByTestId('adversary-attacks').textContent).toContain('+3, 1d4 sharp');
    expect(screen.getByTestId('adversary-conditions').querySelector('a')!.getAttribute('href')).toBe('#/entry/mythcraft/condition/frightened');
    expect(screen.getByTestId('adversary-tags').textContent).toContain('goblinoid');
    expect(screen.getByTestId('adversary-notes').textContent).toBe('Flees at half HP.');
    expect(screen.getByTestId('adversary-source').textContent).toContain('Creatures');
  });

  it('says a missing adversary by its code', async () => {
    installPage({ adversary_view: () => Promise.reject({ code: 'not_found', message: 'no adversary 9' }) });
    await open('#/adversary/9');
    expect(screen.getByRole('heading', { name: 'No such entry' })).not.toBeNull();
  });

  it('creates one: the stats its tracker uses, checked as typed, a refused field said beside it', async () => {
    const checked: Adversary[] = [];
    const created: Adversary[] = [];
    const refuse = (a: Adversary) => {
      if ((a.stats.cor ?? 0) > 10) {
        throw { code: 'invalid_input', message: 'cannot save', problems: [{ file: null, line: null, field: 'stats.cor', message: 'Coordination (COR) must be between -5 and 10, not 99' }] };
      }
    };
    const calls = installPage({
      check_adversary: (args) => {
        const a = args.adversary as Adversary;
        checked.push(a);
        refuse(a);
        return viewOf(a);
      },
      create_adversary: (args) => {
        const a = args.adversary as Adversary;
        created.push(a);
        refuse(a);
        return viewOf({ ...a, id: 7, revision: 1 });
      },
    });
    render(AdversaryPage, { props: { id: null, system: 'mythcraft', mode: '', debounce: 0 } });
    await settle(10);
    // The form is exactly the stats the core lists for the system and kind, defaults as
    // placeholders, each with its range.
    expect(calls.find((c) => c.cmd === 'adversary_stats')!.args).toEqual({ system: 'mythcraft', mode: '' });
    const fields = screen.getAllByTestId('adversary-stat-field');
    expect(fields.map((f) => f.dataset.key)).toEqual(['max-hp', 'cor', 'dr']);
    expect((fields[0].querySelector('input') as HTMLInputElement).placeholder).toBe('10');
    expect(fields[1].querySelector('[data-testid="adversary-stat-range"]')!.textContent).toBe('-5–10');
    expect(fields[1].title).toBe('Coordination (COR): -5 to 10; 0 when left empty');
    // Checked without a name before one is typed; no problem said yet.
    expect(checked[0].name).toBe('Unnamed');
    expect(screen.queryAllByTestId('adversary-stat-problem')).toEqual([]);

    await fireEvent.input(screen.getByTestId('adversary-name'), { target: { value: 'Hobgoblin' } });
    const cor = document.querySelector<HTMLInputElement>('[data-stat="cor"]')!;
    await fireEvent.input(cor, { target: { value: '99' } });
    await waitFor(() => expect(screen.getByTestId('adversary-stat-problem').textContent).toContain('must be between -5 and 10'));
    const problem = screen.getByTestId('adversary-stat-problem');
    expect(problem.closest('[data-key]')!.getAttribute('data-key')).toBe('cor');
    expect(cor.getAttribute('aria-invalid')).toBe('true');
    expect(cor.getAttribute('aria-describedby')).toBe(problem.id);
    // A word where a number goes is refused here: the core's stats are whole numbers.
    await fireEvent.input(document.querySelector<HTMLInputElement>('[data-stat="dr"]')!, { target: { value: 'lots' } });
    await waitFor(() => expect(screen.getAllByTestId('adversary-stat-problem').map((p) => p.textContent)).toContain('Lots is not a whole number'));
    await fireEvent.input(document.querySelector<HTMLInputElement>('[data-stat="dr"]')!, { target: { value: '' } });

    await fireEvent.input(cor, { target: { value: '3' } });
    await waitFor(() => expect(screen.queryAllByTestId('adversary-stat-problem')).toEqual([]));
    await fireEvent.click(screen.getByTestId('adversary-add-attack'));
    await fireEvent.input(screen.getByTestId('adversary-attack-name'), { target: { value: 'Spear' } });
    await fireEvent.input(screen.getByTestId('adversary-attack-numbers'), { target: { value: '+4, 1d8 sharp' } });
    await fireEvent.input(screen.getByTestId('adversary-tags-input'), { target: { value: 'goblinoid, soldier' } });
    await fireEvent.submit(screen.getByTestId('adversary-form'));
    await settle(10);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      system: 'mythcraft',
      name: 'Hobgoblin',
      stats: { cor: 3 },
      attacks: [{ name: 'Spear', numbers: '+4, 1d8 sharp' }],
      tags: ['goblinoid', 'soldier'],
    });
    expect(window.location.hash).toBe('#/adversary/7');
    expect(calls.some((c) => c.cmd === 'save_adversary')).toBe(false);
  });

  it('keeps a long list of stats behind More stats, opened by a refusal there', async () => {
    const many = (a: Adversary): AdversaryView => ({
      ...viewOf(a),
      stats: Array.from({ length: 15 }, (_, i) => ({ key: `s${i}`, label: `Stat ${i} (0 for none)`, value: a.stats[`s${i}`] ?? 0, given: `s${i}` in a.stats })),
    });
    installPage({
      adversary_stats: () => Array.from({ length: 15 }, (_, i) => ({ key: `s${i}`, label: `Stat ${i} (0 for none)`, aliases: [], min: 0, max: 1, default: 0 })),
      check_adversary: (args) => {
        const a = args.adversary as Adversary;
        if ((a.stats.s14 ?? 0) > 1) throw { code: 'invalid_input', message: 'cannot save', problems: [{ file: null, line: null, field: 'stats.s14', message: 'Stat 14 must be between 0 and 1, not 5' }] };
        return many(a);
      },
    });
    render(AdversaryPage, { props: { id: null, system: 'mythcraft', mode: '', debounce: 0 } });
    await settle(10);
    const more = screen.getByTestId('adversary-more-stats') as HTMLDetailsElement;
    expect(more.open).toBe(false);
    expect(more.querySelector('summary')!.textContent).toContain('More stats (3)');
    // The label reads without the bracket that explains its numbers, with its range; the whole is its tooltip.
    expect(screen.getAllByTestId('adversary-stat-field')[0].querySelector('.label')!.textContent).toBe('Stat 0 0–1');
    await fireEvent.input(document.querySelector<HTMLInputElement>('[data-stat="s14"]')!, { target: { value: '5' } });
    await waitFor(() => expect(screen.getByTestId('adversary-stat-problem').textContent).toContain('between 0 and 1'));
    expect(more.open).toBe(true);
  });

  it('saves an edit as a new revision, and says a conflict with a way to reload', async () => {
    let current = goblin;
    let conflictOnce = true;
    const calls = installPage({
      adversary_view: () => viewOf(current),
      check_adversary: (args) => viewOf(args.adversary as Adversary),
      save_adversary: (args) => {
        const a = args.adversary as Adversary;
        if (conflictOnce) {
          conflictOnce = false;
          current = { ...goblin, revision: 2, notes: 'Changed in the other window.' };
          throw { code: 'conflict', message: 'adversary 1 was saved elsewhere since revision 1' };
        }
        current = { ...a, revision: a.revision + 1 };
        return viewOf(current);
      },
    });
    await open('#/adversary/1');
    await fireEvent.click(screen.getByTestId('adversary-edit'));
    await settle(6);
    expect(document.activeElement).toBe(screen.getByTestId('adversary-name'));
    const hp = document.querySelector<HTMLInputElement>('[data-stat="max-hp"]')!;
    expect(hp.value).toBe('12');
    await fireEvent.input(hp, { target: { value: '14' } });
    await fireEvent.submit(screen.getByTestId('adversary-form'));
    await settle(10);
    // Told as a change made elsewhere (by its code), with the way back to the saved one.
    expect(screen.getByTestId('adversary-conflict')).not.toBeNull();
    await fireEvent.click(screen.getByTestId('adversary-reload'));
    await settle(10);
    expect(screen.queryByTestId('adversary-conflict')).toBeNull();
    expect((screen.getByTestId('adversary-notes-input') as HTMLTextAreaElement).value).toBe('Changed in the other window.');
    const again = document.querySelector<HTMLInputElement>('[data-stat="max-hp"]')!;
    await fireEvent.input(again, { target: { value: '14' } });
    await fireEvent.submit(screen.getByTestId('adversary-form'));
    await settle(10);
    const saves = calls.filter((c) => c.cmd === 'save_adversary').map((c) => c.args.adversary as Adversary);
    expect(saves.map((a) => a.revision)).toEqual([1, 2]);
    expect(saves[1].stats['max-hp']).toBe(14);
    expect(screen.getByTestId('adversary-notice').textContent).toContain('revision 3');
    expect(screen.getAllByTestId('adversary-stat')[0].textContent).toContain('14');
  });

  it('deletes only after the confirm step', async () => {
    const calls = installPage({
      adversary_view: () => viewOf(goblin),
      delete_adversary: () => null,
      adversaries: () => summaries.filter((s) => s.id !== 1),
    });
    await open('#/adversary/1');
    await fireEvent.click(screen.getByTestId('adversary-delete'));
    await settle(4);
    // Keeping it asks nothing of the core.
    await fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await settle(4);
    expect(screen.queryByTestId('adversary-delete-dialog')).toBeNull();
    expect(calls.some((c) => c.cmd === 'delete_adversary')).toBe(false);
    await fireEvent.click(screen.getByTestId('adversary-delete'));
    await settle(4);
    await fireEvent.click(screen.getByTestId('adversary-delete-confirm'));
    await settle(10);
    expect(calls.filter((c) => c.cmd === 'delete_adversary').map((c) => c.args.id)).toEqual([1]);
    expect(window.location.hash).toBe('#/adversaries');
  });

  it('keeps a starting condition it read as its entry, and sends a new one by name', () => {
    const d = draftOf(goblin);
    d.conditions = 'frightened, Hiding';
    const { adversary } = fromDraft(goblin, d);
    expect(adversary.conditions).toEqual([{ id: 'mythcraft/condition/frightened', name: 'Frightened' }, { name: 'Hiding' }]);
  });
});

describe('the adversary form draft', () => {
  it('puts a refused attack back on its own row when an empty row before it is left out', () => {
    const d = draftOf(goblin);
    d.attacks = [{ name: '', numbers: '' }, { name: '', numbers: '+2' }];
    const { adversary, rows } = fromDraft(goblin, d);
    expect(adversary.attacks).toEqual([{ name: '', numbers: '+2', entry: undefined }]);
    const problems = toRows([{ file: null, line: null, field: 'attacks[0].name', message: 'an attack needs a name' }], rows);
    expect(problems[0].field).toBe('attacks[1].name');
  });
});
