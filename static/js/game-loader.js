// Loads the game module a room plays (welcome.game.client_module; Speak Easy's while the
// server does not name one) and checks that it has the interface static/games/README.md
// describes. Only modules of this site under /static/games/ are loaded.

import { loadStylesheet } from "./dom.js";
import { addStrings } from "./i18n.js";
import { FALLBACK_MODULE } from "./wire.js";

const loaded = new Map();

export function moduleUrl(path) {
  const url = new URL(path || FALLBACK_MODULE, location.origin);
  if (url.origin !== location.origin || !url.pathname.startsWith("/static/games/") || !url.pathname.endsWith(".js")) {
    throw new Error(`refusing to load ${path}`);
  }
  return url.href;
}

/** The module (cached), its words merged into the shell's dictionaries. */
export function loadGameModule(path) {
  const url = moduleUrl(path);
  if (!loaded.has(url)) {
    loaded.set(
      url,
      import(url).then((mod) => {
        if (typeof mod.mount !== "function") throw new Error(`${path} exports no mount()`);
        addStrings(mod.strings);
        return mod;
      }),
    );
  }
  return loaded.get(url);
}

/** Link the module's stylesheet (its `stylesheet`, optional) and wait until it has loaded or
 * failed: the shell calls it before `mount`, so that no board is drawn before its rules apply. */
export function moduleStyles(mod) {
  return typeof mod.stylesheet === "string" && mod.stylesheet ? loadStylesheet(mod.stylesheet) : Promise.resolve();
}
