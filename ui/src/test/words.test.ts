// Issue 44: "all 1 of its revisions", "Every maneuvers", "The party The Lanterns.", an
// error in lower case. A count and its noun come from one helper; and every string the
// core gave the recorded app (the fixture) and every sentence the app's own templates
// hold is read for the slips people noticed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plural, sentence } from '../lib/words';
import fixture from './fixture.json?raw';

/** Slips a reader notices, each with what it catches. */
const SLIPS: [RegExp, string][] = [
  [/\bEvery [a-z]+[^s\W]s\b/, 'a plural after "Every"'],
  [/\ball 1 of\b/, '"all 1 of"'],
  // "END + 1 rounds" is a sum, not a count.
  [/(?<![+−-] )\b1 (revisions|entries|rounds|turns|devices|combatants|characters|panels|wounds|lives)\b/, 'one and a plural'],
  [/\bThe party The\b/, 'a name that has its own article after another'],
  // A group's plural name takes a bare apostrophe ("Bandits' total"); a name that is one
  // person ending in -us keeps its 's ("Polandrus's").
  [/\b\w+[^\Wsu]s's\b/, 'a possessive doubled'],
];

function slips(text: string): string[] {
  return SLIPS.filter(([re]) => re.test(text)).map(([, what]) => `${what}: ${JSON.stringify(text.slice(0, 160))}`);
}

/** Every string in a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

/** The text between tags in the app's Svelte templates (script and style left out). */
function templateText(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) templateText(path, out);
    else if (name.endsWith('.svelte')) {
      const markup = readFileSync(path, 'utf8').replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '');
      out.push(...markup.split(/<[^>]*>/).map((t) => t.trim()).filter((t) => /[a-z]{3}/i.test(t)));
    }
  }
  return out;
}

describe('words', () => {
  it('says one and many', () => {
    expect(plural(1, 'revision')).toBe('1 revision');
    expect(plural(3, 'revision')).toBe('3 revisions');
    expect(plural(0, 'entry', 'entries')).toBe('0 entries');
  });

  it('writes a message shown on its own as a sentence', () => {
    expect(sentence('no entry mythcraft/rule/x')).toBe('No entry mythcraft/rule/x');
  });

  it('catches the slips it looks for', () => {
    expect(slips('Every maneuvers')).toHaveLength(1);
    expect(slips('all 1 of its revisions')).toHaveLength(1);
    expect(slips("Bandits's total penalty")).toHaveLength(1);
    expect(slips('The party The Lanterns.')).toHaveLength(1);
    expect(slips("Every class; Polandrus's turn; 1 revision")).toEqual([]);
  });

  it('finds none in what the core said to the recorded app', () => {
    const recording = JSON.parse(fixture) as { answers: unknown[] };
    const found = strings(recording.answers).flatMap(slips);
    expect(found).toEqual([]);
  });

  it("finds none in the app's own templates", () => {
    const found = templateText(join(__dirname, '..')).flatMap(slips);
    expect(found).toEqual([]);
  });

  it('shows every refusal the core gave the recorded app as a sentence', () => {
    const recording = JSON.parse(fixture) as { answers: { err?: { message?: string } }[] };
    const messages = recording.answers.flatMap((a) => (a.err?.message ? [a.err.message] : []));
    expect(messages.length).toBeGreaterThan(10);
    for (const m of messages) expect(sentence(m)).toMatch(/^[^a-z]/);
  });
});
