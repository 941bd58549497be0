// The rules of English the app's own sentences need, in one place (issue 44): a count and
// its noun.

/** `n` and its noun: "1 revision", "3 revisions" (`many` for an irregular plural). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * How a stat's label reads beside its field: without a bracket that explains its numbers
 * ("Resist Fire (0 for none)" → "Resist Fire"); the whole label is the field's tooltip.
 * A bracket that names it ("Awareness (AWR)", "Speed (ft)") stays.
 */
export function fieldLabel(label: string): string {
  const at = label.search(/ \((?=[-\d])/);
  return at > 0 ? label.slice(0, at) : label;
}

/**
 * A message shown as a sentence of its own: its first letter a capital. The core writes
 * its messages to follow a prefix ("error: …", "Could not roll: …"), so in lower case.
 */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
