// The game told in words: a piece's name, a legal choice, a turn of the record (a shot with
// its returns, what resolution took off the board, the inspectors put back, the score after
// it; a pass). Pure apart from `t`, the shell's translator.

import { degrees, isInspector, kindOf, sideOf } from "./geometry.js";

export const sideName = (t, side) => t(`fg.side.${side}`);

/** An angle in tenths as degrees in the reader's language ("91.2°", "91,2°"). */
export const angleWords = (t, angle) => degrees(angle).replace(".", t("fg.decimal"));

/** "White Killer wT3". */
export function pieceName(t, piece) {
  if (isInspector(piece)) return t("fg.pieceName.I", { id: piece });
  return t("fg.pieceName", { side: sideName(t, sideOf(piece)), kind: t(`fg.kind.${kindOf(piece)}`), id: piece });
}

/** A legal choice as words: "^wT3", "wT3@T2", "wF2", "I2>S3". */
export function choiceLabel(t, choice) {
  if (choice.startsWith("^")) return t("fg.act.return", { piece: choice.slice(1) });
  if (choice.includes(">")) {
    const [inspector, star] = choice.split(">");
    return t("fg.act.place", { inspector, star });
  }
  if (choice.includes("@")) {
    const [piece, point] = choice.split("@");
    return t("fg.choice.launch", { piece, point });
  }
  return t("fg.choice.reflick", { piece: choice });
}

/** The shot itself: "wT3 from T2, 91.2°, power 734". */
export function shotWords(t, shot, applied) {
  const base = shot.from
    ? t("fg.turn.launch", { piece: shot.piece, point: shot.from, angle: angleWords(t, shot.angle), power: shot.power })
    : t("fg.turn.reflick", { piece: shot.piece, angle: angleWords(t, shot.angle), power: shot.power });
  if (!applied) return base;
  return `${base} ${t("fg.turn.applied", { angle: angleWords(t, applied.angle), power: applied.power })}`;
}

/** What resolution did, as short phrases. */
export function resolutionWords(t, turn) {
  const out = [];
  const res = turn.resolution || {};
  for (const [piece, why] of res.eliminated || []) out.push(t(`fg.why.${why}`, { piece }));
  const removed = new Set(res.removed || []);
  for (const [id, star, chooser] of res.inspectors || []) {
    if (star && chooser === "auto") out.push(t("fg.inspector.auto", { id, star }));
    else if (star) out.push(t("fg.inspector.chosen", { id, star, side: sideName(t, chooser) }));
    else if (chooser) out.push(t("fg.inspector.choosing", { id, side: sideName(t, chooser) }));
    else out.push(t("fg.inspector.waits", { id }));
    removed.delete(id);
  }
  for (const piece of removed) if (isInspector(piece)) out.push(t("fg.inspector.aside", { id: piece }));
  if (res.flipped) out.push(t("fg.flipped", { piece: res.flipped }));
  if (turn.sim?.capped) out.push(t("fg.capped"));
  return out;
}

/** One turn of the record: {ply, side, text}. */
export function turnWords(t, turn) {
  const side = sideName(t, turn.side);
  if (turn.pass) return { ply: turn.ply, side: turn.side, text: t("fg.turn.pass", { side }) };
  const parts = [];
  if (turn.returns?.length) parts.push(t("fg.turn.returns", { pieces: turn.returns.join(", ") }));
  parts.push(shotWords(t, turn.shot, turn.applied));
  const after = resolutionWords(t, turn);
  const score = turn.score ? t("fg.turn.score", { w: turn.score.w, b: turn.score.b }) : "";
  const what = `${parts.join("; ")}${after.length ? ` — ${after.join(", ")}` : ""}${score ? ` (${score})` : ""}`;
  const text = t("fg.turn.line", { side, what });
  return { ply: turn.ply, side: turn.side, text };
}
