// A game against the AI on the test scenario "duel": select, see the reach, move, see the log,
// an illegal move refused with its rule id, end the phases and see the AI take its turn and its
// moves drawn, ask it for a move, a game against the quick AI, and one of the AI against itself,
// watched, paused and stepped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, shot, openLobby, startGame, clickHex, hexOf } from './lib.mjs';

let b, page;

browserPerFile((x) => { b = x; page = x.page; });

test('a game against the AI starts from the lobby', async () => {
  await openLobby(page);
  await startGame(page, 'duel', 'ai', 'blue');
  await page.waitForSelector('#whose-move:has-text("Your move")');
  assert.equal(await hexOf(page, 'b1'), '0203');
  await shot(page, 'ai-01-start');
});

test('the keyboard alone selects a unit, shows its reach and moves it', async () => {
  await page.locator('svg.map').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('n');
  await page.waitForSelector('.counter.selected[data-unit="b3"]');
  await page.waitForSelector('.layer-reach .reach[data-reach="0305"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.counter[data-unit="b3"][data-hex="0305"]');
  assert.match(await page.locator('#log').innerText(), /b3 moves from 0205 to 0305/);
  await page.keyboard.press('Escape');
});

test('clicking a unit lights the hexes the server says it can reach, with their cost', async () => {
  await page.locator('.counter[data-unit="b1"]').click();
  await page.waitForSelector('.layer-reach .reach[data-reach="0403"]');
  assert.match(await page.locator('.reach[data-reach="0403"]').textContent(), /2 MP/);
  await shot(page, 'ai-02-reach');
});

test('b1 moves two hexes and the log says so with the rule', async () => {
  await clickHex(page, '0403');
  await page.waitForSelector('.counter[data-unit="b1"][data-hex="0403"]');
  const log = await page.locator('#log').innerText();
  assert.match(log, /b1 moves from 0303 to 0403/);
  assert.match(log, /TEST-2/);
  await shot(page, 'ai-03-moved');
});

test('a move to a hex out of reach is refused with its rule id', async () => {
  await page.locator('.counter[data-unit="b3"]').click();
  await page.waitForSelector('.layer-reach .reach');
  await clickHex(page, '0908');
  await page.waitForSelector('#refusal:not([hidden])');
  assert.match(await page.locator('#refusal').innerText(), /TEST-2/);
  assert.equal(await hexOf(page, 'b3'), '0305');
  await shot(page, 'ai-04-refused');
});

test('the zone-of-control overlay and the line-of-sight tool ask the server', async () => {
  await page.keyboard.press('Escape');
  await page.locator('#zoc-toggle').click();
  await page.waitForSelector('.layer-zoc .zoc');
  await page.locator('[data-tool="los"]').click();
  await clickHex(page, '0203');
  await clickHex(page, '0803');
  await page.waitForSelector('.layer-los line.los', { state: 'attached' });
  assert.match(await page.locator('#notice').innerText(), /Line of sight 0203 to 0803/);
  await shot(page, 'ai-05-zoc-los');
  await page.locator('#zoc-toggle').click();
  await page.locator('[data-tool="move"]').click();
});

test('ending both phases hands the turn to the AI, which plays and hands it back', async () => {
  await page.locator('#end-phase').click();
  await page.waitForFunction(() => /Combat/i.test(document.getElementById('phase').innerText));
  await page.locator('#end-phase').click();
  await page.waitForFunction(() => /Turn 2/.test(document.getElementById('turn').innerText) && /Your move/.test(document.getElementById('whose-move').innerText), null, { timeout: 60000 });
  const log = await page.locator('#log').innerText();
  assert.match(log, /Red/);
  await shot(page, 'ai-06-ai-played');
});

test('the AI\'s last moves are drawn on the map, each line ending where its unit stands; T hides them; a page opened again draws them too', async () => {
  const trails = await page.locator('.layer-trail .trail').evaluateAll((l) => l.map((g) => ({ unit: g.dataset.trail, from: g.dataset.from, to: g.dataset.to })));
  assert.ok(trails.some((t) => t.unit.startsWith('r')), 'a red unit moved');
  assert.match(await page.locator('#log').innerText(), new RegExp(`${trails[0].unit} (moves|advances|retreats) from ${trails[0].from}`));
  for (const t of trails) {
    assert.notEqual(t.from, t.to);
    if (await page.locator(`.layer-counters .counter[data-unit="${t.unit}"]`).count()) assert.equal(await hexOf(page, t.unit), t.to);
  }
  await shot(page, 'ai-06-last-moves');
  await page.locator('svg.map').focus();
  await page.keyboard.press('t');
  assert.equal(await page.locator('#trail-toggle').getAttribute('aria-pressed'), 'false');
  assert.equal(await page.locator('.layer-trail .trail').count(), 0);
  await page.keyboard.press('t');
  assert.equal(await page.locator('.layer-trail .trail').count(), trails.length);
  // Opened again, the page reads the last moves back from the server (events_since).
  await page.reload();
  await page.waitForSelector('body[data-view="game"][data-ready="true"]');
  await page.waitForFunction((n) => document.querySelectorAll('.layer-trail .trail').length === n, trails.length);
  assert.deepEqual(await page.locator('.layer-trail .trail').evaluateAll((l) => l.map((g) => ({ unit: g.dataset.trail, from: g.dataset.from, to: g.dataset.to }))), trails);
});

test('asked, the AI suggests a move for my side, and plays it on request', async () => {
  assert.equal(await page.locator('#hint').isVisible(), true);
  const before = await page.evaluate(() => window.grognard.state.hash);
  await page.locator('svg.map').focus();
  await page.keyboard.press('h');
  await page.waitForSelector('#hint-play');
  assert.match(await page.locator('#notice').innerText(), /^The AI suggests: .+\. Play it$/);
  // Its way is drawn on the map, ending where its last step does (none when it does not move).
  const said = [...(await page.locator('#notice').innerText()).matchAll(/step to (\d{4})/g)].map((x) => x[1]);
  const ends = await page.locator('.layer-hint .hint-end').evaluateAll((l) => l.map((e) => e.dataset.hint));
  assert.deepEqual(ends, said.length ? [said[said.length - 1]] : []);
  await shot(page, 'ai-07-hint');
  await page.locator('#hint-play').click();
  await page.waitForFunction((h) => window.grognard.state.hash !== h && !window.grognard.playing, before);
  assert.equal(await page.locator('#refusal').isVisible(), false); // every action was accepted
  assert.equal(await page.locator('.layer-hint *').count(), 0);
});

test('the lobby offers a quick AI: its seat names the player, which plays, and the lobby says so', async () => {
  await openLobby(page);
  const card = page.locator('article[data-scenario="duel"]');
  assert.deepEqual(await card.locator('select[name="opponent"] option').allInnerTexts(),
    ['Strong: plans each phase ahead', 'Quick: plays by rules of thumb']);
  await card.locator('select[name="mode"]').selectOption('hotseat');
  assert.equal(await card.locator('select[name="opponent"]').isVisible(), false);
  await card.locator('select[name="mode"]').selectOption('ai');
  const id = await startGame(page, 'duel', 'ai', 'blue', 'ai:greedy');
  assert.deepEqual(await page.evaluate(() => window.grognard.seats), { blue: 'human', red: 'ai:greedy' });
  await page.locator('#end-phase').click();
  await page.waitForFunction(() => /Combat/i.test(document.getElementById('phase').innerText));
  await page.locator('#end-phase').click();
  await page.waitForFunction(() => /Turn 2/.test(document.getElementById('turn').innerText) && /Your move/.test(document.getElementById('whose-move').innerText), null, { timeout: 60000 });
  await openLobby(page);
  const row = page.locator(`.my-games tr[data-game="${id}"]`);
  assert.match(await row.innerText(), /vs AI, quick/);
  await page.locator('.my-games').scrollIntoViewIfNeeded();
  await shot(page, 'ai-08-quick-opponent');
});

test('the lobby starts a game of the AI against itself, watched as it plays, move by move', async () => {
  await openLobby(page);
  const card = page.locator('article[data-scenario="duel"]');
  await card.locator('select[name="mode"]').selectOption('watch');
  assert.equal(await card.locator('select[name="side"]').isVisible(), false);
  assert.equal(await card.locator('input[name="hints"]').isVisible(), false);
  assert.equal(await card.locator('select[name="opponent"]').isVisible(), false);
  assert.equal(await card.locator('select[name="ai-blue"]').isVisible(), true);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'ai-08b-lobby-watch');
  // The strong AI against the quick one.
  const id = await startGame(page, 'duel', 'watch', undefined, { blue: 'ai', red: 'ai:greedy' });
  assert.deepEqual(await page.evaluate(() => window.grognard.seats), { blue: 'ai', red: 'ai:greedy' });
  await page.waitForSelector('#you-are:has-text("watching")');
  assert.equal(await page.locator('#hint').isVisible(), false);
  // The combat panel asks a watcher for no move of its own, and offers no button to resolve.
  await page.waitForSelector('#combat-panel:has-text("to preview a fight, click units of the side to move")');
  assert.equal(await page.locator('#combat-commit').count(), 0, 'a watcher resolves nothing');
  assert.match(await page.locator('#unit-info').innerText(), /press N for the next unit of the side to move/);
  // The moves come as updates, one at a time, and play on to the other side's turn.
  const seen = new Set();
  await page.waitForFunction(() => window.grognard.state.active === 'red', null, { timeout: 60000 });
  seen.add(await page.evaluate(() => window.grognard.state.hash));
  await page.waitForFunction(() => window.grognard.state.active === 'blue' && window.grognard.state.turn === 2, null, { timeout: 60000 });
  seen.add(await page.evaluate(() => window.grognard.state.hash));
  assert.equal(seen.size, 2);
  assert.ok(await page.locator('#log li').count() > 3, 'the log lists the moves');
  await shot(page, 'ai-09-watched');
  // Nobody plays it: no undo or end of phase, but a pause, a step and the speed, the server's.
  assert.equal(await page.locator('#undo').isVisible(), false);
  assert.equal(await page.locator('#end-phase').isVisible(), false);
  assert.equal(await page.locator('#speed').inputValue(), '400');
  const stored = () => page.evaluate(async (g) => (await (await fetch(`/api/games/${g}/events?since=0`)).json()).total, id);
  await page.locator('svg.map').focus();
  await page.keyboard.press('k');
  await page.waitForSelector('#pause[aria-pressed="true"]');
  await page.waitForSelector('#whose-move:has-text("Paused:")');
  await page.waitForTimeout(1500); // an action thought before the pause still lands
  const held = await stored();
  await page.waitForTimeout(1500);
  assert.equal(await stored(), held, 'paused, it stands');
  await page.keyboard.press('.');
  await page.waitForFunction(async ([g, n]) => (await (await fetch(`/api/games/${g}/events?since=0`)).json()).total > n, [id, held]);
  await page.waitForTimeout(1500);
  assert.equal(await stored(), held + 1, 'a step is one action');
  await shot(page, 'ai-10-paused');
  // Opened again, the page finds it paused (the pace is the game's, not the page's).
  await page.reload();
  await page.waitForSelector('#pause[aria-pressed="true"]');
  assert.equal(await stored(), held + 1);
  await page.locator('#speed').selectOption('100');
  await page.locator('#pause').click();
  await page.waitForSelector('#pause[aria-pressed="false"]');
  await page.waitForFunction(async ([g, n]) => (await (await fetch(`/api/games/${g}/events?since=0`)).json()).total > n + 2, [id, held + 1]);
  assert.equal(await page.locator('#speed').inputValue(), '100');
  await openLobby(page);
  assert.match(await page.locator(`.my-games tr[data-game="${id}"]`).innerText(), /strong AI against quick AI/);
});

test('no error was logged by the page', () => {
  assert.deepEqual(b.errors, []);
});
