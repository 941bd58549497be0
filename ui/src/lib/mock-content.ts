// The commands for the user's own content, in memory, for tests and `npm run dev`: one
// sample pack (a few entries of examples/packs/hearth-and-blade) that `import_pack`
// "picks", and rulebook text that `import_text` "picks" (a short document of three
// sections). Their entries and sections join the sample's in lists, search and entry views.
import type { DocImport } from './bindings/DocImport';
import type { DocInfo } from './bindings/DocInfo';
import type { Entry } from './bindings/Entry';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { PackImport } from './bindings/PackImport';
import type { PackInfo } from './bindings/PackInfo';

export const NOT_CONTENT = Symbol('not a content command');

const PACK = 'hearth-and-blade';
const PACK_TITLE = 'Hearth and Blade';

function packEntry(e: Omit<Entry, 'source' | 'aliases' | 'links' | 'mentions' | 'backlinks' | 'pack'> & { section: string }): Entry {
  const { section, ...rest } = e;
  return {
    ...rest,
    source: { document: PACK_TITLE, file: `pack:${PACK}/${e.system}`, section },
    aliases: [],
    links: [],
    mentions: [],
    backlinks: [],
    pack: PACK,
  };
}

/** The sample pack's entries. */
export const samplePackEntries: Entry[] = [
  packEntry({
    id: `ars-magica/weapon/${PACK}--boar-spear`,
    name: 'Boar Spear',
    kind: 'weapon',
    system: 'ars-magica',
    section: 'House Weapons',
    summary: 'A heavy hunting spear with a crossbar below the head, so a charging beast cannot run up the shaft.',
    body: 'Our grogs carry these on the covenant’s autumn hunts.',
    detail: { group: 'melee', ability: 'Great', init: 1, atk: 3, dfn: 1, dam: 6, str: 0, load: 2, range: null, cost: 'standard' },
  }),
  packEntry({
    id: `mythcraft/condition/${PACK}--soaked`,
    name: 'Soaked',
    kind: 'condition',
    system: 'mythcraft',
    section: 'Weather Conditions',
    summary: 'Drenched to the bone: the creature moves as if Slowed until it dries off.',
    body: 'Heavy rain, a river crossing or a failed swim leaves a creature Soaked.',
    detail: { implies: [] },
  }),
];

function samplePackInfo(now: number): PackInfo {
  return {
    name: PACK,
    title: PACK_TITLE,
    version: '1.0.0',
    author: 'The Tuesday Night Table',
    systems: ['ars-magica', 'mythcraft'],
    description: 'Gear and a weather condition our table plays with.',
    entries: samplePackEntries.length,
    imported_at: now,
  };
}

const SAMPLE_SECTIONS: { slug: string; heading: string; body: string }[] = [
  { slug: 'initiative', heading: 'Initiative', body: 'Everyone rolls a d10 and adds Wits; the highest total acts first.' },
  { slug: 'called-shots', heading: 'Called Shots', body: 'Name a limb before rolling and take a penalty of 3; on a hit the limb is hobbled.' },
  { slug: 'resting-in-town', heading: 'Resting in Town', body: 'A full day in an inn restores every wound box, for a silver coin a day.' },
];

function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'document'
  );
}

const packs = new Map<string, PackInfo>();
const docs = new Map<string, { info: DocInfo; sections: Entry[] }>();
let clock = 1_700_000_000;

/** Forgets every imported pack and document (tests). */
export function resetMockContent(): void {
  packs.clear();
  docs.clear();
}

/** The entries of installed packs and the sections of imported documents. */
export function contentEntries(): Entry[] {
  const out: Entry[] = [];
  if (packs.has(PACK)) out.push(...samplePackEntries);
  for (const d of docs.values()) out.push(...d.sections);
  return out;
}

function fail(code: ErrorPayload['code'], message: string): ErrorPayload {
  return { code, message };
}

function importText(system: string, title: string | null): DocImport {
  const shown = title?.trim() || 'house rules';
  const id = slugOf(shown);
  const replaced = docs.has(id);
  const sections: Entry[] = SAMPLE_SECTIONS.map((s) => ({
    id: `${system}/section/${id}--${s.slug}`,
    name: s.heading,
    kind: 'section',
    system,
    summary: '',
    body: s.body,
    source: { document: shown, file: 'house-rules.md', section: s.heading },
    aliases: [],
    links: [],
    mentions: [],
    backlinks: [],
    detail: null,
  }));
  const info: DocInfo = {
    id,
    system,
    title: shown,
    file_name: 'house-rules.md',
    format: 'markdown',
    sections: sections.length,
    bytes: 999,
    imported_at: ++clock,
  };
  docs.set(id, { info, sections });
  return { doc: info, replaced, first_sections: sections.map((s) => ({ id: s.id, heading: s.name, level: 2 })) };
}

/** Answers a content command, or `NOT_CONTENT`; throws an ErrorPayload on failure. */
export function mockContentCommand(cmd: string, a: Record<string, unknown>, systems: readonly string[]): unknown {
  switch (cmd) {
    case 'packs':
      return [...packs.values()];
    case 'import_pack': {
      const replaced = packs.get(PACK)?.version ?? null;
      const info = samplePackInfo(++clock);
      packs.set(PACK, info);
      const n = samplePackEntries.length;
      return { pack: info, replaced, added: replaced ? 0 : n, updated: replaced ? n : 0, removed: 0, retired: 0 } satisfies PackImport;
    }
    case 'remove_pack': {
      const info = packs.get(String(a.name));
      if (!info) throw fail('not_found', `no pack with id \`${String(a.name)}\``);
      packs.delete(info.name);
      return info;
    }
    case 'docs':
      return [...docs.values()].map((d) => d.info).sort((x, y) => x.title.localeCompare(y.title));
    case 'import_text': {
      const system = String(a.system ?? '');
      if (!systems.includes(system)) throw fail('not_found', `no game system with id \`${system}\``);
      return importText(system, (a.title as string | null) ?? null);
    }
    case 'remove_doc': {
      const d = docs.get(String(a.id));
      if (!d) throw fail('not_found', `no document with id \`${String(a.id)}\``);
      docs.delete(d.info.id);
      return d.info;
    }
    default:
      return NOT_CONTENT;
  }
}
