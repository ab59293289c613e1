// The translator the Speak Easy modules use. The room shell hands its own t() to the game
// at mount (ctx.t), the rules page hands the site's; until then keys come back as they are.

let translate = (key) => key;

/** Use `fn(key, params)` for every text from now on. */
export function useTranslator(fn) {
  translate = fn;
}

export const t = (key, params = {}) => translate(key, params);

/** Whether a text exists for `key` (the translator answers the key itself when not). */
export const has = (key) => translate(key, {}) !== key;
