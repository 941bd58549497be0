// The kinds of encounter a system runs, where it runs more than one: Primal Wild runs a
// fight or the Duel Arcane; the others one kind each. The first is the system's usual
// one, which the core takes as no mode. Shared by the new-encounter and new-adversary
// forms.
export const MODES: Record<string, { id: string; label: string }[]> = {
  'primal-wild': [
    { id: 'fight', label: 'Fight' },
    { id: 'duel', label: 'Duel Arcane' },
  ],
};

/** What a kind of encounter is called, from its id (`duel`), or the id itself. */
export function modeLabel(system: string, mode: string): string {
  return MODES[system]?.find((m) => m.id === mode)?.label ?? mode;
}
