import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { StartupProblem } from '../lib/bindings/StartupProblem';
import StartupScreen from '../lib/components/StartupScreen.svelte';
import { installBackend } from './backend';

const damaged = (heals_on_retry: boolean): StartupProblem => ({
  path: '/home/gm/.local/share/tome/tome.db',
  error: {
    code: 'database',
    message:
      'database /home/gm/.local/share/tome/tome.db cannot be used: it is damaged (entry primal-wild/rule/clash-results cannot be read: invalid utf-8 sequence). Tome has not changed it',
  },
  newest_backup: '/home/gm/.local/share/tome/backups/tome-2026-05-20T10-31-02Z-manual.db',
  newest_backup_made: '2026-05-20 10:31 UTC',
  heals_on_retry,
});

describe('start-up screen', () => {
  it('says Try again heals damage only in Tome’s own content, and puts it before the restore', async () => {
    const calls = installBackend({ retry_open: () => null });
    const onopened = vi.fn();
    render(StartupScreen, { problem: damaged(true), onopened });
    expect(screen.getByRole('heading').textContent).toBe('Tome found damage in its own content');
    expect(screen.getByTestId('startup-heals').textContent).toContain('Nothing of yours is damaged');
    const retry = screen.getByTestId('startup-retry');
    const restore = screen.getByTestId('startup-restore');
    // Try again comes first, as the main button; the restore is still there, as a secondary way.
    expect(retry.compareDocumentPosition(restore) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(retry.classList.contains('secondary')).toBe(false);
    expect(restore.classList.contains('secondary')).toBe(true);
    await fireEvent.click(retry);
    await waitFor(() => expect(onopened).toHaveBeenCalledOnce());
    expect(calls.map((c) => c.cmd)).toEqual(['retry_open']);
  });

  it('offers the restore first when the user’s own records are damaged', () => {
    installBackend();
    render(StartupScreen, { problem: damaged(false), onopened: () => {} });
    expect(screen.getByRole('heading').textContent).toBe('Tome cannot open its database');
    expect(screen.queryByTestId('startup-heals')).toBeNull();
    const restore = screen.getByTestId('startup-restore');
    const retry = screen.getByTestId('startup-retry');
    expect(restore.compareDocumentPosition(retry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(restore.classList.contains('secondary')).toBe(false);
  });
});
