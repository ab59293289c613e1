// The map's window onto itself: which part of the map the SVG shows (its viewBox), moved by
// the zoom buttons, by two fingers (pinch to zoom, around the point between them), by one
// finger or a mouse drag (pan, once zoomed in), and by the mouse wheel (zoom around the
// pointer). A press that moves less than a few pixels stays a tap or a click, so choosing on
// the map works as before; the click that ends a drag is swallowed.
//
// `onChange(viewport)` is called (at most once a frame) after the window moved; the module
// then lays the pieces out again for the new scale (map.js keeps them a readable size).

const MAX_ZOOM = 6;
const DRAG_PX = 7; // a press that moves farther is a drag, not a click
const STEP = 1.6; // one press of a zoom button

export class Viewport {
  /** `svg` the map, `size` {width, height} of the whole map in map units. */
  constructor(svg, size, onChange) {
    this.svg = svg;
    this.width = size.width;
    this.height = size.height;
    this.onChange = onChange;
    this.box = { x: 0, y: 0, w: size.width };
    this.pointers = new Map(); // pointerId -> {x, y} (client px)
    this.gesture = null; // {kind: "press"|"pan"|"pinch", ...}
    this.swallow = false; // the next click ends a drag
    this.frame = 0;
    this.handlers = {
      pointerdown: (e) => this.down(e),
      pointermove: (e) => this.move(e),
      pointerup: (e) => this.up(e),
      pointercancel: (e) => this.up(e),
      wheel: (e) => this.wheel(e),
      click: (e) => this.click(e),
    };
    for (const [name, fn] of Object.entries(this.handlers)) {
      svg.addEventListener(name, fn, { passive: name !== "wheel", capture: name === "click" });
    }
    this.apply();
  }

  destroy() {
    for (const [name, fn] of Object.entries(this.handlers)) this.svg.removeEventListener(name, fn, { capture: name === "click" });
    cancelAnimationFrame(this.frame);
  }

  /** How much bigger than the whole map the window shows it (1 = the whole map). */
  get zoom() {
    return this.width / this.box.w;
  }

  /** Screen pixels per map unit now (0 while the map is not laid out). */
  unitPx() {
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) return 0;
    const h = this.box.w * (this.height / this.width);
    return Math.min(r.width / this.box.w, r.height / h);
  }

  /** A point on the screen in map units. */
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const k = this.unitPx() || 1;
    const h = this.box.w * (this.height / this.width);
    // preserveAspectRatio="xMidYMid meet": the drawing is centred in the element.
    const left = r.left + (r.width - this.box.w * k) / 2;
    const top = r.top + (r.height - h * k) / 2;
    return { x: this.box.x + (clientX - left) / k, y: this.box.y + (clientY - top) / k };
  }

  /** A map point on the screen (client px). */
  toScreen(x, y) {
    const r = this.svg.getBoundingClientRect();
    const k = this.unitPx() || 1;
    const h = this.box.w * (this.height / this.width);
    const left = r.left + (r.width - this.box.w * k) / 2;
    const top = r.top + (r.height - h * k) / 2;
    return { x: left + (x - this.box.x) * k, y: top + (y - this.box.y) * k };
  }

  /** Show the window of width `w` whose top left is (x, y), kept inside the map. */
  set(x, y, w) {
    const wNew = Math.max(this.width / MAX_ZOOM, Math.min(this.width, w));
    const hNew = wNew * (this.height / this.width);
    const box = {
      x: Math.max(0, Math.min(this.width - wNew, x)),
      y: Math.max(0, Math.min(this.height - hNew, y)),
      w: wNew,
    };
    if (box.x === this.box.x && box.y === this.box.y && box.w === this.box.w) return;
    this.box = box;
    this.apply();
  }

  /** Zoom by `factor` keeping the map point at (clientX, clientY) where it is on the screen. */
  zoomAt(factor, clientX, clientY) {
    const at = this.toMap(clientX, clientY);
    const w = Math.max(this.width / MAX_ZOOM, Math.min(this.width, this.box.w / factor));
    const s = w / this.box.w;
    this.set(at.x - (at.x - this.box.x) * s, at.y - (at.y - this.box.y) * s, w);
  }

  /** Zoom by `factor` around a map point (the city selected) or the window's centre. */
  zoomBy(factor, focus = null) {
    const h = this.box.w * (this.height / this.width);
    const c = focus || { x: this.box.x + this.box.w / 2, y: this.box.y + h / 2 };
    const w = this.box.w / factor;
    this.set(c.x - w / 2, c.y - (w * (this.height / this.width)) / 2, w);
  }

  zoomIn(focus) {
    this.zoomBy(STEP, focus);
  }

  zoomOut() {
    this.zoomBy(1 / STEP);
  }

  reset() {
    this.set(0, 0, this.width);
  }

  apply() {
    const h = this.box.w * (this.height / this.width);
    const f = (v) => (Math.round(v * 10) / 10).toString();
    this.svg.setAttribute("viewBox", `${f(this.box.x)} ${f(this.box.y)} ${f(this.box.w)} ${f(h)}`);
    this.svg.classList.toggle("zoomed", this.zoom > 1.01);
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.onChange?.(this));
  }

  // ---------------------------------------------------------------- pointers

  down(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    this.swallow = false;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1) {
      this.gesture = { kind: "press", start: { x: e.clientX, y: e.clientY }, box: { ...this.box }, id: e.pointerId };
    } else if (this.pointers.size === 2) {
      this.startPinch();
    }
  }

  startPinch() {
    const [a, b] = [...this.pointers.values()];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    this.gesture = { kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, w: this.box.w, at: this.toMap(mid.x, mid.y) };
    for (const id of this.pointers.keys()) this.capture(id);
  }

  capture(id) {
    try {
      this.svg.setPointerCapture(id);
    } catch {
      // the pointer is already gone
    }
  }

  move(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = this.gesture;
    if (!g) return;
    if (g.kind === "pinch" && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const w = Math.max(this.width / MAX_ZOOM, Math.min(this.width, (g.w * g.distance) / distance));
      // the map point first between the fingers stays between them
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const r = this.svg.getBoundingClientRect();
      const h = w * (this.height / this.width);
      const k = Math.min(r.width / w, r.height / h) || 1;
      const left = r.left + (r.width - w * k) / 2;
      const top = r.top + (r.height - h * k) / 2;
      this.set(g.at.x - (mid.x - left) / k, g.at.y - (mid.y - top) / k, w);
      this.swallow = true;
      return;
    }
    if (g.id !== e.pointerId) return;
    const dx = e.clientX - g.start.x;
    const dy = e.clientY - g.start.y;
    if (g.kind === "press") {
      if (Math.hypot(dx, dy) < DRAG_PX) return;
      g.kind = "pan";
      this.capture(e.pointerId);
      this.svg.classList.add("panning");
    }
    const k = this.unitPx() || 1;
    this.set(g.box.x - dx / k, g.box.y - dy / k, g.box.w);
    this.swallow = true;
  }

  up(e) {
    if (!this.pointers.delete(e.pointerId)) return;
    const g = this.gesture;
    if (this.pointers.size === 1 && g?.kind === "pinch") {
      // one finger left after a pinch: it pans from where it is
      const [[id, p]] = [...this.pointers];
      this.gesture = { kind: "pan", start: { ...p }, box: { ...this.box }, id };
      return;
    }
    if (!this.pointers.size) {
      this.gesture = null;
      this.svg.classList.remove("panning");
    }
  }

  /** The click that ends a drag or a pinch does not choose anything. */
  click(e) {
    if (!this.swallow) return;
    this.swallow = false;
    e.stopPropagation();
    e.preventDefault();
  }

  /** The wheel, or two fingers on a touchpad (a wheel with ctrlKey): zoom around the pointer. */
  wheel(e) {
    const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    const delta = e.deltaY * lines;
    if (!delta) return;
    // At the whole map, turning out scrolls the page as usual.
    if (delta > 0 && this.zoom <= 1.001) return;
    e.preventDefault();
    this.zoomAt(Math.exp(-delta * 0.0022), e.clientX, e.clientY);
  }
}
