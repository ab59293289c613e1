// A viewer's copy of its view, kept from the server's frames (docs/protocol.md, "Event
// frames"). After the welcome an event frame carries what changed in the view: a JSON Patch
// (RFC 6902: add, remove, replace) of the view at version `base`, or the whole view, or
// (a later event of the same change) nothing. The same rules as app/games/patches.py.

/** `doc` with `patch` applied, as a new value: `doc` is not changed and the parts no
 * operation touches are shared with it (a game may compare its old view with the new). */
export function applyPatch(doc, patch) {
  const root = [doc];
  const made = new Set(); // containers made for this result, changed in place from then on
  for (const op of patch) {
    const path = op.path;
    if (typeof path !== "string" || (path && !path.startsWith("/"))) throw new Error(`bad path ${path}`);
    const keys = path === "" ? [] : path.slice(1).split("/").map((k) => k.replaceAll("~1", "/").replaceAll("~0", "~"));
    let parent = root;
    let key = 0;
    keys.forEach((part, depth) => {
      parent = own(parent, key, made);
      key = indexIn(parent, part, op.op === "add" && depth === keys.length - 1);
    });
    if (op.op === "add") {
      if (Array.isArray(parent)) parent.splice(key, 0, op.value);
      else parent[key] = op.value;
    } else if (op.op === "replace" || op.op === "remove") {
      if (!Array.isArray(parent) && !Object.hasOwn(parent, key)) throw new Error(`no ${key} to ${op.op}`);
      if (op.op === "remove") {
        if (Array.isArray(parent)) parent.splice(key, 1);
        else delete parent[key];
      } else {
        parent[key] = op.value;
      }
    } else {
      throw new Error(`unknown operation ${op.op}`);
    }
  }
  return root[0];
}

function own(parent, key, made) {
  if (parent === null || typeof parent !== "object" || !(key in parent)) throw new Error(`no ${key} to change`);
  let child = parent[key];
  if (child !== null && typeof child === "object" && !made.has(child)) {
    child = Array.isArray(child) ? child.slice() : { ...child };
    parent[key] = child;
    made.add(child);
  }
  return child;
}

function indexIn(container, part, adding) {
  if (Array.isArray(container)) {
    if (part === "-" && adding) return container.length;
    if (!/^(0|[1-9][0-9]*)$/.test(part)) throw new Error(`bad list index ${part}`);
    const index = Number(part);
    if (index > container.length || (index === container.length && !adding)) throw new Error(`list index ${index} out of range`);
    return index;
  }
  if (container !== null && typeof container === "object") return part;
  throw new Error(`cannot go into ${typeof container}`);
}

/** The view after each frame, as the server means it. `take(frame)` sets `frame.view` on a
 * welcome or event frame and returns true, or returns false when the frame does not follow
 * from the view held (its base or head is another version): ask for the events again. The
 * view held is its own copy: what the page does with a frame's view cannot change the base
 * of the next patch. */
export class ViewFollower {
  constructor() {
    this.view = null;
    this.version = null; // the version the view is at
  }

  take(msg) {
    if (msg.type === "welcome") {
      const { history, ...view } = msg.view || {};
      this.view = structuredClone(view);
      this.version = msg.version;
      return true;
    }
    if (msg.type !== "event") return true;
    if ("view" in msg) {
      this.view = structuredClone(msg.view);
    } else if ("patch" in msg) {
      if (msg.base !== this.version || this.view === null) return false;
      try {
        this.view = applyPatch(this.view, msg.patch);
      } catch {
        return false;
      }
    } else if (msg.head !== this.version) {
      return false;
    }
    this.version = msg.head;
    msg.view = structuredClone(this.view);
    return true;
  }
}
