import { describe, expect, it } from 'vitest';
import { ComboKeys } from '../lib/combobox.svelte';

describe('the keys of a search-as-you-type list', () => {
  it('highlights the first on ↓ and the last on ↑, and goes round', () => {
    const k = new ComboKeys();
    expect(k.move(1, 3, true)).toBe(0);
    expect(k.move(1, 3, true)).toBe(1);
    expect(k.move(1, 3, true)).toBe(2);
    expect(k.move(1, 3, true)).toBe(0);
    k.reset();
    expect(k.move(-1, 3, true)).toBe(2);
  });

  it('opens a closed list on an arrow without moving, and moves in an open one', () => {
    const k = new ComboKeys();
    expect(k.arrow(1, 3, true, false)).toEqual({ open: true, moved: false });
    expect(k.highlighted).toBe(-1);
    expect(k.arrow(1, 0, true, false)).toEqual({ open: false, moved: false });
    expect(k.arrow(1, 3, true, true)).toEqual({ open: true, moved: true });
    expect(k.highlighted).toBe(0);
    // Results not in yet: the press waits, the list stays as it was.
    expect(k.arrow(1, 0, false, false)).toEqual({ open: false, moved: true });
    expect(k.waiting).toBe(true);
  });

  it('takes the highlighted option on Enter, or the first when none is', () => {
    const k = new ComboKeys();
    expect(k.enter(3, true)).toBe(0);
    k.move(1, 3, true);
    k.move(1, 3, true);
    expect(k.enter(3, true)).toBe(1);
    expect(k.enter(0, true)).toBeNull();
  });

  it('plays keys pressed before the results in order once they arrive', () => {
    const k = new ComboKeys();
    k.move(1, 0, false);
    k.move(1, 0, false);
    expect(k.enter(0, false)).toBeNull();
    expect(k.waiting).toBe(true);
    expect(k.arrived(5)).toBe(1);
    expect(k.waiting).toBe(false);
    // ↓ then ↑ goes round to the last, as it does when the results are in.
    k.reset();
    k.move(1, 0, false);
    k.move(-1, 0, false);
    expect(k.arrived(4)).toBeNull();
    expect(k.highlighted).toBe(3);
  });

  it('forgets keys and highlight when the text changes', () => {
    const k = new ComboKeys();
    k.move(1, 3, true);
    k.move(1, 0, false);
    k.reset();
    expect(k.highlighted).toBe(-1);
    expect(k.arrived(3)).toBeNull();
    expect(k.highlighted).toBe(-1);
  });
});
