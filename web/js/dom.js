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

/** 'test.move' -> 'Move'; 'cdb.action_points' -> 'Action points'. */
export function phaseName(phase) {
  if (!phase) return '';
  const p = String(phase).replace(/^[a-z]+\./, '').replace(/_/g, ' ');
  return p.charAt(0).toUpperCase() + p.slice(1);
}
