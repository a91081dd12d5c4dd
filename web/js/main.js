// The client's entry: routes between the lobby (#) and a game (#game=ID[&token=T][&replay=1]),
// and installs the keyboard and the help dialog.
import { showLobby } from './lobby.js';
import { Game } from './game.js';
import { installKeys, KEYS } from './keys.js';
import { el, clear } from './dom.js';

let current = null;

function params() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

function go(hash) {
  if (location.hash.replace(/^#/, '') === hash) route();
  else location.hash = hash;
}

async function route() {
  const p = params();
  const lobby = document.getElementById('lobby');
  const game = document.getElementById('game');
  if (current) { current.close(); current = null; }
  const end = document.getElementById('endgame');
  if (end.open) end.close();
  if (p.get('game')) {
    lobby.hidden = true;
    game.hidden = false;
    document.body.dataset.view = 'game';
    const g = new Game(p.get('game'), { token: p.get('token'), replay: p.get('replay') === '1' });
    current = g;
    window.grognard = g; // for the console and the browser tests
    try {
      await g.start();
      // A token in the address bar is a secret: keep it in this browser only.
      if (p.get('token')) history.replaceState(null, '', `#game=${encodeURIComponent(p.get('game'))}`);
    } catch (e) {
      console.error(e);
    }
  } else {
    game.hidden = true;
    lobby.hidden = false;
    document.body.dataset.view = 'lobby';
    document.title = 'Grognard';
    window.grognard = null;
    await showLobby(lobby, go);
  }
  document.body.dataset.ready = 'true';
}

function showHelp() {
  const d = document.getElementById('help');
  clear(d).append(
    el('h2', { id: 'help-title' }, 'Keyboard'),
    el('dl', { class: 'keys' }, KEYS.flatMap(([k, v]) => [el('dt', {}, el('kbd', {}, k)), el('dd', {}, v)])),
    el('p', {}, 'Every action the rules offer also has a button under "Actions" in the side panel.'),
    el('button', { type: 'button', class: 'primary', onclick: () => d.close() }, 'Close'));
  d.setAttribute('aria-labelledby', 'help-title');
  if (!d.open) d.showModal();
}

document.getElementById('help-button').addEventListener('click', showHelp);
installKeys(() => current, showHelp);
window.addEventListener('hashchange', () => {
  // Dropping the token from the address bar is not a new route.
  const p = params();
  if (current && p.get('game') === current.id && !p.get('replay')) return;
  route();
});
route();
