// Vitest: every test starts with no Tauri mock, an empty catalog, calculator list and
// preview cache, a clean location and clean storage.
import { clearMocks } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, vi } from 'vitest';
import { calculators } from './lib/calculators.svelte';
import { catalog } from './lib/catalog.svelte';
import { resetMockCharacters } from './lib/mock-characters';
import { resetMockContent } from './lib/mock-content';
import { clearPreviews } from './lib/preview';

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
  catalog.reset();
  calculators.reset();
  clearPreviews();
  resetMockCharacters();
  resetMockContent();
});

afterEach(() => {
  clearMocks();
  vi.useRealTimers();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-theme-mode');
});
