// A hint in words (issue 29): the move or setup the computer would play in this seat, and
// why, from the server's `hint` frame (engine/speakeasy/bot/hint.py names the reason).

export const HINT_STRINGS = {
  en: {
    "se.advice.act.setup": "a setup with your Speakeasy on {at}",
    "se.advice.act.move": "{piece} {from}-{to}",
    "se.advice.setup": "your Speakeasy hides on the bar {at} with {babes} {babes|Babe|Babes} beside it: only a Kid gets through a Babe",
    "se.advice.win": "your {piece} takes their Speakeasy: the game is won",
    "se.advice.capture": "your {piece} attacks their {target}, whose face is known: the best trade the computer found",
    "se.advice.attack": "over up to {worlds} guesses of what the hidden piece on {to} may be, attacking it with your {piece} pays best",
    "se.advice.approach": "it brings your {piece} within {steps} {steps|step|steps} of their Speakeasy",
    "se.advice.guard": "an enemy piece is near your Speakeasy: your {piece} falls back to guard it",
    "se.advice.advance": "it pushes your {piece} forward: the best-scoring move over up to {worlds} guesses of their hidden pieces",
    "se.advice.best": "the best-scoring move over up to {worlds} guesses of their hidden pieces",
  },
  fr: {
    "se.advice.act.setup": "une mise en place avec votre Speakeasy en {at}",
    "se.advice.act.move": "{piece} {from}-{to}",
    "se.advice.setup": "votre Speakeasy se cache sur le bar {at} avec {babes} {babes|Babe|Babes} à côté\u00a0: seul un Kid passe une Babe",
    "se.advice.win": "votre {piece} prend leur Speakeasy\u00a0: la partie est gagnée",
    "se.advice.capture": "votre {piece} attaque leur {target}, dont la face est connue\u00a0: le meilleur échange trouvé",
    "se.advice.attack": "sur {worlds} hypothèses au plus sur la pièce cachée en {to}, l’attaquer avec votre {piece} rapporte le plus",
    "se.advice.approach": "votre {piece} arrive à {steps} pas de leur Speakeasy",
    "se.advice.guard": "une pièce ennemie approche de votre Speakeasy\u00a0: votre {piece} recule pour le garder",
    "se.advice.advance": "votre {piece} avance\u00a0: le meilleur coup sur {worlds} hypothèses au plus sur leurs pièces cachées",
    "se.advice.best": "le meilleur coup sur {worlds} hypothèses au plus sur leurs pièces cachées",
  },
};

const piece = (t, code) => (code ? t(`piece.${code}`) : t("piece.hidden"));

/** `{action, reason}` in words for a `hint` frame; `t`: the module's translator. */
export function hintWords(hint, t) {
  const p = hint.reason.params || {};
  const params = { ...p, piece: piece(t, p.piece), target: piece(t, p.target) };
  const action = hint.action.type === "setup" ? t("se.advice.act.setup", params) : t("se.advice.act.move", params);
  return { action, reason: t(hint.reason.key, params) };
}
