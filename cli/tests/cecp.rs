//! The CECP (XBoard protocol) loop, driven through the binary's standard input and output:
//! QBoard's observed conversations for Dai dai (`daidai`), Maka dai dai (`maka`) and Ko
//! (`koshogi`), an XBoard-style chu game, and malformed input. Every reply is checked; the
//! engine's moves are refereed by the move generator through the dialect.

mod common;

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use taikyoku_movegen::{with_position, AnyPosition, Move};
use taikyoku_protocol::dialect::Dialect;

/// What QBoard turns into a blocking dialog (it must never see them).
const QBOARD_TRIGGERS: &[&str] = &[
    "Illegal move",
    "telluser",
    "tellusererror",
    "tellall",
    "tellopponent",
    "askuser",
];

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Everything received, for the QBoard-safety check.
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let (child, stdin, lines) = common::spawn_engine();
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line, within `secs` seconds.
    fn next(&mut self, secs: u64) -> Option<String> {
        let line = self.lines.recv_timeout(Duration::from_secs(secs)).ok()?;
        self.seen.push(line.clone());
        Some(line)
    }

    /// Lines up to and including the first that satisfies `done`.
    fn until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let line = self
                .next(120)
                .unwrap_or_else(|| panic!("no {what} within two minutes; got {out:?}"));
            let end = done(&line);
            out.push(line);
            if end {
                return out;
            }
        }
    }

    /// Everything the engine wrote before it answered a handshake: `protover 2`, whose only
    /// effect is the feature lines (QBoard sends it too, so the engine stays in QBoard's
    /// conventions, which `ping` would end). Not for edit mode, which reads it as a piece.
    fn sync(&mut self) -> Vec<String> {
        self.send("protover 2");
        let mut lines = self.until("the features", |l| l == "feature done=1");
        assert!(
            lines.len() >= 2 && lines[lines.len() - 2].starts_with("feature "),
            "{lines:?}"
        );
        lines.truncate(lines.len() - 2);
        lines
    }

    /// The engine's move: the lines up to the `move` line that does not end in a comma, and the
    /// move's text with its legs joined (`b6b7,` + `b7b8` -> `b6b7,b7b8`).
    fn engine_move(&mut self) -> (Vec<String>, String) {
        let lines = self.until("move", |l| {
            l.starts_with("move ") && !l.ends_with(',')
                || l.starts_with("bestmove")
                || l.starts_with("resign")
        });
        let text: String = lines
            .iter()
            .filter_map(|l| l.strip_prefix("move "))
            .collect();
        (lines, text)
    }

    fn handshake(&mut self) -> String {
        self.send("xboard");
        self.send("protover 2");
        let lines = self.until("features", |l| l.contains("done=1"));
        let features = lines.join(" ");
        for f in [
            "myname=\"taikyoku",
            "usermove=1",
            "setboard=1",
            "ping=1",
            "memory=1",
            "sigint=0",
            "sigterm=0",
            "colors=0",
            "analyze=1",
            "done=1",
        ] {
            assert!(features.contains(f), "{f} missing: {features}");
        }
        features
    }

    /// Asserts that nothing QBoard would show as a dialog was printed.
    fn assert_qboard_safe(&self) {
        for line in &self.seen {
            for t in QBOARD_TRIGGERS {
                assert!(
                    !line.to_ascii_lowercase().contains(&t.to_ascii_lowercase()),
                    "QBoard dialog trigger in {line:?}"
                );
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

/// The referee's copy of the game, in the GUI's dialect.
struct Game {
    dialect: Dialect,
    pos: AnyPosition,
}

impl Game {
    fn new(cecp_name: &str) -> Game {
        let dialect = Dialect::for_cecp_variant(cecp_name).expect("the dialect exists");
        Game {
            pos: dialect.start_position(),
            dialect,
        }
    }

    /// Plays a move given in the GUI's text; panics if it is not legal.
    fn play(&mut self, text: &str) -> Move {
        let m = self
            .dialect
            .parse_move(&self.pos, text)
            .unwrap_or_else(|e| panic!("'{text}' is not legal here: {e}"));
        let forbidden = with_position!(&mut self.pos, p => p.is_forbidden_by_history(m));
        assert!(!forbidden, "'{text}' repeats a position");
        with_position!(&mut self.pos, p => p.make(m));
        m
    }

    fn legal(&mut self) -> Vec<Move> {
        with_position!(&mut self.pos, p => p.legal_moves())
    }

    fn text(&self, m: Move) -> String {
        self.dialect.move_text(&self.pos, m)
    }

    /// The texts of the legal moves.
    fn texts(&mut self) -> Vec<String> {
        self.legal().into_iter().map(|m| self.text(m)).collect()
    }

    /// A legal move chosen by `seed`, as text.
    fn some_move(&mut self, seed: usize) -> String {
        let texts = self.texts();
        texts[seed.wrapping_mul(7919) % texts.len()].clone()
    }

    fn over(&mut self) -> bool {
        with_position!(&mut self.pos, p => p.game_result(&[]).is_some())
    }

    /// Plays quasi-random moves until `want` holds for some legal move's text (at most `plies`
    /// plies); returns that text, the position staying before it.
    fn find(&mut self, plies: usize, want: impl Fn(&str) -> bool) -> Option<String> {
        for i in 0..plies {
            if self.over() {
                return None;
            }
            let texts = self.texts();
            if let Some(t) = texts.iter().find(|t| want(t)) {
                return Some(t.clone());
            }
            let t = texts[(i * 7919 + 13) % texts.len()].clone();
            self.play(&t);
        }
        None
    }

    fn fen(&self) -> String {
        self.dialect.to_fen(&self.pos)
    }
}

/// The engine moves: its lines are QBoard-style (no `#` errors), the move is legal and played
/// on the referee's board. Returns the move's text.
fn expect_engine_move(e: &mut Engine, g: &mut Game, one_line: bool) -> String {
    let (lines, text) = e.engine_move();
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with('#') || l.contains("rror")),
        "{lines:?}"
    );
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("move ")).collect();
    assert!(!moves.is_empty(), "no move: {lines:?}");
    if one_line {
        assert_eq!(moves.len(), 1, "legs must come on one line: {lines:?}");
    } else {
        for l in &moves[..moves.len() - 1] {
            assert!(l.ends_with(','), "every leg but the last ends in a comma");
        }
        for l in &moves {
            assert_eq!(
                l.matches(',').count(),
                usize::from(l.ends_with(',')),
                "one leg per line: {lines:?}"
            );
        }
    }
    g.play(&text);
    text
}

/// Three exchanges after the engine's move: a legal reply of ours, then the engine's move.
fn answer_three_moves(e: &mut Engine, g: &mut Game) {
    for i in 0..3 {
        let reply = g.some_move(i);
        e.send(&format!("usermove {reply}"));
        g.play(&reply);
        expect_engine_move(e, g, false);
    }
}

#[test]
fn qboard_dai_dai_engine_moves_first() {
    let mut e = Engine::start();
    let features = e.handshake();
    for v in ["daidai", "maka", "koshogi", "chu"] {
        assert!(
            features.contains(v),
            "variant {v} not announced: {features}"
        );
    }
    e.send("new");
    e.send("variant daidai");
    e.send("sd 2");
    e.send("go");
    let mut g = Game::new("daidai");
    expect_engine_move(&mut e, &mut g, false);
    answer_three_moves(&mut e, &mut g);
    assert_eq!(e.sync(), Vec::<String>::new());
    e.assert_qboard_safe();
    e.quit();
}

/// A QBoard game of `variant`: the opponent's first move `first` in CECP squares (our
/// `first_ours`), `replies` more of its moves, then a position set up with QBoard's FEN, which
/// must hold each of `letters`; the engine's moves legal on the referee's board throughout.
fn qboard_game_and_setboard(
    variant: &str,
    first: &str,
    first_ours: &str,
    replies: usize,
    letters: &[&str],
) {
    let mut e = Engine::start();
    let features = e.handshake();
    assert!(
        features.contains(&format!(",{variant},")),
        "{variant} not announced: {features}"
    );
    e.send("new");
    e.send(&format!("variant {variant}"));
    e.send("sd 1");
    e.send(first);
    let mut g = Game::new(variant);
    let m = g.dialect.parse_move(&g.pos, first).unwrap();
    assert_eq!(g.pos.move_to_string(m), first_ours);
    g.play(first);
    expect_engine_move(&mut e, &mut g, false);
    for i in 0..replies {
        let reply = g.some_move(i);
        e.send(&format!("usermove {reply}"));
        g.play(&reply);
        expect_engine_move(&mut e, &mut g, false);
    }
    let fen = g.fen();
    let upper = fen.to_uppercase();
    for l in letters {
        assert!(upper.contains(l), "{l} not in {fen}");
    }
    e.send(&format!("setboard {fen}"));
    let reply = g.some_move(7);
    e.send(&format!("usermove {reply}"));
    g.play(&reply);
    expect_engine_move(&mut e, &mut g, false);
    assert_eq!(e.sync(), Vec::<String>::new());
    e.assert_qboard_safe();
    e.quit();
}

/// QBoard's `dai` (also HaChu's name): QBoard's setup and letters (`Y` knight, `J` iron
/// general), the opponent's moves in CECP squares (`i5i6` is our 7k7j).
#[test]
fn qboard_dai_game_and_setboard() {
    qboard_game_and_setboard("dai", "i5i6", "7k7j", 3, &["Y", "J"]);
}

/// QBoard's `tai`: QBoard's setup and letters (`V~` turtle-snake, `` E` `` emperor), the
/// opponent's moves in CECP squares (`m7m8` is our 13s13r).
#[test]
fn qboard_tai_game_and_setboard() {
    qboard_game_and_setboard("tai", "m7m8", "13s13r", 2, &["V~", "E`"]);
}

#[test]
fn qboard_maka_bare_first_move_and_multi_leg_moves() {
    let mut e = Engine::start();
    e.handshake();
    e.send("new");
    e.send("variant maka");
    e.send("sd 1");
    // QBoard relays the opponent's first move without `usermove`.
    e.send("a6a7");
    let mut g = Game::new("maka");
    g.play("a6a7");
    expect_engine_move(&mut e, &mut g, false);
    // A position with a multi-leg move for the side to move, sent with setboard.
    let multi = g
        .find(300, |t| t.contains(','))
        .expect("a multi-leg move turns up");
    e.send(&format!("setboard {}", g.fen()));
    e.send(&format!("usermove {multi}"));
    g.play(&multi);
    expect_engine_move(&mut e, &mut g, false);
    assert_eq!(e.sync(), Vec::<String>::new());
    e.assert_qboard_safe();
    e.quit();
}

#[test]
fn qboard_ko_shots_and_one_line_legs() {
    let mut e = Engine::start();
    e.handshake();
    e.send("new");
    e.send("variant koshogi");
    e.send("sd 1");
    e.send("go");
    let mut g = Game::new("koshogi");
    expect_engine_move(&mut e, &mut g, true);
    let reply = g.some_move(5);
    e.send(&format!("usermove {reply}"));
    g.play(&reply);
    expect_engine_move(&mut e, &mut g, true);
    // A shot (`f5xf15`), from a position sent with setboard.
    let shot = g.find(600, |t| t.contains('x')).expect("a shot turns up");
    e.send(&format!("setboard {}", g.fen()));
    e.send(&format!("usermove {shot}"));
    g.play(&shot);
    if !g.over() {
        expect_engine_move(&mut e, &mut g, true);
    }
    assert_eq!(e.sync(), Vec::<String>::new());
    e.assert_qboard_safe();
    e.quit();
}

/// Edit-mode lines (`#`, pieces of the first player, `c`, the second's, `.`) that set up the
/// position of a QBoard FEN.
fn edit_lines(fen: &str) -> Vec<String> {
    let board = fen.split_whitespace().next().unwrap();
    let rows: Vec<&str> = board.split('/').collect();
    let height = rows.len();
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for (r, row) in rows.iter().enumerate() {
        let rank = height - r;
        let mut file = 0;
        let b = row.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let mut n = 0;
                while i < b.len() && b[i].is_ascii_digit() {
                    n = n * 10 + (b[i] - b'0') as usize;
                    i += 1;
                }
                file += n;
                continue;
            }
            let mut code = String::new();
            if b[i] == b'+' {
                code.push('+');
                i += 1;
            }
            let letter = b[i] as char;
            code.push(letter.to_ascii_uppercase());
            i += 1;
            if i < b.len() && b"'!~`".contains(&b[i]) {
                code.push(b[i] as char);
                i += 1;
            }
            let sq = format!("{}{}", (b'a' + file as u8) as char, rank);
            if letter.is_ascii_uppercase() {
                first.push(format!("{code}{sq}"));
            } else {
                second.push(format!("{code}{sq}"));
            }
            file += 1;
        }
    }
    let mut out = vec!["edit".to_string(), "#".to_string()];
    out.extend(first);
    out.push("c".into());
    out.extend(second);
    out.push(".".into());
    out
}

#[test]
fn qboard_edit_mode_sets_up_the_position() {
    // Two quiet moves (no captures, no promotions at the start of Dai dai): the first player
    // is on move again. Then a move of the piece that moved first: legal only in the edited
    // position.
    let (mut g, next) = (0..50)
        .find_map(|seed| {
            let mut g = Game::new("daidai");
            let m1 = g.some_move(seed);
            g.play(&m1);
            let m2 = g.some_move(seed + 1);
            g.play(&m2);
            let dest: String = m1
                .chars()
                .skip(1)
                .skip_while(|c| c.is_ascii_digit())
                .collect();
            let next = g.texts().into_iter().find(|t| {
                t.starts_with(&dest) && !t[dest.len()..].starts_with(|c: char| c.is_ascii_digit())
            })?;
            Some((g, next))
        })
        .expect("a piece that can move twice");
    let mut e = Engine::start();
    e.handshake();
    e.send("new");
    e.send("variant daidai");
    e.send("sd 1");
    for l in edit_lines(&g.fen()) {
        e.send(&l);
    }
    e.send(&format!("usermove {next}"));
    g.play(&next);
    expect_engine_move(&mut e, &mut g, false);
    assert_eq!(e.sync(), Vec::<String>::new());
    e.assert_qboard_safe();
    e.quit();
}

/// Plays `text` (our notation) from `pos` and returns the move in the dialect.
fn dialect_move(d: &Dialect, pos: &AnyPosition, ours: &str) -> String {
    let m = with_position!(pos, p => p.parse_move(ours).unwrap());
    d.move_text(pos, m)
}

#[test]
fn qboard_game_ends_with_bestmove_win_or_resign() {
    let d = Dialect::for_cecp_variant("daidai").unwrap();
    // Black (QBoard's White, the first player) can take White's lone king with its rook.
    let pos = AnyPosition::parse(
        d.variant.clone(),
        "k16/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/R15K b - 1",
    )
    .unwrap();
    let fen = d.to_fen(&pos);
    let capture = dialect_move(&d, &pos, "17q17a");
    // The engine takes: its move, then `bestmove win`.
    let mut e = Engine::start();
    e.handshake();
    e.send("new");
    e.send("variant daidai");
    e.send("sd 2");
    e.send(&format!("setboard {fen}"));
    e.send("go");
    let (lines, text) = e.engine_move();
    assert_eq!(text, capture, "{lines:?}");
    let end = e.next(30).expect("the game end");
    assert_eq!(end, "bestmove win");
    // The opponent takes the engine's king: `bestmove resign`.
    e.send("new");
    e.send("variant daidai");
    e.send(&format!("setboard {fen}"));
    e.send(&format!("usermove {capture}"));
    assert_eq!(e.next(30).as_deref(), Some("bestmove resign"));
    // Moves after the end are refused, quietly for QBoard; go gets the end again.
    e.send("a6a7");
    let l = e.next(30).unwrap();
    assert!(l.starts_with("# "), "{l}");
    e.send("go");
    let lines = e.until("the end again", |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove resign");
    e.assert_qboard_safe();
    e.quit();
}

#[test]
fn qboard_engine_multi_leg_move_comes_one_leg_per_line() {
    let d = Dialect::for_cecp_variant("daidai").unwrap();
    // The lion can take both queens in front of it in one move.
    let text = taikyoku_tests::kit::position_text(
        17,
        17,
        &[
            ("1a", "k"),
            ("9k", "q"),
            ("9l", "q"),
            ("9m", "LN"),
            ("17q", "K"),
        ],
        'b',
        "-",
    );
    let pos = AnyPosition::parse(d.variant.clone(), &text).unwrap();
    let double = dialect_move(&d, &pos, "9m9l9k");
    let mut e = Engine::start();
    e.handshake();
    e.send("new");
    e.send("variant daidai");
    e.send("sd 2");
    e.send(&format!("setboard {}", d.to_fen(&pos)));
    e.send("go");
    let mut g = Game::new("daidai");
    g.pos = pos;
    let (lines, text) = e.engine_move();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].ends_with(','), "{lines:?}");
    assert_eq!(text.trim_end_matches('+'), double.trim_end_matches('+'));
    g.play(&text);
    e.assert_qboard_safe();
    e.quit();
}

#[test]
fn fourfold_repetition_is_a_draw_in_both_conventions() {
    let d = Dialect::for_cecp_variant("maka").unwrap();
    let start = taikyoku_tests::kit::position_text(19, 19, &[("10a", "k"), ("10s", "K")], 'b', "-");
    let cycle = ["10s10r", "10a10b", "10r10s", "10b10a"];
    for (xboard, end) in [
        (false, "offer draw"),
        (true, "1/2-1/2 {fourfold repetition}"),
    ] {
        let mut e = Engine::start();
        e.handshake();
        if xboard {
            e.send("accepted done");
        }
        e.send("new");
        e.send("variant maka");
        e.send(&format!(
            "setboard {}",
            d.to_fen(&AnyPosition::parse(d.variant.clone(), &start).unwrap())
        ));
        let mut g = Game::new("maka");
        g.pos = AnyPosition::parse(d.variant.clone(), &start).unwrap();
        // Eleven plies in force mode, then the twelfth (the fourth occurrence) as the opponent.
        e.send("force");
        for ply in 0..12 {
            if ply == 11 {
                e.send("playother");
            }
            let text = dialect_move(&d, &g.pos, cycle[ply % 4]);
            e.send(&format!("usermove {text}"));
            g.play(&text);
        }
        assert_eq!(e.next(30).as_deref(), Some(end));
        assert_eq!(e.sync(), Vec::<String>::new());
        e.assert_qboard_safe();
        e.quit();
    }
}

/// Issue 14: Ko at `sd 3` under QBoard, from the relay harness's game 3 (`koshogi`, sd 3 against
/// sd 1) at ply 542, the engine's side (to move) a dozen pawns up. The opponent's pieces on f10
/// and p11 could move and shoot (`f10f7xj3`, `p11q10xj3`), moves QBoard cannot relay (it cuts the
/// shot off), so no engine playing through QBoard can make them. Counting them as threats, the
/// engine judged the position about even (-29 centipawns at depth 3) and repeated it (`j5i4`,
/// back to the position after ply 543: a draw, 0, looked better), and the game ended in fourfold
/// repetition. Expecting from the opponent only moves that can reach it, the engine sees its
/// lead (about +1300) and does not repeat.
#[test]
fn qboard_ko_no_repetition_for_fear_of_a_move_qboard_cannot_relay() {
    let fen = "a't'2sg1exkoe1gs2s'a'/r'5ntlmutl'1f3r'/1i4c'1y3c'2l'3/19/9l'3+i5/19/8f10/19/\
               15j3/5+i13/19/19/17C1/8L'10/13P5/3C'4E2P7/1I1L'1I2MJTL'C'2L'3/\
               R'3G3UKL1G1I1F1R'/A'S'DFS3O1XE1NST'2A' w";
    let mut g = Game::new("koshogi");
    g.pos = g.dialect.parse_fen(fen).unwrap();
    let mut e = Engine::start();
    e.handshake();
    e.send("new");
    e.send("variant koshogi");
    e.send("sd 3");
    e.send(&format!("setboard {fen}"));
    e.send("force");
    for m in ["k1j1", "f10f11", "i4j5", "f11f10"] {
        e.send(&format!("usermove {m}"));
        g.play(m);
    }
    e.send("go");
    let text = expect_engine_move(&mut e, &mut g, true);
    let repeats = with_position!(&g.pos, p => p.repetitions());
    assert_eq!(repeats, 0, "'{text}' repeats the position after k1j1");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.assert_qboard_safe();
    e.quit();
}

/// Checks a thinking line (`depth score time nodes pv...`) and returns its numbers.
fn thinking(line: &str) -> (i64, i64, i64, i64) {
    let w: Vec<&str> = line.split_whitespace().collect();
    assert!(w.len() >= 4, "thinking line: {line}");
    let n = |i: usize| {
        w[i].parse::<i64>()
            .unwrap_or_else(|_| panic!("thinking line: {line}"))
    };
    (n(0), n(1), n(2), n(3))
}

#[test]
fn xboard_chu_game() {
    let mut e = Engine::start();
    let features = e.handshake();
    for f in features.split_whitespace().skip(1) {
        if let Some((name, _)) = f.split_once('=') {
            e.send(&format!("accepted {name}"));
        }
    }
    e.send("new");
    e.send("variant chu");
    e.send("level 40 5 0");
    e.send("post");
    e.send("hard");
    e.send("easy");
    e.send("memory 32");
    e.send("cores 1");
    e.send("ping 1");
    assert_eq!(e.next(30).as_deref(), Some("pong 1"));
    let mut g = Game::new("chu");
    // The user (XBoard's white, our Black) moves; the engine answers with thinking output.
    e.send("time 1000");
    e.send("otim 1000");
    e.send("usermove f4f5");
    g.play("f4f5");
    e.send("ping 2");
    let (lines, text) = e.engine_move();
    let think: Vec<&String> = lines.iter().filter(|l| !l.starts_with("move ")).collect();
    assert!(!think.is_empty(), "post gives thinking output: {lines:?}");
    let mut last_depth = 0;
    for l in &think {
        let (depth, score, cs, nodes) = thinking(l);
        assert!(
            depth >= last_depth && score.abs() < 100_000 && cs >= 0 && nodes > 0,
            "{l}"
        );
        last_depth = depth;
        let pv: Vec<&str> = l.split_whitespace().skip(4).collect();
        assert!(!pv.is_empty(), "{l}");
        let mut p = Game::new("chu");
        p.pos = g.pos.clone();
        for m in pv {
            p.play(m);
        }
    }
    g.play(&text);
    // A ping sent while the engine thought is answered after its move.
    assert_eq!(e.next(30).as_deref(), Some("pong 2"));
    // nopost: no thinking output; undo/remove.
    e.send("nopost");
    let reply = g.some_move(1);
    e.send("time 1000");
    e.send("otim 1000");
    e.send(&format!("usermove {reply}"));
    g.play(&reply);
    let (lines, text) = e.engine_move();
    assert!(lines.iter().all(|l| l.starts_with("move ")), "{lines:?}");
    g.play(&text);
    // remove: the user takes back their move and the engine's; then plays another.
    e.send("remove");
    with_position!(&mut g.pos, p => {
        p.unmake();
        p.unmake();
    });
    let other = g.some_move(2);
    e.send(&format!("usermove {other}"));
    g.play(&other);
    let (_, text) = e.engine_move();
    g.play(&text);
    // force + undo: the engine's move is taken back and replayed by hand.
    e.send("force");
    e.send("undo");
    e.send(&format!("usermove {text}"));
    e.send("ping 3");
    assert_eq!(e.next(30).as_deref(), Some("pong 3"));
    // go: the engine plays the side on move.
    e.send("st 1");
    e.send("go");
    let (_, text) = e.engine_move();
    g.play(&text);
    e.send("result 1-0 {White resigns}");
    e.send("ping 4");
    assert_eq!(e.next(30).as_deref(), Some("pong 4"));
    // Analysis: thinking output, moves and undo restart it, exit leaves it.
    e.send("new");
    e.send("variant chu");
    e.send("post");
    e.send("analyze");
    let l = e.next(60).unwrap();
    thinking(&l);
    e.send("usermove f4f5");
    e.send("undo");
    e.send("exit");
    e.send("ping 5");
    let lines = e.until("pong 5", |l| l == "pong 5");
    for l in &lines[..lines.len() - 1] {
        thinking(l);
    }
    // The engine moves first in a new game.
    e.send("new");
    e.send("variant chu");
    e.send("sd 2");
    e.send("nopost");
    e.send("go");
    let mut g = Game::new("chu");
    let (lines, text) = e.engine_move();
    assert!(lines.iter().all(|l| l.starts_with("move ")), "{lines:?}");
    g.play(&text);
    e.quit();
}

#[test]
fn xboard_chu_mate_score_and_result() {
    let d = Dialect::for_cecp_variant("chu").unwrap();
    let pos = AnyPosition::parse(
        d.variant.clone(),
        "k1gg8/12/12/12/12/12/12/12/12/12/12/R9GK b - 1",
    )
    .unwrap();
    let capture = dialect_move(&d, &pos, "12l12a");
    let mut e = Engine::start();
    e.handshake();
    e.send("accepted done");
    e.send("new");
    e.send("variant chu");
    e.send("post");
    e.send("sd 3");
    e.send(&format!("setboard {}", d.to_fen(&pos)));
    e.send("go");
    let (lines, text) = e.engine_move();
    assert_eq!(text.trim_end_matches('+'), capture.trim_end_matches('+'));
    let last = lines[lines.len() - 2].as_str();
    assert_eq!(thinking(last).1, 100_001, "mate in 1: {last}");
    assert_eq!(e.next(30).as_deref(), Some("1-0 {objective captured}"));
    e.quit();
}

#[test]
fn xboard_malformed_input_gets_errors_and_the_engine_keeps_running() {
    let mut e = Engine::start();
    e.handshake();
    e.send("accepted usermove");
    e.send("new");
    e.send("variant chu");
    for (bad, reply) in [
        ("frobnicate", "Error (unknown command): frobnicate"),
        ("usermove", "Error (usermove needs a move): usermove"),
        ("level 40 x 0", "Error ("),
        ("time soon", "Error ("),
        ("memory lots", "Error ("),
        ("sd", "Error ("),
        ("variant chess", "Error ("),
        ("setboard", "Error (setboard needs a position): setboard"),
        ("setboard garbage w", "Error ("),
        ("undo", "Error (no move to take back): undo"),
        ("usermove z99z98", "Illegal move ("),
        ("usermove a1a2", "Illegal move ("),
        ("a1a2", "Illegal move ("),
    ] {
        e.send(bad);
        e.send("ping 9");
        let lines = e.until("pong", |l| l == "pong 9");
        assert_eq!(lines.len(), 2, "{bad}: {lines:?}");
        assert!(lines[0].starts_with(reply), "{bad}: {lines:?}");
        assert!(lines[0].ends_with(bad.split_whitespace().last().unwrap()));
    }
    // The game goes on after the errors.
    e.send("sd 1");
    e.send("usermove f4f5");
    let mut g = Game::new("chu");
    g.play("f4f5");
    let (_, text) = e.engine_move();
    g.play(&text);
    e.quit();
}

#[test]
fn qboard_malformed_input_stays_quiet_and_safe() {
    let mut e = Engine::start();
    e.handshake();
    e.send("new");
    e.send("variant daidai");
    for bad in [
        "frobnicate",
        "telluser hello",
        "usermove z99z98",
        "a1a2",
        "setboard Illegal move",
        "variant chess",
    ] {
        e.send(bad);
        let lines = e.sync();
        assert!(
            !lines.is_empty() && lines.iter().all(|l| l.starts_with("# ")),
            "{bad}: {lines:?}"
        );
    }
    // A bad piece in edit mode (the handshake waits for the end of edit mode).
    for line in ["edit", "Q~z99", "."] {
        e.send(line);
    }
    let lines = e.sync();
    assert!(
        !lines.is_empty() && lines.iter().all(|l| l.starts_with("# ")),
        "edit mode: {lines:?}"
    );
    // Still playing.
    e.send("sd 1");
    e.send("a6a7");
    let mut g = Game::new("daidai");
    g.play("a6a7");
    expect_engine_move(&mut e, &mut g, false);
    e.assert_qboard_safe();
    e.quit();
}

#[test]
fn first_line_chooses_the_protocol() {
    // Anything but `xboard` is USI, and that line is handled by USI.
    let mut e = Engine::start();
    e.send("usi");
    let lines = e.until("usiok", |l| l == "usiok");
    assert!(lines[0].starts_with("id name taikyoku"));
    e.quit();
    let mut e = Engine::start();
    e.send("");
    e.send("isready");
    assert_eq!(e.next(30).as_deref(), Some("readyok"));
    e.quit();
}

#[test]
fn xboard_chu_accepts_hachu_moves_that_lishogi_forbids() {
    // Black's lion takes White's go-between, which guards White's lion, then the lion: HaChu
    // allows it, lishogi does not (docs/chu.md). Our CECP chu plays by both readings and
    // accepts the opponent's moves that either allows.
    let d = Dialect::for_cecp_variant("chu").unwrap();
    let text = "kgs9/12/12/12/12/6(ln)5/6(gb)5/6(LN)5/12/12/12/9SGK b - 1";
    let hachu = d
        .variant
        .with_chu_rules(taikyoku_movegen::ChuRules::Hachu)
        .unwrap();
    let pos = AnyPosition::parse(hachu, text).unwrap();
    let bridge = dialect_move(&d, &pos, "6h6g6f");
    let lishogi = AnyPosition::parse(d.variant.clone(), text).unwrap();
    assert!(
        d.parse_move(&lishogi, &bridge).is_err(),
        "lishogi forbids it"
    );
    let mut e = Engine::start();
    e.handshake();
    e.send("accepted done");
    e.send("new");
    e.send("variant chu");
    e.send("force");
    e.send(&format!("setboard {}", d.to_fen(&pos)));
    e.send(&format!("usermove {bridge}"));
    e.send("ping 1");
    let lines = e.until("pong", |l| l == "pong 1");
    assert_eq!(lines, ["pong 1"], "{bridge} accepted quietly");
    e.quit();
}

#[test]
fn xboard_chu_hachu_by_name_plays_hachus_rules() {
    // Black's kirin takes White's lion on 6d and promotes to a lion; White's rook on 12d then
    // takes it back on the recorded square: lishogi allows it, HaChu does not (docs/chu.md §11).
    // `chu` (played by both readings, accepting what either allows) takes the recapture;
    // `chu-hachu`, chu with HaChu's rules and written as chu is, refuses it.
    let text = "kgs9/12/12/r5(ln)5/12/6(KR)5/12/12/12/12/12/9SGK b - 1";
    let chu = Dialect::for_cecp_variant("chu").unwrap();
    let mut pos = AnyPosition::parse(chu.variant.clone(), text).unwrap();
    let fen = chu.to_fen(&pos);
    let kirin = dialect_move(&chu, &pos, "6f6d+");
    pos.play_moves(&["6f6d+"]).unwrap();
    let rook = dialect_move(&chu, &pos, "12d6d");
    let mut e = Engine::start();
    let features = e.handshake();
    assert!(
        features.contains(",taikyoku-atsa,chu-hachu\""),
        "chu-hachu announced last: {features}"
    );
    e.send("accepted done");
    for (name, accepted) in [("chu", true), ("chu-hachu", false)] {
        e.send("new");
        e.send(&format!("variant {name}"));
        e.send("force");
        e.send(&format!("setboard {fen}"));
        e.send(&format!("usermove {kirin}"));
        e.send(&format!("usermove {rook}"));
        e.send("ping 1");
        let lines = e.until("pong", |l| l == "pong 1");
        if accepted {
            assert_eq!(lines, ["pong 1"], "{name}: {rook} accepted quietly");
        } else {
            assert_eq!(lines.len(), 2, "{name}: {lines:?}");
            assert!(
                lines[0].starts_with("Illegal move (") && lines[0].ends_with(&rook),
                "{name}: {lines:?}"
            );
        }
    }
    // HaChu's reading by name accepts the go-between bridge lishogi forbids, and plays on.
    let text = "kgs9/12/12/12/12/6(ln)5/6(gb)5/6(LN)5/12/12/12/9SGK b - 1";
    let hachu = Dialect::for_cecp_variant("chu-hachu").unwrap();
    let pos = AnyPosition::parse(hachu.variant.clone(), text).unwrap();
    let bridge = dialect_move(&hachu, &pos, "6h6g6f");
    e.send("new");
    e.send("variant chu-hachu");
    e.send("force");
    e.send(&format!("setboard {}", hachu.to_fen(&pos)));
    e.send(&format!("usermove {bridge}"));
    e.send("ping 2");
    let lines = e.until("pong", |l| l == "pong 2");
    assert_eq!(lines, ["pong 2"], "{bridge} accepted quietly");
    e.send("sd 1");
    e.send("go");
    let (_, reply) = e.engine_move();
    let mut g = Game {
        dialect: hachu,
        pos,
    };
    g.play(&bridge);
    g.play(&reply);
    // A misspelt name is refused, listing the names the engine knows.
    e.send("variant chu-hachuu");
    e.send("ping 3");
    let lines = e.until("pong", |l| l == "pong 3");
    assert_eq!(
        lines,
        [
            "Error (unknown variant 'chu-hachuu' (known: daidai, maka, koshogi, chu, dai, tai, \
             taikyoku, maka-dai-dai, dai-dai, ko, taikyoku-atsa, chu-hachu)): variant chu-hachuu",
            "pong 3"
        ]
    );
    e.quit();
}

/// Issue 66, finding 5: a rejected `usermove` (unreadable, illegal) and an `undo` or `remove`
/// with nothing to take back, sent while the engine thinks, are errors and the search goes on:
/// the engine still sends its move (they used to stop the search, and no move ever came).
#[test]
fn errors_while_thinking_do_not_stop_the_search() {
    for (xboard, variant) in [(true, "chu"), (false, "daidai")] {
        let mut e = Engine::start();
        e.handshake();
        if xboard {
            e.send("accepted usermove");
        }
        e.send("new");
        e.send(&format!("variant {variant}"));
        e.send("st 2");
        e.send("go");
        for bad in ["usermove z99z98", "usermove a1a2", "undo", "remove"] {
            e.send(bad);
        }
        let mut errors = 0;
        let mut moved = false;
        while let Some(line) = e.next(30) {
            if line.starts_with("Illegal move (")
                || line.starts_with("Error (")
                || line.starts_with("# rejected move (")
                || line.starts_with("# error (")
            {
                errors += 1;
            }
            if line.starts_with("move ") && !line.ends_with(',') {
                moved = true;
                break;
            }
        }
        assert_eq!(errors, 4, "{variant}: four errors: {:?}", e.seen);
        assert!(moved, "{variant}: the engine never moved: {:?}", e.seen);
        let mut g = Game::new(variant);
        let text: String = e
            .seen
            .iter()
            .filter_map(|l| l.strip_prefix("move "))
            .collect();
        g.play(&text);
        if !xboard {
            e.assert_qboard_safe();
        }
        e.quit();
    }
}
