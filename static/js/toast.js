// A short message that goes away by itself (a refusal, an error).

export function toast(box, text, ms = 6000) {
  box.textContent = text;
  box.hidden = false;
  clearTimeout(box.toastTimer);
  box.toastTimer = setTimeout(() => (box.hidden = true), ms);
}
