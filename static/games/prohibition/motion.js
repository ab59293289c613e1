// Moves are animated after the board is drawn in its new state: a truck drives along a
// chain of streets to where it stopped (turning at each crossing), a character walks its
// steps, a placement drops in, a cube taken or delivered flashes. The board already shows the
// end; the animation only runs the drawn pieces from where they were.

const STEP_MS = 230;
const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
const canAnimate = () => !reduced() && typeof Element.prototype.animate === "function";

/**
 * Run the `.mover` of `group` (drawn at the last point) through `points` ([x, y, angle?]
 * in board units, the last one where it is drawn).
 */
function travel(group, points) {
  const mover = group?.querySelector(".mover");
  if (!mover || points.length < 2) return null;
  const [ex, ey] = points[points.length - 1];
  const frames = points.map(([x, y, angle]) => ({
    transform: `translate(${x - ex}px, ${y - ey}px)${angle === undefined ? "" : ` rotate(${angle}deg)`}`,
  }));
  return mover.animate(frames, { duration: STEP_MS * points.length, easing: "ease-in-out" });
}

/** A truck along its path: points are [x, y, angle] from its old street to its new one. */
export function animateTruck(svg, truck, points) {
  if (!canAnimate()) return;
  travel(svg.querySelector(`.truck[data-truck="${truck}"]`), points);
}

/** A character along its walk (points [x, y]). */
export function animateCharacter(svg, char, points) {
  if (!canAnimate()) return;
  travel(svg.querySelector(`.char[data-char="${char}"]`), points);
}

/** Something that appears (a truck or a character placed): it drops in. */
export function dropIn(element) {
  if (!canAnimate() || !element) return;
  const target = element.querySelector(".mover") || element;
  const end = target.getAttribute("transform") || "";
  const angle = /rotate\(([-\d.]+)/.exec(end);
  const turn = angle ? ` rotate(${angle[1]}deg)` : "";
  target.animate(
    [
      { transform: `translate(0px, -40px) scale(1.6)${turn}`, opacity: 0 },
      { transform: `translate(0px, 0px) scale(1)${turn}`, opacity: 1 },
    ],
    { duration: 420, easing: "ease-out" },
  );
}

/** A flash on something that changed (a truck robbed, a bar delivered). */
export function flash(element, colour = "#f2b705") {
  if (!canAnimate() || !element) return;
  const shape = element.querySelector(".shape, .cargo") || element;
  shape.animate(
    [{ stroke: colour, strokeWidth: "7px" }, { stroke: colour, strokeWidth: "0px" }],
    { duration: 900, easing: "ease-out" },
  );
}
