//! The session under QBoard, with a scripted engine: the features' `done=1` line, the test of
//! the engine's own moves handed to the search, the result held back after the winning move,
//! and the re-reading of a move QBoard relayed without its promotion.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use taikyoku_movegen::{with_position, Colour, Variant};

use super::super::Session;
use super::*;
use crate::engine::{Engine, EngineOption, Go, Output, Reporter};

/// An engine that answers at once: a legal move that captures the opponent's last royal piece
/// if there is one, else the first legal move, in both cases among the moves the `Go`'s test
/// allows (if any does). It records every `Go`.
#[derive(Default)]
struct Scripted {
    seen: Arc<Mutex<Vec<Go>>>,
    handle: Option<JoinHandle<()>>,
}

impl Engine for Scripted {
    fn id(&self) -> (String, String) {
        ("scripted".into(), "tests".into())
    }
    fn options(&self) -> Vec<EngineOption> {
        Vec::new()
    }
    fn set_option(&mut self, _: &str, _: &str) -> Result<(), String> {
        Ok(())
    }
    fn set_variant(&mut self, _: Arc<Variant>) {}
    fn ready(&mut self) {}
    fn new_game(&mut self) {}
    fn go(&mut self, pos: &AnyPosition, go: &Go, mut report: Box<dyn Reporter>) {
        self.seen.lock().unwrap().push(go.clone());
        let mut q = pos.clone();
        let mut moves = q.legal_moves();
        if let Some(t) = &go.playable {
            if moves.iter().any(|&m| t.allows(m)) {
                moves.retain(|&m| t.allows(m));
            }
        }
        let wins = |m: Move| {
            let mut r = pos.clone();
            with_position!(&mut r, p => {
                p.make(m);
                p.winner().is_some()
            })
        };
        let best = moves
            .iter()
            .copied()
            .find(|&m| wins(m))
            .or(moves.first().copied());
        self.handle = Some(std::thread::spawn(move || report.finished(best, None)));
    }
    fn stop(&mut self) {}
    fn ponderhit(&mut self) {}
    fn wait(&mut self) {
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
    fn searching(&mut self) -> bool {
        self.handle.as_ref().is_some_and(|h| !h.is_finished())
    }
}

/// Output that records each write with the time it was made.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<(Instant, String)>>>);

impl Write for Recorder {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf).into_owned();
        self.0.lock().unwrap().push((Instant::now(), text));
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Recorder {
    /// The lines written, each with the time its last byte was written.
    fn lines(&self) -> Vec<(Instant, String)> {
        let mut out = Vec::new();
        let mut line = String::new();
        for (t, text) in self.0.lock().unwrap().iter() {
            for c in text.chars() {
                if c == '\n' {
                    out.push((*t, std::mem::take(&mut line)));
                } else {
                    line.push(c);
                }
            }
        }
        out
    }

    fn texts(&self) -> Vec<String> {
        self.lines().into_iter().map(|(_, l)| l).collect()
    }
}

/// Runs a session on `input` (one command a line) with the scripted engine: what it wrote, the
/// `Go`s the engine received, and the final position.
fn run(input: &[&str]) -> (Recorder, Vec<Go>, AnyPosition) {
    let rec = Recorder::default();
    let engine = Scripted::default();
    let seen = engine.seen.clone();
    let out = Output::new(Box::new(rec.clone()));
    let default = Dialect::for_cecp_variant("taikyoku").unwrap();
    let mut session = Session::new(engine, out, default);
    session.run(Cursor::new(input.join("\n") + "\n"));
    let pos = session.position().clone();
    let gos = seen.lock().unwrap().clone();
    (rec, gos, pos)
}

/// A Maka dai dai position in our notation from (square, code) pairs, `side` to move (the test
/// kit's builder).
fn maka(pieces: &[(&str, &str)], side: Colour) -> AnyPosition {
    let side = if side == Colour::Black { 'b' } else { 'w' };
    let text = taikyoku_tests::kit::position_text(19, 19, pieces, side, "-");
    AnyPosition::parse(Variant::builtin("maka-dai-dai").unwrap(), &text).unwrap()
}

/// Our notation's move in `pos`, as QBoard's text.
fn qboard_text(d: &Dialect, pos: &AnyPosition, ours: &str) -> String {
    let m = pos.parse_move(ours).unwrap();
    d.move_text(pos, m)
}

/// The Black lion on 10j can take the White pawns on 10i and 10h in one move (`10j10i10h`),
/// promoting or not; promoted (a furious fiend, `{lion} Q3`) it can then go three squares up to
/// 10e, which a lion cannot. White has only its king (1a), Black's king is on 19s.
fn lion_position(captured_on_10i: &str) -> AnyPosition {
    maka(
        &[
            ("10j", "(LN)"),
            ("10i", captured_on_10i),
            ("10h", "p"),
            ("1a", "k"),
            ("19s", "K"),
        ],
        Colour::Black,
    )
}

#[test]
fn features_end_with_done_on_a_line_of_its_own() {
    let (rec, _, _) = run(&["xboard", "protover 2"]);
    let lines = rec.texts();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("feature myname=") && !lines[0].contains("done"));
    assert_eq!(lines[1], "feature done=1");
}

#[test]
fn under_qboard_the_search_plays_only_moves_qboard_relays() {
    let maka_d = Dialect::for_cecp_variant("maka").unwrap();
    let pos = lion_position("p");
    let fen = maka_d.to_fen(&pos);
    let promoting = pos.parse_move("10j10i10h+").unwrap();
    let declining = pos.parse_move("10j10i10h=").unwrap();
    let (_, gos, _) = run(&["new", "variant maka", &format!("setboard {fen}"), "go"]);
    let test = gos[0].playable.as_ref().expect("a test under QBoard");
    assert!(!test.allows(promoting) && test.allows(declining));
    // The opponent's promotion arrives without `+` and is re-read: it can reach the engine.
    let reach = gos[0].reachable.as_ref().expect("a test under QBoard");
    assert!(reach.allows(promoting) && reach.allows(declining));
    // Not for chu (XBoard's variant), and not once the GUI shows itself to be XBoard.
    let (_, gos, _) = run(&["new", "variant chu", "go"]);
    assert!(gos[0].playable.is_none() && gos[0].reachable.is_none());
    let (_, gos, _) = run(&[
        "new",
        "variant maka",
        "post",
        &format!("setboard {fen}"),
        "go",
    ]);
    assert!(gos[0].playable.is_none() && gos[0].reachable.is_none());
}

#[test]
fn the_result_waits_until_qboard_has_read_the_winning_move() {
    // The Black rook on 9i takes the White king on 9c (Dai dai); the engine plays Black.
    let d = Dialect::for_cecp_variant("daidai").unwrap();
    let v = Variant::builtin("dai-dai").unwrap();
    let pos = AnyPosition::parse(
        v,
        "17/17/8k8/17/17/17/17/17/8R8/17/17/17/17/17/17/17/16K b - 1",
    )
    .unwrap();
    let (rec, _, _) = run(&[
        "new",
        "variant daidai",
        &format!("setboard {}", d.to_fen(&pos)),
        "go",
    ]);
    let lines = rec.lines();
    let texts: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
    let mv = texts
        .iter()
        .position(|l| l.starts_with("move "))
        .expect("a move");
    let win = texts
        .iter()
        .position(|l| *l == "bestmove win")
        .expect("a win");
    assert_eq!(win, mv + 1, "{texts:?}");
    assert!(lines[win].0.duration_since(lines[mv].0) >= RESULT_HOLD);
}

#[test]
fn a_move_legal_only_had_the_previous_one_promoted_rereads_it() {
    let d = Dialect::for_cecp_variant("maka").unwrap();
    let pos = lion_position("p");
    let x = qboard_text(&d, &pos, "10j10i10h+");
    let bare = x.trim_end_matches('+').to_string();
    assert!(bare.contains(','), "a multi-leg move: {bare}");
    // After the lion's move (promoted), White's king steps 1a1b and the furious fiend goes to
    // 10e; read without promotion, 10h10e is not a lion's move.
    let mut after = pos.clone();
    after.make(after.parse_move("10j10i10h+").unwrap());
    let y = qboard_text(&d, &after, "1a1b");
    after.make(after.parse_move("1a1b").unwrap());
    let z = qboard_text(&d, &after, "10h10e");
    after.make(after.parse_move("10h10e").unwrap());
    let fen = d.to_fen(&pos);
    let input = [
        "new",
        "variant maka",
        "force",
        &format!("setboard {fen}"),
        &format!("usermove {bare}"),
        &format!("usermove {y}"),
        &format!("usermove {z}"),
    ];
    let (rec, _, end) = run(&input);
    let lines = rec.texts();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("# QBoard sent") && l.contains(&bare)),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("rejected")), "{lines:?}");
    assert_eq!(end.to_notation(), after.to_notation());
    // Without the telling move the bare move stays declined, and a move legal in neither
    // reading is rejected as usual.
    let (rec, _, end) = run(&input[..6]);
    let mut declined = pos.clone();
    declined.make(declined.parse_move("10j10i10h=").unwrap());
    declined.make(declined.parse_move("1a1b").unwrap());
    assert_eq!(end.to_notation(), declined.to_notation());
    assert!(rec.texts().iter().all(|l| !l.starts_with('#')));
    // 10h (QBoard's j12) to 10b (j18): six squares, beyond a lion and a furious fiend alike.
    assert!(z.starts_with("j12"), "{z}");
    let far = "j12j18";
    let mut bad = input.to_vec();
    let far_line = format!("usermove {far}");
    bad[6] = &far_line;
    let (rec, _, _) = run(&bad);
    let lines = rec.texts();
    assert!(
        lines.iter().any(|l| l.starts_with("# rejected move")),
        "{lines:?}"
    );
}

#[test]
fn a_compulsory_promotion_is_read_from_the_bare_multi_leg_move() {
    // Taking a promoted piece makes Maka's promotion compulsory: the bare text (as QBoard
    // relays it) already means the promotion, and nothing is left unconfirmed.
    let d = Dialect::for_cecp_variant("maka").unwrap();
    let pos = lion_position("+p");
    let x = qboard_text(&d, &pos, "10j10i10h+");
    let bare = x.trim_end_matches('+');
    let m = d.parse_move(&pos, bare).unwrap();
    assert_eq!(m.promotion(), Promotion::Promote);
    assert_eq!(Unconfirmed::of(&d, &pos, bare, m), None);
    // Optional: the bare text declines, and the promotion is left unconfirmed.
    let pos = lion_position("p");
    let m = d.parse_move(&pos, bare).unwrap();
    assert_ne!(m.promotion(), Promotion::Promote);
    assert!(Unconfirmed::of(&d, &pos, bare, m).is_some());
}
