// A short message that goes away by itself (a refusal, an error). Its box stays in the side
// column; when that place is out of view (a phone scrolled to the board), the message floats
// at the bottom of the screen, over the board, so a refusal is read where the player looks.

import { loadStylesheet } from "./dom.js";

loadStylesheet("/static/css/explain.css");

function outOfView(box) {
  box.classList.remove("floating");
  const r = box.getBoundingClientRect();
  return r.bottom <= 0 || r.top >= window.innerHeight || r.height === 0;
}

export function toast(box, text, ms = 6000) {
  box.textContent = text;
  box.hidden = false;
  box.classList.toggle("floating", outOfView(box));
  clearTimeout(box.toastTimer);
  box.toastTimer = setTimeout(() => {
    box.hidden = true;
    box.classList.remove("floating");
  }, ms);
}
