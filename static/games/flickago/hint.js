// A hint in words (issue 29): the shot, return or placement the computer would play in this
// seat, and why, from the server's `hint` frame (engine/flickago/bot/hint.py names the reason).

import { shotWords } from "./words.js";

export const HINT_STRINGS = {
  en: {
    "fg.advice.place": "the free star nearest their best-scoring disc",
    "fg.advice.placeFree": "none of their discs scores yet: the first free star",
    "fg.advice.returnForced": "no shot is possible without taking {piece} back first",
    "fg.advice.return": "{piece} scores {points} where it lies, less than a fresh shot can ({fresh})",
    "fg.advice.knock": "the best of up to {trials} trial shots: it knocks {count} of their discs off and leaves you {lead}",
    "fg.advice.score": "the best of up to {trials} trial shots: {points} more {points|point|points} for you, leaving you {lead}",
    "fg.advice.shot": "the best of up to {trials} trial shots, weighed against your opponent's replies: it leaves you {lead}",
    "fg.advice.ahead": "{n} {n|point|points} ahead",
    "fg.advice.behind": "{n} {n|point|points} behind",
    "fg.advice.level": "level",
  },
  fr: {
    "fg.advice.place": "l’étoile libre la plus proche de leur disque qui marque le plus",
    "fg.advice.placeFree": "aucun de leurs disques ne marque encore\u00a0: la première étoile libre",
    "fg.advice.returnForced": "aucun tir n’est possible sans reprendre d’abord {piece}",
    "fg.advice.return": "{piece} marque {points} là où il est, moins qu’un nouveau tir ({fresh})",
    "fg.advice.knock": "le meilleur de {trials} tirs d’essai au plus\u00a0: il sort {count} de leurs disques et vous laisse {lead}",
    "fg.advice.score": "le meilleur de {trials} tirs d’essai au plus\u00a0: {points} {points|point|points} de plus pour vous, qui vous laisse {lead}",
    "fg.advice.shot": "le meilleur de {trials} tirs d’essai au plus, pesé contre les ripostes adverses\u00a0: il vous laisse {lead}",
    "fg.advice.ahead": "{n} {n|point|points} devant",
    "fg.advice.behind": "{n} {n|point|points} derrière",
    "fg.advice.level": "à égalité",
  },
};

function leadWords(t, lead) {
  if (!Number.isFinite(lead) || lead === 0) return t("fg.advice.level");
  return lead > 0 ? t("fg.advice.ahead", { n: lead }) : t("fg.advice.behind", { n: -lead });
}

/** `{action, reason}` in words for a `hint` frame; `t`: the module's translator. */
export function hintWords(hint, t) {
  const a = hint.action;
  const p = hint.reason.params || {};
  let action;
  if (a.type === "place") action = t("fg.act.place", { inspector: a.inspector, star: a.star });
  else if (a.type === "return") action = t("fg.act.return", { piece: a.piece });
  else action = shotWords(t, a);
  return { action, reason: t(hint.reason.key, { ...p, lead: leadWords(t, p.lead) }) };
}
