import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListItem } from '../lib/bindings/ListItem';
import type { SearchHit } from '../lib/bindings/SearchHit';
import SearchBox from '../lib/components/SearchBox.svelte';
import { catalog } from '../lib/catalog.svelte';
import type { System } from '../lib/bindings/System';
import { backend, deferred, installBackend, settle } from './backend';

const input = () => screen.getByTestId('search-input') as HTMLInputElement;
const results = () => screen.queryAllByTestId('search-result');
const ids = () => results().map((r) => r.dataset.id);
/** What the core answers for "broken": the Broken condition, then what its forms find ("break"). */
const brokenIds = () =>
  backend<SearchHit[]>('search', { query: 'broken', system: null, kind: null, limit: 20 }).map((h) => h.id);
const selected = () => results().filter((r) => r.getAttribute('aria-selected') === 'true');

function type(text: string) {
  fireEvent.input(input(), { target: { value: text } });
}

/** Types `text`, lets its search answer, and gives the results' ids. */
async function searched(text: string): Promise<(string | undefined)[]> {
  type(text);
  await vi.advanceTimersByTimeAsync(80);
  await settle();
  return ids();
}

/** Searches answer only when the test resolves them: each query's answer, by query. */
function holdAnswers(): Record<string, ReturnType<typeof deferred<SearchHit[]>>> {
  const pending: Record<string, ReturnType<typeof deferred<SearchHit[]>>> = {};
  installBackend({
    search: (args) => {
      const q = String(args.query);
      pending[q] = deferred<SearchHit[]>();
      return pending[q].promise;
    },
  });
  return pending;
}

describe('search box', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The app lists the systems (with each one's own words) before anyone searches.
    catalog.systems = backend<System[]>('systems');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches at once (no waiting for a pause), for what is in the box when it runs', async () => {
    const calls = installBackend();
    render(SearchBox);
    // Keys that arrive together (a paste, a burst of typing) make one search.
    for (const text of ['s', 'st', 'stu', 'stun']) type(text);
    expect(calls.filter((c) => c.cmd === 'search')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    await settle();
    const searches = calls.filter((c) => c.cmd === 'search');
    expect(searches).toHaveLength(1);
    expect(searches[0].args.query).toBe('stun');
    expect(ids()).toContain('amtgard/condition/stunned');
    expect(ids()).toContain('mythcraft/condition/stunned');
    // Each result shows its name, kind, system and snippet.
    const amtgard = results().find((r) => r.dataset.id === 'amtgard/condition/stunned')!;
    expect(amtgard.querySelector('.name')?.textContent).toBe('Stunned');
    expect(amtgard.querySelector('.badge.kind')?.textContent).toBe('state'); // Amtgard's word for conditions
    expect(amtgard.querySelector('.badge.system')?.textContent).toBe('Amtgard'); // the system's name, once the app has listed the systems
    expect(amtgard.querySelector('.snippet')?.textContent).toContain('cannot act');
  });

  it('ignores an answer that arrives after the answer to a newer query', async () => {
    const pending = holdAnswers();
    render(SearchBox);
    type('st');
    await vi.advanceTimersByTimeAsync(80);
    type('broken');
    await vi.advanceTimersByTimeAsync(80);
    expect(Object.keys(pending)).toEqual(['st', 'broken']);
    pending.broken.resolve(backend('search', { query: 'broken', system: null, kind: null, limit: 20 }));
    await settle();
    pending.st.resolve(backend('search', { query: 'st', system: null, kind: null, limit: 20 }));
    await settle();
    expect(ids()).toEqual(brokenIds());
    expect(ids()[0]).toBe('mythcraft/condition/broken');
    expect(results()[0].textContent).toContain('Broken');
  });

  it('dims the results of the previous query while the next one is on its way', async () => {
    installBackend();
    render(SearchBox);
    type('stunned');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(ids()).toContain('amtgard/condition/stunned');
    type('broken');
    // Still on screen, but no longer the results of what is typed: not offered for Enter or the arrows.
    expect(document.querySelectorAll('[role="option"]').length).toBeGreaterThan(0);
    expect(results()).toHaveLength(0);
    expect(screen.getByRole('listbox', { hidden: true }).getAttribute('aria-busy')).toBe('true');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(ids()).toEqual(brokenIds());
  });

  it('moves with the arrow keys and opens the chosen result with Enter', async () => {
    installBackend();
    render(SearchBox);
    const found = await searched('stunned');
    expect(found.length).toBeGreaterThan(2);
    expect(selected()).toHaveLength(0);
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected().map((r) => r.dataset.id)).toEqual([found[0]]);
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected().map((r) => r.dataset.id)).toEqual([found[1]]);
    expect(input().getAttribute('aria-activedescendant')).toBe(selected()[0].id);
    await fireEvent.keyDown(input(), { key: 'Enter' });
    expect(window.location.hash).toBe(`#/entry/${found[1]}`);
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the first result on Enter, even before the results have arrived', async () => {
    installBackend();
    render(SearchBox);
    type('broken');
    await fireEvent.keyDown(input(), { key: 'Enter' });
    await settle();
    expect(window.location.hash).toBe('#/entry/mythcraft/condition/broken');
  });

  /** The results "stunned" finds typed slowly (more than two), the box emptied after. */
  async function stunnedSlowly(): Promise<(string | undefined)[]> {
    installBackend();
    render(SearchBox);
    const found = await searched('stunned');
    expect(found.length).toBeGreaterThan(2);
    type('');
    await settle();
    return found;
  }

  it('keeps arrow keys pressed before the results arrive: a burst does what the same keys do slowly', async () => {
    // Slowly (the test above), ↓↓ Enter opens the second result.
    const found = await stunnedSlowly();
    // In one burst: the keys come before the search has even run.
    type('stunned');
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await fireEvent.keyDown(input(), { key: 'Enter' });
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(window.location.hash).toBe(`#/entry/${found[1]}`);
  });

  it("plays keys waiting for the results of what is typed on those results, not on an older query's answer that lands first", async () => {
    // The e2e run that found it: "swor" was still on its way when "sword" ↓↓ were typed;
    // its answer came first and took the arrows, and Enter then opened the first result.
    const found = await stunnedSlowly();
    const pending = holdAnswers();
    type('stun');
    await vi.advanceTimersByTimeAsync(0);
    expect(Object.keys(pending)).toEqual(['stun']);
    // "stunned" is typed and the arrows pressed before its search has run.
    type('stunned');
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    pending.stun.resolve(backend('search', { query: 'stun', system: null, kind: null, limit: 20 }));
    await settle();
    expect(selected(), 'no result of "stun" taken by the arrows meant for "stunned"').toHaveLength(0);
    await fireEvent.keyDown(input(), { key: 'Enter' });
    await vi.advanceTimersByTimeAsync(0);
    pending.stunned.resolve(backend('search', { query: 'stunned', system: null, kind: null, limit: 20 }));
    await settle();
    expect(window.location.hash).toBe(`#/entry/${found[1]}`);
  });

  it('keeps to the page\'s system when "only" is ticked, and remembers it for the session', async () => {
    sessionStorage.clear();
    const calls = installBackend({ search: () => [] });
    const { unmount } = render(SearchBox, { system: 'amtgard' });
    const only = screen.getByTestId('search-system-only') as HTMLInputElement;
    expect(only.checked).toBe(false);
    expect(only.closest('label')!.textContent).toContain('Amtgard only');
    type('stun');
    await vi.advanceTimersByTimeAsync(10);
    await settle();
    expect(calls.filter((c) => c.cmd === 'search').at(-1)!.args).toMatchObject({ query: 'stun', system: null });
    // Ticked while the list is open: the same words are searched again, in Amtgard only.
    await fireEvent.pointerDown(only.closest('label')!);
    await fireEvent.click(only);
    await settle();
    expect(calls.filter((c) => c.cmd === 'search').at(-1)!.args).toMatchObject({ query: 'stun', system: 'amtgard' });
    expect(sessionStorage.getItem('tome.search.system-only')).toBe('yes');
    unmount();
    // Remembered: a new box starts ticked; on a page without a system there is no toggle.
    render(SearchBox, { system: 'mythcraft' });
    expect((screen.getByTestId('search-system-only') as HTMLInputElement).checked).toBe(true);
  });

  // Issue 44: mid-fight the game master wants the fight's system; elsewhere, everything.
  it("starts ticked on a fight's page, and that choice is the fight pages' own", async () => {
    sessionStorage.clear();
    installBackend({ search: () => [] });
    const fight = render(SearchBox, { system: 'mythcraft', fight: true });
    const only = screen.getByTestId('search-system-only') as HTMLInputElement;
    expect(only.checked).toBe(true);
    fight.unmount();
    const entry = render(SearchBox, { system: 'mythcraft' });
    expect((screen.getByTestId('search-system-only') as HTMLInputElement).checked, 'not on a rule page').toBe(false);
    entry.unmount();
    render(SearchBox, { system: 'mythcraft', fight: true });
    await fireEvent.click(screen.getByTestId('search-system-only'));
    expect(sessionStorage.getItem('tome.search.system-only.fight')).toBe('no');
    expect(sessionStorage.getItem('tome.search.system-only')).toBeNull();
  });

  it('starts a new page with an empty box, not the last page’s query', async () => {
    installBackend({ search: () => [] });
    window.location.hash = '#/';
    render(SearchBox);
    type('grapple');
    input().blur();
    window.location.hash = '#/encounters';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle();
    expect(input().value).toBe('');
  });

  it('offers no system toggle on a page without a system', () => {
    installBackend();
    render(SearchBox, { system: null });
    expect(screen.queryByTestId('search-system-only')).toBeNull();
  });

  it('opens a result on click and closes with Escape', async () => {
    installBackend();
    render(SearchBox);
    type('medusa');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(input().getAttribute('aria-expanded')).toBe('true');
    await fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().getAttribute('aria-expanded')).toBe('false');
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    await fireEvent.click(results()[0]);
    expect(window.location.hash).toBe('#/entry/mlaf/spell/medusas-gaze');
  });

  it('says so when nothing matches', async () => {
    installBackend();
    render(SearchBox);
    type('xyzzy');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(results()).toHaveLength(0);
    expect(screen.getByText(/No matches for “xyzzy”/)).toBeTruthy();
  });
});

describe('search shortcuts', () => {
  it('Ctrl+K focuses the search box from anywhere', async () => {
    installBackend();
    render(SearchBox);
    const other = document.createElement('input');
    document.body.appendChild(other);
    other.focus();
    await fireEvent.keyDown(other, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(input());
    other.remove();
  });

  it('"/" focuses the search box, unless one is typing in a field', async () => {
    installBackend();
    render(SearchBox);
    const button = document.createElement('button');
    document.body.appendChild(button);
    button.focus();
    const slash = await fireEvent.keyDown(button, { key: '/' });
    expect(document.activeElement).toBe(input());
    expect(slash).toBe(false); // the "/" is not typed into the box

    const field = document.createElement('textarea');
    document.body.appendChild(field);
    field.focus();
    await fireEvent.keyDown(field, { key: '/' });
    expect(document.activeElement).toBe(field);
    button.remove();
    field.remove();
  });
});

function hit(partial: Partial<SearchHit> & Pick<SearchHit, 'id' | 'name'>): SearchHit {
  return { kind: 'spell', system: 'mlaf', snippet: '', marks: [], name_marks: [], matched: 'name', score: 900, ...partial };
}

const marked = (el: Element | null | undefined) => [...(el?.querySelectorAll('mark') ?? [])].map((m) => m.textContent);

describe('search result marks', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function search(text: string, answer: SearchHit[]) {
    installBackend({ search: () => answer });
    render(SearchBox);
    type(text);
    await vi.advanceTimersByTimeAsync(80);
    await settle();
  }

  it('marks the words the backend matched, even when the query is misspelt', async () => {
    await search('chian mial', [
      hit({
        id: 'ars-magica/armor/chain-mail',
        name: 'Chain Mail',
        kind: 'armor',
        system: 'ars-magica',
        name_marks: [[0, 5], [6, 10]],
        snippet: '…made of hardened leather or chain mail. Compared with a fist',
        marks: [[29, 34], [35, 39]],
        matched: 'name',
      }),
    ]);
    const [result] = results();
    expect(marked(result.querySelector('.name'))).toEqual(['Chain', 'Mail']);
    expect(marked(result.querySelector('.snippet'))).toEqual(['chain', 'mail']);
    expect(result.querySelector('.snippet')?.textContent).toBe('…made of hardened leather or chain mail. Compared with a fist');
  });

  it('cuts at code points: curly apostrophes, accents and characters beyond 16 bits', async () => {
    await search('medusa', [
      hit({ id: 'mlaf/spell/medusas-gaze', name: 'Medusa’s Gaze', name_marks: [[0, 8]], snippet: 'Halves a player’s ST', marks: [[0, 6]] }),
      hit({
        id: 'x/spell/aegir',
        name: 'Ægir’s Élan Vital',
        name_marks: [[7, 11]],
        snippet: '…déjà vu: the 𝔊rey Wardèn’s élan returns',
        marks: [[14, 18], [19, 27], [28, 32]],
      }),
    ]);
    const [gaze, aegir] = results();
    expect(marked(gaze.querySelector('.name'))).toEqual(['Medusa’s']);
    expect(gaze.querySelector('.name')?.textContent).toBe('Medusa’s Gaze');
    expect(marked(gaze.querySelector('.snippet'))).toEqual(['Halves']);
    expect(marked(aegir.querySelector('.name'))).toEqual(['Élan']);
    // 𝔊 is one character but two UTF-16 units: the marks after it must not shift.
    expect(marked(aegir.querySelector('.snippet'))).toEqual(['𝔊rey', 'Wardèn’s', 'élan']);
    expect(aegir.querySelector('.snippet')?.textContent).toBe('…déjà vu: the 𝔊rey Wardèn’s élan returns');
  });

  it('marks nothing the backend did not mark, whatever was typed', async () => {
    await search('gaze', [hit({ id: 'mlaf/spell/medusas-gaze', name: 'Medusa’s Gaze', snippet: 'Halves a player’s ST: his gaze', marks: [] })]);
    expect(results()[0].querySelectorAll('mark')).toHaveLength(0);
  });

  it('ignores marks that do not fit the text instead of breaking', async () => {
    await search('toad', [hit({ id: 'mlaf/spell/toad', name: 'Toad', name_marks: [[2, 1], [0, 99], [-3, 2]], snippet: 'Turns a player', marks: [[50, 60]] })]);
    const [result] = results();
    expect(result.querySelector('.name')?.textContent).toBe('Toad');
    expect(marked(result.querySelector('.name'))).toEqual(['Toad']);
    expect(result.querySelector('.snippet')?.textContent).toBe('Turns a player');
    expect(marked(result.querySelector('.snippet'))).toEqual([]);
  });

  it('says when another name of the entry matched', async () => {
    await search('morning star', [
      hit({
        id: 'ars-magica/weapon/mace-and-chain',
        name: 'Mace and Chain',
        kind: 'weapon',
        system: 'ars-magica',
        snippet: 'One or more spiked or flanged weights chained to a handle; also known as a morning star.',
        marks: [[75, 82], [83, 87]],
        matched: 'alias',
      }),
      hit({ id: 'mlaf/spell/fire-ball', name: 'Fire Ball', name_marks: [[0, 4]], matched: 'name' }),
    ]);
    const [mace, ball] = results();
    expect(mace.querySelector('.via')?.textContent).toBe('other name');
    expect(marked(mace.querySelector('.snippet'))).toEqual(['morning', 'star']);
    expect(ball.querySelector('.via')).toBeNull();
  });

  it("says when the rules document's own word matched", async () => {
    await search('exhaustion', [
      hit({ id: 'ars-magica/rule/fatigue', name: 'Fatigue', kind: 'rule', system: 'ars-magica', matched: 'terms' }),
    ]);
    const [fatigue] = results();
    expect(fatigue.querySelector('.via')?.textContent).toBe("the book's word");
  });

  it('finds through the sample backend with a typo, marking the real words', async () => {
    installBackend();
    render(SearchBox);
    type('chian mail');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    const chain = results().find((r) => r.dataset.id === 'ars-magica/armor/chain-mail')!;
    expect(marked(chain.querySelector('.name'))).toEqual(['Chain', 'Mail']);
  });
});

describe('odd queries', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const odd = ['a', '"', '""', '"chain mail"', '%', '*', 'AND', 'NEAR(', 'stun*', 'sys:', 'in:nothing', '"unbalanced', 'a OR b NOT c', '🙂', '\u0000'];

  it.each(odd)('%j answers with results or "No matches", never an error', async (text) => {
    const calls = installBackend();
    render(SearchBox);
    type(text);
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(calls.filter((c) => c.cmd === 'search').map((c) => c.args.query)).toEqual([text.trim()]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('true');
    if (results().length === 0) expect(screen.getByText(/No matches for/).textContent).toContain(text.trim());
  });

  it('filters by system and kind, and asks for a word when there are only filters', async () => {
    const calls = installBackend();
    render(SearchBox);
    type('sys:amtgard stun');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(ids().length).toBeGreaterThan(0);
    expect(ids().every((id) => id?.startsWith('amtgard/'))).toBe(true);
    type('sys:amtgard kind:condition');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(calls.at(-1)?.args.query).toBe('sys:amtgard kind:condition');
    expect(results()).toHaveLength(0);
    expect(screen.getByText('Add a word to search for, after the filters.')).toBeTruthy();
  });

  it('does not search for an empty or blank box, and closes the list', async () => {
    const calls = installBackend();
    render(SearchBox);
    type('stun');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(results().length).toBeGreaterThan(0);
    type('   ');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(calls.filter((c) => c.cmd === 'search')).toHaveLength(1);
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/No matches/)).toBeNull();
    await fireEvent.keyDown(input(), { key: 'Enter' });
    expect(window.location.hash).toBe('');
  });

  it('copes with 10 kB pasted into the box', async () => {
    const calls = installBackend();
    render(SearchBox);
    const huge = 'zyx "NEAR( %*'.repeat(800); // ~10 kB
    expect(huge.length).toBeGreaterThan(10_000);
    type(huge);
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    const sent = calls.filter((c) => c.cmd === 'search').map((c) => String(c.args.query));
    expect(sent).toHaveLength(1);
    expect(sent[0].length).toBeLessThanOrEqual(256); // the backend reads no more than that
    // The search's syntax characters are words to it, not operators: it answers (the
    // rules holding "near", since issue 76 no word no text holds hides the others) or
    // says there is nothing, and never shows the 10 kB back.
    expect(document.body.textContent).not.toContain(huge.slice(0, 200));
    const status = screen.queryByText(/No matches for/);
    if (status) {
      expect(status.textContent!.length).toBeLessThan(100); // quoted short, not 10 kB of text
      expect(status.textContent).toContain('…');
    } else {
      expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
    }
  });

  it('shows the backend refusing a query as a message, not a crash', async () => {
    installBackend({
      search: () => {
        throw { code: 'invalid_input', message: 'query too odd' };
      },
    });
    render(SearchBox);
    type('NEAR(');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('query too odd');
    type('NEAR(x');
    expect(input().value).toBe('NEAR(x');
  });

  it('brings back the results, the opened one highlighted, when Back returns to the page', async () => {
    installBackend();
    window.location.hash = '#/browse/amtgard';
    await vi.advanceTimersByTimeAsync(0);
    render(SearchBox);
    await searched('stun');
    const shown = ids();
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await fireEvent.keyDown(input(), { key: 'Enter' });
    expect(window.location.hash).toBe(`#/entry/${shown[1]}`);
    expect(input().getAttribute('aria-expanded')).toBe('false'); // closed on the entry
    history.back();
    await vi.waitFor(() => expect(window.location.hash).toBe('#/browse/amtgard'));
    await vi.waitFor(() => expect(input().getAttribute('aria-expanded')).toBe('true'));
    expect(ids()).toEqual(shown);
    expect(input().value).toBe('stun');
    expect(document.activeElement).toBe(input());
    expect(selected().map((r) => r.dataset.id)).toEqual([shown[1]]);
    // A page reached by a new link (not Back) opens without them.
    window.location.hash = '#/browse/mlaf';
    await vi.waitFor(() => expect(window.location.hash).toBe('#/browse/mlaf'));
    input().blur();
    await settle();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('rolls a table straight from the results, by click or Ctrl+Enter, without leaving them', async () => {
    const calls = installBackend({
      roll_table: () => ({ roll: { dice: '3d6', faces: [2, 1, 2], total: 5 }, row: 2, text: '3d6: 2 + 1 + 2 = 5' }),
    });
    catalog.lists = { ...catalog.lists, table: backend<ListItem[]>('list_entries', { kind: 'table', system: null }) };
    render(SearchBox);
    const found = await searched('spell table');
    const table = results().find((r) => r.dataset.id === 'mlaf/table/spell-table')!;
    const roll = table.querySelector<HTMLElement>('[data-testid="search-roll"]')!;
    expect(roll.textContent).toContain('Roll 3d6');
    // Only tables that are rolled offer it.
    expect(results().filter((r) => r.querySelector('[data-testid="search-roll"]')).length).toBeLessThan(found.length);
    await fireEvent.click(roll);
    await settle();
    expect(window.location.hash).not.toBe('#/entry/mlaf/table/spell-table');
    expect(table.querySelector('[data-testid="search-rolled"]')?.textContent).toBe('3d6: 2 + 1 + 2 = 5 → Medusa’s Gaze · 3+');
    expect(calls.filter((c) => c.cmd === 'roll_table')).toHaveLength(1);
    // The keyboard: highlight the table, Ctrl+Enter rolls it again; Enter still opens it.
    expect(selected().map((r) => r.dataset.id)).toEqual(['mlaf/table/spell-table']); // the click highlighted it
    await fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selected().map((r) => r.dataset.id)).toEqual(['mlaf/table/spell-table']);
    await fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    await settle();
    expect(calls.filter((c) => c.cmd === 'roll_table')).toHaveLength(2);
    expect(input().getAttribute('aria-expanded')).toBe('true');
    await fireEvent.keyDown(input(), { key: 'Enter' });
    expect(window.location.hash).toBe('#/entry/mlaf/table/spell-table');
  });
});
