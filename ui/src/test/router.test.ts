import { describe, expect, it } from 'vitest';
import { href, parseHash, routeSystem } from '../lib/router';

describe('router', () => {
  it('parses home', () => {
    expect(parseHash('')).toEqual({ name: 'home' });
    expect(parseHash('#')).toEqual({ name: 'home' });
    expect(parseHash('#/')).toEqual({ name: 'home' });
  });

  it('parses entry ids, slashes and all', () => {
    expect(parseHash('#/entry/mlaf/spell/medusas-gaze')).toEqual({ name: 'entry', id: 'mlaf/spell/medusas-gaze' });
    expect(parseHash('#/entry/ars-magica/weapon/mace-and-chain')).toEqual({
      name: 'entry',
      id: 'ars-magica/weapon/mace-and-chain',
    });
    // Encoded parts decode; a slug that itself has a slash stays whole.
    expect(parseHash('#/entry/mlaf/spell/medusa%E2%80%99s-gaze')).toEqual({ name: 'entry', id: 'mlaf/spell/medusa’s-gaze' });
    expect(parseHash('#/entry/a/rule/b/c')).toEqual({ name: 'entry', id: 'a/rule/b/c' });
  });

  it('parses lists and system pages', () => {
    expect(parseHash('#/browse/ars-magica/weapon')).toEqual({ name: 'browse', system: 'ars-magica', kind: 'weapon' });
    expect(parseHash('#/browse/amtgard/special-effect/')).toEqual({
      name: 'browse',
      system: 'amtgard',
      kind: 'special-effect',
    });
    expect(parseHash('#/browse/mlaf')).toEqual({ name: 'system', system: 'mlaf' });
  });

  it('parses calculator routes', () => {
    expect(parseHash('#/calc')).toEqual({ name: 'calculators', system: null });
    expect(parseHash('#/calc/')).toEqual({ name: 'calculators', system: null });
    expect(parseHash('#/calc/ars-magica')).toEqual({ name: 'calculators', system: 'ars-magica' });
    expect(parseHash('#/calc/ars-magica/encumbrance')).toEqual({ name: 'calculator', system: 'ars-magica', calc: 'encumbrance' });
    expect(parseHash('#/calc/a/b/c').name).toBe('unknown');
    expect(href.calc()).toBe('#/calc');
    expect(href.calc('mlaf')).toBe('#/calc/mlaf');
    expect(parseHash(href.calc('mlaf', 'pass'))).toEqual({ name: 'calculator', system: 'mlaf', calc: 'pass' });
    expect(routeSystem(parseHash('#/calc/mlaf/pass'))).toBe('mlaf');
    expect(routeSystem(parseHash('#/calc'))).toBeNull();
  });

  it('reports what it does not know', () => {
    expect(parseHash('#/browse/mlaf/dragons').name).toBe('unknown');
    expect(parseHash('#/entry/mlaf/spell').name).toBe('unknown');
    expect(parseHash('#/nowhere').name).toBe('unknown');
    expect(parseHash('#top').name).toBe('unknown');
  });

  it('builds links that parse back to the same route', () => {
    const id = 'mythcraft/condition/broken';
    expect(href.entry(id)).toBe('#/entry/mythcraft/condition/broken');
    expect(parseHash(href.entry(id))).toEqual({ name: 'entry', id });
    expect(parseHash(href.browse('mlaf', 'position'))).toEqual({ name: 'browse', system: 'mlaf', kind: 'position' });
    expect(routeSystem(parseHash(href.entry(id)))).toBe('mythcraft');
  });
});
