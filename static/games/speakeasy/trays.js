// The pieces each side has lost, as the viewer is entitled to see them ("?" for a face the
// rules keep hidden).

import { t } from "./text.js";
import { tileSvg } from "./tiles.js";

/** Fill `box` with one tray per side, the viewer's own side last (nearest the board's bottom). */
export function renderTrays(box, removed, sides) {
  box.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = t("removed.title");
  box.append(h);
  for (const side of sides) {
    const row = document.createElement("div");
    row.className = `tray side-${side}`;
    row.dataset.side = side;
    const label = document.createElement("span");
    label.className = "tray-label";
    label.textContent = t(`side.${side}`);
    const pieces = document.createElement("div");
    pieces.className = "removed";
    pieces.setAttribute("aria-label", `${t("removed.title")} (${t(`side.${side}`)})`);
    const codes = (removed && removed[side]) || [];
    for (const code of codes) {
      const span = document.createElement("span");
      span.className = "removed-piece";
      span.dataset.code = code; // named on hover or a long press (main.js tipFor)
      span.setAttribute("role", "img");
      span.setAttribute("aria-label", code === "?" ? t("piece.hidden") : t(`piece.${code}`));
      span.append(tileSvg({ side, code: code === "?" ? "?" : code, revealed: false }));
      pieces.append(span);
    }
    if (!codes.length) {
      const none = document.createElement("span");
      none.className = "tray-none";
      none.textContent = t("removed.none");
      pieces.append(none);
    }
    row.append(label, pieces);
    box.append(row);
  }
}
