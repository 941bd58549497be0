// The keys of a list that searches as you type: one behaviour for the search box, the
// sheet's entry picker and the encounter's condition field.

/**
 * Which option is highlighted, and what ↓, ↑ and Enter do. Nothing is highlighted when
 * results come in; ↓ highlights the first, ↑ the last, and both go on round the list;
 * Enter takes the highlighted option, or the first when none is. Keys pressed while the
 * results for what is typed are still on their way are kept, and played in order once
 * they arrive (typing `sword↓↓⏎` in one burst does what it does slowly).
 */
export class ComboKeys {
  /** The highlighted option's index, or -1. */
  highlighted = $state(-1);
  /** Arrow presses (+1 down, -1 up) waiting for the results. */
  #moves: number[] = [];
  /** Enter pressed before the results. */
  #enter = false;

  /** The text changed: what was highlighted, and keys waiting, belonged to the old one. */
  reset(): void {
    this.highlighted = -1;
    this.#moves = [];
    this.#enter = false;
  }

  /** Whether keys wait for results (an Enter among them). */
  get waiting(): boolean {
    return this.#enter || this.#moves.length > 0;
  }

  /**
   * ↓ (`delta` 1) or ↑ (-1) over `count` options; `ready` when those options answer what
   * is typed now. Returns the index highlighted, or -1.
   */
  move(delta: 1 | -1, count: number, ready: boolean): number {
    if (!ready) {
      this.#moves.push(delta);
      return -1;
    }
    if (count === 0) return -1;
    const from = Math.min(this.highlighted, count - 1);
    this.highlighted = from < 0 ? (delta > 0 ? 0 : count - 1) : (from + delta + count) % count;
    return this.highlighted;
  }

  /**
   * ↓ or ↑ in a field whose list may be closed (`open`): with the results in, a closed
   * list opens (when it has any) and nothing moves; otherwise as `move`. Whether the
   * list is open after, and whether the highlight may have moved (to bring it into view).
   */
  arrow(delta: 1 | -1, count: number, ready: boolean, open: boolean): { open: boolean; moved: boolean } {
    if (ready && !open) return { open: count > 0, moved: false };
    this.move(delta, count, ready);
    return { open, moved: true };
  }

  /**
   * Enter: the index of the option to take now, or null (nothing to take, or the
   * results are not in yet: then it is taken when they are, see `arrived`).
   */
  enter(count: number, ready: boolean): number | null {
    if (!ready) {
      this.#enter = true;
      return null;
    }
    if (count === 0) return null;
    return this.highlighted >= 0 && this.highlighted < count ? this.highlighted : 0;
  }

  /**
   * The results for what is typed have come: nothing highlighted, then the keys pressed
   * meanwhile played in order. Returns the index an Enter among them takes, if any.
   */
  arrived(count: number): number | null {
    const moves = this.#moves;
    const enter = this.#enter;
    this.reset();
    for (const d of moves) this.move(d as 1 | -1, count, true);
    return enter ? this.enter(count, true) : null;
  }
}

/**
 * A field's attributes as the combobox of the list `listId` (its options' ids from
 * `optionId`): `active` is the highlighted option's id, if any.
 */
export function comboboxAttributes(open: boolean, listId: string, active: string | undefined) {
  return {
    autocomplete: 'off',
    spellcheck: false,
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': active,
  } as const;
}
