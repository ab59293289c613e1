// A shot played back from the server's keyframes (spec section 8): the frames at real speed,
// positions interpolated linearly between them, then the exact rest positions. Every viewer
// plays the same frames from the moment the event arrives, so players and spectators watch
// the same shot in step. Nothing is simulated here.
//
// tracks() is pure; play() drives the pieces of the SVG with requestAnimationFrame.

import { stepMs } from "./geometry.js";

/**
 * The frames of a shot event: [{t, pos: {id: [x, y]}}] from t = 0 (the positions before the
 * shot, and the launch point for a disc launched from the reserve) to the rest frame, in mm;
 * `gone`: {id: ms} for the bodies that fell off the table; `duration` in ms.
 * `before`: {id: [x, y]} as shown before the shot; `launch`: [x, y] of the launch point or null.
 */
export function tracks(B, evt, before, launch) {
  const start = {};
  for (const [id, xy] of Object.entries(before || {})) start[id] = [xy[0], xy[1]];
  if (launch) start[evt.shot.piece] = [launch[0], launch[1]];
  const frames = [{ t: 0, pos: start }];
  let prev = start;
  for (const [t, listed] of evt.keyframes || []) {
    const pos = { ...prev };
    for (const [id, xt, yt] of listed) pos[id] = [xt / 10, yt / 10];
    frames.push({ t, pos });
    prev = pos;
  }
  const gone = {};
  for (const [id, step] of evt.falls || []) gone[id] = stepMs(B, step);
  const duration = frames[frames.length - 1].t;
  // The exact rest positions end it (the rest frame holds them in tenths).
  const rest = {};
  for (const [id, xy] of Object.entries(evt.rest || {})) rest[id] = [xy[0], xy[1]];
  return { frames, gone, duration, rest };
}

/** Every body's position at time `t` (ms): {id: [x, y]}; a fallen body is absent from its fall on. */
export function positionsAt(track, t) {
  const { frames, gone } = track;
  if (t >= track.duration) return { ...track.rest };
  let i = 1;
  while (i < frames.length - 1 && frames[i].t <= t) i++;
  const a = frames[i - 1];
  const b = frames[i];
  const f = b.t > a.t ? Math.max(0, Math.min(1, (t - a.t) / (b.t - a.t))) : 1;
  const out = {};
  for (const [id, p] of Object.entries(a.pos)) {
    if (id in gone && t >= gone[id]) continue;
    const q = b.pos[id] || p;
    out[id] = [p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f];
  }
  return out;
}

/**
 * The path of each body the shot moved, for the traces left on the board: [{piece, points}]
 * in mm, from where it stood (`before`, or the launch point for the shot disc when known)
 * through every keyframe that lists it.
 */
export function trails(evt, before, launch) {
  const paths = new Map();
  const push = (id, p) => {
    if (!paths.has(id)) paths.set(id, []);
    const points = paths.get(id);
    const last = points[points.length - 1];
    if (!last || Math.abs(last[0] - p[0]) > 0.05 || Math.abs(last[1] - p[1]) > 0.05) points.push(p);
  };
  if (launch) push(evt.shot.piece, launch);
  for (const [, listed] of evt.keyframes || []) {
    for (const [id, xt, yt] of listed) {
      if (!paths.has(id) && before && before[id]) push(id, before[id]);
      push(id, [xt / 10, yt / 10]);
    }
  }
  const out = [];
  for (const [piece, points] of paths) if (points.length > 1 && pathLength(points) > 1) out.push({ piece, points });
  return out;
}

function pathLength(points) {
  let n = 0;
  for (let i = 1; i < points.length; i++) n += Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
  return n;
}

/**
 * Play `track` on the screen: `move(positions)` is called on every animation frame with the
 * interpolated positions, until the end. Returns {done: Promise, skip()}; skip() jumps to the
 * rest positions at once.
 */
export function play(track, move) {
  let skip = () => {};
  const done = new Promise((resolve) => {
    let frame = 0;
    let start = null;
    const finish = () => {
      cancelAnimationFrame(frame);
      move(positionsAt(track, Infinity));
      resolve();
    };
    skip = finish;
    const tick = (now) => {
      if (start === null) start = now;
      const t = now - start;
      if (t >= track.duration) return finish();
      move(positionsAt(track, t));
      frame = requestAnimationFrame(tick);
    };
    move(positionsAt(track, 0));
    frame = requestAnimationFrame(tick);
  });
  return { done, skip: () => skip() };
}

/** A pause that skip() ends early: {done, skip}. */
export function pause(ms) {
  let skip = () => {};
  const done = new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    skip = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, skip: () => skip() };
}
