// "My games": the seats this browser holds, kept in localStorage so a reload (or coming back
// tomorrow) finds them. A seat token is a secret: it never leaves this browser except in the
// invitation link the player chooses to share.

const KEY = 'grognard.games';

export function myGames() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function save(list) {
  localStorage.setItem(KEY, JSON.stringify(list));
}

/** Finds the saved entry of a game, or null. */
export function findGame(game) {
  return myGames().find((g) => g.game === game) || null;
}

/** Adds or merges an entry: {game, scenario, name, mode, tokens: {side: token}, invite}. */
export function rememberGame(entry) {
  const list = myGames();
  const old = list.find((g) => g.game === entry.game);
  if (old) {
    Object.assign(old, { ...entry, tokens: { ...(old.tokens || {}), ...(entry.tokens || {}) } });
  } else {
    list.unshift({ created: new Date().toISOString(), tokens: {}, ...entry });
  }
  save(list);
}

/** Remembers one seat token learned from an invitation link (#game=G&token=T). */
export function rememberToken(game, side, token) {
  rememberGame({ game, tokens: { [side]: token } });
}

export function forgetGame(game) {
  save(myGames().filter((g) => g.game !== game));
}
