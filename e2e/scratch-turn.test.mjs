import { test, before, after } from 'node:test';
import { execFileSync } from 'node:child_process';
import { launch, $$, eventually } from './harness.mjs';
const app = {};
before(async () => Object.assign(app, await launch({ rendererAsShipped: true })));
after(async () => app.close?.());
const cli = (...args) => JSON.parse(execFileSync(process.env.TOME_CLI, ['--db', app.db, '--json', ...args], { encoding: 'utf8' }));
const st = (xs) => { xs = xs.slice().sort((a,b)=>a-b); return [Math.round(xs[xs.length>>1]), Math.round(xs[Math.floor(xs.length*0.95)])]; };
test('turn', async () => {
  const e = String(cli('encounter', 'new', '--system', 'mythcraft', '--name', 'Horde').id);
  cli('encounter', 'add', e, '--npc', 'Goblin', '--count', '20', '--stat', 'max-hp=12');
  cli('encounter', 'start', e, '--seed', '1');
  for (let i = 0; i < 198; i++) cli('encounter', 'damage', e, `Goblin ${(i % 20) + 1}`, '--amount', '0');
  await app.go(`#/encounter/${e}`);
  await eventually(async () => (await $$(app.driver, '[data-testid="combatant"]')).length === 20, 'twenty goblins');
  const ipc = [];
  for (let i=0;i<20;i++) ipc.push(await app.driver.executeAsyncScript(`const done = arguments[0]; const t0=performance.now();
    window.__TAURI_INTERNALS__.invoke('encounter_change', { id: ${e}, event: { type: 'next' } }).then(()=>{ const t1=performance.now(); window.__TAURI_INTERNALS__.invoke('encounter_log', { id: ${e} }).then(()=>done([t1-t0, performance.now()-t1]))}, (er)=>done([-1,-1]));`));
  console.log('IPC change', st(ipc.map(x=>x[0])), 'log', st(ipc.map(x=>x[1])));
  const parts = [];
  for (let i = 0; i < 30; i++) parts.push(await app.driver.executeAsyncScript(`
        const done = arguments[0];
        const shown = () => document.querySelector('[data-testid="encounter-current"]')?.textContent;
        const before = shown();
        const t0 = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }));
        const wait = () => {
          if (shown() !== before) { const t1 = performance.now(); window.__marks = (window.__marks||[]); window.__marks.push([Math.round(t0), Math.round(t1)]); requestAnimationFrame(() => { const t2=performance.now(); requestAnimationFrame(() => done([t1-t0, t2-t1, performance.now()-t2]))}); }
          else setTimeout(wait, 1);
        };
        wait();`));
  console.log('dom', st(parts.map(p=>p[0])), 'raf1', st(parts.map(p=>p[1])), 'raf2', st(parts.map(p=>p[2])), 'total', st(parts.map(p=>p[0]+p[1]+p[2])));
});
