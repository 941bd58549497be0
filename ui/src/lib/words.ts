// The rules of English the app's own sentences need, in one place (issue 44): a count and
// its noun.

/** `n` and its noun: "1 revision", "3 revisions" (`many` for an irregular plural). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
