// Which kanji the page can draw. The built-in variants' kanji are in the embedded font
// ("Taikyoku Kanji", style.css); a variant file's other kanji come from the system's fonts, and
// a character that no font has would be drawn as the missing-glyph box (.notdef): a piece whose
// kanji has such a character shows its code instead.

const SIZE = 32;
// A character no font has (the last code point of Supplementary Private Use Area-B): what it
// draws is the missing-glyph box.
const MISSING = "\u{10FFFD}";

const known = new Map(); // character -> whether a font has it
let ctx = null;

/** The font list the pieces are drawn with (style.css's --kanji-font). */
function kanjiFont() {
  const f = getComputedStyle(document.documentElement).getPropertyValue("--kanji-font").trim();
  return f || "sans-serif";
}

/** The alpha channel of `ch` drawn alone. */
function draw(ch) {
  ctx.clearRect(0, 0, SIZE * 2, SIZE * 2);
  ctx.fillText(ch, SIZE / 2, SIZE);
  const data = ctx.getImageData(0, 0, SIZE * 2, SIZE * 2).data;
  const alpha = new Uint8Array(data.length / 4);
  for (let i = 0; i < alpha.length; i++) alpha[i] = data[i * 4 + 3];
  return alpha;
}

function same(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether every character of `text` is drawn from some font: true until checked. */
export function drawable(text) {
  for (const ch of text) if (known.get(ch) === false) return false;
  return true;
}

/**
 * Checks the characters of `texts` (once each): resolves to whether any of them turned out
 * to be missing from every font, once the fonts that may have them are loaded.
 */
export async function check(texts) {
  const chars = new Set();
  for (const t of texts) for (const ch of t) if (!known.has(ch)) chars.add(ch);
  if (chars.size === 0) return false;
  const font = kanjiFont();
  const all = [...chars].join("");
  try {
    await document.fonts.load(`${SIZE}px ${font}`, all);
  } catch {
    // The embedded font did not load: the system's fonts are measured as they are.
  }
  if (!ctx) {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = SIZE * 2;
    ctx = canvas.getContext("2d", { willReadFrequently: true });
  }
  ctx.font = `${SIZE}px ${font}`;
  ctx.textBaseline = "middle";
  const box = draw(MISSING);
  let missing = false;
  for (const ch of chars) {
    const ok = !same(draw(ch), box);
    known.set(ch, ok);
    if (!ok) missing = true;
  }
  return missing;
}
