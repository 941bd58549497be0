// Light and dark themes. "system" follows the OS (prefers-color-scheme); the
// toggle cycles system → light → dark and remembers the choice.

export type ThemeMode = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'tome.theme';
const ORDER: readonly ThemeMode[] = ['system', 'light', 'dark'];

function readStored(): ThemeMode {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' || v === 'system' ? v : 'system';
  } catch {
    return 'system';
  }
}

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;
}

export function nextMode(mode: ThemeMode): ThemeMode {
  return ORDER[(ORDER.indexOf(mode) + 1) % ORDER.length];
}

class ThemeState {
  mode = $state<ThemeMode>('system');
  systemDark = $state(false);
  resolved: Theme = $derived(this.mode === 'system' ? (this.systemDark ? 'dark' : 'light') : this.mode);
  #query: MediaQueryList | null = null;
  #onChange = (e: MediaQueryListEvent) => {
    this.systemDark = e.matches;
    this.apply();
  };

  // Another window (the player view, or the GM's screen from it) changed the theme.
  #onStorage = (e: StorageEvent) => {
    if (e.key !== THEME_KEY) return;
    this.mode = readStored();
    this.apply();
  };

  /** Reads the saved choice and the OS preference, and sets `data-theme` on <html>; follows other windows' changes. */
  init(): void {
    this.mode = readStored();
    this.#query?.removeEventListener('change', this.#onChange);
    this.#query = darkQuery();
    this.systemDark = this.#query?.matches ?? false;
    this.#query?.addEventListener('change', this.#onChange);
    if (typeof window !== 'undefined') {
      window.removeEventListener('storage', this.#onStorage);
      window.addEventListener('storage', this.#onStorage);
    }
    this.apply();
  }

  set(mode: ThemeMode): void {
    this.mode = mode;
    try {
      localStorage.setItem(THEME_KEY, mode);
    } catch {
      // storage unavailable: the choice lasts for this session
    }
    this.apply();
  }

  cycle(): void {
    this.set(nextMode(this.mode));
  }

  apply(): void {
    const root = document.documentElement;
    root.dataset.theme = this.resolved;
    root.dataset.themeMode = this.mode;
  }
}

export const theme = new ThemeState();
