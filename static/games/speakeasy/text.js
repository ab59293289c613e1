// The translator the Speak Easy modules use. The room shell hands its own t() to the game
// at mount (ctx.t); the rules module (rules.js) draws with its own for the language it is
// asked for, and gives the room's back when done; until then keys come back as they are.

let translate = (key) => key;

/** Use `fn(key, params)` for every text from now on. */
export function useTranslator(fn) {
  translate = fn;
}

/** Run `work()` with `fn` as the translator, then put back the one before. */
export function withTranslator(fn, work) {
  const before = translate;
  translate = fn;
  try {
    return work();
  } finally {
    translate = before;
  }
}

export const t = (key, params = {}) => translate(key, params);

/** Whether a text exists for `key` (the translator answers the key itself when not). */
export const has = (key) => translate(key, {}) !== key;
