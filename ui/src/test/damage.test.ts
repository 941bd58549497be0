import { emit } from '@tauri-apps/api/event';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../App.svelte';
import type { Repair } from '../lib/bindings/Repair';
import type { StartupProblem } from '../lib/bindings/StartupProblem';
import { startApp, stopApp } from '../lib/start';
import { installBackend } from './backend';

const SHIPPED = 'primal-wild/rule/clash-results';
const DB = '/home/gm/.local/share/tome/tome.db';

/** The error a read meets in a damaged record of the user's, as the core words it. */
const damaged = {
  code: 'database' as const,
  message:
    `database ${DB} cannot be used: it is damaged (character 3 (Wrenna) cannot be read: text that is not valid UTF-8). ` +
    'Tome has not changed it; `tome db check` repairs Tome’s own content and names each damaged record, and ' +
    '`tome db restore FILE` brings back a backup (Tome keeps the last few in `backups/` next to the database)',
};

/** What `startup_problem` answers once a command's damage closed the file. */
const closed: StartupProblem = {
  path: DB,
  error: damaged,
  newest_backup: '/home/gm/.local/share/tome/backups/tome-2026-05-20T10-31-02Z-manual.db',
  newest_backup_made: '2026-05-20 10:31 UTC',
  heals_on_retry: false,
};

function window_(): HTMLElement {
  const target = document.createElement('div');
  document.body.append(target);
  return target;
}

afterEach(() => stopApp());

describe('damage met while the app runs', () => {
  it('gives way to the start-up screen with the restore when an ordinary call answers that the database is damaged', async () => {
    let isClosed = false;
    const calls = installBackend({
      startup_problem: () => (isClosed ? closed : null),
      show_entry: () => {
        isClosed = true;
        throw damaged;
      },
    });
    window.location.hash = '#/';
    await startApp(window_());
    await screen.findByTestId('home');
    expect(screen.queryByTestId('startup-problem')).toBeNull();

    // The user opens an entry; the read meets the damage.
    window.location.hash = `#/entry/${SHIPPED}`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    const problem = await screen.findByTestId('startup-problem');
    expect(problem.dataset.code).toBe('database');
    const reason = within(problem).getByTestId('startup-reason').textContent!;
    expect(reason).toContain('character 3 (Wrenna) cannot be read');
    expect(reason).toContain('tome db restore FILE');
    const restore = within(problem).getByTestId('startup-restore');
    expect(restore.textContent).toContain('Restore the newest backup');
    expect(problem.textContent).toContain('2026-05-20 10:31 UTC');
    // The app is gone, not drawn beside it.
    expect(screen.queryByTestId('search-input')).toBeNull();
    expect(calls.filter((c) => c.cmd === 'startup_problem')).toHaveLength(2);
  });
});

describe('repairs the checks made by themselves', () => {
  const repairs: Repair[] = [
    { entry: SHIPPED, name: 'Clash Results (Primal Wild)' },
    { entry: null, name: 'the full-text index' },
  ];

  it('are named in a notice, each entry linked, until dismissed', async () => {
    let told = false;
    installBackend({
      repair_notice: () => {
        const answer = told ? [] : repairs;
        told = true;
        return answer;
      },
    });
    window.location.hash = '#/';
    render(App);
    const notice = await screen.findByTestId('repair-notice');
    expect(notice.textContent).toContain('Tome repaired 2 of its own records');
    expect(notice.textContent).toContain('Nothing of yours was changed');
    const names = within(notice).getAllByTestId('repaired');
    expect(names.map((n) => n.textContent?.trim())).toEqual(['Clash Results (Primal Wild)', 'the full-text index']);
    expect(within(names[0]).getByRole('link').getAttribute('href')).toBe(`#/entry/${SHIPPED}`);
    expect(within(names[1]).queryByRole('link')).toBeNull();
    await fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('repair-notice')).toBeNull();
  });

  it('are asked for again when the shell says the weekly check ran', async () => {
    let answer: Repair[] = [];
    const calls = installBackend({ repair_notice: () => answer });
    window.location.hash = '#/';
    render(App);
    await screen.findByTestId('home');
    await waitFor(() => expect(calls.some((c) => c.cmd === 'repair_notice')).toBe(true));
    expect(screen.queryByTestId('repair-notice')).toBeNull();
    answer = [{ entry: null, name: 'the index entry_link_to, made again from its table' }];
    await emit('tome://checked');
    const notice = await screen.findByTestId('repair-notice');
    expect(notice.textContent).toContain('Tome repaired one of its own records');
    expect(notice.textContent).toContain('the index entry_link_to, made again from its table');
  });

  it('give way to the restore when the weekly check found the user’s records damaged', async () => {
    let isClosed = false;
    installBackend({
      startup_problem: () => (isClosed ? closed : null),
      repair_notice: () => {
        if (isClosed) throw damaged;
        return [];
      },
    });
    window.location.hash = '#/';
    await startApp(window_());
    await screen.findByTestId('home');
    // The check closed the file, and the shell says it ran.
    isClosed = true;
    await emit('tome://checked');
    const problem = await screen.findByTestId('startup-problem');
    expect(within(problem).getByTestId('startup-reason').textContent).toContain('tome db restore FILE');
    expect(within(problem).getByTestId('startup-restore')).toBeTruthy();
  });
});
