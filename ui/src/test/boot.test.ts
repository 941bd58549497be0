import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { System } from '../lib/bindings/System';
import { takeOverBootBox } from '../lib/boot';
import { catalog } from '../lib/catalog.svelte';
import SearchBox from '../lib/components/SearchBox.svelte';
import { backend, installBackend, settle } from './backend';

/** The first frame's box as index.html holds it, shown as public/boot.js shows it. */
function bootBox(): HTMLInputElement {
  const header = document.createElement('header');
  header.id = 'boot';
  header.className = 'boot';
  const box = document.createElement('input');
  box.id = 'boot-search';
  header.append(box);
  document.body.prepend(header);
  document.documentElement.dataset.boot = 'search';
  return box;
}

describe("the first frame's search box", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    catalog.systems = backend<System[]>('systems');
  });
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById('boot')?.remove();
  });

  it('hands what was typed before the app loaded, the caret and the focus to the app, and goes', async () => {
    const calls = installBackend();
    const box = bootBox();
    box.value = 'stun';
    box.focus();
    box.setSelectionRange(2, 2);
    render(SearchBox);
    const app = screen.getByTestId('search-input') as HTMLInputElement;
    takeOverBootBox(document.getElementById('search') as HTMLInputElement);
    expect(document.getElementById('boot')).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
    expect(app.value).toBe('stun');
    expect(document.activeElement).toBe(app);
    expect(app.selectionStart).toBe(2);
    // The words typed early are searched, as if typed into the app's box.
    await vi.advanceTimersByTimeAsync(0);
    await settle();
    expect(calls.filter((c) => c.cmd === 'search').map((c) => c.args.query)).toEqual(['stun']);
    expect(screen.queryAllByTestId('search-result').map((r) => r.dataset.id)).toContain('amtgard/condition/stunned');
  });

  it('leaves the focus where it was and searches nothing when nothing was typed', async () => {
    const calls = installBackend();
    bootBox();
    render(SearchBox);
    const app = screen.getByTestId('search-input') as HTMLInputElement;
    takeOverBootBox(document.getElementById('search') as HTMLInputElement);
    expect(document.getElementById('boot')).toBeNull();
    expect(document.activeElement).not.toBe(app);
    await vi.advanceTimersByTimeAsync(0);
    await settle();
    expect(calls.filter((c) => c.cmd === 'search')).toHaveLength(0);
  });

  it('goes with the start-up screen too (no app box to hand to)', () => {
    bootBox();
    takeOverBootBox(null);
    expect(document.getElementById('boot')).toBeNull();
    expect(document.documentElement.dataset.boot).toBeUndefined();
  });
});
