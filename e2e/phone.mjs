// What the table pages' browser tests share (share-browser.mjs, share-acting.mjs): a
// Chromium phone at 390×844, finding and reading its page, waiting for a change, a
// screenshot, an accessibility audit, and `tome share --json` driven as the game master.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { Builder, By, until } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
export const SHOTS = path.join(ROOT, 'target', 'e2e', 'share');
export const WAIT = 10_000;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A headless Chromium phone at 390×844 (`logs`: the browser's log preferences, if read). */
export async function phone(logs = null) {
  const options = new chrome.Options()
    .setChromeBinaryPath('/usr/bin/chromium')
    .addArguments('--headless=new', '--no-sandbox', '--disable-gpu', '--window-size=390,844', '--force-device-scale-factor=1');
  if (logs) options.setLoggingPrefs(logs);
  const service = new chrome.ServiceBuilder('/usr/bin/chromedriver');
  const driver = await new Builder().forBrowser('chrome').setChromeOptions(options).setChromeService(service).build();
  await driver.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });
  return driver;
}

export const find = (d, css) => d.wait(until.elementLocated(By.css(css)), WAIT);
export const texts = async (d, css) => Promise.all((await d.findElements(By.css(css))).map((e) => e.getText()));

export async function shot(d, name) {
  writeFileSync(path.join(SHOTS, `${name}.png`), await d.takeScreenshot(), 'base64');
}

/** `check()`'s first truthy answer, asked every 100 ms for up to WAIT. */
export async function eventually(check, what) {
  const end = Date.now() + WAIT;
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** axe on a phone's page as it stands: no serious or critical violation. */
export async function audit(d, name) {
  await d.executeScript(AXE);
  const result = await d.executeAsyncScript(`const done = arguments[0];
    axe.run(document).then((r) => done(r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))), (e) => done([{ id: String(e), impact: 'critical' }]));`);
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `${name}: ${JSON.stringify(bad)}`);
}

/**
 * `tome share --json` on loopback, as the game master types at it: `status` is its first
 * answer (the address and code), `says(command)` each answer after.
 */
export async function share(db, encounter = null) {
  const shown = encounter === null ? [] : ['--encounter', String(encounter)];
  const server = spawn(CLI, ['--db', db, '--json', 'share', '--address', '127.0.0.1', '--port', '0', ...shown], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const answers = createInterface({ input: server.stdout });
  // What the phones send is announced as it comes (`{"arrival": …}` lines), between the
  // answers to the commands: kept apart, in order.
  const arrivals = [];
  const waiting = [];
  answers.on('line', (line) => {
    const said = JSON.parse(line);
    if (said && typeof said === 'object' && 'arrival' in said) arrivals.push(said.arrival);
    else waiting.shift()?.(said);
  });
  const next = () => new Promise((resolve) => waiting.push(resolve));
  const status = await next();
  return {
    server,
    status,
    arrivals,
    says: async (command) => {
      const answer = next();
      server.stdin.write(`${command}\n`);
      return answer;
    },
    stop: async () => {
      if (server.exitCode !== null) return;
      server.stdin.write('stop\n');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}
