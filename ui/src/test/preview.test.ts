import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../App.svelte';
import type { Entry } from '../lib/bindings/Entry';
import { placeBeside, placeCard } from '../lib/preview';
import { backend, deferred, installBackend, settle, type Call } from './backend';

const SIREN_SONG = 'mlaf/spell/siren-song';
const SPELL_TABLE = 'mlaf/table/spell-table';

const card = () => screen.queryByTestId('link-preview');
const shows = (calls: Call[], id: string) => calls.filter((c) => c.cmd === 'show_entry' && c.args.id === id).length;

/** Opens the Siren's entry (it links Siren Song and the Spell Table) and waits for the catalog. */
async function openSiren(overrides: Parameters<typeof installBackend>[0] = {}) {
  const calls = installBackend(overrides);
  // Let the hashchange events still queued (the reset before each test) and the one of
  // this navigation fire before the clock is faked: each would close the card.
  const hash = '#/entry/mlaf/position/siren';
  await new Promise((done) => setTimeout(done, 0));
  await new Promise<void>((done) => {
    const arrived = () => {
      if (window.location.hash !== hash) return;
      window.removeEventListener('hashchange', arrived);
      done();
    };
    window.addEventListener('hashchange', arrived);
    window.location.hash = hash;
  });
  render(App);
  const view = await screen.findByTestId('entry-view');
  await waitFor(() => expect(screen.getAllByTestId('nav-system').length).toBe(5));
  // From here on the clock is ours.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const link = (id: string, where = '.summary') => view.querySelector<HTMLAnchorElement>(`${where} a[data-entry-link][data-id="${id}"]`)!;
  return { calls, view, link };
}

async function wait(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

describe('link preview', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the linked entry after a short hover and goes when the pointer leaves', async () => {
    const { link } = await openSiren();
    const song = link(SIREN_SONG);
    expect(song.textContent).toBe('Siren Song');

    await fireEvent.mouseEnter(song);
    await wait(200);
    expect(card()).toBeNull(); // a pointer just passing over shows nothing
    await wait(60);

    const preview = card()!;
    expect(preview).not.toBeNull();
    expect(preview.getAttribute('role')).toBe('tooltip');
    expect(preview.querySelector('.name')?.textContent).toBe('Siren Song');
    expect(preview.querySelector('.badge.kind')?.textContent).toBe('spell');
    expect(preview.querySelector('.badge.system')?.textContent).toBe('MLAF (Blood Bowl)');
    expect(preview.textContent).toContain('is hypnotised on 3 or less');
    expect(song.getAttribute('aria-describedby')).toBe(preview.id);

    await fireEvent.mouseLeave(song);
    expect(card()).toBeNull();
    expect(song.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows on keyboard focus without taking it, and hides on Escape and on blur', async () => {
    const { link } = await openSiren();
    const table = link(SPELL_TABLE, '.prose');
    table.focus();
    await wait(260);
    expect(card()?.textContent).toContain('Roll 3D6 when a spellcaster uses a Star Player Roll');
    expect(document.activeElement).toBe(table);

    await fireEvent.keyDown(table, { key: 'Escape' });
    expect(card()).toBeNull();
    await wait(300);
    expect(card()).toBeNull(); // dismissed: it does not come back while focus stays

    table.blur();
    table.focus();
    await wait(260);
    expect(card()).not.toBeNull();
    table.blur();
    await settle();
    expect(card()).toBeNull();
    expect(table.hasAttribute('aria-describedby')).toBe(false);
  });

  it('asks the backend once per entry: a second hover uses the cache', async () => {
    const { calls, link } = await openSiren();
    const song = link(SIREN_SONG);
    await fireEvent.mouseEnter(song);
    await wait(260);
    expect(card()?.textContent).toContain('Siren Song');
    await fireEvent.mouseLeave(song);
    expect(shows(calls, SIREN_SONG)).toBe(1);

    // The same entry, from another link to it (the racial spell in the details).
    const other = document.querySelector<HTMLAnchorElement>(`[data-testid="position-stats"] a[data-id="${SIREN_SONG}"]`)!;
    await fireEvent.mouseEnter(other);
    await wait(260);
    expect(card()?.textContent).toContain('is hypnotised on 3 or less');
    expect(shows(calls, SIREN_SONG)).toBe(1);
  });

  it('ignores a late answer for a link the pointer has already left', async () => {
    const slow = deferred<Entry>();
    const { link } = await openSiren({
      show_entry: (args) => (args.id === SIREN_SONG ? slow.promise : backend('show_entry', args)),
    });
    const song = link(SIREN_SONG);
    await fireEvent.mouseEnter(song);
    await wait(260); // asked, no answer yet
    expect(card()).toBeNull();
    await fireEvent.mouseLeave(song);

    const table = link(SPELL_TABLE, '.prose');
    await fireEvent.mouseEnter(table);
    await wait(260);
    expect(card()?.querySelector('.name')?.textContent).toBe('Spell Table');

    slow.resolve(backend<Entry>('show_entry', { id: SIREN_SONG }));
    await settle();
    expect(card()?.querySelector('.name')?.textContent).toBe('Spell Table');
    expect(song.hasAttribute('aria-describedby')).toBe(false);
  });

  it('does not get in the way of following the link', async () => {
    const { link } = await openSiren();
    const song = link(SIREN_SONG);
    await fireEvent.mouseEnter(song);
    await wait(260);
    expect(card()).not.toBeNull();
    window.location.hash = song.getAttribute('href')!;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle();
    expect(card()).toBeNull();
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('entry-name').textContent).toBe('Siren Song'));
  });

  it('keeps the card inside an 800×600 window, next to the link', async () => {
    const { link } = await openSiren();
    const song = link(SIREN_SONG);
    const size = { width: window.innerWidth, height: window.innerHeight };
    Object.assign(window, { innerWidth: 800, innerHeight: 600 });
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      // The link sits in the bottom-right corner; the card is 352×150.
      if (this === song) return DOMRect.fromRect({ x: 730, y: 570, width: 64, height: 18 });
      if (this.getAttribute('data-testid') === 'link-preview') return DOMRect.fromRect({ x: 0, y: 0, width: 352, height: 150 });
      return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    });
    try {
      await fireEvent.mouseEnter(song);
      await wait(260);
      const preview = card()!;
      const left = parseFloat(preview.style.left);
      const top = parseFloat(preview.style.top);
      expect(preview.style.visibility).not.toBe('hidden');
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + 352).toBeLessThanOrEqual(800);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top + 150).toBeLessThanOrEqual(600);
      expect(top + 150).toBeLessThanOrEqual(570); // above the link, not over it
    } finally {
      rect.mockRestore();
      Object.assign(window, { innerWidth: size.width, innerHeight: size.height });
    }
  });
});

describe('placeCard', () => {
  const view = { width: 800, height: 600 };
  const card = { width: 352, height: 150 };
  const inside = (p: { left: number; top: number }, c = card) =>
    p.left >= 0 && p.top >= 0 && p.left + c.width <= view.width && p.top + c.height <= view.height;

  it('puts the card just below a link with room under it, aligned with it', () => {
    const p = placeCard({ left: 100, top: 100, right: 180, bottom: 118 }, card, view);
    expect(p).toEqual({ left: 100, top: 124, below: true });
  });

  it('flips above a link near the bottom and slides left from the right edge', () => {
    const p = placeCard({ left: 760, top: 560, right: 790, bottom: 578 }, card, view);
    expect(p.below).toBe(false);
    expect(p.top + card.height).toBeLessThanOrEqual(560);
    expect(inside(p)).toBe(true);
  });

  it('stays inside the window even when the card is bigger than the room on either side', () => {
    const big = { width: 900, height: 500 };
    const p = placeCard({ left: 400, top: 290, right: 460, bottom: 310 }, big, view);
    expect(p.left).toBe(8);
    expect(p.top).toBeGreaterThanOrEqual(8);
    expect(p.top + 500).toBeLessThanOrEqual(600);
  });
});

describe('placeBeside', () => {
  const view = { width: 1280, height: 800 };
  const panel = { left: 965, top: 100, right: 1248, bottom: 800 };
  const card = { width: 300, height: 200 };

  it('puts a breakdown left of the side panel, level with its row', () => {
    const row = { left: 975, top: 420, right: 1238, bottom: 445 };
    const p = placeBeside(panel, row, card, view)!;
    expect(p.left + card.width).toBeLessThanOrEqual(panel.left); // covers no row of the panel
    expect(p.left).toBeGreaterThanOrEqual(8);
    expect(p.top).toBe(414);
  });

  it('keeps it inside the window near the bottom, and gives up where there is no room', () => {
    const low = { left: 975, top: 760, right: 1238, bottom: 785 };
    expect(placeBeside(panel, low, card, view)!.top).toBe(800 - 8 - 200);
    // A narrow window: the panel spans the page under the sheet.
    expect(placeBeside({ left: 20, top: 900, right: 780, bottom: 1400 }, low, card, { width: 800, height: 600 })).toBeNull();
  });
});
