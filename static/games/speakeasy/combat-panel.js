// The last combat of the game, kept in view until the next one (the computer may answer at
// once: the panel must not vanish with its move). Both faces as the server showed them; a
// face the rules keep hidden (referee presets) is drawn as a back.

import { name } from "./geometry.js";
import { parseMove } from "./notation.js";
import { t } from "./text.js";
import { tileSvg } from "./tiles.js";

export function combatSentence(entry) {
  if (entry.survivor === "attacker" && entry.defender === "S") return t("combat.win");
  return { attacker: t("combat.fledDefender"), defender: t("combat.fledAttacker"), none: t("combat.fledBoth") }[entry.survivor] || "";
}

/** The last history entry that was a combat, or null. */
export function lastCombat(history) {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].survivor) return history[i];
  return null;
}

/** Fill `box` (a <section>) with `entry`'s combat; hide it when there is none. */
export function renderCombat(box, entry) {
  box.hidden = !entry;
  if (!entry) return box.replaceChildren();
  const { to } = parseMove(entry.move);
  const other = entry.side === "s" ? "n" : "s";
  const h = document.createElement("h2");
  h.textContent = t("combat.title", { sq: name(to) });
  const when = document.createElement("span");
  when.className = "when";
  when.textContent = ` · ${t("combat.move", { n: entry.ply + 1 })}`;
  h.append(when);
  const faces = document.createElement("div");
  faces.className = "faces";
  for (const [role, side, code] of [["attacker", entry.side, entry.attacker], ["defender", other, entry.defender]]) {
    const fig = document.createElement("figure");
    const fled = entry.survivor === "none" || (entry.survivor !== role && entry.survivor !== undefined);
    fig.className = `face ${fled ? "fled" : "stays"}`;
    fig.append(tileSvg({ side, code: code || "?", revealed: false }, false));
    const cap = document.createElement("figcaption");
    cap.textContent = t("combat.caption", { role: t(`combat.${role}`), piece: code ? t(`piece.${code}`) : t("piece.hidden") });
    fig.append(cap);
    faces.append(fig);
    if (role === "attacker") {
      const vs = document.createElement("span");
      vs.className = "vs";
      vs.textContent = "→";
      faces.append(vs);
    }
  }
  const p = document.createElement("p");
  p.className = "outcome";
  p.textContent = combatSentence(entry);
  box.dataset.ply = String(entry.ply);
  box.replaceChildren(h, faces, p);
}
