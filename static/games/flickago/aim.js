// Aiming by dragging back from a disc (spec section 8: "a drag back from the disc shows an aim
// line and a power bar"), with pointer events so a mouse, a pen and a finger all work; the
// board has `touch-action: none`, so the page does not scroll while aiming. Releasing sends
// the shot; a pull too short to be a shot, Escape or a cancelled pointer sends nothing.

import { aimFromPull, loneTravel, screenDirection } from "./geometry.js";

/** The longest aim line drawn (mm): the lone-disc distance, cut at about a board's height. */
const MAX_REACH = 620;

/**
 * Aiming on `svg`. hooks: enabled() → whether the player may aim now; info(node) → {choice,
 * piece, from, x, y (screen mm), r} for an aimable node; turned() → Black's half turn;
 * update(aim|null, info) while dragging; release(shot, info) on a shot; cancel() otherwise,
 * and short(info) too when the pointer was let go too near the disc to be a shot.
 */
export function enableAim(svg, B, hooks) {
  let drag = null;

  const point = (e) => {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return [p.x, p.y];
  };

  const compute = (e) => {
    const p = point(e);
    if (!p) return null;
    const { info } = drag;
    const dx = p[0] - info.x;
    const dy = p[1] - info.y;
    const shot = aimFromPull(B, dx, dy, hooks.turned());
    if (!shot) return { shot: null, drawn: null };
    const dir = screenDirection(B, shot.angle, hooks.turned());
    const drawn = { sx: info.x, sy: info.y, px: p[0], py: p[1], dir, reach: Math.min(MAX_REACH, loneTravel(B, shot.power)), power: shot.power, r: info.r };
    return { shot, drawn };
  };

  const end = () => {
    if (!drag) return;
    const { id } = drag;
    drag = null;
    svg.classList.remove("aiming");
    try {
      svg.releasePointerCapture(id);
    } catch {
      // already released
    }
    hooks.cancel();
  };

  const down = (e) => {
    if (drag || (e.pointerType === "mouse" && e.button !== 0)) return;
    const node = e.target.closest?.("[data-aim]");
    if (!node || !svg.contains(node) || !hooks.enabled()) return;
    const info = hooks.info(node);
    if (!info) return;
    e.preventDefault();
    drag = { id: e.pointerId, info };
    try {
      svg.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic pointer: the window listeners below still follow it
    }
    svg.classList.add("aiming");
    hooks.update(null, info);
  };

  const move = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.preventDefault();
    const result = compute(e);
    hooks.update(result ? result.shot && { ...result.shot, drawn: result.drawn } : null, drag.info);
  };

  const up = (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    // compute() reads `drag`: keep it until the shot is measured.
    const result = compute(e);
    const info = drag.info;
    const id = drag.id;
    drag = null;
    svg.classList.remove("aiming");
    try {
      svg.releasePointerCapture(id);
    } catch {
      // already released
    }
    if (result && result.shot) hooks.release(result.shot, info);
    else {
      hooks.cancel();
      // Let go on the disc (a tap, or a pull back onto it): no shot, and the page says why.
      if (result) hooks.short?.(info);
    }
  };

  const cancel = (e) => {
    if (drag && e.pointerId === drag.id) end();
  };
  const key = (e) => {
    if (e.key === "Escape") end();
  };
  // A drag that starts on a disc must not become a text selection or a page scroll.
  const stopTouch = (e) => {
    if (drag) e.preventDefault();
  };

  svg.addEventListener("pointerdown", down);
  window.addEventListener("pointermove", move, { passive: false });
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
  window.addEventListener("keydown", key);
  svg.addEventListener("touchmove", stopTouch, { passive: false });
  return {
    active: () => drag !== null,
    cancel: end,
    remove() {
      svg.removeEventListener("pointerdown", down);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      window.removeEventListener("keydown", key);
      svg.removeEventListener("touchmove", stopTouch);
    },
  };
}
