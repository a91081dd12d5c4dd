// The end of a game: winner, reason, losses per side (from the server's final state), and the
// fair-dice check: the commitment published at the start against SHA-256(salt || seed) revealed
// at the end (16 bytes of salt, then the seed as 8 bytes, most significant first).
import { api } from './api.js';
import { el, clear } from './dom.js';

function bytesOfHex(h) {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.substr(2 * i, 2), 16);
  return out;
}

// SHA-256 (FIPS 180-4), for pages served without a secure context, where crypto.subtle is absent.
function sha256Fallback(bytes) {
  const K = new Uint32Array([0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb,
    0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f,
    0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);
  const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const len = bytes.length, padded = new Uint8Array(((len + 9 + 63) >> 6) << 6);
  padded.set(bytes);
  padded[len] = 0x80;
  new DataView(padded.buffer).setUint32(padded.length - 4, len * 8);
  const W = new Uint32Array(64), dv = new DataView(padded.buffer);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let o = 0; o < padded.length; o += 64) {
    for (let i = 0; i < 16; i++) W[i] = dv.getUint32(o + 4 * i);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(W[i - 15], 7) ^ rotr(W[i - 15], 18) ^ (W[i - 15] >>> 3);
      const s1 = rotr(W[i - 2], 17) ^ rotr(W[i - 2], 19) ^ (W[i - 2] >>> 10);
      W[i] = (W[i - 16] + s0 + W[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      h = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += h;
  }
  return [...H].map((x) => x.toString(16).padStart(8, '0')).join('');
}

/** The hex SHA-256 of salt (32 hex digits) followed by seed (16 hex digits), as bytes. */
export async function commitmentOf(saltHex, seedHex) {
  const bytes = bytesOfHex(saltHex + seedHex);
  if (globalThis.crypto && crypto.subtle) {
    const d = await crypto.subtle.digest('SHA-256', bytes);
    return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  return sha256Fallback(bytes);
}

/** The dice panel: the commitment now, and after the game the salt and seed with a check. */
export function commitmentPanel(box, game) {
  clear(box);
  const c = game.commitment;
  box.append(el('p', {}, 'Dice commitment (SHA-256 of salt and seed): ', el('code', { class: 'commitment', title: c || '' }, c ? `${c.slice(0, 16)}\u2026` : 'not published')));
  const reveal = game.overInfo || {};
  if (reveal.seed && reveal.salt) box.append(checkLine(reveal.salt, reveal.seed, c));
  else box.append(el('p', { class: 'hint' }, 'The salt and seed are revealed when the game ends, so anyone can check every die.'));
}

function checkLine(salt, seed, commitment) {
  const out = el('p', { class: 'dice-check', role: 'status' }, `Seed ${seed}, salt ${salt}: checking...`);
  commitmentOf(salt, seed).then((h) => {
    out.textContent = `Seed ${seed}, salt ${salt}. SHA-256(salt \u2016 seed) = ${h.slice(0, 16)}\u2026: ${commitment ? (h === commitment ? 'matches the commitment: the dice were fixed before the game began.' : 'DOES NOT match the commitment.') : 'no commitment to compare.'}`;
    out.dataset.verified = String(h === commitment);
  });
  return out;
}

/** Shows the end-of-game dialog. */
export async function showEnd(dialog, game) {
  const st = game.state;
  if (!game.overInfo || !game.overInfo.seed) {
    try {
      const rec = await api.record(game.id);
      const r = rec.record || rec;
      game.overInfo = { ...(game.overInfo || {}), seed: r.seed || rec.seed, salt: rec.salt || r.salt, winner: st.winner, result: st.result };
    } catch { /* the record may not be ready; the push carries the same */ }
  }
  const winner = st.winner ?? (game.overInfo && game.overInfo.winner);
  const reason = st.result || (game.overInfo && game.overInfo.result) || '';
  const losses = el('table', { class: 'losses' },
    el('caption', {}, 'Losses'),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Side'), el('th', { scope: 'col' }, 'Units lost'), el('th', { scope: 'col' }, 'Which'))),
    el('tbody', {}, game.sides().map((s) => {
      const lost = st.units.filter((u) => u.side === s && u.status === 'eliminated');
      const all = st.units.filter((u) => u.side === s);
      return el('tr', {}, el('th', { scope: 'row' }, game.sideName(s)), el('td', { class: 'num' }, `${lost.length} of ${all.length}`),
        el('td', {}, lost.map((u) => u.name || u.id).join(', ') || 'none'));
    })));
  const dice = el('div', { class: 'dice' });
  clear(dialog).append(
    el('h2', { id: 'end-title' }, winner ? `Victory: ${game.sideName(winner)}` : 'A draw'),
    el('p', { class: 'reason' }, reason),
    el('p', {}, `The game ended in turn ${game.scenario && game.scenario.turn_limit ? Math.min(st.turn, game.scenario.turn_limit) : st.turn}.`),
    losses, dice,
    el('div', { class: 'buttons' },
      el('button', { type: 'button', onclick: () => { dialog.close(); game.replay.loadRecord(true); } }, 'Replay the game'),
      el('button', { type: 'button', onclick: () => { location.hash = ''; } }, 'Back to the lobby'),
      el('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Close')));
  dialog.setAttribute('aria-labelledby', 'end-title');
  commitmentPanel(dice, game);
  commitmentPanel(document.getElementById('dice-panel'), game);
  if (!dialog.open) dialog.showModal();
}
