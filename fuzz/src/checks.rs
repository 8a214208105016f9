//! What each fuzz target checks. This file is compiled twice: into the cargo-fuzz crate (the
//! targets call these functions on libFuzzer's inputs) and, by `#[path]`, into the workspace's
//! stable test `cli/tests/fuzz_corpus.rs`, which replays the committed minimised corpora in
//! every CI run.
//!
//! Every function takes any bytes and panics only when it finds a bug: a panic in the code
//! under test, or an accepted position whose make/unmake or incremental hash is inconsistent.
//! Input: the first byte picks the variant (or CECP dialect), the rest is the text.

use std::io::Cursor;
use std::sync::{Arc, OnceLock};

use taikyoku_movegen::{with_position, AnyPosition, Move, Variant};
use taikyoku_protocol::dialect::Dialect;
use taikyoku_protocol::engine::{Engine, EngineOption, Go, Output, Reporter};
use taikyoku_protocol::{cecp, usi};

/// The built-in variants, loaded once.
fn variants() -> &'static [Arc<Variant>] {
    static V: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    V.get_or_init(|| {
        taikyoku_movegen::BUILTIN
            .iter()
            .map(|id| Variant::builtin(id).expect("built-in variant"))
            .collect()
    })
}

/// The variant picked by `data`'s first byte, and the rest as text.
fn split(data: &[u8]) -> Option<(&'static Arc<Variant>, String)> {
    let (&first, rest) = data.split_first()?;
    let v = variants();
    Some((
        &v[first as usize % v.len()],
        String::from_utf8_lossy(rest).into_owned(),
    ))
}

/// At most this many moves of a position are played and taken back by [`check_position`].
const MOVES_CHECKED: usize = 48;

/// An accepted position must be consistent (board, piece lists, bitboards, counts and the
/// incremental hash agree), write itself back the same, and every move of it (a sample of at
/// most [`MOVES_CHECKED`]) must make and unmake cleanly, keep the hash consistent, and have a
/// canonical string that reads back as the same move.
pub fn check_position(pos: &AnyPosition) {
    with_position!(pos, p => {
        if let Err(e) = p.check_consistency() {
            panic!("{}: {e}", p.to_notation());
        }
        let text = p.to_notation();
        let again = AnyPosition::parse(p.variant().clone(), &text)
            .unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
        assert_eq!(again.to_notation(), text, "notation round trip");
        let moves = p.moves();
        let step = moves.len().div_ceil(MOVES_CHECKED).max(1);
        let mut q = p.clone();
        let _ = q.game_result(&[]);
        for &m in moves.iter().step_by(step) {
            check_move(&mut q, m, &text);
        }
    });
}

fn check_move<const N: usize>(q: &mut taikyoku_movegen::Position<N>, m: Move, text: &str) {
    let hash = q.hash();
    let s = q.move_to_string(m);
    match q.parse_move(&s) {
        Ok(back) => assert_eq!(back, m, "{text}: '{s}' reads back as another move"),
        Err(e) => panic!("{text}: canonical '{s}' does not read back: {e}"),
    }
    q.make(m);
    if let Err(e) = q.check_consistency() {
        panic!("{text}: after '{s}': {e}");
    }
    q.unmake();
    assert_eq!(q.hash(), hash, "{text}: '{s}' unmade, hash differs");
    assert_eq!(
        q.to_notation(),
        text,
        "{text}: '{s}' unmade, position differs"
    );
}

/// The position parser: any text is parsed or rejected; what is accepted is checked.
pub fn position(data: &[u8]) {
    let Some((v, text)) = split(data) else { return };
    if let Ok(p) = AnyPosition::parse(v.clone(), &text) {
        check_position(&p);
    }
    // With moves, as openings, USI and the command line read them.
    if let Ok(p) = AnyPosition::parse_with_moves(v.clone(), &text) {
        check_position(&p);
    }
}

/// Positions to read moves in: the start position and the first positions of the variant's
/// perft-data file.
fn move_positions(v: &Arc<Variant>) -> Vec<AnyPosition> {
    let data = match v.id() {
        "taikyoku" => include_str!("../../perft-data/taikyoku.perft"),
        "maka-dai-dai" => include_str!("../../perft-data/maka-dai-dai.perft"),
        "dai-dai" => include_str!("../../perft-data/dai-dai.perft"),
        "ko" => include_str!("../../perft-data/ko.perft"),
        "chu" => include_str!("../../perft-data/chu.perft"),
        "dai" => include_str!("../../perft-data/dai.perft"),
        "tai" => include_str!("../../perft-data/tai.perft"),
        _ => "",
    };
    data.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(4)
        .filter_map(|l| AnyPosition::parse(v.clone(), l.split(';').next()?.trim()).ok())
        .collect()
}

/// The move parser: the second byte picks a position, the rest is a move; an accepted move
/// must be one of the position's moves, its canonical string must read back as it, and it
/// must make and unmake cleanly.
pub fn moves(data: &[u8]) {
    static POSITIONS: OnceLock<Vec<Vec<AnyPosition>>> = OnceLock::new();
    let all = POSITIONS.get_or_init(|| variants().iter().map(move_positions).collect());
    let [vi, pi, rest @ ..] = data else { return };
    let list = &all[*vi as usize % all.len()];
    if list.is_empty() {
        return;
    }
    let pos = &list[*pi as usize % list.len()];
    let text = String::from_utf8_lossy(rest);
    with_position!(pos, p => {
        if let Ok(m) = p.parse_move(&text) {
            assert!(p.moves().contains(&m), "'{text}' read as a move the position does not have");
            let notation = p.to_notation();
            let mut q = p.clone();
            check_move(&mut q, m, &notation);
        }
    });
}

/// The variant-file parser: any text is read or rejected with an error; an accepted variant's
/// start position is checked as a position.
pub fn variant_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(v) = Variant::from_text("fuzz.var", &text) {
        check_position(&AnyPosition::startpos(v));
    }
}

/// An engine that answers at once: its move is the first legal move (or none). The protocol
/// loops are fuzzed, not the search.
pub struct Stub;

impl Engine for Stub {
    fn id(&self) -> (String, String) {
        ("stub".into(), "fuzz".into())
    }
    fn options(&self) -> Vec<EngineOption> {
        Vec::new()
    }
    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), String> {
        match name {
            "USI_Hash" | "Threads" => Ok(()),
            _ => Err(format!("unknown option '{name}'")),
        }
    }
    fn set_variant(&mut self, _variant: Arc<Variant>) {}
    fn ready(&mut self) {}
    fn new_game(&mut self) {}
    fn go(&mut self, pos: &AnyPosition, _go: &Go, mut report: Box<dyn Reporter>) {
        let best = with_position!(pos, p => p.clone().legal_moves().first().copied());
        report.finished(best, None);
    }
    fn stop(&mut self) {}
    fn ponderhit(&mut self) {}
    fn wait(&mut self) {}
    fn searching(&mut self) -> bool {
        false
    }
}

/// The USI loop on any input (lines, commands, moves, options); the position it ends with is
/// checked.
pub fn usi(data: &[u8]) {
    let Some((v, _)) = split(data) else { return };
    let out = Output::new(Box::new(std::io::sink()));
    let mut session = usi::Session::new(Stub, out, v.clone());
    session.run(Cursor::new(data[1..].to_vec()));
    check_position(session.position());
}

/// The CECP loop in one of its dialects on any input; the position it ends with is checked.
pub fn cecp(data: &[u8]) {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    // The names the corpora were made with: the readings (`chu-hachu`, written as `chu` is)
    // came later and are left out, so that every committed input keeps its dialect.
    let names = NAMES.get_or_init(|| {
        Dialect::announced_variants()
            .into_iter()
            .filter(|n| !taikyoku_movegen::READINGS.contains(&n.as_str()))
            .collect()
    });
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(dialect) = Dialect::for_cecp_variant(&names[first as usize % names.len()]) else {
        return;
    };
    let out = Output::new(Box::new(std::io::sink()));
    let mut session = cecp::Session::new(Stub, out, dialect);
    session.run(Cursor::new(rest.to_vec()));
    check_position(session.position());
}

/// The web GUI's page session on any sequence of page messages (one per line, at most 64), with
/// an engine that cannot start: every message is answered without a panic, and every message
/// for the page serialises. The first byte picks the variant the page starts with.
pub fn gui(data: &[u8]) {
    use taikyoku_gui::engine::EngineRegistry;
    use taikyoku_gui::session::Session;
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    let runtime = RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    });
    let _inside = runtime.enter();
    let Some((v, text)) = split(data) else { return };
    let engine = vec!["/nonexistent/taikyoku-fuzz-engine".to_string()];
    let Ok(cfg) = taikyoku_gui::Config::new(0, engine, v.id()) else {
        return;
    };
    let (events, _unused) = tokio::sync::mpsc::channel(8);
    let mut session = Session::new(Arc::new(cfg), events, Arc::new(EngineRegistry::default()));
    for line in text.lines().take(64) {
        session.on_client(line);
        for m in session.take_messages() {
            serde_json::to_string(&m).expect("a message for the page serialises");
        }
    }
    session.close();
}
