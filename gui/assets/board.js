// The board: one element per square (data-square="19gg"), one per piece (data-piece="FK"),
// built once per variant or orientation and afterwards updated square by square, so that a
// move on the 36x36 board touches a handful of elements. Arrows (the engine's best moves) are
// drawn on an SVG laid over the squares, in square units, so they scale with the zoom.

import { check, drawable } from "./glyphs.js";

const SVG = "http://www.w3.org/2000/svg";

/** Decodes a board cell of the state (0 empty, else kind * 4 + promoted * 2 + colour + 1). */
export function decodeCell(c) {
  if (!c) return null;
  const v = c - 1;
  return { kind: v >> 2, promoted: (v & 2) !== 0, white: (v & 1) !== 0 };
}

/** The code a piece is found by in the page (upper case Black, lower case White, + if
 * promoted), as positions write it without parentheses. */
export function pieceCode(variant, p) {
  const code = variant.kinds[p.kind].code;
  return (p.promoted ? "+" : "") + (p.white ? code.toLowerCase() : code);
}

/** What a piece shows: its kanji (a promoted piece shows the kanji of what it moves as) or
 * its code (also when no font has one of the kanji: glyphs.js). */
export function pieceLabel(variant, p, kanji) {
  const k = variant.kinds[p.kind];
  if (kanji) {
    const shown = p.promoted && k.promotes != null ? variant.kinds[k.promotes] : k;
    if (shown.kanji && drawable(shown.kanji)) return shown.kanji;
  }
  return (p.promoted ? "+" : "") + k.code;
}

export class Board {
  /**
   * @param {HTMLElement} root the grid element
   * @param {HTMLElement} scroller its scrolling container
   */
  constructor(root, scroller) {
    this.root = root;
    this.scroller = scroller;
    this.variant = null;
    this.flipped = false;
    this.kanji = true;
    this.zoom = 1;
    this.squares = []; // square elements by reading-order index
    this.cells = []; // the drawn cell values
    this.marked = []; // [element, class] pairs set by the last highlight
    this.index = new Map(); // square name -> index
    this.drawn = null; // the board last rendered
    this.arrows = []; // the arrows last drawn
    this.svg = null;
  }

  /** A new variant: builds the grid. */
  setVariant(variant) {
    this.variant = variant;
    this.index = new Map(variant.squares.map((s, i) => [s, i]));
    this.drawn = null;
    this.arrows = [];
    this.build();
    // Kanji that no font has are drawn as codes, once that is known.
    check(variant.kinds.map((k) => k.kanji).filter(Boolean)).then((missing) => {
      if (missing && this.variant === variant && this.drawn) {
        this.invalidate();
        this.render(this.drawn);
      }
    });
  }

  /** (Re)creates every element: after a variant change, a flip or a label change. */
  build() {
    const v = this.variant;
    if (!v) return;
    const { files, ranks } = v;
    const root = this.root;
    root.textContent = "";
    root.style.setProperty("--files", files);
    root.style.setProperty("--ranks", ranks);
    root.classList.toggle("flipped", this.flipped);
    root.classList.toggle("kanji", this.kanji);
    const frag = document.createDocumentFragment();
    const lab = (text, cls) => {
      const d = document.createElement("div");
      d.className = "lab " + cls;
      d.textContent = text;
      frag.appendChild(d);
    };
    // Display order: columns left to right, rows top to bottom, reversed when flipped.
    const cols = [...Array(files).keys()];
    const rows = [...Array(ranks).keys()];
    if (this.flipped) {
      cols.reverse();
      rows.reverse();
    }
    const fileName = (col) => String(files - col);
    const rankName = (row) => v.squares[row * files].replace(/^\d+/, "");
    const fileRow = (cls) => {
      lab("", cls + " corner");
      for (const c of cols) lab(fileName(c), cls);
      lab("", cls + " corner");
    };
    fileRow("top");
    this.squares = new Array(files * ranks);
    rows.forEach((r, ri) => {
      lab(rankName(r), "left");
      cols.forEach((c, ci) => {
        const i = r * files + c;
        const d = document.createElement("div");
        d.className = "sq" + (ci === 0 ? " edge-l" : "") + (ri === 0 ? " edge-t" : "");
        d.dataset.square = v.squares[i];
        this.squares[i] = d;
        frag.appendChild(d);
      });
      lab(rankName(r), "right");
    });
    fileRow("bottom");
    const svg = document.createElementNS(SVG, "svg");
    svg.id = "arrows";
    svg.setAttribute("viewBox", `0 0 ${files} ${ranks}`);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.style.gridColumn = `2 / span ${files}`;
    svg.style.gridRow = `2 / span ${ranks}`;
    frag.appendChild(svg);
    this.svg = svg;
    root.appendChild(frag);
    this.cells = new Array(files * ranks).fill(0);
    this.marked = [];
    this.fit();
    this.setArrows(this.arrows);
  }

  /** The centre of the named square in the SVG's square units, as displayed (flipped or not). */
  centre(name) {
    const i = this.index.get(name);
    if (i === undefined) return null;
    const { files, ranks } = this.variant;
    let col = i % files;
    let row = Math.floor(i / files);
    if (this.flipped) {
      col = files - 1 - col;
      row = ranks - 1 - row;
    }
    return [col + 0.5, row + 0.5];
  }

  /**
   * Draws arrows over the board, replacing the previous ones: each `{ path, rank }` goes
   * through the squares of `path` (origin, stops, destination); rank 1 (the best line) is
   * drawn strongest and on top, the others fainter the lower they rank.
   */
  setArrows(arrows) {
    this.arrows = arrows;
    const svg = this.svg;
    if (!svg) return;
    svg.textContent = "";
    const sorted = [...arrows].sort((a, b) => b.rank - a.rank);
    for (const a of sorted) {
      const pts = [];
      for (const name of a.path) {
        const p = this.centre(name);
        const last = pts[pts.length - 1];
        if (p && !(last && last[0] === p[0] && last[1] === p[1])) pts.push(p);
      }
      if (pts.length === 0) continue;
      const best = a.rank === 1;
      const g = document.createElementNS(SVG, "g");
      g.setAttribute("class", "arrow" + (best ? " best" : ""));
      g.dataset.path = a.path.join(" ");
      g.setAttribute("opacity", best ? "0.8" : Math.max(0.25, 0.55 - 0.06 * (a.rank - 2)).toFixed(2));
      const width = best ? 0.2 : 0.13;
      if (pts.length === 1) {
        // A pass: a ring on the square.
        const c = document.createElementNS(SVG, "circle");
        c.setAttribute("cx", pts[0][0]);
        c.setAttribute("cy", pts[0][1]);
        c.setAttribute("r", "0.4");
        c.setAttribute("fill", "none");
        c.setAttribute("stroke-width", String(width));
        g.appendChild(c);
        svg.appendChild(g);
        continue;
      }
      // The shaft stops where the head begins.
      const head = best ? 0.5 : 0.38;
      const [x1, y1] = pts[pts.length - 1];
      const [x0, y0] = pts[pts.length - 2];
      const len = Math.hypot(x1 - x0, y1 - y0);
      const ux = (x1 - x0) / len;
      const uy = (y1 - y0) / len;
      const bx = x1 - ux * Math.min(head, len * 0.6);
      const by = y1 - uy * Math.min(head, len * 0.6);
      const shaft = document.createElementNS(SVG, "polyline");
      shaft.setAttribute("points", [...pts.slice(0, -1), [bx, by]].map((p) => p.join(",")).join(" "));
      shaft.setAttribute("fill", "none");
      shaft.setAttribute("stroke-width", String(width));
      shaft.setAttribute("stroke-linecap", "round");
      shaft.setAttribute("stroke-linejoin", "round");
      const half = head * 0.55;
      const tip = document.createElementNS(SVG, "polygon");
      tip.setAttribute(
        "points",
        [
          [x1, y1],
          [bx - uy * half, by + ux * half],
          [bx + uy * half, by - ux * half],
        ]
          .map((p) => p.join(","))
          .join(" "),
      );
      g.append(shaft, tip);
      svg.appendChild(g);
    }
  }

  /** Sizes the squares to fit the visible area, times the zoom. */
  fit() {
    const v = this.variant;
    if (!v) return;
    const lab = 18;
    const w = this.scroller.clientWidth - 2 * lab - 12;
    const h = this.scroller.clientHeight - 2 * lab - 12;
    const fitted = Math.floor(Math.min(w / v.files, h / v.ranks));
    const cell = Math.max(12, Math.min(96, Math.floor(Math.max(12, fitted) * this.zoom)));
    this.root.style.setProperty("--cell", cell + "px");
  }

  /** Zooms by a factor (1: fit) keeping the point under (x, y) of the scroller in place. */
  setZoom(zoom, x, y) {
    const s = this.scroller;
    const before = this.root.getBoundingClientRect();
    const px = x ?? s.clientWidth / 2;
    const py = y ?? s.clientHeight / 2;
    const fx = (s.scrollLeft + px) / Math.max(1, before.width);
    const fy = (s.scrollTop + py) / Math.max(1, before.height);
    this.zoom = Math.max(0.5, Math.min(4, zoom));
    this.fit();
    const after = this.root.getBoundingClientRect();
    s.scrollLeft = fx * after.width - px;
    s.scrollTop = fy * after.height - py;
  }

  /** Draws the board of a state: only the squares whose content changed are touched. */
  render(board) {
    const v = this.variant;
    this.drawn = board;
    for (let i = 0; i < board.length; i++) {
      const c = board[i];
      if (c === this.cells[i]) continue;
      this.cells[i] = c;
      const sq = this.squares[i];
      if (sq.firstChild) sq.firstChild.remove();
      if (!c) continue;
      const p = decodeCell(c);
      const el = document.createElement("div");
      el.className = "pc " + (p.white ? "w" : "b") + (p.promoted ? " p" : "");
      el.dataset.piece = pieceCode(v, p);
      const t = document.createElement("span");
      const label = pieceLabel(v, p, this.kanji);
      t.className = "t" + ([...label].length > 2 ? " small" : "");
      t.textContent = label;
      el.appendChild(t);
      sq.appendChild(el);
    }
  }

  /** Forgets the drawn pieces so that the next render draws every square (labels changed). */
  invalidate() {
    this.cells.fill(-1);
  }

  /** Replaces the highlighted squares: `marks` maps a class to a list of square names. */
  highlight(marks) {
    for (const [el, cls] of this.marked) el.classList.remove(cls);
    this.marked = [];
    for (const [cls, names] of Object.entries(marks)) {
      for (const name of names) {
        const i = this.index.get(name);
        if (i === undefined) continue;
        const el = this.squares[i];
        el.classList.add(cls);
        this.marked.push([el, cls]);
      }
    }
  }

  /** Whether the named square holds a piece. */
  occupied(name) {
    const i = this.index.get(name);
    return i !== undefined && this.cells[i] > 0;
  }

  /** The piece on the named square, decoded, or null. */
  pieceAt(name) {
    const i = this.index.get(name);
    return i === undefined ? null : decodeCell(this.cells[i]);
  }
}
