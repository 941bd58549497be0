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
