// The game system of the page shown when its address does not name one (a character's
// sheet, an encounter): the sidebar opens that system's lists. `last` is the system last
// shown (kept on pages that have none), where a new encounter starts.

export const pageSystem = $state<{ id: string | null; last: string | null }>({ id: null, last: null });

/**
 * Names the page's system for as long as the calling component shows it (call inside
 * an `$effect`; the returned cleanup forgets it).
 */
export function showingSystem(id: string | null | undefined): () => void {
  pageSystem.id = id ?? null;
  return () => {
    if (pageSystem.id === id) pageSystem.id = null;
  };
}
