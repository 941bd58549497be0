// The table's pages reach the core over HTTP with the app's own `api` calls: an entry, a
// roll table and its roll go to the sharing server's endpoints, and a refusal arrives as
// the core's ErrorPayload (so the components branch on its code, as in the app).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, TomeError, useTransport } from '../lib/api';
import { tableTransport } from '../table/backend';

afterEach(() => {
  vi.unstubAllGlobals();
  useTransport(null);
});

function serve(answers: Record<string, [number, unknown]>) {
  const asked: { url: string; method: string }[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    asked.push({ url, method: init?.method ?? 'GET' });
    const [status, body] = answers[url] ?? [404, { code: 'not_found', message: `no ${url}` }];
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  useTransport(tableTransport);
  return asked;
}

/** The sharing server as the phone's action page meets it: `actions` answers the list of
 * actions; every other call is kept in the list returned (its address and body) and
 * answered with `{}`. */
function phoneServer(actions: unknown[]): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (url === '/api/actions') return Promise.resolve(new Response(JSON.stringify(actions), { status: 200 }));
    sent.push({ url, body: JSON.parse(String(init?.body)) });
    return Promise.resolve(new Response('{}', { status: 200 }));
  });
  return sent;
}

describe('the table transport', () => {
  it('asks the sharing server for an entry, a table and a roll', async () => {
    const asked = serve({
      '/api/entry?id=mlaf%2Ftable%2Fspell-table': [200, { id: 'mlaf/table/spell-table' }],
      '/api/table?id=mlaf%2Ftable%2Fspell-table': [200, { id: 'mlaf/table/spell-table', rows: [] }],
      '/api/roll?id=mlaf%2Ftable%2Fspell-table': [200, { row: 4, text: '3d6: 9' }],
    });
    expect((await api.showEntry('mlaf/table/spell-table')).id).toBe('mlaf/table/spell-table');
    expect((await api.getTable('mlaf/table/spell-table')).rows).toEqual([]);
    expect((await api.rollTable('mlaf/table/spell-table')).row).toBe(4);
    expect(asked.map((a) => a.method)).toEqual(['GET', 'GET', 'POST']);
  });

  it("gives the core's refusal with its code, and refuses the game master's commands", async () => {
    serve({ '/api/entry?id=nope': [404, { code: 'not_found', message: 'no entry nope', suggestions: ['mlaf/rule/nope'] }] });
    const missing = await api.showEntry('nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(TomeError);
    expect((missing as TomeError).code).toBe('not_found');
    expect((missing as TomeError).suggestions).toEqual(['mlaf/rule/nope']);
    const gm = await api.characters().catch((e: unknown) => e);
    expect((gm as TomeError).code).toBe('invalid_input');
  });
});

describe("the phone's rules search (issue 44)", () => {
  it("keeps to the fight's system, says which, and names systems by their names", async () => {
    const { render, screen, fireEvent } = await import('@testing-library/svelte');
    const { catalog } = await import('../lib/catalog.svelte');
    const { default: TableRules } = await import('../table/TableRules.svelte');
    const hit = (id: string, system: string) => ({ id, name: 'Stunned', kind: 'condition', system, snippet: '', marks: [], name_marks: [] });
    const asked = serve({
      '/api/systems': [200, [{ id: 'ars-magica', name: 'Ars Magica', document: '', entries: 0, style: null }, { id: 'mythcraft', name: 'MythCraft', document: '', entries: 0, style: null }]],
      '/api/search?q=stun&system=ars-magica': [200, [hit('ars-magica/condition/stunned', 'ars-magica')]],
      '/api/search?q=stun': [200, [hit('ars-magica/condition/stunned', 'ars-magica'), hit('mythcraft/condition/stunned', 'mythcraft')]],
    });
    catalog.systems = await api.systems();
    render(TableRules, { system: 'ars-magica' });
    const only = screen.getByTestId('table-only-system') as HTMLInputElement;
    expect(only.checked).toBe(true);
    expect(only.closest('label')!.textContent!.trim()).toBe('Ars Magica only');
    await fireEvent.input(screen.getByTestId('table-search'), { target: { value: 'stun' } });
    await new Promise((r) => setTimeout(r, 10));
    expect(asked.map((a) => a.url)).toContain('/api/search?q=stun&system=ars-magica');
    expect(screen.getAllByTestId('table-hit')).toHaveLength(1);
    await fireEvent.click(only);
    await new Promise((r) => setTimeout(r, 10));
    const hits = screen.getAllByTestId('table-hit');
    expect(hits.map((h) => h.textContent)).toEqual([expect.stringContaining('Ars Magica'), expect.stringContaining('MythCraft')]);
    expect(document.body.textContent).not.toMatch(/ars-magica|mythcraft\b/);
    catalog.systems = [];
  });
});

describe("the phone's dice box (issue 42)", () => {
  it('rolls on the server, for the table or the game master alone, and says a refusal', async () => {
    const { render, screen, fireEvent } = await import('@testing-library/svelte');
    const { default: TableDice } = await import('../table/TableDice.svelte');
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (_: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { dice: string; secret: boolean };
      sent.push(body);
      if (body.dice === '3x6') {
        return Promise.resolve(new Response(JSON.stringify({ code: 'invalid_input', message: 'dice `3x6` must look like "3d6"' }), { status: 400 }));
      }
      return Promise.resolve(new Response(JSON.stringify({ dice: body.dice, total: 11, text: `${body.dice}: 5 + 6 = 11` }), { status: 200 }));
    });
    render(TableDice, { system: null });
    await fireEvent.click(screen.getAllByTestId('dice-quick').find((b) => b.dataset.dice === 'stress')!);
    await vi.waitFor(() => expect(screen.getByTestId('dice-result').textContent).toContain('stress: 5 + 6 = 11'));
    await fireEvent.input(screen.getByTestId('dice-spec'), { target: { value: '2d6' } });
    await fireEvent.click(screen.getByTestId('dice-secret'));
    await vi.waitFor(() => expect(screen.getByTestId('dice-result').textContent).toContain('for the game master only'));
    await fireEvent.input(screen.getByTestId('dice-spec'), { target: { value: '3x6' } });
    await fireEvent.click(screen.getByTestId('dice-roll'));
    await vi.waitFor(() => expect(screen.getByTestId('dice-error').textContent).toContain('must look like'));
    expect(screen.queryByTestId('dice-result')).toBeNull();
    expect(sent).toEqual([
      { dice: 'stress', secret: false },
      { dice: '2d6', secret: true },
      { dice: '3x6', secret: false },
    ]);
  });
});

describe("the phone's turn (issue 42)", () => {
  // As the core lists it: the sheet's written attack, its numbers filled in by Tome.
  const attack = {
    label: 'Attack with Short sword',
    group: 'attack',
    action: 'attack',
    hint: '+5, 1d6+2 sharp, melee, 2 AP',
    preset: { bonus: '5', dice: '1d6', modifier: '2', type: 'sharp', range: 'melee', ap: '2' },
    params: [
      { name: 'target', label: 'Target', help: 'Whom you aim at.', kind: { type: 'listed', list: { from: 'combatants' } }, option_labels: [], choices: [], required: true, default: null, rolled: false, die: null },
      { name: 'amount', label: 'Damage you rolled', help: 'Left empty, Tome rolls it.', kind: { type: 'int', min: 0, max: 9999 }, option_labels: [], choices: [], required: false, default: null, rolled: true, die: null },
      { name: 'natural', label: 'Your d20', help: 'Tap Roll for me.', kind: { type: 'int', min: 1, max: 20 }, option_labels: [], choices: [], required: false, default: null, rolled: true, die: '1d20' },
    ],
  };
  const dodge = { label: 'Dodge', group: 'move', action: 'dodge', hint: 'Dodge: +2 to AR', preset: {}, params: [] };
  const view = { id: 1, name: 'Bridge', system: 'mythcraft', round: 1, current: 'Vex', whose: "Vex's", hidden_turn: false, about: [], rolls: [], log: [], combatants: ['Vex', 'Goblin 1'].map((name) => ({ name, pc: name === 'Vex', status: [], conditions: [] })) };
  const mine = (over: Record<string, unknown> = {}) => ({
    sheet: {},
    layout: {},
    fight: { name: 'Vex', status: [], values: {}, conditions: [], acting: true, reacting: false },
    initiative: null,
    initiative_sent: null,
    proposals: [],
    asks: [],
    ...over,
  });

  it('lists the sheet\'s attack by name, asks only whom and the die, and sends what Tome filled in (4 taps)', async () => {
    const { render, screen, fireEvent } = await import('@testing-library/svelte');
    const { default: TableAct } = await import('../table/TableAct.svelte');
    const sent: unknown[] = [];
    const previewed: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (url === '/api/actions') return Promise.resolve(new Response(JSON.stringify([attack, dodge]), { status: 200 }));
      if (url === '/api/preview') {
        previewed.push(JSON.parse(String(init?.body)));
        return Promise.resolve(new Response(JSON.stringify({ asked: 'Attack', rolled: ['Natural (1d20)'], table: [] }), { status: 200 }));
      }
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return Promise.resolve(new Response(JSON.stringify({ id: 3, asked: 'attack', state: 'waiting', word: null, table: [], dice: [] }), { status: 200 }));
    });
    render(TableAct, { mine: mine() as never, view: view as never });
    await vi.waitFor(() => expect(screen.getByTestId('table-act').textContent).toContain('Your turn, Vex'));
    const picks = screen.getAllByTestId('act-pick');
    expect(picks.map((b) => b.textContent?.trim())).toEqual(['Attack with Short sword +5, 1d6+2 sharp, melee, 2 AP', 'Dodge']);
    expect(screen.getByTestId('table-act').textContent).toContain('Attacks');
    expect(screen.getByTestId('table-act').textContent).toContain('Moves');
    // Tap 1: the attack. Its form asks whom (the others the table sees) and the die.
    await fireEvent.click(picks[0]!);
    expect(screen.getAllByTestId('act-target').map((b) => b.textContent)).toEqual(['Goblin 1']);
    expect(document.querySelector('[data-param="bonus"]')).toBeNull();
    expect((screen.getByTestId('act-send') as HTMLButtonElement).disabled).toBe(true);
    // Tap 2: the target; tap 3: Roll for me.
    await fireEvent.click(screen.getAllByTestId('act-target')[0]!);
    await fireEvent.click(screen.getByTestId('act-roll-for-me'));
    const inputs = { bonus: '5', dice: '1d6', modifier: '2', type: 'sharp', range: 'melee', ap: '2', target: 'Goblin 1' };
    await vi.waitFor(() => expect(screen.getByTestId('act-preview').textContent).toContain("depends on Tome's roll"));
    expect(previewed).toEqual([{ action: 'attack', inputs }]);
    expect(sent).toEqual([]);
    // Tap 4: send. Tome rolls the die: none goes with it.
    await fireEvent.click(screen.getByTestId('act-send'));
    await vi.waitFor(() => expect(sent).toEqual([{ url: '/api/act', body: { action: 'attack', inputs } }]));
    // The next attack offers the same target first.
    await vi.waitFor(() => expect(screen.getAllByTestId('act-pick').length).toBe(2));
    await fireEvent.click(screen.getAllByTestId('act-pick')[0]!);
    expect(screen.getAllByTestId('act-target')[0]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('sends the die as it landed when the player typed it, and says a refused field beside it', async () => {
    const { render, screen, fireEvent } = await import('@testing-library/svelte');
    const { default: TableAct } = await import('../table/TableAct.svelte');
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (url === '/api/actions') return Promise.resolve(new Response(JSON.stringify([attack]), { status: 200 }));
      if (url === '/api/preview') {
        const body = { code: 'form-invalid', message: 'Your d20: 1 to 20', problems: [{ field: 'natural', message: 'Your d20: 1 to 20' }] };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 400 }));
      }
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    render(TableAct, { mine: mine() as never, view: view as never });
    await fireEvent.click((await vi.waitFor(() => screen.getAllByTestId('act-pick')))[0]!);
    await fireEvent.click(screen.getAllByTestId('act-target')[0]!);
    await fireEvent.click(screen.getByTestId('act-roll-typed'));
    await fireEvent.input(document.querySelector('input[data-param="natural"]')!, { target: { value: '24' } });
    await vi.waitFor(() => expect(screen.getAllByTestId('act-field-problem').map((p) => p.textContent)).toEqual(['Your d20: 1 to 20']));
    expect(screen.queryByTestId('act-preview-problem')).toBeNull();
    await fireEvent.input(document.querySelector('input[data-param="natural"]')!, { target: { value: '14' } });
    await fireEvent.click(screen.getByTestId('act-send'));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { body: { inputs: Record<string, string> } }).body.inputs.natural).toBe('14');
  });

  it('offers its actions out of its turn as a reaction when its rules let it react', async () => {
    const { render, screen } = await import('@testing-library/svelte');
    const { default: TableAct } = await import('../table/TableAct.svelte');
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(new Response(url === '/api/actions' ? JSON.stringify([attack]) : '{}', { status: 200 })),
    );
    render(TableAct, { mine: mine({ fight: { name: 'Vex', status: [], values: {}, conditions: [], acting: false, reacting: true } }) as never, view: view as never });
    await vi.waitFor(() => expect(screen.getByTestId('table-act').textContent).toContain('React, Vex'));
    expect(screen.getByTestId('table-act').textContent).toContain('Reactive AP');
    expect(screen.getByTestId('table-act').dataset.reacting).toBe('true');
  });

  it('offers nothing out of its turn, lists what it sent, and answers a roll asked of it', async () => {
    const { render, screen, fireEvent } = await import('@testing-library/svelte');
    const { default: TableAct } = await import('../table/TableAct.svelte');
    const sent = phoneServer([attack]);
    const proposals = [
      { id: 1, actor: 'Wren', asked: 'attack: target Goblin 1', state: 'accepted', word: null, table: [], dice: [] },
      { id: 2, actor: 'Vex', asked: 'dodge', state: 'declined', word: 'Not now', table: [], dice: [] },
    ];
    const asks = [{ id: 9, label: 'Soak', dice: 'stress', form: { type: 'dice' }, min: 0, max: 10240, answered: null }];
    render(TableAct, { mine: mine({ fight: { name: 'Vex', status: [], values: {}, conditions: [], acting: false, reacting: false }, proposals, asks }) as never, view: view as never });
    await vi.waitFor(() => expect(screen.getByTestId('table-ask').textContent).toContain('The game master asks: Soak'));
    expect(screen.queryByTestId('table-act')).toBeNull();
    const shown = screen.getAllByTestId('my-proposal').map((li) => li.textContent);
    expect(shown[0]).toContain('Declined');
    expect(shown[0]).toContain('Not now');
    expect(shown[1]).toContain('Accepted');
    // Sent for the character the phone showed before (issue 74): said whose.
    expect(shown[1]).toContain('for Wren,');
    expect(shown[0]).not.toContain('for Vex');
    await fireEvent.input(screen.getByTestId('ask-typed'), { target: { value: '7' } });
    await fireEvent.click(screen.getByTestId('ask-send'));
    await vi.waitFor(() => expect(sent).toEqual([{ url: '/api/answer', body: { ask: 9, roll: 7 } }]));
  });

  it("answers a choice with one button per option and a pool with the player's own dice", async () => {
    const { render, screen, fireEvent } = await import('@testing-library/svelte');
    const { default: TableAct } = await import('../table/TableAct.svelte');
    const sent = phoneServer([]);
    const asks = [
      { id: 3, label: 'Where were you struck? (Hit)', dice: '', form: { type: 'choice', options: ['torso', 'left-arm'], labels: ['Torso', 'Left arm'] }, min: 0, max: 0, answered: null },
      { id: 4, label: 'Your clash successes (Clash)', dice: '', form: { type: 'pool', dice: 6, chance: false }, min: 0, max: 50, answered: null },
    ];
    render(TableAct, { mine: mine({ fight: { name: 'Ada', status: [], values: {}, conditions: [], acting: false, reacting: false }, asks }) as never, view: view as never });
    const [choice, pool] = await vi.waitFor(() => screen.getAllByTestId('table-ask'));
    expect([...choice.querySelectorAll('[data-testid="ask-choice"]')].map((b) => b.textContent)).toEqual(['Torso', 'Left arm']);
    expect(choice.querySelector('[data-testid="ask-roll"]')).toBeNull();
    expect(pool.querySelector('[data-testid="ask-roll"]')!.textContent).toBe('Roll your 6 dice for me');
    expect(pool.textContent).toContain('Successes I counted');
    await fireEvent.click(choice.querySelectorAll('[data-testid="ask-choice"]')[1]);
    await vi.waitFor(() => expect(sent).toEqual([{ url: '/api/answer', body: { ask: 3, choice: 'left-arm' } }]));
  });

  it('answers "react?" with React, leaving the reaction form in view, or lets it pass', async () => {
    const { render, screen, fireEvent } = await import('@testing-library/svelte');
    const { default: TableAct } = await import('../table/TableAct.svelte');
    const sent = phoneServer([attack]);
    const asks = [{ id: 6, label: 'React to Goblin 1?', dice: '', form: { type: 'react' }, min: 0, max: 0, answered: null }];
    render(TableAct, { mine: mine({ fight: { name: 'Vex', status: [], values: {}, conditions: [], acting: false, reacting: true }, asks }) as never, view: view as never });
    await vi.waitFor(() => expect(screen.getByTestId('table-ask').textContent).toContain('React to Goblin 1?'));
    expect(screen.getByTestId('ask-pass').textContent).toBe('Let it pass');
    await fireEvent.click(screen.getByTestId('ask-react'));
    await vi.waitFor(() => expect(sent).toEqual([{ url: '/api/answer', body: { ask: 6, choice: 'react' } }]));
    await vi.waitFor(() => expect(screen.getByTestId('table-act').textContent).toContain('React, Vex'));
  });
});
