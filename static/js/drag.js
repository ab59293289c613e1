// Pointer-based drag and drop (mouse, pen and touch alike; HTML5 drag and drop does not
// work on SVG nor on phones). An element with [data-drag] can be dragged; an element with
// [data-drop] under the pointer receives it. A press without movement stays a plain click.

const THRESHOLD = 6;

/**
 * root: where dragging may start. hooks.start(el) -> payload or null (refuse);
 * hooks.ghost(payload) -> an element that follows the pointer; hooks.drop(payload, target|null).
 * Returns a function that removes every listener it added.
 */
export function enableDrag(root, hooks) {
  let press = null;
  let ghost = null;
  let suppressUntil = 0;
  const swallowClick = (c) => {
    if (Date.now() < suppressUntil) c.stopPropagation();
  };
  window.addEventListener("click", swallowClick, true);
  // Only the click that ends the drag is swallowed: a new press is a click of its own, however soon.
  const newPress = () => (suppressUntil = 0);
  window.addEventListener("pointerdown", newPress, true);

  const finish = () => {
    ghost?.remove();
    ghost = null;
    press = null;
    document.body.classList.remove("dragging");
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
  };

  const place = (e) => {
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
  };

  function move(e) {
    if (!press || e.pointerId !== press.id) return;
    if (!press.payload) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < THRESHOLD) return;
      press.payload = hooks.start(press.el);
      if (!press.payload) return finish();
      ghost = hooks.ghost(press.payload);
      ghost.classList.add("drag-ghost");
      document.body.append(ghost);
      document.body.classList.add("dragging");
    }
    e.preventDefault();
    place(e);
    document.querySelectorAll(".drop-hover").forEach((n) => n.classList.remove("drop-hover"));
    document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-drop]")?.classList.add("drop-hover");
  }

  function up(e) {
    if (!press || e.pointerId !== press.id) return;
    const { payload } = press;
    if (payload) {
      const target = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-drop]") || null;
      document.querySelectorAll(".drop-hover").forEach((n) => n.classList.remove("drop-hover"));
      suppressUntil = Date.now() + 100; // the click that follows a drag is not a click
      finish();
      hooks.drop(payload, target);
    } else {
      finish();
    }
  }

  function cancel() {
    finish();
  }

  const down = (e) => {
    if (e.button !== 0 || press) return;
    const el = e.target.closest("[data-drag]");
    if (!el || !root.contains(el)) return;
    press = { el, id: e.pointerId, x: e.clientX, y: e.clientY, payload: null };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
  };
  root.addEventListener("pointerdown", down);

  /** Stop listening (the board was taken down). */
  return () => {
    if (press) finish();
    root.removeEventListener("pointerdown", down);
    window.removeEventListener("click", swallowClick, true);
    window.removeEventListener("pointerdown", newPress, true);
  };
}
