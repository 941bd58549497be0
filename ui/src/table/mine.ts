// What a device with a character is pushed (`mine` events): the sheet with its derived
// stats, and its own exact numbers in the fight, which no other device receives.
import type { CharacterView } from '../lib/bindings/CharacterView';
import type { MyCombatant } from '../lib/bindings/MyCombatant';

export interface Mine {
  sheet: CharacterView;
  fight: MyCombatant | null;
}
