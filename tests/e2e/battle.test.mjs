// A whole battle against the AI, from the lobby to the end screen: the nap skirmish with the
// player on the Allied side doing only what the rules force (ending phases, and the combats and
// retreats they cannot refuse) while the AI plays the French. The AI must take its turns on its
// own, fight, and not lose to a player who never attacks of their own will. The dice are the
// server's own, so the game is a dice game: the AI won 25 of 26 runs and drew the other on points
// (8-8); how strong it is, bench/ai's tournaments measure over hundreds of games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, shot, openLobby, startGame } from './lib.mjs';

let b, page;

browserPerFile((x) => { b = x; page = x.page; });

const over = () => page.locator('#endgame[open]').count();

/** Waits until it is the player's move or the game is over; returns true when it is over. */
async function waitForTurn() {
  await page.waitForFunction(() => document.querySelector('#endgame[open]')
    || (/Your move/.test(document.getElementById('whose-move').innerText)
      && !document.querySelector('#end-phase').disabled), null, { timeout: 120000 });
  return (await over()) > 0;
}

test('a nap skirmish against the AI is played from the lobby to its end', { timeout: 600000 }, async () => {
  await openLobby(page);
  await startGame(page, 'nap-skirmish', 'ai', 'al');
  let ended = false, forced = 0, phases = 0;
  for (let i = 0; i < 400 && !ended; i++) {
    ended = await waitForTurn();
    if (ended) break;
    const before = await page.evaluate(() => JSON.stringify([window.grognard.state.actions, window.grognard.state.phase]));
    // Only what the rules force: ending the phase when that is allowed, otherwise the first
    // action offered (a compulsory combat's declaration, a retreat).
    await page.keyboard.press('Escape');
    await page.waitForSelector('#actions button, #actions p.empty');
    const end = page.locator('#actions button[data-action="end_phase"]');
    if (await end.count()) {
      await end.first().click();
      phases++;
    } else {
      await page.locator('#actions button').first().click();
      forced++;
    }
    await page.waitForFunction((s) => document.querySelector('#endgame[open]')
      || JSON.stringify([window.grognard.state.actions, window.grognard.state.phase]) !== s, before, { timeout: 120000 });
  }
  assert.ok(ended, 'the game reached its end');
  assert.ok(phases >= 2, `the player ended ${phases} phases (at least one player-turn)`);
  const end = await page.locator('#endgame').innerText();
  assert.match(end, /Victory: French|A draw/, 'the AI does not lose to a player who never attacks of their own will');
  assert.match(end, /Losses/);
  await page.waitForFunction(() => document.querySelector('#endgame .dice-check[data-verified]'));
  assert.equal(await page.locator('#endgame .dice-check').getAttribute('data-verified'), 'true');
  const log = await page.locator('#log').innerText();
  assert.match(log, /NAP-/, 'the log names the rules the AI played under');
  assert.match(log, /[A-Z][\w ]+ \((?:fr|al)-[a-z]+\d\)/, 'the log names the units, their ids beside');
  const points = await page.locator('#points').innerText();
  assert.match(points, /Allies: strength lost\s+[1-9]/, 'the points panel names the sides and counts the losses');
  assert.match(points, /French: objective points/);
  await shot(page, 'battle-01-over');
});

test('no error was logged by the page', () => {
  assert.deepEqual(b.errors.filter((e) => !/favicon/.test(e)), []);
});
