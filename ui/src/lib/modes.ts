// The kinds of encounter a system runs (Primal Wild: a fight or the Duel Arcane), as the
// core lists them with each system (`System.modes`, its usual one first, which the core
// also takes as no mode). Shared by the new-encounter and new-adversary forms.
import type { SystemMode } from './bindings/SystemMode';
import { catalog } from './catalog.svelte';

/** The kinds of encounter `system` runs, its usual one first; empty until the catalogue is in. */
export function modesOf(system: string): SystemMode[] {
  return catalog.system(system)?.modes ?? [];
}

/** Whether `system` runs more than one kind, so a form asks which. */
export function hasModes(system: string): boolean {
  return modesOf(system).length > 1;
}

/** Whether `mode` is `system`'s usual kind (named or empty). */
export function isUsualMode(system: string, mode: string): boolean {
  return mode === '' || modesOf(system)[0]?.name === mode;
}

/** What a kind of encounter is called, from its name (`duel`), or the name itself. */
export function modeLabel(system: string, mode: string): string {
  return modesOf(system).find((m) => m.name === mode)?.label ?? mode;
}
