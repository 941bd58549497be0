// The rules calculators the core offers, asked for once (when a calculator page first
// opens) and kept until the content changes (their entry fields offer the entries of
// their kind, packs' included): the content page resets them after an import or removal.
import { api, toTomeError, type TomeError } from './api';
import type { Calculator } from './bindings/Calculator';

type Status = 'idle' | 'loading' | 'ready' | 'error';

class Calculators {
  status = $state<Status>('idle');
  error = $state<TomeError | null>(null);
  all = $state.raw<Calculator[]>([]);
  #loading: Promise<void> | null = null;

  /** Loads the list unless it is in (or on its way). */
  load(): Promise<void> {
    if (this.status === 'ready') return Promise.resolve();
    if (this.#loading) return this.#loading;
    this.status = 'loading';
    this.error = null;
    this.#loading = (async () => {
      try {
        this.all = await api.calculators();
        this.status = 'ready';
      } catch (e) {
        this.error = toTomeError(e);
        this.status = 'error';
      } finally {
        this.#loading = null;
      }
    })();
    return this.#loading;
  }

  /** A system's calculators, in the core's order. */
  of(system: string): Calculator[] {
    return this.all.filter((c) => c.system === system);
  }

  find(system: string, name: string): Calculator | undefined {
    return this.all.find((c) => c.system === system && c.name === name);
  }

  /** Forgets everything: asked for again when next needed (new content; tests). */
  reset(): void {
    this.status = 'idle';
    this.error = null;
    this.all = [];
    this.#loading = null;
  }
}

export const calculators = new Calculators();
