// A piece tile as a small standalone <svg>, for the reserve, the trays, the combat panel and
// the rules page (the board draws its own tiles in place).

import { pieceTile } from "./board.js";

export function tileSvg(cell, small = true) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", small ? "-22 -15 44 30" : "-30 -18 60 36");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("tile-svg");
  svg.append(pieceTile(cell, { small }));
  return svg;
}
