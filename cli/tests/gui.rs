//! `taikyoku gui` run as a user runs it, with our own engine behind it: a game over the page's
//! WebSocket, and the page itself in a real headless Chromium driven through WebDriver, which
//! loads Taikyoku, counts the 1296 squares and 804 pieces, plays a move by clicking, sees the
//! engine answer, measures the redraw with `performance.now()` and saves screenshots under
//! `target/tmp/`; other browser tests lose a game on time with the clocks set on the page, and
//! draw the engine's best moves as arrows with several analysis lines. Chromium and
//! chromedriver must be installed (`.ci/run` installs them): the browser tests fail, rather
//! than skipping, without them.

mod webdriver;

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};
use taikyoku_tests::processes::tagged;
use tungstenite::{Message, WebSocket};
use webdriver::{find_program, Browser};

/// A `taikyoku gui` process on a free port, and its address; killed when dropped.
struct Gui {
    child: Child,
    url: String,
}

impl Gui {
    fn start(args: &[&str]) -> Gui {
        let mut child = Command::new(env!("CARGO_BIN_EXE_taikyoku"))
            .args(["gui", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("taikyoku gui starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in '{line}'"))
            .to_string();
        Gui { child, url }
    }

    fn host(&self) -> &str {
        self.url.trim_start_matches("http://").trim_end_matches('/')
    }

    /// A page's WebSocket to the server; a read waits at most `timeout`.
    fn page(&self, timeout: Duration) -> WebSocket<TcpStream> {
        let stream = TcpStream::connect(self.host()).unwrap();
        stream.set_read_timeout(Some(timeout)).unwrap();
        let url = format!("ws://{}/ws", self.host());
        tungstenite::client(url.as_str(), stream).unwrap().0
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read(ws: &mut WebSocket<TcpStream>) -> Value {
    loop {
        if let Message::Text(t) = ws.read().expect("a message from the server") {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

fn until(ws: &mut WebSocket<TcpStream>, f: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = read(ws);
        if f(&v) {
            return v;
        }
    }
}

#[test]
fn the_gui_plays_our_engine_over_usi() {
    let gui = Gui::start(&["--variant", "dai-dai"]);
    let mut ws = gui.page(Duration::from_secs(120));
    let state = until(&mut ws, |v| v["t"] == "state");
    assert_eq!(state["variant"], "dai-dai");
    until(&mut ws, |v| v["t"] == "engine" && v["status"] == "ready");
    let settings = json!({"t": "settings", "mode": "human-black",
        "limit": {"kind": "depth", "depth": 2}, "move_limit": 0});
    ws.send(Message::text(settings.to_string())).unwrap();
    let state = until(&mut ws, |v| v["t"] == "state");
    let version = state["version"].as_u64().unwrap();
    // The first listed move of a pawn.
    let pawn = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["hodges"].as_str().unwrap().starts_with("P-"))
        .unwrap()["text"]
        .clone();
    let mv = json!({"t": "move", "text": pawn, "version": version});
    ws.send(Message::text(mv.to_string())).unwrap();
    let info = until(&mut ws, |v| v["t"] == "info");
    assert!(info["info"]["depth"].as_u64().unwrap() >= 1, "{info}");
    assert!(!info["info"]["pv"].as_array().unwrap().is_empty(), "{info}");
    let answered = until(&mut ws, |v| {
        v["t"] == "state" && v["record"].as_array().unwrap().len() == 2
    });
    assert_eq!(answered["side"], "b");
    assert_eq!(answered["human_to_move"], true);
    let reply = &answered["record"][1];
    assert!(reply["hodges"].as_str().unwrap().len() >= 3, "{reply}");
}

#[test]
fn a_variant_file_is_offered_and_played() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../movegen/variants/dai-dai.var"
    );
    let gui = Gui::start(&["--variant-file", path]);
    let mut ws = gui.page(Duration::from_secs(120));
    let welcome = until(&mut ws, |v| v["t"] == "welcome");
    let keys: Vec<&str> = welcome["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys.len(), 9, "{keys:?}");
    assert!(keys.contains(&"file:dai-dai"), "{keys:?}");
    let state = until(&mut ws, |v| v["t"] == "state");
    assert_eq!(state["variant"], "file:dai-dai");
    // The engine was given the file's path as USI_Variant and plays it without complaint.
    let ready = until(&mut ws, |v| {
        v["t"] == "notice"
            || v["t"] == "error"
            || (v["t"] == "engine" && v["status"] != "starting" && v["status"] != "off")
    });
    assert_eq!(ready["status"], "ready", "{ready}");
    let settings = json!({"t": "settings", "mode": "human-white",
        "limit": {"kind": "depth", "depth": 1}, "move_limit": 0});
    ws.send(Message::text(settings.to_string())).unwrap();
    let answered = until(&mut ws, |v| {
        v["t"] == "state" && v["record"].as_array().unwrap().len() == 1
    });
    assert_eq!(answered["side"], "w");
}

#[test]
fn a_variant_file_path_with_two_spaces_in_a_row_reaches_the_engine_intact() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("two  spaces");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("dai-dai.var");
    let original = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../movegen/variants/dai-dai.var"
    );
    std::fs::copy(original, &path).unwrap();
    let gui = Gui::start(&["--variant-file", path.to_str().unwrap()]);
    let mut ws = gui.page(Duration::from_secs(120));
    until(&mut ws, |v| v["t"] == "engine" && v["status"] == "ready");
    let settings = json!({"t": "settings", "mode": "human-white",
        "limit": {"kind": "depth", "depth": 1}, "move_limit": 0});
    ws.send(Message::text(settings.to_string())).unwrap();
    // The engine plays Dai dai (a Taikyoku move would be refused with an error).
    let answered = until(&mut ws, |v| {
        v["t"] == "error" || (v["t"] == "state" && v["record"].as_array().unwrap().len() == 1)
    });
    assert_eq!(answered["t"], "state", "{answered}");
}

#[test]
fn interrupting_the_gui_ends_its_engines() {
    let deaf = concat!(env!("CARGO_MANIFEST_DIR"), "/../gui/tests/engines/deaf.sh");
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let tag = format!("taikyoku-gui-signal-{}-{signal}", std::process::id());
        let engine = format!("sh {deaf} {tag}");
        let mut gui = Gui::start(&["--engine", &engine]);
        let mut ws = gui.page(Duration::from_secs(60));
        until(&mut ws, |v| v["t"] == "engine" && v["status"] == "ready");
        assert!(
            tagged(&tag) >= 2,
            "the engine (which ignores quit) and its child run"
        );
        let pid = libc::pid_t::try_from(gui.child.id()).unwrap();
        // SAFETY: kill(2) sends a signal to the process we started; it touches no memory.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
        let status = gui.child.wait().unwrap();
        assert!(status.success(), "{status}");
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while tagged(&tag) > 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(
            tagged(&tag),
            0,
            "an engine outlived `taikyoku gui` ({signal})"
        );
    }
}

#[test]
fn taikyoku_in_a_real_browser() {
    let chromium = find_program(&["/usr/bin/chromium", "chromium", "chromium-browser"]).expect(
        "the browser test needs Chromium: apt-get install chromium chromium-driver (.ci/run does)",
    );
    let chromedriver = find_program(&["/usr/bin/chromedriver", "chromedriver"]).expect(
        "the browser test needs chromedriver: apt-get install chromium-driver (.ci/run does)",
    );
    let gui = Gui::start(&["--variant", "taikyoku"]);
    let b = Browser::start(&chromedriver, &chromium);
    b.goto(&gui.url);
    let long = Duration::from_secs(120);
    b.wait_for(
        "the board",
        long,
        "return document.querySelectorAll('[data-square]').length === 1296 \
         && document.querySelectorAll('[data-piece]').length === 804",
    );
    assert_eq!(
        b.script(
            "return document.querySelector('[data-square=\"19gg\"]') !== null",
            json!([])
        ),
        true
    );
    b.wait_for(
        "the engine",
        long,
        "return document.getElementById('engine-status').textContent === 'ready'",
    );
    // The engine at depth 1, chosen on the page.
    b.script(
        "document.getElementById('limit-value').value = 1;
         const k = document.getElementById('limit-kind');
         k.value = 'depth';
         k.dispatchEvent(new Event('change'));",
        json!([]),
    );
    b.wait_for(
        "depth 1",
        long,
        "const s = window.taikyokuState(); return s !== null && s.settings.limit.kind === 'depth'",
    );
    // A Black pawn moves one step by two clicks: the piece, then its destination.
    assert_eq!(
        b.script(
            "return document.querySelector('[data-square=\"19z\"] [data-piece]').dataset.piece",
            json!([])
        ),
        "P"
    );
    b.click(&b.find("[data-square=\"19z\"]"));
    b.wait_for(
        "the pawn's destination",
        long,
        "return document.querySelector('[data-square=\"19y\"]').classList.contains('dest')",
    );
    b.click(&b.find("[data-square=\"19y\"]"));
    b.wait_for(
        "the engine's answer",
        long,
        "const s = window.taikyokuState(); return s.record.length === 2 \
         && window.taikyokuPerf.redraws.some(r => r.ply === 2)",
    );
    let record = b.script("return window.taikyokuState().record", json!([]));
    assert_eq!(record[0]["text"], "19z19y");
    assert_eq!(
        b.script(
            "return document.querySelector('[data-square=\"19y\"] [data-piece]').dataset.piece",
            json!([])
        ),
        "P"
    );
    assert_eq!(
        b.script(
            "return document.querySelectorAll('.last-to, .last-from').length",
            json!([])
        ),
        2,
        "the engine's move is highlighted"
    );
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("gui-taikyoku.png"), b.screenshot()).unwrap();
    // A typed move, and the engine's answer to it.
    b.script(
        "document.getElementById('move-input').value = '19jj18jj';
         document.getElementById('typed').requestSubmit();",
        json!([]),
    );
    b.wait_for(
        "the engine's second answer",
        long,
        "const s = window.taikyokuState(); return s.record.length === 4 \
         && window.taikyokuPerf.redraws.some(r => r.ply === 4)",
    );
    assert_eq!(
        b.script("return window.taikyokuState().record[2].text", json!([])),
        "19jj18jj"
    );
    let perf = b.script("return window.taikyokuPerf", json!([]));
    assert_eq!(perf["errors"], json!([]), "errors in the page");
    let mut report = String::from(
        "36x36 Taikyoku redraws in headless Chromium (ms from the state's arrival):\n",
    );
    for r in perf["redraws"].as_array().unwrap() {
        report.push_str(&format!(
            "ply {} ({}): {:.1} ms to the end of layout, {:.1} ms to the next frame, {} legal moves\n",
            r["ply"],
            if r["full"] == true {
                "first drawing"
            } else {
                "redraw"
            },
            r["ms"].as_f64().unwrap(),
            r["frameMs"].as_f64().unwrap(),
            r["moves"]
        ));
    }
    println!("{report}");
    std::fs::write(dir.join("gui-redraw.txt"), &report).unwrap();
    std::fs::write(dir.join("gui-taikyoku-later.png"), b.screenshot()).unwrap();
    // The piece panel: click a piece (the lion hawk), its movement is drawn on a small board.
    assert_eq!(
        b.script(
            "return document.querySelector('[data-square=\"19cc\"] [data-piece]').dataset.piece",
            json!([])
        ),
        "LI"
    );
    b.click(&b.find("[data-square=\"19cc\"]"));
    b.wait_for(
        "the piece panel",
        long,
        "const dd = document.querySelector('#panel-body dd'); \
         return dd !== null && dd.textContent === 'LI' \
         && document.querySelectorAll('#panel-body .mini .d').length > 0",
    );
    std::fs::write(
        dir.join("gui-piece-panel.png"),
        b.element_screenshot(&b.find("#panel")),
    )
    .unwrap();
    println!("screenshots: {}", dir.display());
}

/// A fontconfig configuration for Chromium: the system's fonts less every CJK font, so that the
/// browser sees a machine without CJK fonts (as Debian comes) even where fonts-noto-cjk is
/// installed. The page checks that it worked: no font but the page's own draws a kanji.
fn fonts_without_cjk(dir: &std::path::Path) -> std::path::PathBuf {
    // fontconfig's globs know `*` and `?` only, and match the font file's path.
    let rejected: String = [
        "CJK",
        "cjk",
        "Cjk",
        "wqy",
        "WenQuanYi",
        "droid",
        "Droid",
        "ipa",
        "IPA",
        "takao",
        "Takao",
        "vlgothic",
        "VL-Gothic",
        "unifont",
        "Unifont",
        "arphic",
        "uming",
        "ukai",
        "baekmuk",
        "nanum",
        "Nanum",
        "SourceHan",
        "source-han",
        "hanazono",
        "HanaMin",
    ]
    .iter()
    .map(|n| format!("      <glob>*{n}*</glob>\n"))
    .collect();
    let conf = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n\
         <fontconfig>\n  <include ignore_missing=\"yes\">/etc/fonts/fonts.conf</include>\n  \
         <cachedir>{}</cachedir>\n  <selectfont>\n    <rejectfont>\n{rejected}    </rejectfont>\n  \
         </selectfont>\n</fontconfig>\n",
        dir.join("fontconfig-cache").display()
    );
    let path = dir.join("fonts-without-cjk.conf");
    std::fs::write(&path, conf).unwrap();
    path
}

#[test]
fn taikyoku_kanji_come_from_the_embedded_font_without_system_cjk_fonts() {
    let chromium = find_program(&["/usr/bin/chromium", "chromium", "chromium-browser"]).expect(
        "the browser test needs Chromium: apt-get install chromium chromium-driver (.ci/run does)",
    );
    let chromedriver = find_program(&["/usr/bin/chromedriver", "chromedriver"]).expect(
        "the browser test needs chromedriver: apt-get install chromium-driver (.ci/run does)",
    );
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let conf = fonts_without_cjk(&dir);
    let gui = Gui::start(&["--variant", "taikyoku"]);
    let b = Browser::start_with_env(
        &chromedriver,
        &chromium,
        &[("FONTCONFIG_FILE", conf.to_str().unwrap())],
    );
    b.goto(&gui.url);
    let long = Duration::from_secs(120);
    b.wait_for(
        "the board",
        long,
        "return document.querySelectorAll('[data-piece]').length === 804",
    );
    // The @font-face of style.css loads (or fails, when the font is not served).
    b.wait_for(
        "the kanji font to load or fail",
        long,
        "const f = [...document.fonts].find(f => f.family.replace(/\"/g, '') === 'Taikyoku Kanji');
         return f !== undefined && (f.status === 'loaded' || f.status === 'error')",
    );
    assert_eq!(
        b.script(
            "return [...document.fonts].find(f => f.family.replace(/\"/g, '') === 'Taikyoku Kanji').status",
            json!([])
        ),
        "loaded",
        "the embedded kanji font (/assets/fonts/kanji.woff2) did not load"
    );
    b.wait_for(
        "every font",
        long,
        "return document.fonts.status === 'loaded'",
    );
    // Every piece shows kanji, drawn in the page's font first; each character is measured on a
    // canvas against the missing-glyph box, drawn from the page's font and from the system's.
    let r = b.script(
        r#"const labels = [...document.querySelectorAll('[data-piece] .t')];
        const texts = labels.map(t => t.textContent);
        const codes = texts.filter(t => /^[\x00-\x7f]*$/.test(t));
        const families = [...new Set(labels.map(t => getComputedStyle(t).fontFamily.split(',')[0].trim()))];
        const chars = [...new Set(texts.join(''))];
        const c = document.createElement('canvas');
        c.width = c.height = 64;
        const ctx = c.getContext('2d', { willReadFrequently: true });
        ctx.textBaseline = 'middle';
        const draw = (font, ch) => {
          ctx.font = '32px ' + font;
          ctx.clearRect(0, 0, 64, 64);
          ctx.fillText(ch, 16, 32);
          return ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3).join(',');
        };
        const ours = '"Taikyoku Kanji"', system = 'sans-serif', none = '\u{10FFFD}';
        const ourBox = draw(ours, none), systemBox = draw(system, none);
        return {
          pieces: texts.length, codes, families, chars: chars.length,
          boxDrawn: ourBox !== draw(ours, ' '),
          missing: chars.filter(ch => draw(ours, ch) === ourBox).join(''),
          system: chars.filter(ch => draw(system, ch) !== systemBox).join(''),
        };"#,
        json!([]),
    );
    println!("{r}");
    assert_eq!(r["pieces"], 804, "{r}");
    assert_eq!(r["codes"], json!([]), "pieces shown by code: {r}");
    assert_eq!(r["families"], json!(["\"Taikyoku Kanji\""]), "{r}");
    assert!(r["chars"].as_u64().unwrap() > 150, "{r}");
    assert_eq!(
        r["boxDrawn"], true,
        "the missing-glyph box draws nothing: {r}"
    );
    assert_eq!(
        r["system"],
        "",
        "a system font has these kanji, so the browser's fonts ({}) are not those of a machine \
         without CJK fonts",
        conf.display()
    );
    assert_eq!(
        r["missing"], "",
        "kanji drawn as the missing-glyph box: {r}"
    );
    std::fs::write(dir.join("gui-kanji-without-cjk-fonts.png"), b.screenshot()).unwrap();
    let closer = closer_look(&b);
    std::fs::write(dir.join("gui-kanji-closer.png"), closer).unwrap();

    // A variant file's kanji that no font has (鑫, not in the subset, and the browser has no
    // CJK font) are shown as the piece's code; the others still as kanji.
    let chu = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../movegen/variants/chu.var"
    ))
    .unwrap();
    let odd = chu.replace("| 玉将 |", "| 鑫将 |");
    assert_ne!(odd, chu);
    let path = dir.join("chu-odd-kanji.var");
    std::fs::write(&path, odd).unwrap();
    let gui = Gui::start(&["--variant-file", path.to_str().unwrap()]);
    b.goto(&gui.url);
    b.wait_for(
        "the king shown by its code",
        long,
        "const k = document.querySelector('[data-piece=\"K\"] .t'); \
         return k !== null && k.textContent === 'K'",
    );
    assert_eq!(
        b.script(
            "return document.querySelector('[data-piece=\"G\"] .t').textContent",
            json!([])
        ),
        "金将"
    );
}

/// Black's camp of the board in a smaller board area, zoomed in: a screenshot for docs/gui.md.
fn closer_look(b: &Browser) -> Vec<u8> {
    b.script(
        "const a = document.getElementById('board-area');
         a.style.flex = 'none'; a.style.width = '720px'; a.style.height = '480px';
         window.dispatchEvent(new Event('resize'));
         for (let i = 0; i < 5; i++) document.getElementById('zoom-in').click();
         const s = document.getElementById('board-scroll');
         s.scrollTop = s.scrollHeight; s.scrollLeft = s.scrollWidth;",
        json!([]),
    );
    std::thread::sleep(Duration::from_millis(300));
    b.element_screenshot(&b.find("#board-area"))
}

/// Chromium and chromedriver, or a failure saying how to install them.
fn browser() -> Browser {
    let chromium = find_program(&["/usr/bin/chromium", "chromium", "chromium-browser"]).expect(
        "the browser test needs Chromium: apt-get install chromium chromium-driver (.ci/run does)",
    );
    let chromedriver = find_program(&["/usr/bin/chromedriver", "chromedriver"]).expect(
        "the browser test needs chromedriver: apt-get install chromium-driver (.ci/run does)",
    );
    Browser::start(&chromedriver, &chromium)
}

/// Sets the page's inputs (`[id, value]` pairs) and sends the settings once, as a change of
/// the first one would.
fn set_inputs(b: &Browser, inputs: &[(&str, &str)]) {
    b.script(
        "for (const [id, v] of arguments[0]) document.getElementById(id).value = v;
         document.getElementById(arguments[0][0][0]).dispatchEvent(new Event('change'));",
        json!([inputs]),
    );
}

/// The page's size for the docs' screenshots: smaller than the test's window, so that the
/// PNG stays small and the board and the engine box both show.
fn docs_size(b: &Browser) {
    b.script(
        "const r = document.documentElement.style;
         r.width = '1200px'; r.height = '720px';
         window.dispatchEvent(new Event('resize'));",
        json!([]),
    );
    std::thread::sleep(Duration::from_millis(300));
}

/// The GUI serving chu, and a browser on its page once the board is drawn and the engine ready.
fn chu_page_with_engine() -> (Gui, Browser) {
    let gui = Gui::start(&["--variant", "chu"]);
    let b = browser();
    b.goto(&gui.url);
    b.wait_for(
        "the engine",
        Duration::from_secs(120),
        "return document.querySelectorAll('[data-square]').length === 144 \
         && document.getElementById('engine-status').textContent === 'ready'",
    );
    (gui, b)
}

#[test]
fn a_game_is_lost_on_time_and_clocks_run_in_the_browser() {
    // The server lives as long as `_gui`.
    let (_gui, b) = chu_page_with_engine();
    let long = Duration::from_secs(120);
    // Every time Black's clock shows, recorded as the page draws it (no polling to miss one).
    b.script(
        "window.blackTimes = [];
         new MutationObserver(() => window.blackTimes.push(
             document.querySelector('#clock-b .time').textContent))
           .observe(document.getElementById('clock-b'), {subtree: true, childList: true, characterData: true});",
        json!([]),
    );
    // You (Black) with 6 s and no increment, the engine (White) with a minute: you do not move.
    set_inputs(
        &b,
        &[
            ("clock-b-kind", "fischer"),
            ("clock-b-base", "6"),
            ("clock-b-extra", "0"),
            ("clock-w-kind", "fischer"),
            ("clock-w-base", "60"),
            ("clock-w-extra", "1"),
            ("mode", "human-black"),
        ],
    );
    b.wait_for(
        "Black's clock to run",
        long,
        "return !document.getElementById('clocks').hidden \
         && document.getElementById('clock-b').classList.contains('running') \
         && !document.getElementById('clock-w').classList.contains('running')",
    );
    assert_eq!(
        b.script(
            "return document.querySelector('#clock-w .time').textContent",
            json!([])
        ),
        "1:00"
    );
    b.wait_for(
        "the loss on time",
        long,
        "return document.getElementById('status').textContent \
         === 'Game over: White wins (Black lost on time)'",
    );
    assert_eq!(
        b.script(
            "const c = document.getElementById('clock-b'); \
             return [c.classList.contains('flagged'), c.querySelector('.time').textContent, \
                     document.querySelectorAll('.clock.running').length, \
                     window.taikyokuState().record.length]",
            json!([])
        ),
        json!([true, "time out", 0, 0])
    );
    // The page counted Black's time down between the server's states (which come only when
    // something happens: here, the flag).
    let shown = b.script("return window.blackTimes", json!([]));
    let times: Vec<f64> = shown
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t.as_str().unwrap().parse().ok())
        .collect();
    assert!(
        times.windows(2).all(|w| w[1] <= w[0]),
        "the clock went up: {shown}"
    );
    let between: std::collections::BTreeSet<String> = times
        .iter()
        .filter(|t| **t > 0.0 && **t < 6.0)
        .map(|t| format!("{t:.1}"))
        .collect();
    assert!(between.len() >= 2, "no countdown seen: {shown}");
    // The engine against itself on 20 s + 0.5 s each: a new game, both clocks running in turn.
    set_inputs(
        &b,
        &[
            ("mode", "engine-engine"),
            ("clock-b-base", "20"),
            ("clock-b-extra", "0.5"),
            ("clock-w-base", "20"),
            ("clock-w-extra", "0.5"),
        ],
    );
    b.click(&b.find("#new"));
    b.wait_for(
        "six moves on the clocks",
        long,
        "const s = window.taikyokuState(); \
         return s.record.length >= 6 && s.result === null \
         && document.querySelectorAll('.clock.running').length === 1",
    );
    let clocks = b.script("return window.taikyokuState().clocks", json!([]));
    for side in clocks.as_array().unwrap() {
        assert_eq!(side["control"]["kind"], "fischer", "{clocks}");
        assert_eq!(side["flagged"], false, "{clocks}");
        assert!(side["main_ms"].as_u64().unwrap() <= 23_000, "{clocks}");
    }
    docs_size(&b);
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(
        dir.join("gui-clocks.png"),
        b.element_screenshot(&b.find("body")),
    )
    .unwrap();
    // People against each other: the engine stops.
    set_inputs(&b, &[("mode", "human-human")]);
    let perf = b.script("return window.taikyokuPerf", json!([]));
    assert_eq!(perf["errors"], json!([]), "errors in the page");
}

#[test]
fn analysis_draws_the_best_moves_as_arrows_and_shows_several_lines() {
    // The server lives as long as `_gui`.
    let (_gui, b) = chu_page_with_engine();
    let long = Duration::from_secs(120);
    // Two moves in, then analysis with three lines.
    set_inputs(&b, &[("mode", "human-human")]);
    for mv in ["3i3h", "3d3e"] {
        b.script(
            "document.getElementById('move-input').value = arguments[0];
             document.getElementById('typed').requestSubmit();",
            json!([mv]),
        );
        b.wait_for(
            "the move",
            long,
            &format!("return window.taikyokuState().record.some(m => m.text === '{mv}')"),
        );
    }
    set_inputs(&b, &[("multipv", "3"), ("mode", "analysis")]);
    b.wait_for(
        "three lines and their arrows",
        long,
        "const lines = document.querySelectorAll('#pv .line'); \
         return lines.length === 3 && lines[0].querySelector('.head').textContent.includes(' d') \
         && document.querySelectorAll('#arrows .arrow').length === 3 \
         && document.querySelectorAll('#arrows .arrow.best').length === 1",
    );
    // Each line: its rank, score and depth, and its moves in both notations; the best line's
    // first move is the strongest arrow, from its origin square to its destination. (Read in
    // one script, taken again until it holds three lines: a deeper iteration may be arriving.)
    let snapshot = || {
        b.script(
            r#"const s = window.taikyokuState();
        const lines = [...document.querySelectorAll('#pv .line')].map(l => ({
          head: l.querySelector('.head').textContent,
          first: l.querySelector('.o').textContent.trim().split(' ')[0],
          hodges: l.querySelector('.h').textContent.split(' ')[0],
        }));
        const best = document.querySelector('#arrows .arrow.best');
        if (best === null) return { lines: [], others: [] };
        const path = best.dataset.path.split(' ');
        const move = s.moves.find(m => m.text === lines[0].first);
        const shaft = best.querySelector('polyline');
        const p = shaft.points[0], m = shaft.getScreenCTM();
        const x = p.x * m.a + m.e, y = p.y * m.d + m.f;
        const o = document.querySelector(`[data-square="${path[0]}"]`).getBoundingClientRect();
        const others = [...document.querySelectorAll('#arrows .arrow:not(.best)')]
          .map(a => Number(a.getAttribute('opacity')));
        return {
          lines, path, from: move ? move.from : null,
          starts_on_origin: x > o.left && x < o.right && y > o.top && y < o.bottom,
          best_opacity: Number(best.getAttribute('opacity')), others,
        };"#,
            json!([]),
        )
    };
    let deadline = std::time::Instant::now() + long;
    let mut r = snapshot();
    while r["lines"].as_array().unwrap().len() != 3 || r["others"].as_array().unwrap().len() != 2 {
        assert!(std::time::Instant::now() < deadline, "three lines: {r}");
        std::thread::sleep(Duration::from_millis(50));
        r = snapshot();
    }
    println!("{r}");
    let lines = r["lines"].as_array().unwrap();
    for (i, l) in lines.iter().enumerate() {
        let head = l["head"].as_str().unwrap();
        assert!(head.starts_with(&format!("{}. ", i + 1)), "{r}");
        assert!(
            head.contains(" d") && (head.contains('.') || head.contains("mate")),
            "{r}"
        );
        assert!(!l["hodges"].as_str().unwrap().is_empty(), "{r}");
    }
    assert_ne!(lines[0]["first"], lines[1]["first"], "{r}");
    assert_eq!(
        r["from"], r["path"][0],
        "the arrow starts at the move's origin: {r}"
    );
    assert_eq!(r["starts_on_origin"], true, "{r}");
    for o in r["others"].as_array().unwrap() {
        assert!(
            o.as_f64().unwrap() < r["best_opacity"].as_f64().unwrap(),
            "{r}"
        );
    }
    docs_size(&b);
    b.wait_for(
        "the arrows again after the resize",
        long,
        "return document.querySelectorAll('#arrows .arrow').length === 3",
    );
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(
        dir.join("gui-analysis.png"),
        b.element_screenshot(&b.find("body")),
    )
    .unwrap();
    // A new position: the old arrows go, the new analysis draws its own.
    b.script(
        "document.getElementById('move-input').value = arguments[0];
         document.getElementById('typed').requestSubmit();",
        json!([r["lines"][0]["first"]]),
    );
    b.wait_for(
        "arrows of White's moves",
        long,
        "const s = window.taikyokuState(); const a = document.querySelector('#arrows .arrow.best'); \
         return s.record.length === 3 && a !== null \
         && s.moves.some(m => m.from === a.dataset.path.split(' ')[0])",
    );
    let perf = b.script("return window.taikyokuPerf", json!([]));
    assert_eq!(perf["errors"], json!([]), "errors in the page");
}
