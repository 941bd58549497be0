// The dice panel's rolls and how a roll (`roll_dice`) reads. The core rolls and checks
// every spec; nothing here parses "NdM".
import type { DiceRoll } from './bindings/DiceRoll';
import { catalog } from './catalog.svelte';
import { rollText } from './format';

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

/** The common rolls in button order: the system's own dice (its `SystemStyle.dice`) first on its pages. */
export function commonDice(system: string | null): CommonDice[] {
  const own = (system && catalog.system(system)?.style?.dice) || [];
  const rank = (d: CommonDice) => (own.includes(d.spec) ? own.indexOf(d.spec) - own.length : 0);
  return [...COMMON].sort((a, b) => rank(a) - rank(b));
}

/** Whether a stress die came up 1 and was rolled again. */
export function exploded(roll: DiceRoll): boolean {
  return roll.dice === 'stress' && roll.faces.length > 1;
}

/**
 * The dice and the total: "3d6: 4 + 1 + 4 = 9", "1d20: 14", "simple: 7", "stress: 6",
 * an exploded stress die "stress: 1 → 1 → 3 = 12", a stress 0 "stress: 0 = 0".
 */
export function diceLine(roll: DiceRoll): string {
  const dice = roll.dice.toLowerCase();
  if (dice === 'stress') {
    if (roll.faces.length > 1) return `${dice}: ${roll.faces.join(' → ')} = ${roll.total}`;
    if (roll.faces[0] === 0) return `${dice}: 0 = ${roll.total}`;
  }
  return rollText(roll);
}

/** "botch!", "2 botches!" or "no botch". */
export function botchVerdict(roll: DiceRoll): string {
  if (roll.botches === 0) return 'no botch';
  return roll.botches === 1 ? 'botch!' : `${roll.botches} botches!`;
}

/** After a stress 0: "botch die 0 → botch!", "botch dice 3, 7 → no botch"; else null. */
export function botchText(roll: DiceRoll): string | null {
  if (roll.botch_dice.length === 0) return null;
  const noun = roll.botch_dice.length === 1 ? 'botch die' : 'botch dice';
  return `${noun} ${roll.botch_dice.join(', ')} → ${botchVerdict(roll)}`;
}

/** How an exploded stress die was read: "3 × 4" ("10 × 2" when the last die was a 0). */
export function doublingText(roll: DiceRoll): string | null {
  if (!exploded(roll)) return null;
  const last = roll.faces[roll.faces.length - 1];
  const times = 2 ** (roll.faces.length - 1);
  return last === 0 ? `the 0 after a 1 counts as 10: 10 × ${times}` : `each 1 doubles: ${last} × ${times}`;
}

/** The whole roll in one line, for the history: the dice, the total and any botch. */
export function diceText(roll: DiceRoll): string {
  const botch = botchText(roll);
  return botch ? `${diceLine(roll)} · ${botch}` : diceLine(roll);
}
