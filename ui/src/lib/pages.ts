import type { Component } from 'svelte';
import type { Route } from './router';

// The pages a start does not show, loaded when first opened with their styles: the script
// and stylesheet read before the search box appears stay small (BENCHMARKS.md, "App
// start"). Each loads once; coming back to a page costs nothing.
export const pages = {
  // The reference pages too: a start shows only the home page, and these bring the
  // Markdown renderer and its sanitiser with them.
  system: () => import('./components/SystemView.svelte'),
  browse: () => import('./components/ListView.svelte'),
  entry: () => import('./components/EntryView.svelte'),
  linkPreview: () => import('./components/LinkPreview.svelte'),
  calculators: () => import('./components/CalculatorList.svelte'),
  calculator: () => import('./components/CalculatorView.svelte'),
  characters: () => import('./components/CharacterList.svelte'),
  character: () => import('./components/CharacterPage.svelte'),
  content: () => import('./components/ContentPage.svelte'),
  encounters: () => import('./components/EncounterList.svelte'),
  encounter: () => import('./components/EncounterTracker.svelte'),
  screen: () => import('./components/GmScreen.svelte'),
  adversaries: () => import('./components/adversaries/AdversaryList.svelte'),
  adversary: () => import('./components/adversaries/AdversaryPage.svelte'),
};

/** Loads every page now (the unit tests, which draw a page within a few microtasks). */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(pages).map((load) => load()));
}

type Props = Record<string, unknown>;

/** A page the app draws: its loader and the props it is given. */
export interface PageCall {
  load: () => Promise<{ default: Component<Props> }>;
  props: Props;
}

/** Pairs a page's loader with its props, the one place they are checked against each other. */
function call<P extends Props>(load: () => Promise<{ default: Component<P> }>, props: P): PageCall {
  return { load: load as unknown as PageCall['load'], props };
}

/**
 * The page a route draws, `null` for the start page and an unknown path (the app draws
 * those itself). Routes to one page share its loader, so a route change that keeps the
 * page (a character's sheet and history) gives it new props rather than loading it again.
 */
export function routePage(r: Route): PageCall | null {
  switch (r.name) {
    case 'system':
      return call(pages.system, { system: r.system });
    case 'browse':
      return call(pages.browse, { system: r.system, kind: r.kind });
    case 'entry':
      return call(pages.entry, { id: r.id });
    case 'calculators':
      return call(pages.calculators, { system: r.system });
    case 'calculator':
      return call(pages.calculator, { system: r.system, name: r.calc });
    case 'characters':
      return call(pages.characters, {});
    case 'character':
      return call(pages.character, { id: r.id, tab: r.tab });
    case 'content':
      return call(pages.content, {});
    case 'encounters':
      return call(pages.encounters, {});
    case 'encounter':
      return call(pages.encounter, { id: r.id });
    case 'adversaries':
      return call(pages.adversaries, {});
    case 'adversary':
      return call(pages.adversary, { id: r.id });
    case 'adversary-new':
      return call(pages.adversary, { id: null, system: r.system, mode: r.mode });
    case 'screen':
      return call(pages.screen, { system: r.system });
    case 'home':
    case 'unknown':
      return null;
  }
}
