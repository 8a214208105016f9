//! Engine against engine through a stand-in for QBoard (`qboard/`): QBoard's reading of engine
//! output in chunks and its lossy relay of moves, checked by hand against QBoard's source; the
//! engine's own idea of what QBoard carries (`QboardRelay`) checked against that model; and
//! whole games of `daidai`, `maka` and `koshogi`, which must end in `bestmove win` or
//! `bestmove resign` with no move rejected, every move relayed intact and the winning move read
//! before the result.
//!
//! The long runs (docs/cecp.md, "QBoard's relay"):
//! `QBOARD_GAMES=20 cargo test --release -p taikyoku --test qboard_relay -- --ignored --nocapture`
//! with `QBOARD_VARIANTS` (default `daidai,maka,koshogi`), `QBOARD_DEPTH` and
//! `QBOARD_WEAK_DEPTH` (the two engines' `sd`, default 2 and 1; the stronger engine alternates
//! sides; equal engines at a low depth shuffle for thousands of plies),
//! `QBOARD_RANDOM_PLIES` (random plies before game `i`'s `2 * (i % 4)`, default 40: games from
//! unbalanced positions end sooner),
//! `QBOARD_MAX_PLIES` (a game still going then fails, default 6000),
//! `QBOARD_RESULT_HOLD_MS` (the engines' `--result-hold`; unset: their default),
//! `QBOARD_GUI_BUSY_MS` (time the stand-in spends on each chunk, default 0) and `QBOARD_ONLY`
//! (a list of game numbers, from 1: only those games).
//!
//! A game of the long run replayed in process, with both engines' scores (`relay_game_replay`):
//! `QBOARD_REPLAY=3 QBOARD_VARIANTS=koshogi QBOARD_DEPTH=3 cargo test --release -p taikyoku
//! --test qboard_relay -- --ignored --nocapture relay_game_replay`, with `QBOARD_TAIL` (plies
//! printed at the end) and `QBOARD_PROBE` (plies before which the position is searched with and
//! without the test of the opponent's moves, printing each iteration's score and line).

mod qboard;

use std::time::Duration;

use qboard::relay::{complete_part, read_chunk, Reading};
use qboard::{play, Setup};
use taikyoku_movegen::{with_position, AnyPosition, Move};
use taikyoku_protocol::dialect::Dialect;

fn relayed(chunk: &str, ko: bool) -> (String, bool) {
    match read_chunk(chunk, ko) {
        Reading::Move {
            relayed,
            forced_usermove,
        } => (relayed, forced_usermove),
        other => panic!("{chunk:?}: {other:?}"),
    }
}

#[test]
fn qboard_holds_back_incomplete_moves() {
    assert_eq!(complete_part(b"move b6b7,\n"), None);
    assert_eq!(complete_part(b"move b6b7,\nmove b7"), None);
    assert_eq!(complete_part(b"move b6b7,\nmove b7b8\n"), Some(21));
    assert_eq!(complete_part(b"# x\nmove b6b7,\n"), Some(4));
    assert_eq!(complete_part(b"feature done=1\nmove a"), Some(15));
    assert_eq!(complete_part(b"no newline"), None);
}

#[test]
fn qboard_relays_dai_dai_and_maka_moves() {
    assert_eq!(relayed("move a6a7\n", false), ("a6a7".into(), false));
    assert_eq!(relayed("move a6a7+\n", false), ("a6a7+".into(), false));
    assert_eq!(relayed("move q17q16\n", false), ("q17q16".into(), false));
    // Legs on lines of their own: two or three legs lose their `+`, a fourth leg is lost.
    let two = "move m12o14,\nmove o14p15+\n";
    assert_eq!(relayed(two, false), ("m12o14,o14p15".into(), true));
    let three = "move a1a2,\nmove a2a3,\nmove a3a4+\n";
    assert_eq!(relayed(three, false), ("a1a2,a2a3,a3a4".into(), true));
    let four = "move a1a2,\nmove a2a3,\nmove a3a4,\nmove a4a1\n";
    assert_eq!(relayed(four, false), ("a1a2,a2a3,a3a4".into(), true));
    // The pass, and a move onto its own square without promotion, reach the engine as a pass.
    assert_eq!(relayed("move @@@@\n", false), ("@@@64".into(), false));
    assert_eq!(relayed("move e5e5\n", false), ("@@@@".into(), false));
    assert_eq!(relayed("move e5e5+\n", false), ("e5e5+".into(), false));
    // A result in the same read wins over the move, which is lost.
    assert_eq!(
        read_chunk("move i10i1\nbestmove win\n", false),
        Reading::Result("bestmove win")
    );
    assert_eq!(
        read_chunk("bestmove resign\n", false),
        Reading::Result("bestmove resign")
    );
    assert_eq!(
        read_chunk("offer draw\n", false),
        Reading::Result("offer draw")
    );
    assert_eq!(
        read_chunk("# rejected move (x): a1a2\n", false),
        Reading::Nothing
    );
}

#[test]
fn qboard_relays_ko_moves() {
    assert_eq!(relayed("move h5h6\n", true), ("h5h6".into(), false));
    assert_eq!(relayed("move h5h6+\n", true), ("h5h6+".into(), false));
    assert_eq!(
        relayed("move h5h6,h6h7\n", true),
        ("h5h6,h6h7".into(), true)
    );
    assert_eq!(
        relayed("move h5h6,h6h7+\n", true),
        ("h5h6,h6h7".into(), true)
    );
    // Shots without moving are carried, with their `+`.
    assert_eq!(relayed("move j12xj8\n", true), ("j12xj8".into(), false));
    assert_eq!(
        relayed("move e6xh6xk6+\n", true),
        ("e6xh6xk6+".into(), false)
    );
    assert_eq!(relayed("move f5xf15\n", true), ("f5xf15".into(), false));
    // A move then a shot is cut to the move; so are the fog's jumps with shots.
    assert_eq!(relayed("move c17b16xb15\n", true), ("c17b16".into(), false));
    assert_eq!(
        relayed("move j10l8xm7,l8j10xi10\n", true),
        ("j10l8".into(), false)
    );
    // Three legs on one line: the first two.
    assert_eq!(
        relayed("move a1a2,a2a3,a3a4\n", true),
        ("a1a2,a2a3".into(), true)
    );
    assert_eq!(relayed("move @@@@\n", true), ("@@@64".into(), false));
}

/// Whether `b` is `a` or a pass leading to the same position.
fn same_move(pos: &AnyPosition, a: Move, b: Move) -> bool {
    let after = |m: Move| {
        let mut q = pos.clone();
        with_position!(&mut q, p => p.make(m));
        q.to_notation()
    };
    a == b || after(a) == after(b)
}

/// The engine judges what QBoard carries from the move alone (`QboardRelay::carries`); the
/// stand-in relays the text. Along random games, every move the engine would play must be
/// relayed intact; the only moves it refuses although they would be are multi-leg promotions
/// that are compulsory (the engine refuses every multi-leg promotion in Maka dai dai and Ko).
#[test]
fn the_engines_relay_limits_agree_with_qboards_relay() {
    let mut refused = std::collections::BTreeMap::new();
    for (name, games, plies) in [("daidai", 3, 200), ("maka", 4, 200), ("koshogi", 4, 150)] {
        let d = Dialect::for_cecp_variant(name).unwrap();
        let limits = d.qboard_relay().expect("QBoard plays it");
        for seed in 0..games {
            let mut pos = d.start_position();
            let mut state: u64 = seed * 7919 + 17;
            for ply in 0..plies {
                let mut q = pos.clone();
                let moves = with_position!(&mut q, p => {
                    if p.game_result(&[]).is_some() { Vec::new() } else { p.legal_moves() }
                });
                if moves.is_empty() {
                    break;
                }
                if ply % 5 == 0 {
                    for &m in &moves {
                        let chunk: String = d
                            .move_lines(&pos, m)
                            .iter()
                            .map(|l| format!("move {l}\n"))
                            .collect();
                        let (text, _) = relayed(&chunk, name == "koshogi");
                        let intact = d
                            .parse_move(&pos, &text)
                            .is_ok_and(|r| same_move(&pos, m, r));
                        if limits.carries(m) {
                            assert!(intact, "{name}: {chunk:?} -> {text}");
                        } else if intact {
                            // Refused although carried: only a multi-leg promotion that is
                            // compulsory (its bare text reads as promoting).
                            assert!(
                                chunk.contains(',') && chunk.trim_end().ends_with('+'),
                                "{name}: {chunk:?} -> {text}"
                            );
                            *refused.entry((name, "compulsory")).or_insert(0) += 1;
                        } else {
                            *refused.entry((name, "lossy")).or_insert(0) += 1;
                        }
                    }
                }
                // Captures now and then, to reach multi-leg captures and shots.
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let pick = (state >> 33) as usize;
                let caps: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| !with_position!(&pos, p => p.effect(m)).captured.is_empty())
                    .collect();
                let m = if !caps.is_empty() && pick.is_multiple_of(3) {
                    caps[pick / 3 % caps.len()]
                } else {
                    moves[pick % moves.len()]
                };
                with_position!(&mut pos, p => p.make(m));
            }
        }
    }
    for v in ["maka", "koshogi"] {
        assert!(
            refused.get(&(v, "lossy")).is_some_and(|&n| n > 0),
            "{refused:?}"
        );
    }
}

fn setup(variant: &str, depths: [u32; 2], random_plies: usize, seed: u64) -> Setup {
    Setup {
        variant: variant.to_string(),
        depths,
        random_plies,
        start_fen: None,
        seed,
        result_hold_ms: None,
        gui_busy: Duration::ZERO,
        max_plies: 3000,
        stall: Duration::from_secs(120),
    }
}

/// The short version of the long runs, for CI: one game of each variant, `sd 2` against `sd 1`,
/// from QBoard's start position with the second player reduced to its king, standing right in
/// front of the first player's lines, so that the game ends at once: QBoard's start of a game,
/// `setboard`, the winning move relayed, the result read after it, both engines' results.
/// (Whole games take hundreds to thousands of plies at these depths, and the engine does not
/// hunt down a king out of its reach: the long runs.)
#[test]
fn relay_games_end_with_a_win_and_nothing_rejected() {
    for variant in ["daidai", "maka", "koshogi"] {
        let d = Dialect::for_cecp_variant(variant).unwrap();
        let mut s = setup(variant, [2, 1], 0, 0);
        s.start_fen = Some(qboard::lone_king_before_the_lines(
            &d.to_fen(&d.start_position()),
        ));
        s.max_plies = 400;
        let out = play(&s);
        println!("{variant}: {}", out.summary());
        if !out.decided() {
            println!("start {}\nmoves {}", out.record.0, out.record.1.join(" "));
        }
        assert!(out.decided(), "{variant}: {}", out.summary());
        assert!(out.rejections.is_empty(), "{variant}: {:?}", out.rejections);
        assert!(
            out.changed_relays.is_empty(),
            "{variant}: {:?}",
            out.changed_relays
        );
        assert!(out.failures.is_empty(), "{variant}: {:?}", out.failures);
    }
}

#[test]
fn the_handicap_leaves_the_second_players_king_before_the_lines() {
    let fen = "lm'k+p~2/6/6/6/3P'K1/6 w";
    assert_eq!(
        qboard::lone_king_before_the_lines(fen),
        "6/6/6/3k2/3P'K1/6 w"
    );
    let fen = "6/6/+P2k2 b";
    assert_eq!(qboard::lone_king_before_the_lines(fen), "6/k5/+P5 b");
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The long runs: `QBOARD_GAMES` games of each variant (module docs). Game `i` starts after
/// `QBOARD_RANDOM_PLIES + 2 * (i % 4)` random plies with seed `i`, the stronger engine playing first in even games; every game must be clean (unless the result hold
/// is changed, which is for measuring it).
#[test]
#[ignore]
fn relay_games_long_run() {
    let games: u64 = env_or("QBOARD_GAMES", 20);
    let strong: u32 = env_or("QBOARD_DEPTH", 2);
    let weak: u32 = env_or("QBOARD_WEAK_DEPTH", 1);
    let hold = std::env::var("QBOARD_RESULT_HOLD_MS")
        .ok()
        .and_then(|v| v.parse().ok());
    let busy = Duration::from_millis(env_or("QBOARD_GUI_BUSY_MS", 0));
    let opening: usize = env_or("QBOARD_RANDOM_PLIES", 40);
    let max_plies: usize = env_or("QBOARD_MAX_PLIES", 6000);
    let variants = std::env::var("QBOARD_VARIANTS").unwrap_or("daidai,maka,koshogi".into());
    // `QBOARD_ONLY=3,5`: only those games (numbered from 1).
    let only: Vec<u64> = std::env::var("QBOARD_ONLY")
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_default();
    let mut unclean = Vec::new();
    for variant in variants.split(',') {
        let (mut wins, mut plies, mut rejections, mut lost, mut rereads) = (0, 0, 0, 0, 0);
        let mut gaps = Vec::new();
        let start = std::time::Instant::now();
        for i in 0..games {
            if !only.is_empty() && !only.contains(&(i + 1)) {
                continue;
            }
            // The stronger engine plays the first player in odd games, the second in even ones.
            let depths = if i % 2 == 0 {
                [strong, weak]
            } else {
                [weak, strong]
            };
            let mut s = setup(variant, depths, opening + 2 * (i % 4) as usize, i);
            s.max_plies = max_plies;
            s.result_hold_ms = hold;
            s.gui_busy = busy;
            let out = play(&s);
            println!("{variant} game {}: {}", i + 1, out.summary());
            wins += usize::from(out.decided());
            plies += out.plies;
            rejections += out.rejections.len();
            lost += out.lost_winning_moves;
            rereads += out.rereads.len();
            gaps.extend(out.result_gap);
            for r in out.rejections.iter().chain(&out.changed_relays) {
                println!("    {r}");
            }
            if !out.clean() {
                println!(
                    "    start {}\n    moves {}",
                    out.record.0,
                    out.record.1.join(" ")
                );
                unclean.push(format!("{variant} game {}: {}", i + 1, out.summary()));
            }
        }
        gaps.sort();
        println!(
            "{variant}: {games} games at sd {strong} against sd {weak}, {wins} ended in bestmove win/resign, \
             {plies} plies, {rejections} rejections, {rereads} re-reads, {lost} winning moves \
             lost, result gap min {:?} max {:?}, {:.0} s",
            gaps.first(),
            gaps.last(),
            start.elapsed().as_secs_f64()
        );
    }
    if hold.is_none() {
        assert!(unclean.is_empty(), "{unclean:#?}");
    }
}

/// How long the result must wait after the winning move, measured: `QBOARD_TRIALS` games
/// (default 40) of Dai dai from a position where the first player's rook takes the king at
/// once, with the engines' `--result-hold` set to `QBOARD_RESULT_HOLD_MS` (default 0) and the
/// stand-in busy `QBOARD_GUI_BUSY_MS` (default 0) after each read; prints how many winning
/// moves QBoard would have lost.
#[test]
#[ignore]
fn result_hold_trials() {
    let trials: u64 = env_or("QBOARD_TRIALS", 40);
    let hold: u64 = env_or("QBOARD_RESULT_HOLD_MS", 0);
    let busy: u64 = env_or("QBOARD_GUI_BUSY_MS", 0);
    let d = Dialect::for_cecp_variant("daidai").unwrap();
    let ours = "17/17/8k8/17/17/17/17/17/8R8/17/17/17/17/17/17/17/16K b - 1";
    let pos = AnyPosition::parse(d.variant.clone(), ours).unwrap();
    let (mut lost, mut ended, mut busiest) = (0, 0, Duration::ZERO);
    for i in 0..trials {
        let mut s = setup("daidai", [1, 1], 0, i);
        s.start_fen = Some(d.to_fen(&pos));
        s.result_hold_ms = Some(hold);
        s.gui_busy = Duration::from_millis(busy);
        let out = play(&s);
        lost += out.lost_winning_moves;
        ended += usize::from(out.decided());
        busiest = busiest.max(out.busiest);
    }
    println!(
        "hold {hold} ms, stand-in busy {busy} ms: {lost} of {trials} winning moves lost \
         ({ended} games ended; longest read handled in {} ms)",
        busiest.as_millis()
    );
}

/// Diagnosis of a long-run game, in process: game `QBOARD_REPLAY` (numbered from 1) of
/// `QBOARD_VARIANTS`' first variant, set up as the long run sets it up, played by two engines
/// (`Backend`s, each with its own table, at `QBOARD_DEPTH` / `QBOARD_WEAK_DEPTH`, with QBoard's
/// move filter) as the CECP loop drives them; prints each side's search score when it repeats a
/// position, and the last `QBOARD_TAIL` plies (default 40) with scores.
#[test]
#[ignore]
fn relay_game_replay() {
    use std::sync::mpsc::{channel, Sender};
    use std::sync::Arc;
    use taikyoku_engine::backend::Backend;
    use taikyoku_protocol::cecp::xboard_score;
    use taikyoku_protocol::engine::{Engine, Go, Playable, Reporter, Thinking};

    struct Collect(Sender<(Option<i32>, Option<Move>)>, Option<i32>);
    impl Reporter for Collect {
        fn thinking(&mut self, t: &Thinking) {
            self.1 = Some(xboard_score(t.score));
        }
        fn finished(&mut self, best: Option<Move>, _ponder: Option<Move>) {
            let _ = self.0.send((self.1, best));
        }
    }

    let game: u64 = env_or("QBOARD_REPLAY", 1);
    let strong: u32 = env_or("QBOARD_DEPTH", 2);
    let weak: u32 = env_or("QBOARD_WEAK_DEPTH", 1);
    let opening: usize = env_or("QBOARD_RANDOM_PLIES", 40);
    let max_plies: usize = env_or("QBOARD_MAX_PLIES", 6000);
    let tail: usize = env_or("QBOARD_TAIL", 40);
    let probe: Vec<usize> = std::env::var("QBOARD_PROBE")
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_default();
    let variants = std::env::var("QBOARD_VARIANTS").unwrap_or("koshogi".into());
    let variant = variants.split(',').next().unwrap();
    let i = game - 1;
    let depths = if i.is_multiple_of(2) {
        [strong, weak]
    } else {
        [weak, strong]
    };
    let d = Dialect::for_cecp_variant(variant).unwrap();
    let start = qboard::opening(&d, opening + 2 * (i % 4) as usize, i);
    // As the engines see it after `setboard`: no history.
    let mut pos = d.parse_fen(&d.to_fen(&start)).unwrap();
    let relay = d.qboard_relay();
    let mut engines: Vec<Backend> = (0..2)
        .map(|_| {
            let mut b = Backend::new(d.variant.clone());
            b.set_variant(d.variant.clone());
            b
        })
        .collect();
    let mut checks = Vec::new();
    let mut log: Vec<String> = Vec::new();
    let mut repeats = [(0usize, 0i64, 0usize); 2]; // (count, sum of scores, count ahead)
    let mut plies = opening + 2 * (i % 4) as usize;
    let result = loop {
        if let Some(r) = with_position!(&mut pos, p => p.game_result(&checks)) {
            break Some(r);
        }
        if plies >= max_plies {
            break None;
        }
        let side = with_position!(&pos, p => p.side_to_move());
        let who = usize::from(side != taikyoku_movegen::Colour::Black);
        if probe.contains(&(plies + 1)) {
            probe_search(&d, &pos, depths[who] as i32, relay);
        }
        let (tx, rx) = channel();
        let go = Go {
            depth: Some(depths[who] as i32),
            playable: relay.map(|r| Playable(Arc::new(move |m| r.carries(m)))),
            reachable: relay.map(|r| Playable(Arc::new(move |m| r.reaches(m)))),
            ..Go::default()
        };
        engines[who].go(&pos, &go, Box::new(Collect(tx, None)));
        let (score, best) = rx.recv().unwrap();
        engines[who].wait();
        let m = best.expect("a move");
        let text = d.move_text(&pos, m);
        let (reps, check) = with_position!(&mut pos, p => {
            p.make(m);
            let c = p.gave_check();
            (p.repetitions(), c)
        });
        checks.push(check);
        plies += 1;
        if reps > 0 {
            repeats[who].0 += 1;
            repeats[who].1 += score.unwrap_or(0) as i64;
            repeats[who].2 += usize::from(score.unwrap_or(0) > 0);
        }
        log.push(format!(
            "ply {plies} sd {} {text:>12} score {:>6} reps {reps}",
            depths[who],
            score.map_or("-".into(), |s| s.to_string())
        ));
    };
    for l in log.iter().skip(log.len().saturating_sub(tail)) {
        println!("{l}");
    }
    for who in 0..2 {
        let (n, sum, ahead) = repeats[who];
        println!(
            "sd {}: {n} moves into an earlier position, mean score {}, {ahead} of them with a score > 0",
            depths[who],
            if n > 0 { sum / n as i64 } else { 0 }
        );
    }
    println!("{variant} game {game}: {plies} plies, {result:?}");
}

/// Searches `pos` to `depth` with QBoard's test of the engine's own moves alone and with the
/// test of the opponent's too, printing the score and principal variation of each iteration.
fn probe_search(
    d: &Dialect,
    pos: &AnyPosition,
    depth: i32,
    relay: Option<taikyoku_protocol::dialect::relay::QboardRelay>,
) {
    use std::sync::Arc;
    use taikyoku_engine::search::{self, Control, Deadlines, Features, Limits, MoveFilter};
    use taikyoku_engine::tt::Tt;
    use taikyoku_eval::Evaluator;
    println!("probe {}", d.to_fen(pos));
    let eval = Evaluator::new(d.variant.clone());
    for (name, opponent) in [("own moves", false), ("both sides", true)] {
        let limits = Limits {
            depth: Some(depth),
            nodes: None,
            contempt: 0,
            multipv: 1,
            skill: None,
            moves: MoveFilter {
                root: Vec::new(),
                own: relay.map(|r| Arc::new(move |m| r.carries(m)) as search::MoveTest),
                theirs: relay
                    .filter(|_| opponent)
                    .map(|r| Arc::new(move |m| r.reaches(m)) as search::MoveTest),
            },
        };
        let control = Control::new(Deadlines::unlimited_since(std::time::Instant::now()));
        let mut report = |i: &search::Info| {
            let mut a = pos.clone();
            let mut pv = String::new();
            for &m in &i.pv {
                if !with_position!(&a, q => q.is_pseudo_legal(m)) {
                    break;
                }
                pv.push_str(&format!(" {}", d.move_text(&a, m)));
                with_position!(&mut a, q => q.make(m));
            }
            println!(
                "  {name} depth {} score {} nodes {} pv{pv}",
                i.depth, i.score, i.nodes
            );
        };
        with_position!(pos, p => {
            search::search(p, &eval, Arc::new(Tt::new(16)), 1, limits, &control, Features::default(), &mut search::Memory::new(), &mut report);
        });
    }
}
