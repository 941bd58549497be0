// Vitest: every test starts with no Tauri mock, the replayed backend on a fresh
// database, an empty catalog, calculator list and preview cache, a clean location and
// clean storage; and ends having asked the backend nothing it was not recorded answering.
import { clearMocks } from '@tauri-apps/api/mocks';
import { cleanup } from '@testing-library/svelte';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { calculators } from './lib/calculators.svelte';
import { catalog } from './lib/catalog.svelte';
import { loadAllPages } from './lib/pages';
import { clearPreviews } from './lib/preview';
import { replay } from './test/backend';

// The app loads some pages when first opened; loaded here, they draw as soon as asked.
beforeAll(() => loadAllPages());

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
  catalog.reset();
  calculators.reset();
  clearPreviews();
  replay.reset();
});

afterEach(() => {
  const misses = [...replay.misses];
  // Unmounted first: a failing check must not leave this test's components in the next one,
  // and a page takes its event listeners off as it unmounts, while the mocks still stand.
  cleanup();
  clearMocks();
  vi.useRealTimers();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-theme-mode');
  // A call the recording does not have: add it to a scenario in tests/ui_fixture.rs and run `make ui-fixture`.
  expect(misses, 'calls not in the UI fixture').toEqual([]);
});
