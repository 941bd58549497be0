// The adversary form's draft: what the game master types (text, as the fields hold it),
// turned into the stat block the core checks, and the core's problems sorted by the field
// they name. No rule is checked here: the core says what is wrong, and where.
import type { Adversary } from '../../bindings/Adversary';
import type { ListItem } from '../../bindings/ListItem';
import type { Problem } from '../../bindings/Problem';
import { fileSafe } from '../../sheet';

export interface AttackDraft {
  name: string;
  numbers: string;
  /** The reference entry it is (picked from the reference, or as it was read). */
  entry?: string;
}

export interface Draft {
  name: string;
  /** By stat key; empty: the tracker's default. */
  stats: Record<string, string>;
  attacks: AttackDraft[];
  /** Comma-separated, as typed. */
  conditions: string;
  tags: string;
  notes: string;
  position: string;
}

/** A new adversary of `system` fighting in `mode`, before anything is typed. */
export function blankAdversary(system: string, mode: string): Adversary {
  return { id: 0, system, mode, name: '', stats: {}, attacks: [], conditions: [], tags: [], notes: '', revision: 0, created: 0, updated: 0 };
}

export function draftOf(a: Adversary): Draft {
  return {
    name: a.name,
    stats: Object.fromEntries(Object.entries(a.stats).map(([k, v]) => [k, String(v)])),
    attacks: a.attacks.map((x) => ({ name: x.name, numbers: x.numbers ?? '', entry: x.entry })),
    conditions: a.conditions.map((c) => c.name).join(', '),
    tags: a.tags.join(', '),
    notes: a.notes,
    position: a.position ?? '',
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/**
 * The stat block the draft says, over `base` (its id, revision, system and mode), and the
 * stats that are not whole numbers, which are refused here: the core's stats are integers.
 */
export function fromDraft(base: Adversary, d: Draft): { adversary: Adversary; local: Problem[]; rows: number[] } {
  const stats: Record<string, number> = {};
  const local: Problem[] = [];
  for (const [key, raw] of Object.entries(d.stats)) {
    const text = raw.trim();
    if (text === '') continue;
    if (!/^[-+]?\d{1,15}$/.test(text)) {
      local.push({ file: null, line: null, field: `stats.${key}`, message: `${text} is not a whole number` });
      continue;
    }
    stats[key] = Number(text);
  }
  const conditions = list(d.conditions).map((name) => {
    const known = base.conditions.find((c) => c.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    return known ? { ...known } : { name };
  });
  // An empty attack row is left out; `rows` says which row each attack sent came from.
  const rows = d.attacks.flatMap((x, i) => (x.name.trim() !== '' || x.numbers.trim() !== '' || x.entry ? [i] : []));
  const adversary: Adversary = {
    ...base,
    name: d.name.trim(),
    stats,
    attacks: rows.map((i) => d.attacks[i]).map((x) => ({ name: x.name.trim(), numbers: x.numbers.trim() || undefined, entry: x.entry })),
    conditions,
    tags: list(d.tags),
    notes: d.notes,
    position: d.position.trim() || undefined,
  };
  return { adversary, local, rows };
}

/** The core's problems with each attack's index put back to the form's row (`rows` from `fromDraft`). */
export function toRows(problems: Problem[], rows: number[]): Problem[] {
  return problems.map((p) => {
    const m = p.field ? /^attacks\[(\d+)\](.*)$/.exec(p.field) : null;
    const row = m ? rows[Number(m[1])] : undefined;
    return m && row !== undefined ? { ...p, field: `attacks[${row}]${m[2]}` } : p;
  });
}

/** The form's places for the core's problem fields: `attacks[2].numbers` is shown by that attack's numbers, `tags[1]` by the tags. */
export function placeOf(field: string | null): string {
  if (!field) return '';
  const listed = /^(tags|conditions)\[\d+\]/.exec(field);
  if (listed) return listed[1];
  return field;
}

/** The problems by the place the form shows them; those it has no place for under `''`. */
export function byPlace(problems: Problem[], places: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of problems) {
    const at = placeOf(p.field);
    const key = places.has(at) ? at : '';
    out.set(key, [...(out.get(key) ?? []), p.message]);
  }
  return out;
}

/** The file name Export suggests for an adversary (`Goblin.adversary.tome.json`). */
export function adversaryFileName(name: string): string {
  return `${fileSafe(name).slice(0, 80) || 'adversary'}.adversary.tome.json`;
}

/**
 * A row for reference entry `id`: its name, and as its numbers the first of the lines the
 * core writes of the entry's numbers (its list item's `facts`: a weapon's line, a spell's
 * roll), which the game master may change. Without the item (not listed yet), the core
 * names it from its entry when it is checked.
 */
export function attackOf(id: string, item: ListItem | undefined): AttackDraft {
  return { name: item?.name ?? '', numbers: item?.facts[0] ?? '', entry: id };
}
