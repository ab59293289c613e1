// Fills the {name} parameters of a translated text: the one rule every translator of the
// client follows (the shell's t, a rules page's own, the tests' probes).
//   {name}      the parameter's value;
//   {art:name}  the value with its article where the dictionary holds one ("art.<value>":
//               French "à {art:power}" reads "à l’Allemagne"), else the value;
//   {Art:name}  the same, capitalised, to begin a sentence ("L’Allemagne joue");
//   {name|one|many}  "one" when the parameter is 1, else "many" ("{n} {n|point|points}").
// A parameter not given is left to `missing(whole, name)` (the placeholder itself by default).

/** `text` with its parameters filled from `params`, articles from `dict`. */
export function fill(text, params = {}, dict = {}, missing = (whole) => whole) {
  const filled = String(text).replace(/\{(?:(art|Art):)?(\w+)\}/g, (whole, art, name) => {
    if (!(name in params)) return missing(whole, name);
    const value = String(params[name]);
    if (!art) return value;
    const withArticle = dict[`art.${value}`] ?? value;
    return art === "Art" ? withArticle.charAt(0).toUpperCase() + withArticle.slice(1) : withArticle;
  });
  // Plurals last, so that a form may hold a parameter ("{n|a disc|{n} discs}").
  return filled.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (whole, name, one, many) => {
    if (!(name in params)) return missing(whole, name);
    return Number(params[name]) === 1 ? one : many;
  });
}
