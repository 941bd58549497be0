// Everything Tome holds, listed once at start-up: the systems, every kind's list
// (which also tells the sidebar which kinds each system has), the installed packs and
// imported documents, and an index of names, so cross-references can show names
// without asking for each entry. Listed again after an import or a removal.
import { api, toTomeError, type TomeError } from './api';
import type { DocInfo } from './bindings/DocInfo';
import type { Kind } from './bindings/Kind';
import type { ListItem } from './bindings/ListItem';
import type { PackInfo } from './bindings/PackInfo';
import type { System } from './bindings/System';
import { isKind, KINDS, nameFromId, splitId } from './format';

export interface IndexItem {
  id: string;
  name: string;
  kind: Kind;
  system: string;
  /** The homebrew pack it comes from, if any. */
  pack?: string;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

class Catalog {
  status = $state<Status>('idle');
  error = $state<TomeError | null>(null);
  systems = $state.raw<System[]>([]);
  lists = $state.raw<Partial<Record<Kind, ListItem[]>>>({});
  /** Installed homebrew packs (empty if they could not be listed). */
  packs = $state.raw<PackInfo[]>([]);
  /** Imported rules documents (empty if they could not be listed). */
  docs = $state.raw<DocInfo[]>([]);
  /** Names of entries that are not in any list (retired ones), fetched one by one. */
  extra = $state<Record<string, IndexItem>>({});
  #pending = new Map<string, Promise<void>>();
  #loading: Promise<void> | null = null;

  byId: Record<string, IndexItem> = $derived.by(() => {
    const index: Record<string, IndexItem> = {};
    for (const kind of KINDS) {
      for (const item of this.lists[kind] ?? []) {
        index[item.id] = { id: item.id, name: item.name, kind: item.kind, system: item.system, pack: item.pack };
      }
    }
    return index;
  });

  load(): Promise<void> {
    if (this.#loading) return this.#loading;
    this.status = 'loading';
    this.error = null;
    this.#loading = this.#fetch().finally(() => (this.#loading = null));
    return this.#loading;
  }

  /**
   * Lists everything again (after a pack or a document was imported or removed), keeping
   * what is shown until the new lists are in. A failure keeps the old lists.
   */
  async refresh(): Promise<void> {
    if (this.#loading) await this.#loading.catch(() => {});
    if (this.status !== 'ready') return this.load();
    this.extra = {};
    this.#pending.clear();
    this.#loading = this.#fetch(true).finally(() => (this.#loading = null));
    return this.#loading;
  }

  async #fetch(quiet = false): Promise<void> {
    try {
      const [systems, packs, docs, ...lists] = await Promise.all([
        api.systems(),
        // Packs and documents only name things; the rest of Tome works without them.
        api.packs().catch(() => [] as PackInfo[]),
        api.docs().catch(() => [] as DocInfo[]),
        ...KINDS.map((kind) => api.listEntries(kind, null)),
      ]);
      const byKind: Partial<Record<Kind, ListItem[]>> = {};
      KINDS.forEach((kind, i) => (byKind[kind] = lists[i] as ListItem[]));
      this.systems = systems as System[];
      this.packs = packs as PackInfo[];
      this.docs = docs as DocInfo[];
      this.lists = byKind;
      this.status = 'ready';
    } catch (e) {
      if (quiet) return;
      this.error = toTomeError(e);
      this.status = 'error';
    }
  }

  /** The installed pack named `name`. */
  pack(name: string): PackInfo | undefined {
    return this.packs.find((p) => p.name === name);
  }

  /**
   * The imported document a section comes from, by the section's id
   * (`system/section/DOC--heading`).
   */
  docOf(sectionId: string): DocInfo | undefined {
    const { system, kind, slug } = splitId(sectionId);
    if (kind !== 'section') return undefined;
    const doc = slug.split('--')[0];
    return this.docs.find((d) => d.id === doc && d.system === system);
  }

  /** What a "from …" badge names for a section: its document's title (its id until the documents are listed). */
  docTitle(sectionId: string): string | null {
    const { kind, slug } = splitId(sectionId);
    if (kind !== 'section') return null;
    return this.docOf(sectionId)?.title ?? slug.split('--')[0];
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
    const { kind } = splitId(id);
    if (!isKind(kind)) return undefined;
    return (this.lists[kind] ?? []).find((i) => i.id === id);
  }

  lookup(id: string): IndexItem | undefined {
    return this.byId[id] ?? this.extra[id];
  }

  /** The entry's name, or one made from its id while it is not known. */
  nameOf(id: string): string {
    return this.lookup(id)?.name ?? nameFromId(id);
  }

  /** Makes sure `lookup(id)` will have a name: asks for the entry if no list has it. */
  resolve(id: string): void {
    if (this.status !== 'ready' || this.lookup(id) || this.#pending.has(id)) return;
    const p = api
      .showEntry(id)
      .then((e) => {
        this.extra[id] = { id: e.id, name: e.name, kind: e.kind, system: e.system, pack: e.pack };
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
    this.packs = [];
    this.docs = [];
    this.extra = {};
    this.#pending.clear();
    this.#loading = null;
  }
}

export const catalog = new Catalog();
