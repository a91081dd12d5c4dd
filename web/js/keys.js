// Keyboard access for every action. On the map: arrows move the hex cursor (Shift+arrows pan),
// Enter/Space act on the cursor hex as a click would, + and - zoom. Anywhere in a game: the
// letter keys below. Buttons and lists in the side panel are reachable with Tab as usual.

export const KEYS = [
  ['Arrows', 'move the map cursor (left/right: west/east; up/down: north-east/south-west, with Alt: north-west/south-east)'],
  ['Shift + arrows', 'pan the map'],
  ['Enter or Space', 'act on the hex under the cursor: select a unit, move the selection there, or pick it for combat or sight (Shift adds to a group)'],
  ['+ / - / 0', 'zoom in, zoom out, whole map'],
  ['N / P', 'select your next / previous unit'],
  ['Q / E', 'turn the selected unit left / right'],
  ['M / C / L', 'move tool, combat tool, line-of-sight tool'],
  ['Z', 'show or hide zones of control'],
  ['T', 'show or hide the other side\'s last moves'],
  ['R', 'resolve the combat as previewed'],
  ['G', 'show or hide the selected general\'s command radius'],
  ['F', 'end the phase'],
  ['U', 'take back the last action (when the rules allow)'],
  ['H', 'ask the AI to suggest a move (against the AI, or where the game was started with suggestions)'],
  ['K / .', 'watching the AI play itself: pause it or let it go on / play one action while paused'],
  ['Escape', 'clear the selection and close messages'],
  ['[ / ]', 'replay: step back / forward; \\ returns to the live game'],
  ['?', 'this help'],
];

export function installKeys(getGame, showHelp) {
  document.addEventListener('keydown', (ev) => {
    const g = getGame();
    const t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    if (ev.ctrlKey || ev.metaKey) return;
    if (ev.key === '?') { showHelp(); ev.preventDefault(); return; }
    if (!g || !g.state) return;
    const onMap = t === g.map.svg;
    const k = ev.key;
    const dirs = { ArrowRight: 0, ArrowLeft: 3, ArrowUp: ev.altKey ? 2 : 1, ArrowDown: ev.altKey ? 5 : 4 };
    if (k in dirs && (onMap || ev.shiftKey)) {
      if (ev.shiftKey) {
        const step = 60;
        g.map.pan(k === 'ArrowRight' ? step : k === 'ArrowLeft' ? -step : 0, k === 'ArrowDown' ? step : k === 'ArrowUp' ? -step : 0);
      } else {
        g.map.moveCursor(dirs[k]);
        const here = g.unitsAt(g.map.cursor);
        g.notice(`Cursor ${g.map.cursor}${here.length ? `: ${here.map((u) => g.describeUnit(u)).join('; ')}` : ''}${g.mover.reachable(g.map.cursor) ? ' (in reach)' : ''}`);
      }
      ev.preventDefault();
      return;
    }
    if (onMap && (k === 'Enter' || k === ' ')) { g.actAtCursor(ev.shiftKey); ev.preventDefault(); return; }
    // Buttons handle their own Enter and Space.
    if (t && t.tagName === 'BUTTON' && (k === 'Enter' || k === ' ')) return;
    const act = {
      '+': () => g.map.zoom(1.25), '=': () => g.map.zoom(1.25), '-': () => g.map.zoom(0.8), 0: () => g.map.resetView(),
      n: () => cycle(g, 1), p: () => cycle(g, -1),
      q: () => g.mover.turn('left'), e: () => g.mover.turn('right'),
      m: () => g.setTool('move'), c: () => g.setTool('combat'), l: () => g.setTool('los'),
      z: () => g.toggleZoc(), t: () => g.toggleTrail(), r: () => g.combat.commit(), g: () => g.mover.toggleRadius(), f: () => g.endPhase(), u: () => g.undo(), h: () => g.hint(), k: () => g.togglePause(), '.': () => g.step(),
      Escape: () => { g.mover.clear(); g.combat.clear(); g.clearRefusal(); g.map.clearLos(); g.losFrom = null; },
      '[': () => g.replay.seek(g.replay.pos - 1), ']': () => g.replay.seek(g.replay.pos + 1), '\\': () => g.replay.live(),
    }[k.length === 1 ? k.toLowerCase() : k];
    if (act) { act(); ev.preventDefault(); }
  });
}

/** Selects the next (or previous) unit of yours on the map, or of the side to move. */
function cycle(g, dir) {
  const mine = g.mySides().length ? g.mySides() : [g.state.active];
  const side = mine.includes(g.state.active) ? g.state.active : mine[0];
  const list = g.state.units.filter((u) => u.side === side && u.status === 'on_map');
  if (!list.length) return;
  const cur = list.findIndex((u) => u.id === g.mover.selected[0]);
  const next = list[(cur + dir + list.length) % list.length];
  g.map.setCursor(next.hex);
  g.mover.select([next.id]);
  g.notice(`Selected ${g.describeUnit(next)}.`);
}
