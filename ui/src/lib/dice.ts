// The dice panel's buttons. The core rolls, checks every spec and words each roll
// (`DiceRoll.line`, `botch`, `doubling`, `text`); nothing here parses "NdM".
import { catalog } from './catalog.svelte';

/** One of the common rolls, with a button each. */
export interface CommonDice {
  /** What `roll_dice` is sent. */
  spec: string;
  label: string;
  /** Said on hover and to screen readers. */
  title: string;
}

const COMMON: readonly CommonDice[] = [
  { spec: 'd6', label: 'd6', title: 'One six-sided die' },
  { spec: '2d6', label: '2d6', title: 'Two six-sided dice' },
  { spec: '3d6', label: '3d6', title: 'Three six-sided dice' },
  { spec: 'd20', label: 'd20', title: 'One twenty-sided die' },
  { spec: 'stress', label: 'Stress', title: 'Ars Magica stress die: a 1 rolls again and doubles, a 0 calls for a botch die' },
  { spec: 'simple', label: 'Simple', title: 'Ars Magica simple die: a d10 read 1 to 10' },
];

/** How many rolls the history keeps (the latest included). */
export const HISTORY_SIZE = 5;

/**
 * The common rolls in button order: the system's own dice (its `SystemStyle.dice`) first on
 * its pages. With `othersOwn` false (a player's phone at a fight), the dice another system
 * calls its own are left out: no Ars Magica stress die in a MythCraft fight.
 */
export function commonDice(system: string | null, othersOwn = true): CommonDice[] {
  const own = (system && catalog.system(system)?.style?.dice) || [];
  const rank = (d: CommonDice) => (own.includes(d.spec) ? own.indexOf(d.spec) - own.length : 0);
  const others = othersOwn || !system ? [] : catalog.systems.filter((s) => s.id !== system).flatMap((s) => s.style?.dice ?? []);
  return COMMON.filter((d) => own.includes(d.spec) || !others.includes(d.spec)).sort((a, b) => rank(a) - rank(b));
}

/**
 * What a typed Ars Magica stress die means, said as the player types it (issue 56): a 0
 * may be a botch, a 1 is never the result (it rolls again and doubles), 2 to 10 stand as
 * they landed, and more is what doubling after 1s gave.
 */
export function stressReading(n: number): string {
  if (!Number.isInteger(n) || n < 0) return 'Type the die as a whole number, 0 or more.';
  if (n === 0) return 'A 0: it may be a botch. The game master asks for your botch dice.';
  if (n === 1) return 'A 1 rolls again and doubles: roll once more and type the doubled result.';
  if (n <= 10) return `${n}, as it landed.`;
  return `${n}: what your 1s doubled to (each 1 rolls again and doubles).`;
}
