import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchHit } from '../lib/bindings/SearchHit';
import SearchBox from '../lib/components/SearchBox.svelte';
import { mockSearch } from '../lib/mock-backend';
import { deferred, installBackend, settle } from './backend';

const input = () => screen.getByTestId('search-input') as HTMLInputElement;
const results = () => screen.queryAllByTestId('search-result');
const ids = () => results().map((r) => r.dataset.id);
const selected = () => results().filter((r) => r.getAttribute('aria-selected') === 'true');

function type(text: string) {
  fireEvent.input(input(), { target: { value: text } });
}

describe('search box', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a pause in typing, then shows the results of what was typed', async () => {
    const calls = installBackend();
    render(SearchBox);
    for (const text of ['s', 'st', 'stu', 'stun']) {
      type(text);
      await vi.advanceTimersByTimeAsync(30);
    }
    await vi.advanceTimersByTimeAsync(40); // 70 ms after the last key
    expect(calls.filter((c) => c.cmd === 'search')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10);
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
    expect(amtgard.querySelector('.badge.system')?.textContent).toBe('amtgard');
    expect(amtgard.querySelector('.snippet')?.textContent).toContain('cannot act');
  });

  it('ignores an answer that arrives after the answer to a newer query', async () => {
    const pending: Record<string, ReturnType<typeof deferred<SearchHit[]>>> = {};
    installBackend({
      search: (args) => {
        const q = String(args.query);
        pending[q] = deferred<SearchHit[]>();
        return pending[q].promise;
      },
    });
    render(SearchBox);
    type('st');
    await vi.advanceTimersByTimeAsync(80);
    type('broken');
    await vi.advanceTimersByTimeAsync(80);
    expect(Object.keys(pending)).toEqual(['st', 'broken']);
    pending.broken.resolve(mockSearch('broken', null, null, 20));
    await settle();
    pending.st.resolve(mockSearch('st', null, null, 20));
    await settle();
    expect(ids()).toEqual(['mythcraft/condition/broken']);
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
    expect(ids()).toEqual(['mythcraft/condition/broken']);
  });

  it('moves with the arrow keys and opens the chosen result with Enter', async () => {
    installBackend();
    render(SearchBox);
    type('stunned');
    await vi.advanceTimersByTimeAsync(80);
    await settle();
    const found = ids();
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
