// Hex geometry for drawing only: labels, pixel centres and corners, neighbours and distance.
// The same layout as the server's renderer (src/proto/render.c): pointy-top hexes in odd-r
// offset layout (label rows 02, 04, ... shifted half a hex right), radius R, margin MARGIN.
// A unit faces a vertex f in 0..5 at bearing 60f+30 degrees, counter-clockwise from east.
// Nothing here knows a rule: movement, zones of control and sight come from the server.

export const R = 30;
export const MARGIN = 12;
const SQ3 = Math.sqrt(3);

/** '0305' -> {col: 2, row: 4} (0-based), or null for anything that is not a label. */
export function parse(label) {
  if (typeof label !== 'string' || label.length < 4 || label.length % 2) return null;
  const n = label.length / 2;
  const col = parseInt(label.slice(0, n), 10), row = parseInt(label.slice(n), 10);
  if (!Number.isInteger(col) || !Number.isInteger(row) || col < 1 || row < 1) return null;
  return { col: col - 1, row: row - 1 };
}

/** 0-based col, row -> 'CCRR' with `digits` digits per part (2 unless the map is wider). */
export function label(col, row, digits = 2) {
  return String(col + 1).padStart(digits, '0') + String(row + 1).padStart(digits, '0');
}

/** Digits per label part for a map of width x height. */
export function digitsFor(width, height) {
  return Math.max(2, String(Math.max(width, height)).length);
}

/** Pixel centre of a hex given by label or {col,row}. */
export function centre(h) {
  const p = typeof h === 'string' ? parse(h) : h;
  if (!p) return { x: 0, y: 0 };
  return { x: MARGIN + R * SQ3 * (p.col + 0.5 + 0.5 * (p.row & 1)), y: MARGIN + R + 1.5 * R * p.row };
}

/** Corner v (0..5) of a hex centred at (cx, cy), SVG y-down, at `scale` of the radius. */
export function corner(cx, cy, v, scale = 1) {
  const a = ((60 * v + 30) * Math.PI) / 180;
  return { x: cx + R * scale * Math.cos(a), y: cy - R * scale * Math.sin(a) };
}

/** The SVG points attribute of a hexagon around (cx, cy). */
export function polygonPoints(cx, cy, scale = 1) {
  const pts = [];
  for (let v = 0; v < 6; v++) {
    const c = corner(cx, cy, v, scale);
    pts.push(`${c.x.toFixed(1)},${c.y.toFixed(1)}`);
  }
  return pts.join(' ');
}

/** Pixel size of a width x height map. */
export function mapSize(width, height) {
  return { w: 2 * MARGIN + R * SQ3 * (width + 0.5), h: 2 * MARGIN + R * (1.5 * height + 0.5) };
}

// Hexside direction d: 0=E 1=NE 2=NW 3=W 4=SW 5=SE, for even and odd (shifted) rows.
const EVEN = [[1, 0], [0, -1], [-1, -1], [-1, 0], [-1, 1], [0, 1]];
const ODD = [[1, 0], [1, -1], [0, -1], [-1, 0], [0, 1], [1, 1]];

/** The neighbour of a label in direction d, as a label (may be off the map: check `inside`). */
export function neighbour(lab, d, digits = 2) {
  const p = parse(lab);
  const [dc, dr] = (p.row & 1 ? ODD : EVEN)[d];
  const c = p.col + dc, r = p.row + dr;
  if (c < 0 || r < 0) return null;
  return label(c, r, digits);
}

export function neighbours(lab, digits = 2) {
  return [0, 1, 2, 3, 4, 5].map((d) => neighbour(lab, d, digits)).filter(Boolean);
}

export function inside(lab, width, height) {
  const p = parse(lab);
  return !!p && p.col < width && p.row < height;
}

function cube(p) {
  const q = p.col - (p.row - (p.row & 1)) / 2;
  return { x: q, z: p.row, y: -q - p.row };
}

/** Hex distance between two labels. */
export function distance(a, b) {
  const A = cube(parse(a)), B = cube(parse(b));
  return Math.max(Math.abs(A.x - B.x), Math.abs(A.y - B.y), Math.abs(A.z - B.z));
}

/** Every label of a width x height map. */
export function allHexes(width, height) {
  const out = [];
  const dg = digitsFor(width, height);
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) out.push(label(c, r, dg));
  return out;
}

/** Midpoint of a hexside given as 'P/Q' (two adjacent labels), or a hex centre. */
export function pointOf(where) {
  if (typeof where === 'string' && where.includes('/')) {
    const [a, b] = where.split('/').map(centre);
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  return centre(where);
}
