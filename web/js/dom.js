// Small DOM helpers: build HTML and SVG elements without a framework.

export const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') node.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** el('button', {class: 'x', onclick: f}, 'text', child...) */
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** svg('circle', {cx, cy, r}) */
export function svg(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

/**
 * The AI opponents the lobby offers: the seat kind the server takes (docs/server-api.md), a word
 * for it and what it does. 'ai' is the server's own player (the plan player unless --ai says).
 */
export const OPPONENTS = [
  ['ai', 'strong', 'Strong: plans each phase ahead'],
  ['ai:greedy', 'quick', 'Quick: plays by rules of thumb'],
];

/** A seat's kind from the server in a player's words: 'human', 'AI', 'AI, quick'. */
export function seatKind(kind) {
  const k = typeof kind === 'string' ? kind : (kind && kind.kind) || '';
  if (!k.startsWith('ai')) return k || 'seat';
  const known = OPPONENTS.find(([v]) => v === k);
  return k === 'ai' ? 'AI' : `AI, ${known ? known[1] : k.slice(3)}`;
}

/** 'test.move' -> 'Move'; 'cdb.action_points' -> 'Action points'. */
export function phaseName(phase) {
  if (!phase) return '';
  const p = String(phase).replace(/^[a-z]+\./, '').replace(/_/g, ' ');
  return p.charAt(0).toUpperCase() + p.slice(1);
}
