// Players acting from their phones (issue 42), in a real browser: three Chromium phones
// at 390×844 join a `tome share` on loopback. In an Ars Magica fight and a MythCraft one
// the game master asks for initiative: one phone lets Tome roll, one types its die, the
// third is left to the game master, and the start uses what they sent. In the MythCraft
// fight a player attacks on her turn from the phone; the game master accepts it from
// `tome share` and the log marks it as hers; a second action is declined with a word
// back, which her phone reads; a defender's phone is asked for its Soak roll and answers.
// The phones' log says what a blow came to: stopped by Soak, a failed trip, a crit.
// In an Amtgard fight the struck player's phone is asked where the blow landed, and she
// taps the location.
// Screenshots go to target/e2e/share/.
// Run by `make test-share` (after the core and the table pages are built).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { By } from 'selenium-webdriver';
import { audit, CLI, eventually, find, phone, share, shot, SHOTS, texts } from './phone.mjs';

const PLAYERS = ['Ann', 'Bea', 'Cal'];

const dir = mkdtempSync(path.join(tmpdir(), 'tome-acting-'));
const db = path.join(dir, 'tome.db');
const tome = (...args) => execFileSync(CLI, ['--db', db, ...args], { encoding: 'utf8' });
const tomeJson = (...args) => JSON.parse(tome('--json', ...args));

/** `tome share`, as the game master types at it. */
let table;
/** One WebDriver session per phone, in the order of PLAYERS. */
const phones = [];
/** Each system's characters, in the order of PLAYERS. */
const heroes = {};
const fights = {};

/** The game master's command to `tome share`, which must not be refused. */
async function gmSays(command) {
  const got = await table.says(command);
  const refused = typeof got?.code === 'string' && typeof got?.message === 'string' && got.url === undefined;
  assert.ok(!refused, `\`${command}\` was refused: ${JSON.stringify(got)}`);
  return got;
}

const logLines = (id) => tomeJson('encounter', 'log', String(id)).flatMap((e) => e.lines);

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [system, stat] of [['mythcraft', 'awareness'], ['ars-magica', 'quickness'], ['amtgard', null]]) {
    heroes[system] = PLAYERS.map((_, i) => {
      const name = ['Vex', 'Ilse', 'Oren'][i];
      const c = tomeJson('character', 'new', '--system', system, '--name', name).character;
      if (system === 'mythcraft') {
        tome('character', 'set', String(c.id), 'max-hp', '20');
        tome('character', 'set', String(c.id), stat, String(3 - i));
        // The attack her phone offers by name, its numbers filled in by Tome (issue 56).
        tome('character', 'set', String(c.id), 'attack-1', 'Short sword: +5, 1d6+2 sharp, melee, 2 AP');
        // COR 2: 4 AP a turn, two attacks' worth.
        tome('character', 'set', String(c.id), 'coordination', '2');
      }
      return c;
    });
  }
  fights.ars = tomeJson('encounter', 'new', '--system', 'ars-magica', '--name', 'Ford').id;
  fights.myth = tomeJson('encounter', 'new', '--system', 'mythcraft', '--name', 'Bridge').id;
  for (const [system, id] of [['ars-magica', fights.ars], ['mythcraft', fights.myth]]) {
    for (const c of heroes[system]) tome('encounter', 'add', String(id), '--character', String(c.id));
  }
  fights.amt = tomeJson('encounter', 'new', '--system', 'amtgard', '--name', 'Field').id;
  tome('encounter', 'add', String(fights.amt), '--character', String(heroes.amtgard[1].id));
  tome('encounter', 'add', String(fights.amt), '--npc', 'Raider');
  tome('encounter', 'add', String(fights.ars), '--npc', 'Brigand', '--stat', 'init=2');
  tome('encounter', 'add', String(fights.myth), '--npc', 'Goblin', '--count', '2', '--stat', 'max-hp=12', '--stat', 'ar=10');

  table = await share(db);
  const status = table.status;
  for (const name of PLAYERS) {
    const d = await phone();
    phones.push(d);
    await d.get(status.join_url);
    await (await find(d, '[data-testid="join-name"]')).sendKeys(`${name}'s phone`);
    await (await find(d, '[data-testid="join-form"] button')).click();
    await find(d, '[data-testid="tab-fight"]');
  }
});

after(async () => {
  await Promise.all(phones.map((d) => d.quit()));
  await table?.stop();
});

/** Gives each phone its player's character of `system`. */
async function seat(system) {
  const devices = await gmSays('devices');
  for (const [i, name] of PLAYERS.entries()) {
    const device = devices.find((d) => d.name === `${name}'s phone`);
    await gmSays(`assign ${device.id} ${heroes[system][i].id}`);
  }
}

/** The three phones answer the game master's call for initiative: Tome rolls, typed, left. */
async function initiative(fight, typed) {
  await gmSays(`initiative ${fight}`);
  const [ann, bea, cal] = phones;
  await (await find(ann, '[data-testid="initiative-roll"]')).click();
  await (await find(bea, '[data-testid="initiative-typed"]')).sendKeys(String(typed));
  await (await find(bea, '[data-testid="initiative-send"]')).click();
  await find(cal, '[data-testid="table-initiative"]');
  const sent = await eventually(async () => {
    const s = await gmSays('initiative');
    return s.rolls.length === 2 ? s.rolls : null;
  }, 'two phones to send their initiative');
  await eventually(async () => (await texts(bea, '[data-testid="initiative-sent"]'))[0]?.includes(`Sent: ${typed} on the die (typed)`), 'the typed roll said back');
  await eventually(async () => (await texts(ann, '[data-testid="initiative-sent"]'))[0]?.includes('rolled by Tome'), 'the roll said back');
  // Tome's first roll is the roll (issue 56): no second Roll, no typing over it.
  await eventually(async () => (await ann.findElements(By.css('[data-testid="initiative-roll"], [data-testid="initiative-typed"]'))).length === 0, 'the roll buttons to go once Tome rolled');
  return sent;
}

test('three phones send Ars Magica initiative: one rolled by Tome, one typed, one left to the game master', async () => {
  await seat('ars-magica');
  const sent = await initiative(fights.ars, 7);
  assert.deepEqual(sent.map((r) => [r.name, r.rolled]).sort(), [['Ilse', false], ['Vex', true]]);
  await shot(phones[1], 'phone-initiative');
  await audit(phones[1], 'the initiative asked');
  await gmSays(`start ${fights.ars}`);
  const log = tomeJson('encounter', 'log', String(fights.ars));
  const said = JSON.stringify(log[log.length - 1]);
  assert.ok(said.includes('Ilse') && said.includes('7') && said.includes('Oren'), `the phones' dice start the fight, Tome rolls Oren's: ${said}`);
  // Asked no more once started.
  await eventually(async () => (await phones[0].findElements(By.css('[data-testid="table-initiative"]'))).length === 0, 'the call to end');
  // The Brigand strikes Ilse: her phone alone is asked for her Soak roll, and answers.
  const soak = await gmSays(`ask ${heroes['ars-magica'][1].id} stress Soak against the Brigand's blow`);
  const bea = phones[1];
  await eventually(async () => ((await texts(bea, '[data-testid="table-ask"] h2'))[0] ?? '').toLowerCase().includes('soak'), 'the Soak roll asked');
  assert.equal((await phones[0].findElements(By.css('[data-testid="table-ask"]'))).length, 0, "only Ilse's phone is asked");
  await (await find(bea, '[data-testid="ask-roll"]')).click();
  const answered = await eventually(async () => (await texts(bea, '[data-testid="ask-answered"]'))[0], 'the answer said back');
  assert.match(answered, /stress/);
  const asks = await gmSays('asks');
  const got = asks.find((a) => a.id === soak.id).answers[0];
  assert.equal(got.name, 'Ilse');
  assert.ok(got.rolled && answered.includes(got.text), `${JSON.stringify(got)} / ${answered}`);
  await shot(bea, 'phone-asked');
  await audit(bea, 'a roll asked');
  await gmSays(`close ${soak.id}`);

  // An Ars Magica attack by intent (issue 56): the attack, whom, Tome's stress die, send.
  // The Brigand's Defense die is his, rolled by Tome at the accept: never on the form.
  await gmSays(`show ${fights.ars}`);
  let player = -1;
  for (let i = 0; i < 6 && player < 0; i++) {
    const current = tomeJson('encounter', 'show', String(fights.ars)).current;
    player = heroes['ars-magica'].findIndex((c) => c.name === current);
    if (player < 0) tome('encounter', 'next', String(fights.ars));
  }
  const d = phones[player];
  await eventually(async () => (await d.findElements(By.css('#your-turn'))).length === 1, 'the turn on the phone');
  let taps = 0;
  const tap = async (el) => {
    taps += 1;
    await el.click();
  };
  await tap(await find(d, '[data-testid="act-pick"][data-action="attack"]'));
  for (const theirs of ['defense-die', 'defense-botches', 'defense-modifier', 'botch-dice']) {
    assert.equal((await d.findElements(By.css(`[data-testid="act-form"] [data-param="${theirs}"]`))).length, 0, `${theirs} on the attacker's form`);
  }
  await tap(await d.findElement(By.xpath("//button[@data-testid='act-target' and normalize-space()='Brigand']")));
  await tap(await find(d, '[data-testid="act-roll-for-me"]'));
  await tap(await find(d, '[data-testid="act-send"]'));
  const waiting = await eventually(async () => {
    const p = await gmSays('proposals');
    return p.length === 1 ? p[0] : null;
  }, 'the attack waiting');
  assert.equal(taps, 4, 'an Ars Magica attack in 4 taps');
  console.log(`# Ars Magica attack, Tome rolling: ${taps} taps, 0 keys`);
  await gmSays(`accept ${waiting.id}`);
  const came = await eventually(async () => (await texts(d, '[data-testid="my-proposal-outcome"]'))[0], 'what the attack came to');
  // Who did what to whom, and what it came to (issue 74).
  assert.match(came, /^What happened: \w+: Attack → Brigand: (a hit|a miss)/);
  const dice = (await texts(d, '[data-testid="my-proposal-dice"]'))[0] ?? '';
  assert.match(dice, /Attack die/, dice);
  await d.executeScript("document.querySelector('[data-testid=\"table-proposals\"]').scrollIntoView({ block: 'start' })");
  await shot(d, 'phone-ars-outcome');
  tome('encounter', 'end', String(fights.ars));
});

test("the phones' log says what a blow came to in the table's words: stopped by Soak, a failed trip, a critical hit", async () => {
  // Ilse against a Brigand whose Soak no blow of hers gets past, the dice typed as the
  // table read them, from the game master's command line.
  const ilse = heroes['ars-magica'][1];
  const mill = tomeJson('encounter', 'new', '--system', 'ars-magica', '--name', 'Mill').id;
  tome('encounter', 'add', String(mill), '--character', String(ilse.id));
  tome('encounter', 'add', String(mill), '--npc', 'Brigand', '--stat', 'soak=30');
  tome('encounter', 'start', String(mill), '--roll', 'Ilse=9', '--roll', 'Brigand=2');
  await gmSays(`show ${mill}`);
  const bea = phones[1];
  // Each line as it reads, less the "(you)" the player's own lines carry.
  const logged = async (d) => (await texts(d, '[data-testid="table-log-line"]')).map((l) => l.replace(/\s\(you\)$/, ''));
  tome('encounter', 'act', String(mill), 'attack', 'Ilse', '--target', 'Brigand', '--attack-die', '9', '--defense-die', '1');
  await eventually(async () => (await logged(bea)).includes('Ilse: Attack → Brigand: a hit, stopped by Soak: no wound'), 'the blow stopped by Soak, in words');
  tome('encounter', 'next', String(mill));
  tome('encounter', 'next', String(mill));
  tome('encounter', 'act', String(mill), 'stunt', 'Ilse', '--target', 'Brigand', '--stunt', 'Trip', '--attack-die', '1', '--defense-die', '9');
  const trip = await eventually(async () => (await logged(bea)).find((l) => l.startsWith('Ilse: Trip')), 'the trip');
  // Named by what she tried, not by the menu's "Trip, disarm or grab".
  assert.equal(trip, 'Ilse: Trip → Brigand: trip fails');
  // Every phone's log, not only Ilse's player's: what the table saw.
  assert.ok((await logged(phones[0])).includes(trip), "the trip on Ann's phone too");
  await bea.executeScript("document.querySelector('[data-testid=\"table-log\"]').scrollIntoView({ block: 'start' })");
  await shot(bea, 'phone-log-ars');
  for (const line of await logged(bea)) assert.ok(!/Soak 30|Defense Total|true|false/.test(line), `a number or word the table keeps: ${line}`);

  // A MythCraft critical hit: the d20 at 20, the crit's damage said.
  const vex = heroes.mythcraft[0];
  const ledge = tomeJson('encounter', 'new', '--system', 'mythcraft', '--name', 'Ledge').id;
  tome('encounter', 'add', String(ledge), '--character', String(vex.id));
  tome('encounter', 'add', String(ledge), '--npc', 'Ogre', '--stat', 'max-hp=60', '--stat', 'ar=12');
  tome('encounter', 'start', String(ledge), '--roll', 'Vex=18', '--roll', 'Ogre=3');
  await gmSays(`show ${ledge}`);
  tome('encounter', 'act', String(ledge), 'attack', 'Vex', '--target', 'Ogre', '--natural', '20', '--seed', '7');
  const crit = await eventually(async () => (await logged(phones[0])).find((l) => l.startsWith('Vex: Attack')), 'the crit');
  // With the dice rolled again: the player's own roll, part of what happened.
  assert.match(crit, /→ Ogre: a critical hit: \d+ critical damage \(1d6 at its maximum 6, modifier \+2, rolled again \d, LUCK 0\)$/);
  await phones[0].executeScript("document.querySelector('[data-testid=\"table-log\"]').scrollIntoView({ block: 'start' })");
  await shot(phones[0], 'phone-log-crit');
  tome('encounter', 'end', String(mill));
  tome('encounter', 'end', String(ledge));
});

test('a player attacks from her phone on her turn; the game master accepts it, then declines one with a word', async () => {
  await seat('mythcraft');
  await initiative(fights.myth, 12);
  await gmSays(`start ${fights.myth}`);
  await gmSays(`show ${fights.myth}`);
  const [ann] = phones;
  // The game master passes the turns until Vex's (Ann's) comes round.
  for (let i = 0; i < 6; i++) {
    const view = tomeJson('encounter', 'show', String(fights.myth));
    if (view.current === 'Vex') break;
    tome('encounter', 'next', String(fights.myth));
  }
  // Headings are set in capitals: their words are compared case aside.
  await eventually(async () => (await texts(ann, '#your-turn'))[0]?.toLowerCase() === 'your turn, vex', "Vex's turn on Ann's phone");
  // The others may only react (with the Reactive AP they kept), never take a turn.
  const others = await Promise.all(phones.slice(1).map((d) => d.findElements(By.css('[data-testid="table-act"]:not([data-reacting="true"])'))));
  assert.ok(others.every((found) => found.length === 0), "no one else's phone offers its turn on Vex's turn");
  for (const d of phones.slice(1)) {
    const reacting = await d.findElements(By.css('[data-testid="table-act"][data-reacting="true"]'));
    if (reacting.length === 0) continue;
    await d.executeScript("arguments[0].scrollIntoView({ block: 'start' })", reacting[0]);
    await shot(d, 'phone-react');
    break;
  }

  // Acting by intent (issue 56): the sheet's attack by name, whom, Tome's roll, send. Every
  // tap is counted from the turn's arrival; nothing is typed.
  let taps = 0;
  const tap = async (css) => {
    taps += 1;
    await (await find(ann, css)).click();
  };
  const picks = await texts(ann, '[data-testid="act-pick"]');
  assert.ok(picks[0]?.startsWith('Attack with Short sword'), `the sheet's attack first: ${picks.join(' | ')}`);
  assert.ok(picks.includes('Dodge') && picks.includes('Stand up'), picks.join(' | '));
  for (const ruling of ['Surprise', 'At zero hp', 'Fatigue', 'Shield']) assert.ok(!picks.includes(ruling), `the game master's ${ruling} offered`);
  await ann.executeScript("document.getElementById('your-turn').scrollIntoView({ block: 'start' })");
  await shot(ann, 'phone-turn');
  await tap('[data-testid="act-pick"][data-action="attack"]');
  // Never the other side's numbers on a player's form, nor what Tome knows from the sheet.
  for (const theirs of ['defense', 'roll', 'bonus', 'dice', 'ap', 'range']) {
    assert.equal((await ann.findElements(By.css(`[data-testid="act-form"] [data-param="${theirs}"]`))).length, 0, `${theirs} on the form`);
  }
  taps += 1;
  await (await ann.findElement(By.xpath("//button[@data-testid='act-target' and normalize-space()='Goblin 1']"))).click();
  await tap('[data-testid="act-roll-for-me"]');
  await eventually(async () => (await texts(ann, '[data-testid="act-preview"]'))[0]?.includes("depends on Tome's roll"), 'the preview before sending');
  assert.equal((await gmSays('proposals')).length, 0, 'a preview is not sent');
  await ann.executeScript("arguments[0].scrollIntoView({ block: 'end' })", await find(ann, '[data-testid="act-send"]'));
  await shot(ann, 'phone-act');
  await audit(ann, 'the action form');
  await tap('[data-testid="act-send"]');
  // Waiting, the phone is not told Tome's dice nor what they would do (issue 71): a poor
  // die seen then could be taken back for an action that suits it.
  const waitingLine = await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="waiting"]'))[0], 'the action waiting');
  assert.match(waitingLine, /you see them once the game master takes it/, waitingLine);
  assert.equal((await texts(ann, '[data-testid="my-proposal"][data-state="waiting"] [data-testid="my-proposal-dice"]')).length, 0, 'the dice shown while it waits');
  await ann.executeScript("document.querySelector('[data-testid=\"table-proposals\"]').scrollIntoView({ block: 'start' })");
  await shot(ann, 'phone-waiting');
  assert.equal(taps, 4, 'a MythCraft attack with Tome rolling in 4 taps');
  console.log(`# MythCraft attack, Tome rolling: ${taps} taps, 0 keys`);
  const first = (await gmSays('proposals'))[0];
  await gmSays(`accept ${first.id}`);
  const came = await eventually(async () => (await texts(ann, '[data-testid="my-proposal-outcome"]'))[0], 'what the attack came to, on the phone');
  assert.match(came, /^What happened: Vex: Attack with Short sword → Goblin 1: a (hit|miss|critical hit|critical fail)/);
  assert.ok(!/AR \d/.test(came), `the defender's total shown though the fight keeps it: ${came}`);
  const rolled = (await texts(ann, '[data-testid="my-proposal"][data-state="accepted"] [data-testid="my-proposal-dice"]'))[0] ?? '';
  assert.match(rolled, /Attack d20 \d+ \+ 5 = \d+/);
  assert.match(rolled, /(Damage 1d6 \d+ \+ 2 = \d+|Critical damage: 1d6)/);
  await ann.executeScript("document.querySelector('[data-testid=\"table-proposals\"]').scrollIntoView({ block: 'start' })");
  await shot(ann, 'phone-outcome');

  // The die typed as it landed, and the damage typed: what a table with its own dice does.
  await tap('[data-testid="act-pick"][data-action="attack"]');
  await (await ann.findElement(By.xpath("//button[@data-testid='act-target' and normalize-space()='Goblin 2']"))).click();
  await tap('[data-testid="act-roll-typed"]');
  await (await find(ann, '[data-testid="act-form"] input[data-param="natural"]')).sendKeys('13');
  await (await ann.findElement(By.xpath("//button[normalize-space()='More options']"))).click();
  await (await find(ann, '[data-testid="act-form"] input[data-param="amount"]')).sendKeys('7');
  // Before it is sent, the phone says what it would do in the table's words. The goblins'
  // totals are the game master's here (issue 71), so whether the 13 hits is not the phone's
  // to know: it says so, rather than a hit or a miss read from a hidden Defense.
  const hidden = 'What it does to Goblin 2 hangs on numbers only the game master sees';
  await eventually(async () => {
    const said = (await texts(ann, '[data-testid="act-preview"], [data-testid="act-preview-problem"], [data-testid="act-field-problem"]')).join(' | ');
    if (said.includes(hidden)) return true;
    if (said !== '') console.log(`# the phone says: ${said}`);
    return false;
  }, 'the preview before sending');
  await (await find(ann, '[data-testid="act-send"]')).click();
  const wait = await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="waiting"]'))[0], 'the action waiting');
  assert.ok(wait.includes(hidden) && !wait.includes('Bloodied'), `the waiting action reads what only the game master sees: ${wait}`);

  const waiting = await gmSays('proposals');
  assert.equal(waiting.length, 1);
  assert.equal(waiting[0].actor, 'Vex');
  assert.ok(waiting[0].outcome.lines.some((l) => l.includes('Goblin 2')), JSON.stringify(waiting[0]));
  await gmSays(`accept ${waiting[0].id}`);
  await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="accepted"]')).length === 2, 'accepted on the phone');
  // What it did, as the table saw it (issue 56), and the table's log on every phone.
  await eventually(async () => (await texts(ann, '[data-testid="my-proposal-outcome"]'))[0]?.includes('→ Goblin 2: a hit. Goblin 2: Bloodied'), 'what the attack did, on the phone');
  await eventually(async () => (await texts(phones[1], '[data-testid="table-log-line"]')).includes('Goblin 2: Bloodied'), "the blow in Bea's log");
  await phones[1].executeScript("document.querySelector('[data-testid=\"table-log\"]').scrollIntoView({ block: 'start' })");
  await shot(phones[1], 'phone-log');
  assert.ok(logLines(fights.myth).some((l) => l.includes("sent from Ann's phone, accepted by the game master")), 'marked as hers in the log');

  // Sent, then taken back before the game master answers (issue 56): it leaves the list.
  const dropProne = async () => {
    await (await find(ann, '[data-testid="act-pick"][data-action="drop-prone"]')).click();
    await (await find(ann, '[data-testid="act-send"]')).click();
  };
  await dropProne();
  await eventually(async () => (await gmSays('proposals')).length === 1, 'the action waiting');
  await (await find(ann, '[data-testid="my-proposal-withdraw"]')).click();
  await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="withdrawn"]')).length === 1, 'taken back on the phone');
  assert.equal((await gmSays('proposals')).length, 0, 'gone from the game master\'s list');
  await dropProne();
  const next = await eventually(async () => {
    const p = await gmSays('proposals');
    return p.length === 1 ? p[0] : null;
  }, 'the second action');
  await gmSays(`decline ${next.id} Not after attacking`);
  const declined = await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="declined"]'))[0], 'declined on the phone');
  assert.ok(declined.includes('Not after attacking'), declined);
  await shot(ann, 'phone-acted');
  await audit(ann, 'what the phone sent');
  // The narrow phone: every button a thumb's 48 px.
  await ann.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width: 360, height: 740, deviceScaleFactor: 1, mobile: true });
  await shot(ann, 'phone-acted-360');
  await ann.executeScript("document.querySelector('[data-testid=\"table-proposals\"]').scrollIntoView({ block: 'start' })");
  await shot(ann, 'phone-sent-360');
  const small = await ann.executeScript(`return [...document.querySelectorAll('[data-testid="table-act"] button, [data-testid="table-proposals"] button')]
    .filter((b) => b.offsetParent !== null && b.getBoundingClientRect().height < 48).map((b) => b.textContent.trim())`);
  assert.deepEqual(small, [], 'buttons under 48 px');
  const rows = await ann.executeScript(`return new Set([...document.querySelectorAll('nav button')].map((b) => Math.round(b.getBoundingClientRect().top))).size`);
  assert.equal(rows, 1, 'the tabs fit one row at 360 px');
  // In the dark, as a phone set so shows it.
  await ann.sendDevToolsCommand('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
  await (await find(ann, '[data-testid="act-pick"][data-action="attack"]')).click();
  await ann.executeScript("document.getElementById('your-turn').scrollIntoView({ block: 'start' })");
  await shot(ann, 'phone-act-dark-360');
  await audit(ann, 'the action form in the dark');
  await (await find(ann, '[data-testid="act-change"]')).click();
  await ann.sendDevToolsCommand('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'light' }] });
  await ann.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });

  // One more sent, and a roll asked of Ann: the turn passes before the game master
  // answers either. The action reads "dropped" and leaves his list; the ask goes.
  await dropProne();
  await eventually(async () => (await gmSays('proposals')).length === 1, 'the action waiting');
  await gmSays(`ask ${heroes.mythcraft[0].id} 1d20 Perception`);
  await eventually(async () => (await ann.findElements(By.css('[data-testid="table-ask"]'))).length === 1, 'the ask on the phone');
  tome('encounter', 'next', String(fights.myth));
  await eventually(async () => (await texts(ann, '[data-testid="my-proposal"][data-state="dropped"]')).length === 1, 'dropped: its turn passed');
  await eventually(async () => (await ann.findElements(By.css('[data-testid="table-ask"]'))).length === 0, 'the ask to end with its turn');
  assert.equal((await gmSays('proposals')).length, 0, "gone from the game master's list");
});

/** Every control on the page that a thumb may tap, smaller than 48 px tall (a button also
 * 48 px wide; a checkbox by its label): what each is and its size. */
async function outOfReach(d) {
  return d.executeScript(`
    const small = [];
    const seen = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const controls = [...document.querySelectorAll('button, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden])')]
      .concat([...document.querySelectorAll('input[type=checkbox]')].map((c) => c.closest('label')).filter(Boolean));
    for (const el of controls.filter(seen)) {
      const r = el.getBoundingClientRect();
      const wide = el.tagName !== 'BUTTON' || r.width >= 47.5;
      if (r.height < 47.5 || !wide) small.push((el.dataset.testid || el.textContent.trim().slice(0, 30) || el.tagName) + ' ' + Math.round(r.width) + '×' + Math.round(r.height));
    }
    return small;`);
}

/** A phone's screen: `width`×`height`, light or dark. */
async function screen(d, width, height, dark) {
  await d.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: true });
  await d.sendDevToolsCommand('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: dark ? 'dark' : 'light' }] });
}

test("every control of a player's seat is a thumb's target at 360×740 and 390×844, light and dark; I rolled it goes to the number", async () => {
  const ann = phones[0];
  for (let i = 0; i < 6 && tomeJson('encounter', 'show', String(fights.myth)).current !== 'Vex'; i++) {
    tome('encounter', 'next', String(fights.myth));
  }
  await eventually(async () => ((await texts(ann, '#your-turn'))[0] ?? '').toLowerCase() === 'your turn, vex', "Vex's turn on Ann's phone");
  for (const [width, height, dark] of [[360, 740, true], [390, 844, false], [360, 740, false], [390, 844, true]]) {
    await screen(ann, width, height, dark);
    const where = `${width}×${height} ${dark ? 'dark' : 'light'}`;
    await (await find(ann, '[data-testid="tab-fight"]')).click();
    await find(ann, '[data-testid="act-pick"]');
    assert.deepEqual(await outOfReach(ann), [], `the turn's menu, ${where}`);
    // The sheet's attack and the common moves in reach without scrolling past the rest.
    const reach = await ann.executeScript(`
      const menu = document.getElementById('your-turn').getBoundingClientRect().top + window.scrollY;
      const stand = [...document.querySelectorAll('[data-testid="act-pick"]')].find((b) => b.textContent.includes('Stand up'));
      return stand.getBoundingClientRect().bottom + window.scrollY - menu;`);
    assert.ok(reach < height, `Stand up is ${reach} px below the turn's heading, ${where}`);
    if (width === 360 && dark) {
      await ann.executeScript("document.getElementById('your-turn').scrollIntoView({ block: 'start' })");
      await shot(ann, 'phone-turn-360-dark');
    }
    await (await find(ann, '[data-testid="act-pick"][data-action="attack"]')).click();
    await (await find(ann, '[data-testid="act-roll-typed"]')).click();
    const focused = await ann.executeScript('return document.activeElement?.dataset?.param ?? null');
    assert.equal(focused, 'natural', `I rolled it puts the caret in the number, ${where}`);
    await (await ann.findElement(By.xpath("//button[normalize-space()='More options']"))).click();
    assert.deepEqual(await outOfReach(ann), [], `the attack's form, ${where}`);
    if (width === 360 && dark) {
      await ann.executeScript("document.querySelector('[data-testid=\"act-form\"]').scrollIntoView({ block: 'start' })");
      await shot(ann, 'phone-form-360-dark');
    }
    await (await find(ann, '[data-testid="act-change"]')).click();
    for (const tab of ['rules', 'mine', 'send']) {
      await (await find(ann, `[data-testid="tab-${tab}"]`)).click();
      await new Promise((r) => setTimeout(r, 150));
      assert.deepEqual(await outOfReach(ann), [], `the ${tab} tab, ${where}`);
      if (width === 360 && dark) await shot(ann, `phone-${tab}-360-dark`);
    }
  }
  await screen(ann, 390, 844, false);
  await (await find(ann, '[data-testid="tab-fight"]')).click();
  // The folded actions: one button as tall as the rest, naming them, that opens them.
  const more = await find(ann, '[data-testid="act-more"]');
  const [count, names] = (await more.getText()).split('\n');
  assert.match(count, /^More actions \(\d+\)$/);
  assert.ok(names.includes('Spend AP'), names);
  await ann.executeScript("document.querySelector('[data-testid=\"act-more\"]').scrollIntoView({ block: 'end' })");
  await shot(ann, 'phone-turn-more');
  await more.click();
  await eventually(async () => (await texts(ann, '[data-testid="act-pick"]')).some((t) => t.includes('Spend AP')), 'the folded actions open');
});

test("an Amtgard player is asked where the blow landed and taps it on her phone", async () => {
  await seat('amtgard');
  tome('encounter', 'start', String(fights.amt));
  await gmSays(`show ${fights.amt}`);
  const bea = phones[1];
  const asked = await gmSays(`ask-field ${fights.amt} hit Ilse`);
  assert.equal(asked.length, 1, JSON.stringify(asked));
  assert.equal(asked[0].ask.form.type, 'choice');
  await eventually(async () => (await bea.findElements(By.css('[data-testid="ask-choice"]'))).length === 5, 'the five locations offered');
  assert.deepEqual(await texts(bea, '[data-testid="ask-choice"]'), ['Torso', 'Left arm', 'Right arm', 'Left leg', 'Right leg']);
  assert.equal((await phones[0].findElements(By.css('[data-testid="table-ask"]'))).length, 0, "only Ilse's phone is asked");
  await shot(bea, 'phone-asked-choice');
  await audit(bea, 'a choice asked');
  await (await find(bea, '[data-testid="ask-choice"][data-option="left-arm"]')).click();
  const answered = await eventually(async () => (await texts(bea, '[data-testid="ask-answered"]'))[0], 'the answer said back');
  assert.equal(answered, 'Your answer: Left arm');
  const got = (await gmSays('asks')).find((a) => a.id === asked[0].id).answers[0];
  assert.deepEqual([got.name, got.value, got.rolled], ['Ilse', 'left-arm', false]);
  await gmSays(`close ${asked[0].id}`);
  tome('encounter', 'act', String(fights.amt), 'hit', 'Ilse', '--location', got.value);
  assert.ok(logLines(fights.amt).some((l) => l.toLowerCase().includes('left arm')), logLines(fights.amt).join('\n'));
});
