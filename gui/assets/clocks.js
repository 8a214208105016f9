// The clocks beside the board: each side's time as the server last sent it, counted down on
// the page for the running side until the next state arrives. The server alone keeps time and
// decides when a flag falls; the page only shows it.

/** A time in milliseconds as a clock shows it: h:mm:ss, m:ss, or seconds with tenths under 10 s. */
export function formatClock(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.floor(t / 1000);
  const two = (n) => String(n).padStart(2, "0");
  if (s < 3600) return `${Math.floor(s / 60)}:${two(s % 60)}`;
  return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** A time control in words: `5 min + 3 s`, `10 s byoyomi`. */
export function describeControl(c) {
  const secs = (ms) => (ms >= 60000 && ms % 60000 === 0 ? `${ms / 60000} min` : `${ms / 1000} s`);
  if (c.kind === "fischer") return `Fischer ${secs(c.base_ms)} + ${secs(c.inc_ms)}`;
  if (c.kind === "byoyomi") return `${secs(c.base_ms)}, then ${secs(c.byoyomi_ms)} byoyomi`;
  return "no clock";
}

export class ClockDisplay {
  /**
   * @param {HTMLElement} box shown when a side has a clock
   * @param {HTMLElement} black Black's clock element (with a `.time` child)
   * @param {HTMLElement} white White's
   */
  constructor(box, black, white) {
    this.box = box;
    this.elements = [black, white];
    this.views = [null, null];
    this.at = 0;
    setInterval(() => {
      if (this.views.some((v) => v && v.running)) this.draw();
    }, 100);
  }

  /** The clocks of a state (`[black, white]`, `null` for a side without one). */
  update(views) {
    this.views = views || [null, null];
    this.at = performance.now();
    this.box.hidden = !this.views.some(Boolean);
    this.draw();
  }

  draw() {
    const elapsed = performance.now() - this.at;
    this.views.forEach((v, i) => {
      const el = this.elements[i];
      el.hidden = !v;
      if (!v) return;
      let main = v.main_ms;
      let byo = v.byoyomi_ms;
      if (v.running) {
        main = Math.max(0, v.main_ms - elapsed);
        byo = Math.max(0, v.byoyomi_ms - Math.max(0, elapsed - v.main_ms));
      }
      let text;
      if (v.control.kind === "byoyomi") {
        text = main > 0 ? `${formatClock(main)} + ${formatClock(byo)}` : `byoyomi ${formatClock(byo)}`;
      } else {
        text = formatClock(main);
      }
      if (v.flagged) text = "time out";
      el.querySelector(".time").textContent = text;
      el.title = describeControl(v.control);
      el.classList.toggle("running", v.running);
      el.classList.toggle("flagged", v.flagged);
      el.classList.toggle("low", !v.flagged && main + byo < 10000);
    });
  }
}
