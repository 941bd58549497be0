import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ThemeToggle from '../lib/components/ThemeToggle.svelte';
import { theme, THEME_KEY } from '../lib/theme.svelte';

function fakeColorScheme(dark: boolean) {
  const listeners: ((e: MediaQueryListEvent) => void)[] = [];
  const query = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => listeners.push(fn),
    removeEventListener: () => {},
  };
  vi.stubGlobal('matchMedia', () => query);
  return (nowDark: boolean) => {
    query.matches = nowDark;
    for (const fn of listeners) fn({ matches: nowDark } as MediaQueryListEvent);
  };
}

const themeAttr = () => document.documentElement.getAttribute('data-theme');

describe('theme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the system by default, and its changes', () => {
    const setDark = fakeColorScheme(true);
    theme.init();
    expect(theme.mode).toBe('system');
    expect(themeAttr()).toBe('dark');
    setDark(false);
    expect(themeAttr()).toBe('light');
  });

  it('cycles system → light → dark → system and remembers the choice', async () => {
    fakeColorScheme(true);
    theme.init();
    render(ThemeToggle);
    const button = screen.getByTestId('theme-toggle');
    expect(button.getAttribute('aria-label')).toMatch(/System/);

    await fireEvent.click(button);
    expect(themeAttr()).toBe('light');
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(button.getAttribute('aria-label')).toMatch(/Colour theme: Light/);

    await fireEvent.click(button);
    expect(themeAttr()).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');

    await fireEvent.click(button);
    expect(themeAttr()).toBe('dark'); // the system is dark
    expect(localStorage.getItem(THEME_KEY)).toBe('system');
    expect(button.textContent).toContain('System');
  });

  it('starts with the saved choice', () => {
    fakeColorScheme(true);
    localStorage.setItem(THEME_KEY, 'light');
    theme.init();
    expect(theme.mode).toBe('light');
    expect(themeAttr()).toBe('light');
  });

  it('follows a choice made in another window (the player view follows the GM screen)', () => {
    fakeColorScheme(false);
    localStorage.setItem(THEME_KEY, 'light');
    theme.init();
    expect(themeAttr()).toBe('light');
    // The other window writes the shared storage; this one hears of it.
    localStorage.setItem(THEME_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' }));
    expect(theme.mode).toBe('dark');
    expect(themeAttr()).toBe('dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: 'x' }));
    expect(themeAttr()).toBe('dark');
  });
});
