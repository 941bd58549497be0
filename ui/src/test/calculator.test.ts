import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App.svelte';
import type { Calculator } from '../lib/bindings/Calculator';
import type { Outcome } from '../lib/bindings/Outcome';
import { initialValues, missing, outOfRange, rangeText, toValues, valueText } from '../lib/calc';
import CalculatorView from '../lib/components/CalculatorView.svelte';
import { backend, deferred, expectSaid, installBackend, settle } from './backend';

const input = (param: string) => document.querySelector<HTMLInputElement>(`[data-testid="calc-input"][data-param="${param}"]`)!;
const field = (key: string) => document.querySelector<HTMLElement>(`[data-testid="calc-field"][data-key="${key}"]`);
const fields = () =>
  Object.fromEntries(screen.queryAllByTestId('calc-field').map((f) => [f.dataset.key, f.textContent?.trim()]));
const result = () => document.querySelector<HTMLElement>('section.result')!;

function type(param: string, value: string) {
  fireEvent.input(input(param), { target: { value } });
}

/** Types into a field and waits out the pause and the answer. */
async function typeAndWait(param: string, value: string) {
  type(param, value);
  await vi.advanceTimersByTimeAsync(120);
  await settle();
}

/** A calculator's page, drawn and settled. */
async function openCalculator(system: string, name: string) {
  render(CalculatorView, { system, name });
  await settle();
}

/** A calculator with one parameter of every kind, as the core could describe it. */
const everyKind: Calculator = {
  system: 'ars-magica',
  name: 'test-everything',
  title: 'Test everything',
  summary: 'Exercises every kind of parameter',
  params: [
    { name: 'enemy-tz', label: 'Enemy TZ', help: 'tackle zones on the square', kind: { type: 'int', min: -3, max: 8 }, option_labels: [], choices: [], required: true, default: '1', rolled: false, die: null, first: false },
    { name: 'armor', label: 'Armor', help: 'the armor worn', kind: { type: 'entry', kind: 'armor' }, option_labels: [], choices: ['Chain Mail', 'Heavy Leather', 'Leather Scale', 'Metal Reinf Leather', 'Metal Scale', 'Quilted/Fur'], required: false, default: 'Chain Mail', rolled: false, die: null, first: false },
    { name: 'stance', label: 'Stance', help: 'how the fighter stands', kind: { type: 'choice', options: ['open', 'guarded'] }, option_labels: ['Open', 'Guarded'], choices: ['open', 'guarded'], required: false, default: null, rolled: false, die: null, first: false },
    { name: 'range', label: 'Range', help: 'the range band', kind: { type: 'choice', options: ['near', 'far'] }, option_labels: ['Near', 'Far'], choices: ['near', 'far'], required: false, default: 'far', rolled: false, die: null, first: false },
    { name: 'mounted', label: 'Mounted', help: 'fights from horseback', kind: { type: 'flag' }, option_labels: [], choices: [], required: false, default: null, rolled: false, die: null, first: false },
    { name: 'rested', label: 'Rested', help: 'had a full night of rest', kind: { type: 'flag' }, option_labels: [], choices: [], required: false, default: 'true', rolled: false, die: null, first: false },
    { name: 'dice', label: 'Dice', help: 'the dice kept', kind: { type: 'int-list', min: 1, max: 6 }, option_labels: [], choices: [], required: false, default: '2,5', rolled: false, die: null, first: false },
    { name: 'note', label: 'Note', help: 'a remark', kind: { type: 'text' }, option_labels: [], choices: [], required: false, default: null, rolled: false, die: null, first: false },
  ],
  rule: 'ars-magica/rule/attack-total',
};

const sample: Outcome = {
  fields: [
    ['walk_ft', 30],
    ['hits', [2, 5]],
    ['prone', false],
  ],
  labels: ['Walk (ft)', 'Hits', 'Prone'],
  shown: ['30', '2, 5', 'no'],
  terms: [
    { label: 'Chain Mail, full', value: 9, op: 'add', rule: 'ars-magica/armor/chain-mail' },
    { label: 'Difficult terrain', value: 'halved', op: 'note', rule: null },
  ],
  warnings: ['Below the weapon’s minimum Strength'],
};

describe('calculator labels and values', () => {
  it('shows values of every shape', () => {
    expect(valueText(-3)).toBe('-3');
    expect(valueText('halved')).toBe('halved');
    expect(valueText([1, 2, 3])).toBe('1, 2, 3');
    expect(valueText(true)).toBe('yes');
    expect(valueText(null)).toBe('—');
  });

  it('sends what is filled in, flags only when they differ from absent', () => {
    const form = initialValues(everyKind.params);
    expect(form).toEqual({
      'enemy-tz': '1',
      armor: 'Chain Mail',
      stance: '',
      range: 'far',
      mounted: false,
      rested: true,
      dice: '2,5',
      note: '',
    });
    expect(toValues(everyKind.params, form)).toEqual({ 'enemy-tz': '1', armor: 'Chain Mail', range: 'far', rested: 'true', dice: '2,5' });
    form.mounted = true;
    form.rested = false;
    form.note = '  hi ';
    expect(toValues(everyKind.params, form)).toMatchObject({ mounted: 'true', rested: 'false', note: 'hi' });
    // A required parameter with a default is never missing.
    form['enemy-tz'] = '';
    expect(missing(everyKind.params, form)).toEqual([]);
    expect(outOfRange(everyKind.params[0], '9')).toBe(true);
    expect(outOfRange(everyKind.params[0], '-3')).toBe(false);
    expect(outOfRange(everyKind.params[6], '1, 7')).toBe(true);
    expect(outOfRange(everyKind.params[6], '1,, 2')).toBe(true);
    expect(outOfRange(everyKind.params[6], '1, 2')).toBe(false);
  });
});

describe('calculator view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds its form from the spec, defaults filled in, and works them out at once', async () => {
    const calls = installBackend({
      calculators: () => [everyKind],
      calculate: () => sample,
    });
    await openCalculator('ars-magica', 'test-everything');
    const page = screen.getByTestId('calculator');
    expect(page.dataset.system).toBe('ars-magica');
    expect(page.dataset.name).toBe('test-everything');
    expect(page.textContent).toContain('Exercises every kind of parameter');
    expect(screen.getAllByTestId('calc-input').map((i) => i.dataset.param)).toEqual(everyKind.params.map((p) => p.name));

    const tz = input('enemy-tz');
    expect(tz.getAttribute('role')).toBe('spinbutton');
    expect(['aria-valuemin', 'aria-valuemax', 'aria-valuenow'].map((a) => tz.getAttribute(a))).toEqual(['-3', '8', '1']);
    expect(tz.value).toBe('1');
    expect(tz.labels?.[0].textContent).toContain('Enemy TZ');
    expect(tz.labels?.[0].textContent).toContain('-3 to 8');

    const armor = input('armor');
    expect(armor.type).toBe('text');
    expect(armor.value).toBe('Chain Mail');
    // The entries come with the calculator, from the core: the form asks for no list.
    expect(armor.getAttribute('role')).toBe('combobox');
    expect(armor.dataset.kind).toBe('armor');
    expect(armor.labels?.[0].textContent).toContain('Armor');
    expect(calls.filter((c) => c.cmd === 'list_entries')).toEqual([]);

    const stance = input('stance') as unknown as HTMLSelectElement;
    expect(stance.tagName).toBe('SELECT');
    expect([...stance.options].map((o) => o.value)).toEqual(['', 'open', 'guarded']);
    expect(stance.value).toBe('');
    expect((input('range') as unknown as HTMLSelectElement).value).toBe('far');

    expect(input('mounted').type).toBe('checkbox');
    expect(input('mounted').checked).toBe(false);
    expect(input('rested').checked).toBe(true);
    expect(input('dice').type).toBe('text');
    expect(input('dice').value).toBe('2,5');
    expect(input('dice').labels?.[0].textContent).toContain('each 1 to 6, comma-separated');
    expect(input('note').value).toBe('');

    // The defaults are worked out without a keystroke.
    const sent = calls.filter((c) => c.cmd === 'calculate');
    expect(sent).toEqual([
      {
        cmd: 'calculate',
        args: {
          system: 'ars-magica',
          name: 'test-everything',
          values: { 'enemy-tz': '1', armor: 'Chain Mail', range: 'far', rested: 'true', dice: '2,5' },
        },
      },
    ]);
    expect(fields()).toEqual({ walk_ft: '30', hits: '2, 5', prone: 'no' });
    expect(field('walk_ft')!.previousElementSibling?.textContent).toBe('Walk (ft)');

    // Flags, selects and lists are sent as the core reads them.
    await fireEvent.click(input('mounted'));
    await fireEvent.click(input('rested'));
    await fireEvent.change(input('stance'), { target: { value: 'guarded' } });
    await typeAndWait('dice', '1, 6, 6');
    const last = calls.filter((c) => c.cmd === 'calculate').at(-1)!;
    expect(last.args.values).toEqual({
      'enemy-tz': '1',
      armor: 'Chain Mail',
      stance: 'guarded',
      range: 'far',
      mounted: 'true',
      rested: 'false',
      dice: '1, 6, 6',
    });

    // The armour field lists the core's entries that the typed text begins, and a click takes one.
    type('armor', 'me');
    await settle();
    const offered = screen.getAllByTestId('list-option').map((o) => o.textContent?.trim());
    expect(offered).toEqual(['Metal Reinf Leather', 'Metal Scale']);
    await fireEvent.click(screen.getAllByTestId('list-option')[1]);
    expect(input('armor').value).toBe('Metal Scale');
  });

  it('asks for named values (NAME=N lists) with an example, as the initiative order takes them', async () => {
    installBackend();
    await openCalculator('ars-magica', 'initiative-order');
    const totals = input('totals');
    expect(totals.getAttribute('placeholder')).toBe('e.g. Ada=12, Bram=9');
    expect(screen.getByTestId('calculator').textContent).toContain('NAME=N, each');
    expect(screen.getByTestId('calc-needs').textContent).toContain('Totals');
    // The seed's bound (2^63 − 1) reads as no bound, not as a rounded 9223372036854776000.
    const seed = backend<Calculator[]>('calculators')
      .find((c) => c.name === 'initiative-order')!
      .params.find((p) => p.name === 'seed')!;
    expect(rangeText(seed)).toBe('0 or more');
    expect(screen.getByTestId('calculator').textContent).not.toContain('9223372036854776000');
  });

  it('recalculates as you type, after a pause, with no button to press', async () => {
    const calls = installBackend();
    await openCalculator('ars-magica', 'encumbrance');
    // Nothing to work out until the required values are in.
    expect(calls.filter((c) => c.cmd === 'calculate')).toHaveLength(0);
    expect(screen.getByTestId('calc-needs').textContent).toContain('Load and Strength');
    expect(screen.queryByTestId('calc-error')).toBeNull();
    expect(document.querySelector('button[type="submit"]')).toBeNull();

    type('load', '9');
    await vi.advanceTimersByTimeAsync(50);
    type('strength', '1');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.filter((c) => c.cmd === 'calculate')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    await settle();
    const sent = calls.filter((c) => c.cmd === 'calculate');
    expect(sent).toHaveLength(1);
    expect(sent[0].args).toEqual({ system: 'ars-magica', name: 'encumbrance', values: { load: '9', strength: '1' } });
    expect(fields()).toEqual({ burden: '3', encumbrance: '2' });
    expect(screen.queryByTestId('calc-needs')).toBeNull();

    await typeAndWait('load', '55');
    expect(fields()).toEqual({ burden: '10', encumbrance: '9' });
    expect(screen.getAllByTestId('calc-term')[0].textContent).toContain('Burden for Load 55');
  });

  it('ignores an answer that arrives after the answer to newer values', async () => {
    const pending: Record<string, ReturnType<typeof deferred<Outcome>>> = {};
    installBackend({
      calculate: (args) => {
        const values = args.values as Record<string, string>;
        pending[values.load] = deferred<Outcome>();
        return pending[values.load].promise;
      },
    });
    await openCalculator('ars-magica', 'encumbrance');
    type('strength', '0');
    type('load', '9');
    await vi.advanceTimersByTimeAsync(120);
    type('load', '60');
    await vi.advanceTimersByTimeAsync(120);
    expect(Object.keys(pending).sort()).toEqual(['60', '9']);
    pending['60'].resolve(backend<Outcome>('calculate', { system: 'ars-magica', name: 'encumbrance', values: { load: '60', strength: '0' } }));
    await settle();
    pending['9'].resolve(backend<Outcome>('calculate', { system: 'ars-magica', name: 'encumbrance', values: { load: '9', strength: '0' } }));
    await settle();
    expect(fields()).toEqual({ burden: '10', encumbrance: '10' });
    // A late failure for old values is dropped too.
    type('load', '1');
    await vi.advanceTimersByTimeAsync(120);
    type('load', '3');
    await vi.advanceTimersByTimeAsync(120);
    pending['3'].resolve(backend<Outcome>('calculate', { system: 'ars-magica', name: 'encumbrance', values: { load: '3', strength: '0' } }));
    await settle();
    pending['1'].reject({ code: 'database', message: 'database is locked' });
    await settle();
    expect(fields()).toEqual({ burden: '2', encumbrance: '2' });
    expect(screen.queryByTestId('calc-error')).toBeNull();
  });

  it('shows invalid input beside the form and keeps the last result, marked out of date', async () => {
    installBackend();
    await openCalculator('ars-magica', 'encumbrance');
    type('load', '9');
    await typeAndWait('strength', '1');
    expect(fields()).toEqual({ burden: '3', encumbrance: '2' });
    expect(result().dataset.stale).toBe('false');

    await typeAndWait('strength', '99');
    const error = screen.getByTestId('calc-error');
    expect(error.dataset.code).toBe('invalid_input');
    // A sentence about the field, as the form names it (not the command line's --strength).
    expect(error.textContent).toContain('Strength must be from −10 to 10, not 99');
    expect(error.textContent).not.toContain('--');
    expect(error.closest('form')).not.toBeNull();
    expect(input('strength').getAttribute('aria-invalid')).toBe('true');
    // The old result stays, marked.
    expect(fields()).toEqual({ burden: '3', encumbrance: '2' });
    expect(result().dataset.stale).toBe('true');
    expect(screen.getByTestId('calc-stale').textContent).toContain('out of date');

    await typeAndWait('strength', '2');
    expect(screen.queryByTestId('calc-error')).toBeNull();
    expect(result().dataset.stale).toBe('false');
    expect(fields()).toEqual({ burden: '3', encumbrance: '1' });
  });

  it('marks a field holding something that is not a number, and the result as out of date', async () => {
    installBackend();
    await openCalculator('ars-magica', 'encumbrance');
    type('load', '9');
    await typeAndWait('strength', '1');
    expect(fields()).toEqual({ burden: '3', encumbrance: '2' });
    // "-3" typed after the 1 the field held: the box keeps what was typed, and says so.
    await typeAndWait('strength', '1-3');
    expect(input('strength').value).toBe('1-3');
    expect(input('strength').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('calc-error').textContent).toContain('Strength must be a whole number from −10 to 10, not `1-3`');
    expect(result().dataset.stale).toBe('true');
    expect(fields()).toEqual({ burden: '3', encumbrance: '2' });
  });

  it('steps a number field with the arrow keys, within its range', async () => {
    installBackend();
    await openCalculator('ars-magica', 'encumbrance');
    type('strength', '1');
    await fireEvent.keyDown(input('strength'), { key: 'ArrowUp' });
    expect(input('strength').value).toBe('2');
    type('strength', '10');
    await fireEvent.keyDown(input('strength'), { key: 'ArrowUp' });
    expect(input('strength').value).toBe('10');
    type('strength', '');
    await fireEvent.keyDown(input('strength'), { key: 'ArrowDown' });
    expect(input('strength').value).toBe('-1');
  });

  it('says an entry not found where the result goes, not "Fill in the form"', async () => {
    installBackend();
    await openCalculator('ars-magica', 'soak');
    type('stamina', '2');
    await fireEvent.change(input('coverage'), { target: { value: 'full' } });
    await typeAndWait('armor', 'chian mail');
    const said = within(result()).getByTestId('calc-result-error');
    expectSaid(said, 'not_found', 'Chain Mail');
    expect(result().textContent).not.toContain('Fill in the form');
  });

  it('names close entries when an entry is not found', async () => {
    installBackend();
    await openCalculator('ars-magica', 'soak');
    type('stamina', '2');
    await fireEvent.change(input('coverage'), { target: { value: 'full' } });
    await typeAndWait('armor', 'none');
    expect(fields()).toEqual({ soak: '2' });
    await typeAndWait('armor', 'chian mail');
    const error = screen.getByTestId('calc-error');
    expectSaid(error, 'not_found', 'Chain Mail');
    expect(result().dataset.stale).toBe('true');
    // Issue 33: the unknown armour is marked at its field, with the names meant there.
    expect(input('armor').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('calc-field-problem').dataset.param).toBe('armor');
    expect(screen.getByTestId('calc-field-problem').textContent).toContain('Chain Mail');
    await typeAndWait('armor', 'chain');
    expect(fields()).toEqual({ soak: '11' });
  });

  // Issue 33: the MLAF cast calculator said "Fill in the form" while its "Not found" was
  // below the fold. An unknown spell is said at the Spell field, marked invalid, with the
  // spells meant.
  it('says a spell it does not know at the Spell field: MLAF cast, Not found', async () => {
    installBackend();
    await openCalculator('mlaf', 'cast');
    await typeAndWait('spell', 'Fire Bawl');
    const spell = input('spell');
    expect(spell.getAttribute('aria-invalid')).toBe('true');
    const said = screen.getByTestId('calc-field-problem');
    expect(said.dataset.param).toBe('spell');
    expectSaid(said, 'not_found', 'No spell named `Fire Bawl`');
    expect(said.textContent).toContain('`Fire Ball`');
    expect(spell.getAttribute('aria-describedby')?.split(' ')).toContain(said.id);
    // Beside the field it is about, not only in a box below the form.
    expect(said.closest('.param')?.contains(spell)).toBe(true);
    expect(result().textContent).not.toContain('Fill in the form');
    expect(input('enemy-tz').getAttribute('aria-invalid')).toBeNull();
  });

  it('links each term to its rule and shows warnings', async () => {
    installBackend({ calculators: () => [everyKind], calculate: () => sample });
    await openCalculator('ars-magica', 'test-everything');
    const terms = screen.getAllByTestId('calc-term');
    expect(terms).toHaveLength(2);
    const link = terms[0].querySelector<HTMLAnchorElement>('a[data-entry-link]')!;
    expect(link.getAttribute('href')).toBe('#/entry/ars-magica/armor/chain-mail');
    expect(link.dataset.id).toBe('ars-magica/armor/chain-mail');
    expect(link.textContent).toBe('Chain Mail, full');
    // An addend shows its sign (issue 12: terms render from their op, not the raw value).
    expect(terms[0].querySelector('.value')?.textContent).toBe('+9');
    expect(terms[1].querySelector('a')).toBeNull();
    expect(terms[1].textContent).toContain('Difficult terrain');
    expect(terms[1].querySelector('.value')?.textContent).toBe('halved');
    expect(screen.getAllByTestId('calc-warning').map((w) => w.textContent)).toEqual(['Below the weapon’s minimum Strength']);
    // The calculator's own rule is linked under its summary.
    expect(screen.getByTestId('calculator').querySelector('.rule a[data-id="ars-magica/rule/attack-total"]')).not.toBeNull();
  });
});

describe('calculator routes', () => {
  it('opens a calculator at #/calc/<system>/<name>, from the sidebar and the home page', async () => {
    installBackend();
    window.location.hash = '#/';
    render(App);
    const home = await screen.findByTestId('home-calc');
    expect(home.getAttribute('href')).toBe('#/calc');

    const nav = await screen.findByTestId('nav-calc');
    expect(nav.dataset.system).toBe('ars-magica');
    expect(nav.getAttribute('href')).toBe('#/calc/ars-magica');

    window.location.hash = '#/calc';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    const list = await screen.findByTestId('calc-list');
    // Every calculator the core lists, none dropped or doubled.
    const all = backend<Calculator[]>('calculators');
    expect(all.length).toBeGreaterThanOrEqual(107);
    await waitFor(() => expect(within(list).getAllByTestId('calc-link')).toHaveLength(all.length));
    expect(list.textContent).toContain('Ars Magica');
    expect(list.textContent).toContain('MythCraft');

    window.location.hash = '#/calc/mythcraft';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() =>
      // The system's own calculators, in the core's order, and only those.
      expect(screen.getAllByTestId('calc-link').map((a) => a.dataset.name)).toEqual(
        all.filter((c) => c.system === 'mythcraft').map((c) => c.name),
      ),
    );
    // The sidebar opens the system and marks its calculators.
    await waitFor(() => expect(screen.getByTestId('nav-calc').dataset.system).toBe('mythcraft'));
    expect(screen.getByTestId('nav-calc').getAttribute('aria-current')).toBe('page');

    expect(screen.getAllByTestId('calc-link')[3].getAttribute('href')).toBe('#/calc/mythcraft/movement');
    window.location.hash = '#/calc/mythcraft/movement';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    const page = await screen.findByTestId('calculator');
    expect(page.dataset.system).toBe('mythcraft');
    expect(page.dataset.name).toBe('movement');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Movement');
    await waitFor(() => expect(field('budget_ft')?.textContent).toBe('20'));
    expect(document.title).toBe('Movement — MythCraft — Calculators — Tome');
  });

  it('opens straight at a calculator and explains an unknown one', async () => {
    installBackend();
    window.location.hash = '#/calc/ars-magica/encumbrance';
    render(App);
    const page = await screen.findByTestId('calculator');
    expect(page.dataset.name).toBe('encumbrance');
    expect(screen.getAllByTestId('calc-input').map((i) => i.dataset.param)).toEqual(['load', 'strength']);

    window.location.hash = '#/calc/ars-magica/nonsense';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    const panel = await screen.findByTestId('error-panel');
    expectSaid(panel, 'not_found', 'No such calculator');
  });
});
