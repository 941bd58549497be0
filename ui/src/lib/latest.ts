// Answers to calls made while the user types (a calculation, a check, a search) can come
// back out of order: one call may be overtaken by the next. Only the answer to the
// latest call is taken; one that arrives after a newer call, or after `drop()`, is
// ignored. The pages that ask as you type hold one `Latest` each.
export class Latest {
  #n = 0;

  /** Waits for `answer` and hands it to `ok` (or its failure to `fail`), unless another call or a `drop()` came since. */
  take<T>(answer: Promise<T>, ok: (value: T) => void, fail: (error: unknown) => void): void {
    const mine = ++this.#n;
    answer.then(
      (value) => {
        if (mine === this.#n) ok(value);
      },
      (error: unknown) => {
        if (mine === this.#n) fail(error);
      },
    );
  }

  /** Drops every answer still on its way (nothing to ask now, or the page is closing). */
  drop(): void {
    this.#n++;
  }
}
