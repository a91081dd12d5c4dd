// The lobby: scenarios (historical note, sides, map thumbnail) and new games against the AI,
// hotseat (this browser holds both seats), online (an invitation link for the other seat) or of
// the AI against itself, to watch;
// my games (from localStorage) and the server's other games to watch or replay.
import { api } from './api.js';
import { el, clear, phaseName, OPPONENTS, seatKind } from './dom.js';
import { myGames, rememberGame, forgetGame } from './store.js';

const MODES = [
  ['ai', 'Against the AI'],
  ['hotseat', 'Hotseat (both sides here)'],
  ['online', 'Online (invite a friend)'],
  ['watch', 'Watch the AI play both sides'],
];

function sideName(sc, id) {
  const s = sc && sc.sides.find((x) => x.id === id);
  return s ? s.name : id;
}

/** Renders the lobby into `root`. `go(hash)` navigates. */
export async function showLobby(root, go) {
  clear(root);
  const status = el('p', { class: 'lobby-status', role: 'status' });
  const invite = el('div', { class: 'invite', hidden: true, 'aria-live': 'polite' });
  const scenSec = el('section', { class: 'scenarios', 'aria-labelledby': 'h-new' },
    el('h2', { id: 'h-new' }, 'New game'));
  const mineSec = el('section', { class: 'my-games', 'aria-labelledby': 'h-mine' },
    el('h2', { id: 'h-mine' }, 'My games'));
  const watchSec = el('section', { class: 'watch-games', 'aria-labelledby': 'h-watch' },
    el('h2', { id: 'h-watch' }, 'Games to watch'));
  root.append(status, invite, scenSec, mineSec, watchSec);

  let scenarios = [];
  try {
    scenarios = await api.scenarios();
  } catch (e) {
    status.textContent = `Cannot reach the server: ${e.message}`;
  }
  const list = el('div', { class: 'scenario-list' });
  for (const sc of scenarios) list.append(scenarioCard(sc, status, invite, go));
  if (!scenarios.length && !status.textContent) status.textContent = 'The server offers no scenario.';
  scenSec.append(list);

  let games = [];
  try {
    games = await api.games();
  } catch {
    games = [];
  }
  const byId = new Map(games.map((g) => [g.game, g]));
  const scById = new Map(scenarios.map((s) => [s.id, s]));
  const mine = myGames();
  mineSec.append(gameTable(mine.map((m) => ({ ...(byId.get(m.game) || {}), ...m, live: byId.get(m.game) })), scById, go, true));
  const mineIds = new Set(mine.map((m) => m.game));
  watchSec.append(gameTable(games.filter((g) => !mineIds.has(g.game)), scById, go, false));
}

function scenarioCard(sc, status, invite, go) {
  const idp = `sc-${sc.id}`;
  const mode = el('select', { id: `${idp}-mode`, name: 'mode' },
    MODES.map(([v, t]) => el('option', { value: v }, t)));
  const side = el('select', { id: `${idp}-side`, name: 'side' },
    sc.sides.map((s) => el('option', { value: s.id }, s.name)));
  const sideRow = el('label', { for: `${idp}-side` }, 'Your side ', side);
  const opponent = el('select', { id: `${idp}-opponent`, name: 'opponent' },
    OPPONENTS.map(([v, , t]) => el('option', { value: v }, t)));
  const opponentRow = el('label', { for: `${idp}-opponent` }, 'Opponent ', opponent);
  // Watching: an AI for each side, so the strong one may be watched against the quick one.
  const watchPicks = sc.sides.map((s) => el('select', { id: `${idp}-ai-${s.id}`, name: `ai-${s.id}`, 'data-side': s.id },
    OPPONENTS.map(([v, , t]) => el('option', { value: v }, t))));
  const watchRow = el('span', { class: 'watch-seats', hidden: true },
    sc.sides.map((s, i) => el('label', { for: watchPicks[i].id }, `${s.name} `, watchPicks[i])));
  // Suggestions (the AI's move for the side to act, H): on by default against the AI and in
  // hotseat, where nobody else could object; between two players online both must know.
  const hints = el('input', { type: 'checkbox', id: `${idp}-hints`, name: 'hints', checked: true });
  const hintsRow = el('label', { for: `${idp}-hints`, title: 'Either side may ask the AI for a move (H)' }, hints, ' AI suggestions');
  mode.addEventListener('change', () => {
    const watch = mode.value === 'watch';
    sideRow.hidden = mode.value === 'hotseat' || watch;
    opponentRow.hidden = mode.value !== 'ai';
    watchRow.hidden = !watch;
    hintsRow.hidden = watch;
    hints.checked = mode.value !== 'online';
  });
  const start = el('button', { type: 'submit', class: 'primary' }, 'Start');
  const form = el('form', { class: 'new-game', 'aria-label': `New game of ${sc.name}` },
    el('label', { for: `${idp}-mode` }, 'Play ', mode), sideRow, opponentRow, watchRow, hintsRow, start);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    start.disabled = true;
    status.textContent = `Creating a game of ${sc.name}...`;
    try {
      const ais = Object.fromEntries(watchPicks.map((s) => [s.dataset.side, s.value]));
      await createGame(sc, mode.value, side.value, mode.value === 'watch' ? ais : opponent.value, hints.checked, invite, go);
      status.textContent = '';
    } catch (e) {
      status.textContent = `The game could not be created: ${e.message}`;
    } finally {
      start.disabled = false;
    }
  });
  return el('article', { class: 'scenario', 'data-scenario': sc.id, 'aria-labelledby': `${idp}-name` },
    el('img', { class: 'thumb', src: api.thumbnailUrl(sc.id), alt: `Map of ${sc.name}`, loading: 'lazy' }),
    el('div', { class: 'scenario-body' },
      el('h3', { id: `${idp}-name` }, sc.name),
      el('p', { class: 'meta' }, `Ruleset ${sc.ruleset}`, sc.test ? ' (test scenario)' : '', sc.turn_limit ? ` · ${sc.turn_limit} turns` : '',
        ' · ', sc.sides.map((s) => s.name).join(' against ')),
      el('p', { class: 'description' }, sc.description || ''),
      form));
}

/** `opponent`: the AI seat's kind against the AI, each side's ({side: kind}) when watching. */
async function createGame(sc, mode, mySide, opponent, hints, invite, go) {
  const seats = {};
  for (const s of sc.sides) seats[s.id] = mode === 'watch' ? opponent[s.id] : mode === 'ai' && s.id !== mySide ? opponent : 'human';
  const r = await api.createGame(sc.id, seats, {}, mode === 'watch' ? undefined : hints);
  const tokens = {};
  let other = null;
  for (const s of sc.sides) {
    const seat = r.seats && r.seats[s.id];
    if (!seat || !seat.token) continue;
    if (mode === 'online' && s.id !== mySide) other = { side: s.id, link: seat.link };
    else tokens[s.id] = seat.token;
  }
  const inviteUrl = other ? new URL(other.link, location.href).href : null;
  rememberGame({ game: r.game, scenario: sc.id, name: sc.name, mode, opponent: mode === 'ai' ? opponent : undefined,
    opponents: mode === 'watch' ? opponent : undefined, tokens, commitment: r.commitment,
    invite: inviteUrl ? { side: other.side, link: inviteUrl } : null });
  if (mode === 'online' && inviteUrl) {
    showInvite(invite, sc, other.side, inviteUrl, r.hints, () => go(`game=${r.game}`));
    return;
  }
  go(`game=${r.game}`);
}

function showInvite(box, sc, side, link, hints, enter) {
  clear(box);
  const input = el('input', { type: 'text', readonly: true, value: link, id: 'invite-link', size: 60 });
  const copy = el('button', { type: 'button' }, 'Copy link');
  copy.addEventListener('click', async () => {
    input.select();
    try { await navigator.clipboard.writeText(link); copy.textContent = 'Copied'; } catch {
      document.execCommand && document.execCommand('copy');
      copy.textContent = 'Copied';
    }
  });
  box.append(
    el('h2', {}, 'Invite your opponent'),
    el('p', {}, `Send this link to the player of ${sideName(sc, side)}. Whoever opens it holds that seat.${hints ? ' Both sides may ask the AI for suggestions in this game.' : ''}`),
    el('label', { for: 'invite-link' }, 'Invitation link '), input, ' ', copy, ' ',
    el('button', { type: 'button', class: 'primary', onclick: enter }, 'Enter the game'));
  box.hidden = false;
  input.focus();
}

/** A game's mode in the lobby's words, and whether it differs from the default on suggestions. */
function modeText(g, mine) {
  const word = (k) => (OPPONENTS.find(([v]) => v === k) || [])[1] || '';
  // A game watched: each side's AI, or the one for both that games remembered before kept.
  const ais = [...new Set(g.opponents ? Object.values(g.opponents) : [g.opponent || 'ai'])].map(word);
  const watch = ais.length > 1 ? `${ais.join(' AI against ')} AI` : `${ais[0]} AI against itself`.trim();
  const modes = { ai: `vs ${seatKind(g.opponent || 'ai')}`, watch, hotseat: 'hotseat', online: 'online' };
  const mode = mine ? modes[g.mode] || 'joined' : '';
  const vsAI = Object.values(g.seats || {}).some((k) => k.startsWith('ai'));
  if (g.hints === undefined || g.hints === vsAI) return mode;
  return [mode, g.hints ? 'with suggestions' : 'no suggestions'].filter(Boolean).join(', ');
}

function gameTable(rows, scById, go, mine) {
  if (!rows.length) return el('p', { class: 'empty' }, mine ? 'No game yet.' : 'No other game on this server.');
  const tbody = el('tbody');
  for (const g of rows) {
    const sc = scById.get(g.scenario);
    const state = g.over
      ? `over${g.winner ? `: ${sideName(sc, g.winner)} won` : ': a draw'}`
      : g.turn ? `turn ${g.turn}, ${phaseName(g.phase)}, ${sideName(sc, g.active)} to move` : (g.live === undefined && mine ? 'not on this server' : '');
    const seats = mine
      ? Object.keys(g.tokens || {}).map((s) => sideName(sc, s)).join(', ') || 'watching'
      : Object.entries(g.seats || {}).map(([s, k]) => `${sideName(sc, s)}: ${seatKind(k)}`).join(', ');
    const actions = el('td', { class: 'actions' });
    if (!g.over) actions.append(el('button', { type: 'button', onclick: () => go(`game=${g.game}`) }, mine ? 'Open' : 'Watch'), ' ');
    actions.append(el('button', { type: 'button', onclick: () => go(`game=${g.game}&replay=1`) }, 'Replay'));
    if (mine) {
      if (g.invite && !g.over) actions.append(' ', el('button', { type: 'button', onclick: () => navigator.clipboard && navigator.clipboard.writeText(g.invite.link) }, 'Copy invitation'));
      actions.append(' ', el('button', { type: 'button', onclick: (ev) => { forgetGame(g.game); ev.target.closest('tr').remove(); } }, 'Forget'));
    }
    tbody.append(el('tr', { 'data-game': g.game },
      el('td', {}, g.name || (sc && sc.name) || g.scenario || g.game),
      el('td', {}, modeText(g, mine)),
      el('td', {}, seats),
      el('td', {}, state),
      actions));
  }
  return el('table', { class: 'games' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Scenario'), el('th', { scope: 'col' }, 'Mode'),
      el('th', { scope: 'col' }, mine ? 'My seats' : 'Seats'), el('th', { scope: 'col' }, 'State'), el('th', { scope: 'col' }, ''))),
    tbody);
}
