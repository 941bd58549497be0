// Everything Tome holds, listed once at start-up: the systems, every kind's list
// (which also tells the sidebar which kinds each system has) and an index of
// names, so cross-references can show names without asking for each entry.
import { api, toTomeError, type TomeError } from './api';
import type { Kind } from './bindings/Kind';
import type { ListItem } from './bindings/ListItem';
import type { System } from './bindings/System';
import { isKind, KINDS } from './format';

export interface IndexItem {
  id: string;
  name: string;
  kind: Kind;
  system: string;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

class Catalog {
  status = $state<Status>('idle');
  error = $state<TomeError | null>(null);
  systems = $state.raw<System[]>([]);
  lists = $state.raw<Partial<Record<Kind, ListItem[]>>>({});
  /** Names of entries that are not in any list (retired ones), fetched one by one. */
  extra = $state<Record<string, IndexItem>>({});
  #pending = new Map<string, Promise<void>>();
  #loading: Promise<void> | null = null;

  byId: Record<string, IndexItem> = $derived.by(() => {
    const index: Record<string, IndexItem> = {};
    for (const kind of KINDS) {
      for (const item of this.lists[kind] ?? []) {
        index[item.id] = { id: item.id, name: item.name, kind: item.kind, system: item.system };
      }
    }
    return index;
  });

  load(): Promise<void> {
    if (this.#loading) return this.#loading;
    this.status = 'loading';
    this.error = null;
    this.#loading = (async () => {
      try {
        const [systems, ...lists] = await Promise.all([
          api.systems(),
          ...KINDS.map((kind) => api.listEntries(kind, null)),
        ]);
        const byKind: Partial<Record<Kind, ListItem[]>> = {};
        KINDS.forEach((kind, i) => (byKind[kind] = lists[i] as ListItem[]));
        this.systems = systems as System[];
        this.lists = byKind;
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

  system(id: string): System | undefined {
    return this.systems.find((s) => s.id === id);
  }

  systemName(id: string): string {
    return this.system(id)?.name ?? id;
  }

  /** The kinds a system has, with how many entries of each, in sidebar order. */
  kindsOf(system: string): { kind: Kind; count: number }[] {
    const out: { kind: Kind; count: number }[] = [];
    for (const kind of KINDS) {
      const count = (this.lists[kind] ?? []).filter((item) => item.system === system).length;
      if (count > 0) out.push({ kind, count });
    }
    return out;
  }

  list(kind: Kind, system: string): ListItem[] {
    return (this.lists[kind] ?? []).filter((item) => item.system === system);
  }

  /** The list item of `id` (its kind's typed fields), if a list has it. */
  item(id: string): ListItem | undefined {
    const kind = id.split('/')[1];
    if (!kind || !isKind(kind)) return undefined;
    return (this.lists[kind] ?? []).find((i) => i.id === id);
  }

  lookup(id: string): IndexItem | undefined {
    return this.byId[id] ?? this.extra[id];
  }

  /** Makes sure `lookup(id)` will have a name: asks for the entry if no list has it. */
  resolve(id: string): void {
    if (this.status !== 'ready' || this.lookup(id) || this.#pending.has(id)) return;
    const p = api
      .showEntry(id)
      .then((e) => {
        this.extra[id] = { id: e.id, name: e.name, kind: e.kind, system: e.system };
      })
      .catch(() => {
        // Unresolvable link: it keeps its stand-in name.
      });
    this.#pending.set(id, p);
  }

  /** Forgets everything (tests). */
  reset(): void {
    this.status = 'idle';
    this.error = null;
    this.systems = [];
    this.lists = {};
    this.extra = {};
    this.#pending.clear();
    this.#loading = null;
  }
}

export const catalog = new Catalog();
