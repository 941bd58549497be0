// Where the user was on each page of the history (its scroll, a list's sort and filter,
// the search that led away from it), so Back and Forward return to it as it was left.
//
// Each history entry gets a key in `history.state` once; what is remembered lives here,
// in memory, under that key. Writing the state itself on every scroll would run into
// WebKit's limit on `history.replaceState` calls (100 per 30 s), and a place does not
// need to outlive the window.

type Place = Map<string, unknown>;

const STATE_KEY = 'tomePlace';
/** The most history entries remembered; the oldest are forgotten first. */
const MAX_PLACES = 200;
const places = new Map<string, Place>();
let made = 0;

/** The key of the history entry shown now, given to it on first use. */
function currentKey(): string {
  const state = history.state as Record<string, unknown> | null;
  const known = state?.[STATE_KEY];
  if (typeof known === 'string') return known;
  made += 1;
  const key = `${Date.now().toString(36)}.${made}`;
  try {
    history.replaceState({ ...(state ?? {}), [STATE_KEY]: key }, '');
  } catch {
    // Not given (the browser refused): this page's place is kept until the next one.
  }
  return key;
}

function place(create: boolean): Place | undefined {
  const key = currentKey();
  let p = places.get(key);
  if (!p && create) {
    p = new Map();
    places.set(key, p);
    if (places.size > MAX_PLACES) places.delete(places.keys().next().value!);
  }
  return p;
}

/** What `name` was on this history entry when it was last left, if anything. */
export function recall<T>(name: string): T | undefined {
  return place(false)?.get(name) as T | undefined;
}

/** Remembers `value` as this history entry's `name`. */
export function remember(name: string, value: unknown): void {
  place(true)!.set(name, value);
}

/** Forgets every place (tests). */
export function forgetPlaces(): void {
  places.clear();
}

/**
 * Scrolls `element` to `top` once its content is tall enough: a page that loads its
 * content after it opens grows for a moment. Gives up after `ms`, or as soon as the
 * user scrolls or presses a key.
 */
export function restoreScroll(element: HTMLElement, top: number, ms = 1500): void {
  element.scrollTop = top;
  if (top <= 0 || element.scrollTop >= top - 1) return;
  const started = performance.now();
  let stop = false;
  const cancel = () => {
    stop = true;
    element.removeEventListener('wheel', cancel);
    element.removeEventListener('keydown', cancel);
    element.removeEventListener('pointerdown', cancel);
  };
  element.addEventListener('wheel', cancel, { passive: true });
  element.addEventListener('keydown', cancel);
  element.addEventListener('pointerdown', cancel);
  const again = () => {
    if (stop) return;
    element.scrollTop = top;
    if (element.scrollTop >= top - 1 || performance.now() - started > ms) cancel();
    else requestAnimationFrame(again);
  };
  requestAnimationFrame(again);
}
