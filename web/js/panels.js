// The side panels the game view redraws after every change: the phase bar (turn, phase, side to
// act, whose move), the points the ruleset reports in state.info, and the list of all units. They
// show the state on the map: the replay's while one is in view, else the live game's.
import { el, clear, phaseName, seatKind } from './dom.js';
import { isGeneral } from './counters.js';

const $ = (id) => document.getElementById(id);

export function drawStatus(g) {
  const st = g.shown();
  const past = st !== g.state;
  const limit = g.scenario && g.scenario.turn_limit;
  // After the last turn the engine's counter has moved past the limit: say the game is done.
  $('turn').textContent = st.over && limit && st.turn > limit ? `Turn ${limit} of ${limit}, over` : `Turn ${st.turn}${limit ? ` of ${limit}` : ''}`;
  $('phase').textContent = `${phaseName(st.phase)} phase`;
  const act = $('active');
  clear(act).append(el('span', { class: `swatch side-${g.sideIndex(st.active)}`, 'aria-hidden': 'true' }), ` ${g.sideName(st.active)}`);
  const who = $('whose-move');
  if (past) who.textContent = 'Replay: press Live (\\) to return to the game.';
  else if (st.over) who.textContent = 'The game is over.';
  else if (g.myMove()) who.textContent = g.mySides().length > 1 ? `${g.sideName(st.active)} to move (hotseat).` : 'Your move.';
  else if (g.pace && g.pace.paused) who.textContent = `Paused: ${seatName(g, st.active)} to move.`;
  else who.textContent = `Waiting for ${seatName(g, st.active)}.`;
  $('you-are').textContent = g.mySides().length ? `You play ${g.mySides().map((s) => g.sideName(s)).join(' and ')}.` : 'You are watching.';
  $('end-phase').disabled = past || !g.myMove() || g.busy;
  $('undo').disabled = past || !g.myMove() || st.can_undo === false;
  $('end-phase').hidden = $('undo').hidden = !!g.pace; // nobody plays a game of the AI against itself
  drawWatch(g, g.state.over);
  $('hint').hidden = !g.hints || !g.mySides().length; // a spectator asks nothing
  $('hint').disabled = past || !g.myMove() || g.busy || g.playing;
  g.root.dataset.active = String(g.sideIndex(st.active));
}

/** A side's name, with who holds its seat when the AI does: 'Blue (the AI, quick)'. */
function seatName(g, side) {
  const kind = g.seats && g.seats[side] ? seatKind(g.seats[side]) : '';
  return `${g.sideName(side)}${kind.startsWith('AI') ? ` (the ${kind})` : ''}`;
}

const SPEEDS = [['Slow (1.5 s)', 1500], ['Normal (0.4 s)', 400], ['Fast (0.1 s)', 100]];

/** A game of the AI against itself: pause or go on, one action at a time, and its speed (the
 * server's pace, shared by everyone watching). */
function drawWatch(g, over) {
  $('watch').hidden = !g.pace;
  if (!g.pace) return;
  const { ms, paused } = g.pace;
  const pause = $('pause');
  pause.textContent = paused ? 'Go on (K)' : 'Pause (K)';
  pause.setAttribute('aria-pressed', String(paused));
  pause.disabled = over;
  $('step').disabled = over || !paused;
  const speeds = SPEEDS.some(([, v]) => v === ms) ? SPEEDS : [...SPEEDS, [`${ms} ms`, ms]];
  const sel = $('speed');
  const values = speeds.map(([, v]) => v).join(' ');
  if (sel.dataset.values !== values) { // rebuilt only when the choices change, so an open list stays open
    clear(sel).append(...speeds.map(([label, v]) => el('option', { value: String(v) }, label)));
    sel.dataset.values = values;
  }
  sel.value = String(ms);
  sel.disabled = over;
}

/** A state.info key in a player's words; null for what the header already shows. */
function infoLabel(g, k, corpsSide) {
  const sideOf = (prefix) => g.sides().find((s) => k === `${prefix}${s}`);
  let side;
  if (k === 'player_turn') return null; // the header shows the turn and the side to move
  if (k.startsWith('ap.')) {
    const corps = k.slice(3);
    return { label: `${g.corpsName(corps)}: action points`, side: corpsSide[corps] };
  }
  if (k.startsWith('corps.')) return { label: g.corpsName(k.slice(6)), side: corpsSide[k.slice(6)] };
  if ((side = sideOf('lost_'))) return { label: `${g.sideName(side)}: strength lost`, side };
  if ((side = sideOf('objectives_'))) return { label: `${g.sideName(side)}: objective points`, side };
  const words = { cinc_ap: "commander-in-chief's action points", declaring: 'units in the combat being declared',
    advance_pending: 'units that may advance after combat', house_other: 'other house rules' };
  return { label: words[k] || k.replace(/_/g, ' ') };
}

/** Action points per corps, points and losses per side, and anything else the ruleset reports
 * in state.info. */
export function drawPoints(g) {
  const info = g.shown().info || {};
  const box = clear($('points'));
  const corpsSide = {};
  for (const u of g.state.units) if (u.corps) corpsSide[u.corps] = u.side;
  const rows = [];
  for (const [k, v] of Object.entries(info)) {
    const l = infoLabel(g, k, corpsSide);
    if (!l) continue;
    const cls = l.side ? `side-${g.sideIndex(l.side)}` : '';
    rows.push(el('dt', { class: cls }, l.label), el('dd', { 'data-info': k }, String(v)));
  }
  box.append(rows.length ? el('dl', { class: 'info' }, rows) : el('p', { class: 'empty' }, 'No points to show.'));
}

/** Every unit of each side as a button (in the state on the map). */
export function drawUnitList(g) {
  const box = clear($('unit-list'));
  for (const side of g.sides()) {
    const ul = el('ul', { 'aria-label': `${g.sideName(side)} units` });
    for (const u of g.shown().units.filter((x) => x.side === side)) {
      const sel = g.mover.selected.includes(u.id);
      ul.append(el('li', {},
        el('button', { type: 'button', class: `unit-btn side-${g.sideIndex(side)}${sel ? ' selected' : ''}`, 'aria-pressed': String(sel), 'data-unit-btn': u.id,
          disabled: u.status !== 'on_map' && u.status !== 'waiting' ? true : undefined,
          onclick: (ev) => { g.map.setCursor(u.hex); g.tool === 'combat' ? g.combat.toggle(u.id) : g.mover.select([u.id], { add: ev.shiftKey }); } },
        `${u.id}${isGeneral(u) ? ' ★' : ''} ${u.type} ${u.hex || u.status}${u.strength ? ` ${u.strength}-${u.ma}` : ''}`)));
    }
    box.append(el('h4', {}, g.sideName(side)), ul);
  }
}

