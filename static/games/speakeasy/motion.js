// Moves are animated: the piece slides along its path (corners included) to where it
// landed. When it did not stay there (it fled in combat) a plain back of its side makes the
// trip and fades, so the animation shows nothing the board does not.

import { centre, pieceTile } from "./board.js";

const STEP_MS = 140;
const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/**
 * After the board was drawn: animate the move `path` (locations) made by `side`.
 * `svg` is the board, `flipped` its orientation.
 */
export function animateMove(svg, path, side, flipped) {
  if (reduced() || !path || path.length < 2 || typeof Element.prototype.animate !== "function") return;
  const to = path[path.length - 1];
  const [tx, ty] = centre(to, flipped);
  const offsets = path.map((sq) => {
    const [x, y] = centre(sq, flipped);
    return [x - tx, y - ty];
  });
  const frames = offsets.map(([dx, dy]) => ({ transform: `translate(${dx}px, ${dy}px)` }));
  const duration = STEP_MS * (path.length + 1);
  const landed = svg.querySelector(`.loc[data-sq="${to}"] .piece.side-${side}`);
  if (landed) {
    landed.animate(frames, { duration, easing: "ease-out" });
    return;
  }
  const ghost = pieceTile({ side, code: "?", revealed: false });
  // Not a ".piece": the board's pieces are exactly the position's, even mid-animation.
  ghost.setAttribute("class", `ghost-piece side-${side}`);
  ghost.setAttribute("aria-hidden", "true");
  ghost.setAttribute("transform", `translate(${tx} ${ty})`);
  const layer = svg.querySelector(".locs");
  if (!layer) return;
  const inner = document.createElementNS("http://www.w3.org/2000/svg", "g");
  inner.append(...ghost.childNodes);
  ghost.append(inner);
  layer.append(ghost);
  const fading = frames.map((f, i) => ({ ...f, opacity: i === frames.length - 1 ? 0.2 : 1 }));
  const run = inner.animate(fading, { duration, easing: "ease-out" });
  run.onfinish = () => ghost.remove();
}
