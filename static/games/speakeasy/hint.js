// A hint in words (issue 29): the move or setup the computer would play in this seat, and
// why, from the server's `hint` frame (engine/speakeasy/bot/hint.py names the reason).

export const HINT_STRINGS = {
  en: {
    "se.hint.act.setup": "a setup with your Speakeasy on {at}",
    "se.hint.act.move": "{piece} {from}-{to}",
    "se.hint.setup": "your Speakeasy hides on the bar {at} with {babes} {babes|Babe|Babes} beside it: only a Kid gets through a Babe",
    "se.hint.win": "your {piece} takes their Speakeasy: the game is won",
    "se.hint.capture": "your {piece} attacks their {target}, whose face is known: the best trade the computer found",
    "se.hint.attack": "over up to {worlds} guesses of what the hidden piece on {to} may be, attacking it with your {piece} pays best",
    "se.hint.approach": "it brings your {piece} within {steps} {steps|step|steps} of their Speakeasy",
    "se.hint.guard": "an enemy piece is near your Speakeasy: your {piece} falls back to guard it",
    "se.hint.advance": "it pushes your {piece} forward: the best-scoring move over up to {worlds} guesses of their hidden pieces",
    "se.hint.best": "the best-scoring move over up to {worlds} guesses of their hidden pieces",
  },
  fr: {
    "se.hint.act.setup": "une mise en place avec votre Speakeasy en {at}",
    "se.hint.act.move": "{piece} {from}-{to}",
    "se.hint.setup": "votre Speakeasy se cache sur le bar {at} avec {babes} {babes|Babe|Babes} à côté\u00a0: seul un Kid passe une Babe",
    "se.hint.win": "votre {piece} prend leur Speakeasy\u00a0: la partie est gagnée",
    "se.hint.capture": "votre {piece} attaque leur {target}, dont la face est connue\u00a0: le meilleur échange trouvé",
    "se.hint.attack": "sur {worlds} hypothèses au plus sur la pièce cachée en {to}, l’attaquer avec votre {piece} rapporte le plus",
    "se.hint.approach": "votre {piece} arrive à {steps} pas de leur Speakeasy",
    "se.hint.guard": "une pièce ennemie approche de votre Speakeasy\u00a0: votre {piece} recule pour le garder",
    "se.hint.advance": "votre {piece} avance\u00a0: le meilleur coup sur {worlds} hypothèses au plus sur leurs pièces cachées",
    "se.hint.best": "le meilleur coup sur {worlds} hypothèses au plus sur leurs pièces cachées",
  },
};

const piece = (t, code) => (code ? t(`piece.${code}`) : t("piece.hidden"));

/** `{action, reason}` in words for a `hint` frame; `t`: the module's translator. */
export function hintWords(hint, t) {
  const p = hint.reason.params || {};
  const params = { ...p, piece: piece(t, p.piece), target: piece(t, p.target) };
  const action = hint.action.type === "setup" ? t("se.hint.act.setup", params) : t("se.hint.act.move", params);
  return { action, reason: t(hint.reason.key, params) };
}
