// Where Spies! draws its map. The data pack (engine/spies/data.json) has no coordinates, so
// the module keeps its own: each city's approximate real longitude and latitude, projected
// (equirectangular, widened a little, then a gentle fisheye centred on Central Europe so
// that the dense middle of the map gets more room than its edges), plus a few nudges where
// two real cities would sit on top of each other at this scale, and an anchor in the water
// for each sea zone. Pure: no DOM.

/** City id -> [longitude °E, latitude °N] (approximate, 1933 places). */
export const LONLAT = {
  BER: [13.4, 52.5], HAM: [10.0, 53.55], COL: [6.96, 50.94], FRA: [8.68, 50.11], MUN: [11.58, 48.14],
  DRE: [13.74, 51.05], BRE: [17.03, 51.11], KON: [20.5, 54.7],
  ROM: [12.5, 41.9], MIL: [9.19, 45.46], GEN: [8.93, 44.41], VEN: [12.33, 45.44], NAP: [14.27, 40.85],
  BAR: [16.87, 41.12], PAL: [13.36, 38.12], TRP: [13.19, 32.89], BEN: [20.07, 32.12],
  MOS: [37.62, 55.75], LEN: [30.3, 59.94], MIN: [27.56, 53.9], KIE: [30.52, 50.45], KHA: [36.23, 49.99],
  ODE: [30.73, 46.48], SEV: [33.52, 44.6],
  PAR: [2.35, 48.86], CAL: [1.86, 50.95], STR: [7.75, 48.57], LYO: [4.84, 45.76], MAR: [5.37, 43.3],
  BOR: [-0.58, 44.84], BRS: [-4.49, 48.39], ALG: [3.06, 36.75], TUN: [10.18, 36.8], CAS: [-7.59, 33.57],
  BEY: [35.5, 33.89], DAM: [36.29, 33.51],
  LON: [-0.13, 51.5], POR: [-1.09, 50.8], BIR: [-1.9, 52.49], LIV: [-2.98, 53.41], GLA: [-4.25, 55.86],
  BEL: [-5.93, 54.6], GIB: [-5.35, 36.14], VAL: [14.51, 35.9], ALX: [29.92, 31.2], CAI: [31.24, 30.04],
  HAI: [34.99, 32.79], JER: [35.21, 31.77],
  DUB: [-6.26, 53.35], LIS: [-9.14, 38.72], MAD: [-3.7, 40.42], BCN: [2.17, 41.39], TAN: [-5.8, 35.76],
  BRU: [4.35, 50.85], AMS: [4.9, 52.37], GNV: [6.14, 46.2], ZUR: [8.54, 47.37], CPH: [12.57, 55.68],
  OSL: [10.75, 59.91], STO: [18.07, 59.33], RIG: [24.1, 56.95], DAN: [18.65, 54.35], WAR: [21.01, 52.23],
  PRG: [14.42, 50.08], BTS: [17.1, 48.15], VIE: [16.37, 48.21], BUD: [19.04, 47.5], BUC: [26.1, 44.43],
  CON: [28.63, 44.18], BEO: [20.46, 44.79], ZAG: [15.98, 45.81], SOF: [23.32, 42.7], TIR: [19.82, 41.33],
  ATH: [23.73, 37.98], SAL: [22.94, 40.64], IST: [28.98, 41.01], BAG: [44.36, 33.31],
};

/** Nudges in map units after projection (pairs that would touch). */
const NUDGE = {
  LON: [12, -2], POR: [-6, 16], CAL: [4, 14], BIR: [6, 4], LIV: [-8, -4], BRU: [8, 6], AMS: [-4, -10],
  COL: [-8, -2], FRA: [6, 8], BTS: [4, 14], VIE: [-12, -4], BUD: [6, 0], GNV: [6, -2], LYO: [-8, 6],
  ZUR: [6, -8], HAI: [-14, 6], JER: [8, 16], BEY: [-8, -14], DAM: [14, -2], ALX: [-10, -4], CAI: [8, 10],
  GIB: [10, 6], TAN: [-18, -8], CAS: [-6, 12], DRE: [-2, -8], PRG: [2, 8], BER: [4, -8], STR: [-6, 6],
  GEN: [-6, 6], MIL: [-4, -6], SAL: [-4, -4], CON: [4, 6], BUC: [-8, -4], BEL: [4, 6], DUB: [-16, 2],
  KON: [8, -6], DAN: [-6, 4],
};

/** Sea zone id -> [longitude, latitude] of its label, in open water. */
export const SEA_AT = {
  ATL: [-11.5, 44.5], CHN: [-3.6, 49.9], IRS: [-5.2, 53.2], NTH: [3.8, 56.4], BAL: [18.6, 57.2],
  WMED: [2.4, 38.6], TYR: [11.0, 40.2], CMED: [17.2, 35.0], ADR: [16.6, 43.3], AEG: [25.2, 38.8],
  EMED: [31.0, 34.0], BLK: [34.0, 43.3],
};

const CENTRE = [12, 48];
const X_SCALE = 0.8; // degrees of longitude are ~0.68 of a degree of latitude here: widened a bit
const UNIT = 26; // map units per degree near the centre
const BEND = 0.78; // < 1: the fisheye; distances from the centre grow as d ** BEND

function project([lon, lat]) {
  const dx = (lon - CENTRE[0]) * X_SCALE;
  const dy = CENTRE[1] - lat;
  const d = Math.hypot(dx, dy);
  const k = d > 0 ? d ** BEND / d : 1;
  return [dx * k * UNIT * 1.5, dy * k * UNIT * 1.5];
}

const round = (v) => Math.round(v * 10) / 10;

/**
 * The drawing positions: {cities: id -> {x, y}, seas: id -> {x, y}, width, height, aspect,
 * room: id -> map units to the nearest other city, side: id -> where its pieces are drawn}
 * (the origin at the top left, with a margin). Cities the table does not know are left out.
 */
export function buildLayout(cityIds) {
  const raw = {};
  for (const id of cityIds) {
    const at = LONLAT[id];
    if (!at) continue;
    const [x, y] = project(at);
    const [nx, ny] = NUDGE[id] || [0, 0];
    raw[id] = [x + nx, y + ny];
  }
  const seasRaw = Object.fromEntries(Object.entries(SEA_AT).map(([id, at]) => [id, project(at)]));
  const all = [...Object.values(raw), ...Object.values(seasRaw)];
  const margin = 34;
  const minX = Math.min(...all.map((p) => p[0])) - margin;
  const maxX = Math.max(...all.map((p) => p[0])) + margin;
  const minY = Math.min(...all.map((p) => p[1])) - margin;
  const maxY = Math.max(...all.map((p) => p[1])) + margin;
  const place = ([x, y]) => ({ x: round(x - minX), y: round(y - minY) });
  const cities = Object.fromEntries(Object.entries(raw).map(([id, p]) => [id, place(p)]));
  const seas = Object.fromEntries(Object.entries(seasRaw).map(([id, p]) => [id, place(p)]));
  const width = round(maxX - minX);
  const height = round(maxY - minY);
  const { room, side } = stackRoom(cities);
  return { cities, seas, width, height, aspect: width / height, room, side };
}

/** Where a city's pieces go: towards the side with the most room ("below" unless another
 * side is clearly freer), and how much room there is (the distance to the nearest other city,
 * in map units). */
const SIDES = [
  ["below", 0, 1, 6],
  ["right", 1, 0, 0],
  ["left", -1, 0, 0],
  ["above", 0, -1, -4],
];

function stackRoom(cities) {
  const room = {};
  const side = {};
  const all = Object.entries(cities);
  for (const [id, p] of all) {
    const others = all.filter(([other]) => other !== id).map(([, q]) => q);
    room[id] = round(Math.min(...others.map((q) => Math.hypot(q.x - p.x, q.y - p.y))));
    let best = null;
    for (const [name, dx, dy, bias] of SIDES) {
      const probe = { x: p.x + dx * 24, y: p.y + dy * 24 };
      // the other cities and their names (written above them)
      const free = Math.min(...others.flatMap((q) => [Math.hypot(q.x - probe.x, q.y - probe.y), Math.hypot(q.x - probe.x, q.y - 12 - probe.y)]));
      if (!best || free + bias > best.score) best = { name, score: free + bias };
    }
    side[id] = best.name;
  }
  return { room, side };
}
