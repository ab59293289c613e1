// The board from the data pack (data.json, a byte copy of engine/flickago/data.json), indexed
// for drawing and aiming; where a point of the board is on screen for a viewer; a drag turned
// into the integer angle and power of a shot. Pure: no DOM.
//
// Board coordinates are the spec's: millimetres, origin at the south-west corner, x east,
// y north. Screen (SVG) units are millimetres too, y down. White (and a spectator) sees the
// board with the south edge at the bottom; Black sees it turned a half turn, so each player
// shoots from the bottom of his screen. The angle sent is always in board coordinates.

/** How far off the board the drawn table reaches (mm): a disc overhanging the edge stays in view. */
export const MARGIN = 30;
/** The pull (mm on the board) that gives full power. */
export const MAX_PULL = 110;
/** A pull shorter than this (mm) is no shot: releasing cancels. */
export const MIN_PULL = 4;

const CODES = ["w", "b"];

/** The data pack indexed: {board, centreLine, sides: {w, b}, sectors, stars, radius(piece), ...}. */
export function buildBoard(data) {
  const [x0, y0, x1, y1] = data.board.rect;
  const sides = {};
  for (const s of data.sides) {
    const zone = s.safe_return_zone;
    sides[s.code] = {
      code: s.code,
      name: s.id,
      farHalf: s.far_half,
      hq: rect(s.hq),
      points: s.launch_points.map((p) => ({ id: p.id, kind: p.kind, x: p.x, y: p.y })),
      zone: { id: zone.id, x: zone.centre[0], y: zone.centre[1], r: zone.radius },
    };
  }
  const codeOf = Object.fromEntries(data.sides.map((s) => [s.id, s.code]));
  const discs = [];
  const canonical = [];
  const inspectors = data.inspector_stars.map((_, i) => `I${i + 1}`);
  canonical.push(...inspectors);
  for (const side of CODES) {
    for (const kind of ["F", "T"]) {
      for (let n = 1; n <= data.gang[kind].count; n++) {
        discs.push(`${side}${kind}${n}`);
        canonical.push(`${side}${kind}${n}`);
      }
    }
  }
  return {
    data,
    board: { x0, y0, x1, y1 },
    width: x1 - x0,
    height: y1 - y0,
    centreLine: rect(data.board.centre_line),
    table: rect(data.board.table),
    sides,
    sectors: data.sectors.map((s) => ({ id: s.id, half: s.half, rect: rect(s.rect), points: s.points, side: codeOf[s.scores_for] })),
    stars: data.inspector_stars.map((s) => ({ id: s.id, x: s.x, y: s.y })),
    safePoints: data.safe_return_points,
    disc: data.pieces.disc,
    inspector: data.pieces.inspector,
    vMax: data.shot.v_max,
    powerMax: data.shot.power_max,
    angleUnits: data.shot.angle_units_per_turn,
    stepsPerSecond: data.physics.steps_per_second,
    inspectors,
    discs,
    canonical,
    order: Object.fromEntries(canonical.map((p, i) => [p, i])),
  };
}

function rect([x0, y0, x1, y1]) {
  return { x0, y0, x1, y1 };
}

export const isInspector = (piece) => piece.startsWith("I");
export const sideOf = (piece) => (isInspector(piece) ? null : piece[0]);
export const kindOf = (piece) => (isInspector(piece) ? "I" : piece[1]);
export const otherSide = (side) => (side === "w" ? "b" : "w");

export function radius(B, piece) {
  return isInspector(piece) ? B.inspector.radius : B.disc.radius;
}

/** The SVG viewBox: the board and the strip of table around it. */
export function viewBox(B) {
  return [B.board.x0 - MARGIN, B.board.y0 - MARGIN, B.width + 2 * MARGIN, B.height + 2 * MARGIN];
}

/** The board's drawn width / height (the shell fits the board with it). */
export function aspectOf(B) {
  const [, , w, h] = viewBox(B);
  return w / h;
}

/** Where board point (x, y) is drawn; `turned` for Black's half turn. */
export function toScreen(B, x, y, turned) {
  const { x0, y0, x1, y1 } = B.board;
  return turned ? [x0 + x1 - x, y] : [x, y0 + y1 - y];
}

/** A screen rectangle for a board rectangle. */
export function screenRect(B, r, turned) {
  const [ax, ay] = toScreen(B, r.x0, r.y0, turned);
  const [bx, by] = toScreen(B, r.x1, r.y1, turned);
  return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}

/**
 * A slingshot drag: the pointer pulled back from the disc by (dx, dy) screen units.
 * The shot goes the other way. Returns {angle, power, pull} (angle 0–3599 tenths of a degree
 * in board coordinates, power 1–1000), or null when the pull is too short to be a shot.
 */
export function aimFromPull(B, dx, dy, turned) {
  const pull = Math.hypot(dx, dy);
  if (pull < MIN_PULL) return null;
  // The shot on screen is (-dx, -dy); screen y points down, and the half turn flips both axes.
  const bx = turned ? dx : -dx;
  const by = turned ? -dy : dy;
  const units = B.angleUnits;
  let angle = Math.round((Math.atan2(by, bx) * units) / (2 * Math.PI));
  angle = ((angle % units) + units) % units;
  const power = Math.max(1, Math.min(B.powerMax, Math.round((pull / MAX_PULL) * B.powerMax)));
  return { angle, power, pull };
}

/** The screen direction (unit vector) of a shot at `angle` (tenths of a degree, board coordinates). */
export function screenDirection(B, angle, turned) {
  const theta = (angle * 2 * Math.PI) / B.angleUnits;
  const bx = Math.cos(theta);
  const by = Math.sin(theta);
  return turned ? [-bx, by] : [bx, -by];
}

/** How far a lone disc slides at `power` (mm), the spec's guide: (v_max · power/1000)² / (2 · deceleration). */
export function loneTravel(B, power) {
  const v = (B.vMax * power) / B.powerMax;
  return (v * v) / (2 * B.disc.deceleration);
}

/** Degrees with one decimal for an angle in tenths ("91.2°"). */
export const degrees = (angle) => `${(angle / 10).toFixed(1)}°`;

/** A frame's time for simulation step k (spec section 3), in ms. */
export const stepMs = (B, step) => Math.floor((step * 1000 + B.stepsPerSecond / 2) / B.stepsPerSecond);

// ---------------------------------------------------------------- the tests of spec section 6

export function distanceToRect(x, y, r) {
  const dx = Math.max(r.x0 - x, 0, x - r.x1);
  const dy = Math.max(r.y0 - y, 0, y - r.y1);
  return Math.hypot(dx, dy);
}

export const discTouchesRect = (x, y, radius, r) => distanceToRect(x, y, r) < radius;
export const discTouchesCircle = (x, y, radius, c) => Math.hypot(x - c.x, y - c.y) < radius + c.r;
export const centreInRect = (x, y, r) => r.x0 <= x && x <= r.x1 && r.y0 <= y && y <= r.y1;
