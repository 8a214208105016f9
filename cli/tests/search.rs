//! Search tactics: capturing the last royal piece in one and in three plies, winning a free
//! piece, and agreement with a plain alpha-beta (no pruning, no reductions, no hash table) on
//! those positions at fixed depth.

use std::sync::Arc;

use taikyoku_engine::search::{
    search, Control, Deadlines, Features, Limits, Memory, MoveFilter, SearchResult, MATE,
    MATE_BOUND,
};
use taikyoku_engine::tt::Tt;
use taikyoku_eval::Evaluator;
use taikyoku_movegen::{Move, Position, Variant};

/// A Dai dai position from (square, code) pairs on an empty 17x17 board (the test kit's
/// builder).
fn dai_dai(pieces: &[(&str, &str)], side: char) -> Position<5> {
    let text = taikyoku_tests::kit::position_text(17, 17, pieces, side, "-");
    Position::parse(Variant::builtin("dai-dai").unwrap(), &text).unwrap()
}

fn chu(pieces: &[(&str, &str)], side: char) -> Position<3> {
    let text = taikyoku_tests::kit::position_text(12, 12, pieces, side, "-");
    Position::parse(Variant::builtin("chu").unwrap(), &text).unwrap()
}

fn best<const N: usize>(p: &Position<N>, depth: i32, features: Features) -> (Move, i32) {
    let r = run(p, depth, MoveFilter::default(), features);
    (r.best.unwrap(), r.info.unwrap().score)
}

/// A fixed-depth search of `p` with its own small table, choosing among the moves `moves`
/// allows.
fn run<const N: usize>(
    p: &Position<N>,
    depth: i32,
    moves: MoveFilter,
    features: Features,
) -> SearchResult {
    let limits = Limits {
        depth: Some(depth),
        moves,
        ..Limits::default()
    };
    run_limits(p, limits, features)
}

/// A search of `p` within `limits` with its own small table.
fn run_limits<const N: usize>(p: &Position<N>, limits: Limits, features: Features) -> SearchResult {
    run_with(p, limits, features, Deadlines::unlimited())
}

/// A search of `p` within `limits` and `deadlines` with its own small table.
fn run_with<const N: usize>(
    p: &Position<N>,
    limits: Limits,
    features: Features,
    deadlines: Deadlines,
) -> SearchResult {
    let v = p.variant().clone();
    let eval = Evaluator::new(v.clone());
    let tt = Arc::new(Tt::new(4));
    let control = Control::new(deadlines);
    search(
        p,
        &eval,
        tt,
        1,
        limits,
        &control,
        features,
        &mut Memory::new(),
        &mut |_| {},
    )
}

/// Plain negamax with alpha-beta: every move to the full depth, static evaluation at the leaves.
fn plain<const N: usize>(
    p: &mut Position<N>,
    e: &Evaluator,
    depth: i32,
    ply: i32,
    mut alpha: i32,
    beta: i32,
) -> (i32, Option<Move>) {
    if p.winner().is_some() {
        return (-MATE + ply, None);
    }
    if depth == 0 {
        return (e.evaluate(p).clamp(-450_000, 450_000), None);
    }
    let moves = p.moves();
    if moves.is_empty() {
        return (-MATE + ply, None);
    }
    let mut best = (-MATE - 1, None);
    for m in moves {
        p.make(m);
        let s = -plain(p, e, depth - 1, ply + 1, -beta, -alpha).0;
        p.unmake();
        if s > best.0 {
            best = (s, Some(m));
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

fn plain_best<const N: usize>(p: &Position<N>, depth: i32) -> (Move, i32) {
    let e = Evaluator::new(p.variant().clone());
    let mut q = p.clone();
    let (s, m) = plain(&mut q, &e, depth, 0, -MATE - 1, MATE + 1);
    (m.unwrap(), s)
}

fn no_pruning() -> Features {
    Features::none()
}

#[test]
fn captures_the_king_in_one() {
    // Black rook on 9i, White king on 9c with nothing between; Black king far away.
    let p = dai_dai(&[("9i", "R"), ("9c", "k"), ("1q", "K"), ("17a", "p")], 'b');
    let (m, score) = best(&p, 3, Features::default());
    assert_eq!(p.move_to_string(m), "9i9c");
    assert_eq!(score, MATE - 1);
    assert_eq!(plain_best(&p, 1).0, m);
    assert_eq!(best(&p, 1, no_pruning()).0, m);
}

#[test]
fn captures_the_king_in_three() {
    // White king on 1a walled in by its own pawns (2a, 1b, 2b); Black lion on 5e: two lion
    // steps reach 3c (or another square within two of 1a), and whatever White does, the lion
    // jumps onto the king next move. White's pawns only move forward (down), so nothing can
    // capture the lion or free the king in one move. Black's king is far away.
    let p = dai_dai(
        &[
            ("1a", "k"),
            ("2a", "p"),
            ("1b", "p"),
            ("2b", "p"),
            ("5e", "(LN)"),
            ("17q", "K"),
        ],
        'b',
    );
    let (m, score) = best(&p, 4, Features::default());
    assert_eq!(score, MATE - 3, "{}", p.move_to_string(m));
    let (pm, ps) = plain_best(&p, 3);
    assert_eq!(ps, MATE - 3);
    // Both moves lead to the capture: check that the engine's move does.
    let mut q = p.clone();
    q.make(m);
    for reply in q.moves() {
        q.make(reply);
        assert!(
            q.moves().iter().any(|&x| {
                q.make(x);
                let won = q.winner().is_some();
                q.unmake();
                won
            }),
            "after {} {} the king escapes",
            p.move_to_string(m),
            q.move_to_string(reply)
        );
        q.unmake();
    }
    let _ = pm;
}

#[test]
fn wins_a_free_piece() {
    // Black rook on 9i can take an undefended White gold on 9d; nothing recaptures.
    let p = dai_dai(
        &[
            ("9i", "R"),
            ("9d", "g"),
            ("1a", "k"),
            ("17q", "K"),
            ("15a", "p"),
        ],
        'b',
    );
    let (m, score) = best(&p, 3, Features::default());
    assert_eq!(p.move_to_string(m), "9i9d");
    assert!(score > 200 && score < MATE_BOUND, "{score}");
    assert_eq!(plain_best(&p, 3).0, m);
    assert_eq!(best(&p, 3, no_pruning()).0, m);
}

fn atsa(pieces: &[(&str, &str)], side: char) -> Position<21> {
    let text = taikyoku_tests::kit::position_text(36, 36, pieces, side, "-");
    Position::parse(Variant::builtin("taikyoku-atsa").unwrap(), &text).unwrap()
}

#[test]
fn does_not_trade_the_first_of_two_royals_for_a_piece() {
    // Modern Taikyoku (a side with no royal left has lost, each side has two). Black's king may
    // take White's great general, which cannot capture it (range capture by rank), but White's
    // free king behind it on the file then takes the king: Black would be one capture from
    // losing. Valued as a piece (821), the king went for the general (4,000 or more); the
    // variant file now values each royal at 50,000.
    let p = atsa(
        &[
            ("18p", "K"),
            ("1jj", "(CP)"),
            ("18o", "(gg)"),
            ("18a", "(fk)"),
            ("36a", "k"),
            ("35a", "(cp)"),
        ],
        'b',
    );
    let (m, score) = best(&p, 3, Features::default());
    assert_ne!(p.move_to_string(m), "18p18o", "score {score}");
    assert!(score.abs() < 50_000, "{score}");
}

#[test]
fn leads_beyond_a_small_army_still_count() {
    // Ten great generals against bare royals: a lead of more than 25,000 centipawns, where the
    // static evaluation was once clamped (every move of a won Taikyoku game looked alike). The
    // generals cannot take a royal (range capture by rank), so no line ends the game.
    let mut pieces = vec![("1jj", "K"), ("2jj", "(CP)"), ("36a", "k"), ("35a", "(cp)")];
    let files = ["10", "11", "12", "13", "14", "15", "16", "17", "18", "19"];
    let squares: Vec<String> = files.iter().map(|f| format!("{f}s")).collect();
    for sq in &squares {
        pieces.push((sq, "(GG)"));
    }
    let p = atsa(&pieces, 'b');
    let (_, score) = best(&p, 1, Features::default());
    assert!(score > 25_000 && score < MATE_BOUND, "{score}");
}

#[test]
fn avoids_losing_its_own_king() {
    // White threatens Black's king (White rook on 9a, Black king on 9q); Black must move the
    // king off the file (or block); a search that does not see it would lose at once.
    let p = dai_dai(&[("9a", "r"), ("9q", "K"), ("1a", "k"), ("16a", "p")], 'b');
    let (m, _) = best(&p, 3, Features::default());
    let mut q = p.clone();
    q.make(m);
    assert!(
        !q.moves().iter().any(|&x| {
            q.make(x);
            let lost = q.winner().is_some();
            q.unmake();
            lost
        }),
        "{} leaves the king en prise",
        p.move_to_string(m)
    );
}

#[test]
fn pruned_search_agrees_with_plain_alpha_beta_at_fixed_depth() {
    // On these tactical positions every version finds the same best move.
    let positions = [
        dai_dai(&[("9i", "R"), ("9c", "k"), ("1q", "K"), ("17a", "p")], 'b'),
        dai_dai(
            &[
                ("9i", "R"),
                ("9d", "g"),
                ("1a", "k"),
                ("17q", "K"),
                ("15a", "p"),
            ],
            'b',
        ),
        dai_dai(
            &[
                ("5i", "B"),
                ("9e", "(ln)"),
                ("1a", "k"),
                ("17q", "K"),
                ("7c", "p"),
            ],
            'b',
        ),
    ];
    for p in &positions {
        for depth in 1..=3 {
            let (pm, ps) = plain_best(p, depth);
            let (m, s) = best(p, depth, no_pruning());
            assert_eq!(s, ps, "score at depth {depth} in {}", p.to_notation());
            assert_eq!(m, pm, "move at depth {depth} in {}", p.to_notation());
            let (fm, _) = best(p, depth + 1, Features::default());
            assert_eq!(
                p.move_to_string(fm),
                p.move_to_string(pm),
                "{}",
                p.to_notation()
            );
        }
    }
}

#[test]
fn stop_ends_an_unlimited_search_with_a_move() {
    // An unlimited two-thread Taikyoku search must end once stopped, with a move. (How fast
    // is measured, not asserted: see docs/engine.md.)
    let v = Variant::builtin("taikyoku").unwrap();
    let p = Position::<21>::startpos(v.clone());
    let eval = Evaluator::new(v.clone());
    let tt = Arc::new(Tt::new(16));
    let control = Control::new(Deadlines::unlimited());
    let stop = control.stop.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    let (reported, iteration) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let r = search(
            &p,
            &eval,
            tt,
            2,
            Limits::default(),
            &control,
            Features::default(),
            &mut Memory::new(),
            &mut |_| {
                let _ = reported.send(());
            },
        );
        let _ = tx.send(r.best.is_some());
    });
    // Stopped once it is under way: after its first completed iteration (a hang guard, not a
    // speed requirement).
    iteration
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the search reported no iteration");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    // A hang guard, not a speed requirement.
    let has_move = rx
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the search did not end after stop");
    assert!(has_move);
}

#[test]
fn check_extension_sees_the_forced_capture_at_depth_one() {
    // The walled-in king of `captures_the_king_in_three`: the lion's first move attacks it
    // (check), White cannot get it out of reach, and the lion takes it. With check detection the
    // checked side's node is searched a ply deeper, so depth 1 already sees the win in three
    // plies; without it, depth 1 does not.
    let p = dai_dai(
        &[
            ("1a", "k"),
            ("2a", "p"),
            ("1b", "p"),
            ("2b", "p"),
            ("5e", "(LN)"),
            ("17q", "K"),
        ],
        'b',
    );
    let (_, score) = best(&p, 1, Features::default());
    assert_eq!(score, MATE - 3);
    let blind = Features {
        checks: false,
        ..Features::default()
    };
    let (_, score) = best(&p, 1, blind);
    assert!(score < MATE_BOUND, "{score}");
}

#[test]
fn in_check_at_the_horizon_the_escapes_are_searched() {
    // Black's king on 9q is attacked by a White rook on 9a; Black could also take a White gold
    // with its own rook. A quiescence search that stood pat in check would score the position
    // by material; searching the escapes finds that Black keeps its king (a king step off the
    // file), so the score is not a loss.
    let p = dai_dai(
        &[
            ("9a", "r"),
            ("9q", "K"),
            ("1a", "k"),
            ("16a", "p"),
            ("3i", "R"),
            ("3c", "g"),
        ],
        'b',
    );
    let (m, score) = best(&p, 1, Features::default());
    assert!(score > -MATE_BOUND, "{score}");
    let mut q = p.clone();
    q.make(m);
    assert!(
        !q.can_win_now(),
        "{} leaves the king to be taken",
        p.move_to_string(m)
    );
}

/// A search of `p` (no depth limit) whose optimum and maximum are spent when it starts, with
/// the given emergency.
fn run_past_maximum<const N: usize>(
    p: &Position<N>,
    emergency: std::time::Duration,
) -> SearchResult {
    let spent = taikyoku_engine::time::Budget {
        optimum: std::time::Duration::ZERO,
        maximum: std::time::Duration::ZERO,
        emergency,
    };
    let deadlines = Deadlines::new(spent, std::time::Instant::now());
    run_with(p, Limits::default(), Features::default(), deadlines)
}

#[test]
fn the_first_iteration_always_completes() {
    // A budget that is already spent (but no emergency): the search still completes depth 1
    // and plays its best move, never merely the first generated one.
    let v = Variant::builtin("taikyoku").unwrap();
    let p = Position::<21>::startpos(v.clone());
    let r = run_past_maximum(&p, std::time::Duration::from_secs(3600));
    let info = r.info.expect("a completed iteration");
    assert!(info.depth >= 1);
    assert_eq!(r.best, info.pv.first().copied());
}

#[test]
fn past_the_emergency_the_first_iteration_plays_its_best_searched_move() {
    // Every deadline already spent: depth 1 stops once a root move is searched (a byoyomi
    // that would otherwise be lost on time), with fewer nodes than the whole iteration, and
    // plays and reports the best move it searched.
    let v = Variant::builtin("taikyoku").unwrap();
    let p = Position::<21>::startpos(v.clone());
    let whole = run(&p, 1, MoveFilter::default(), Features::default());
    let whole = whole.info.expect("depth 1 completes");
    let cut = run_past_maximum(&p, std::time::Duration::ZERO);
    let info = cut.info.expect("the partial first iteration is reported");
    assert_eq!(info.depth, 1);
    assert!(info.lower_bound && !whole.lower_bound);
    assert!(
        info.nodes < whole.nodes,
        "stopped after {} nodes, the whole iteration takes {}",
        info.nodes,
        whole.nodes
    );
    let best = cut.best.expect("a move");
    assert_eq!(Some(best), info.pv.first().copied());
    assert!(p.clone().legal_moves().contains(&best));
    // The score is the move's own (Taikyoku's start has captures: not 0), not the 0 of an
    // abandoned search.
    assert_ne!(info.score, 0);
    assert_eq!(info.score, score_of_root_move(&p, best, 1));
}

/// The score of a search from `p` that may play only `only` at the root.
fn score_of_root_move<const N: usize>(p: &Position<N>, only: Move, depth: i32) -> i32 {
    score_with_contempt(p, only, depth, 0)
}

/// The score of a search from `p` with `contempt` that may play only `only` at the root.
fn score_with_contempt<const N: usize>(
    p: &Position<N>,
    only: Move,
    depth: i32,
    contempt: i32,
) -> i32 {
    let limits = Limits {
        depth: Some(depth),
        moves: MoveFilter {
            root: vec![only],
            ..Default::default()
        },
        contempt,
        ..Limits::default()
    };
    let r = run_limits(p, limits, Features::default());
    assert_eq!(r.best, Some(only));
    r.info.unwrap().score
}

#[test]
fn a_losing_side_is_not_pruned_out_of_a_repetition() {
    // Maka dai dai (a repetition is a draw): Black has seven free kings against White's king, golds
    // and pawns. After Black's king steps 10s9s and White's king 10a9a, Black stepping back (9s10s)
    // lets White step back too (9a10a), recreating the start position: a draw. White's king move
    // comes late among its quiet moves (the golds' and the pawns' come first), where the move count
    // would prune it; the search must still score Black's step back as the draw it is, and choose
    // another move.
    let v = Variant::builtin("maka-dai-dai").unwrap();
    let pieces = [
        ("10s", "K"),
        ("1s", "(FK)"),
        ("2s", "(FK)"),
        ("3s", "(FK)"),
        ("4s", "(FK)"),
        ("5s", "(FK)"),
        ("6s", "(FK)"),
        ("7s", "(FK)"),
        ("10a", "k"),
        ("15a", "g"),
        ("16a", "g"),
        ("17a", "g"),
        ("18a", "g"),
        ("19a", "g"),
    ];
    // White pawns on rank c, each with one quiet move.
    let pawns: Vec<String> = (1..=19).map(|f| format!("{f}c")).collect();
    let pieces: Vec<(&str, &str)> = pieces
        .into_iter()
        .chain(pawns.iter().map(|s| (s.as_str(), "p")))
        .collect();
    let text = taikyoku_tests::kit::position_text(19, 19, &pieces, 'b', "-");
    let mut p = Position::<6>::parse(v, &text).unwrap();
    for m in ["10s9s", "10a9a"] {
        let m = p.parse_move(m).unwrap();
        p.make(m);
    }
    let back = p.parse_move("9s10s").unwrap();
    assert_eq!(score_of_root_move(&p, back, 3), 0);
    let (m, score) = best(&p, 3, Features::default());
    assert_ne!(m, back);
    assert!(score > 1000, "{score}");
    // With contempt the draw costs the side to move at the root that much (and gains its
    // opponent as much: White, far behind, still repeats).
    assert_eq!(score_with_contempt(&p, back, 3, 70), -70);
    assert_eq!(score_with_contempt(&p, back, 3, -70), 70);
    // At depth 1 White's reply is searched by quiescence alone, which plays no king step: the
    // repetition is seen only because a node whose side to move can take back its last move
    // into an earlier position scores at least the draw (an upcoming repetition). Without
    // that test a depth-1 search scored Black's step back as its whole material lead.
    assert_eq!(score_of_root_move(&p, back, 1), 0);
    assert_eq!(score_with_contempt(&p, back, 1, 70), -70);
    let (m, _) = best(&p, 1, Features::default());
    assert_ne!(m, back);
}

#[test]
fn a_quiet_check_is_not_pruned_by_the_move_count() {
    // Dai dai: Black's king on 1q is walled in by its own pawns (2q, 1p, 2p). A White lion on
    // 5m reaches 3o (a quiet move) and then takes the king whatever Black does. Black's root
    // move is forced to a far pawn step; White's lion move is generated after the quiet moves
    // of White's golds, beyond the move count a depth-1 node searches. The search must find
    // the capture: the root move loses.
    let pieces = [
        ("1q", "K"),
        ("2q", "P"),
        ("1p", "P"),
        ("2p", "P"),
        ("17k", "P"),
        ("5m", "(ln)"),
        ("17a", "k"),
        ("9a", "g"),
        ("10a", "g"),
        ("11a", "g"),
        ("12a", "g"),
        ("13a", "g"),
    ];
    let p = dai_dai(&pieces, 'b');
    let quiet = p.parse_move("17k17j").unwrap();
    let score = score_of_root_move(&p, quiet, 2);
    assert!(score <= -MATE_BOUND, "{score}");
}

#[test]
fn a_quiet_check_is_not_pruned_by_a_pinned_defender() {
    // Chu: Black's king on 8k, its own golds on 7l, 8l and 9l behind it, and its gold on 8j,
    // which White's dragon king on 8h pins to the king. White's lion jumps 11g9i (a quiet
    // move) and checks from two squares away: the lion covers 7j, 9j, 7k and 9k, the gold that
    // defends 9i cannot take without opening the file to the dragon, and the king is taken
    // next move. The static exchange does not know the pin and counts the lion lost to the
    // gold, so a check judged by it was pruned at the depth-1 node (a HaChu game was lost at
    // +15 pawns this way before 301491d left pinned recapturers out). Black's root move is
    // forced to a far pawn step; White's gold takes a pawn first, so that a move that does not
    // lose is known when the check comes.
    let pieces = [
        ("8k", "K"),
        ("8j", "G"),
        ("7l", "G"),
        ("8l", "G"),
        ("9l", "G"),
        ("1f", "P"),
        ("3b", "P"),
        ("8h", "(dk)"),
        ("11g", "(ln)"),
        ("12a", "k"),
        ("3a", "g"),
        ("4a", "g"),
        ("5a", "g"),
        ("6a", "g"),
    ];
    assert_lost_at_depths_2_and_4(&chu(&pieces, 'b'), "1f1e");
}

#[test]
fn a_lion_capture_is_not_pruned_by_a_lion_that_may_not_retake() {
    // Chu, White to move: Black's lion on 6e can jump to take White's blind tiger on 6c, next
    // to White's king on 7b, and then covers every square the king could step to. White's
    // lion on 4c is two squares from 6c, and once Black's lion has left the file, Black's
    // queen on 6j guards 6c: the lion-trading rule (docs/chu.md §6.1) forbids White's lion the
    // recapture (White's gold on 3b guards it against Black's lion), and the king taking the
    // lion is taken by the queen. So the capture wins the king. A static exchange that let
    // White's lion take back counted the capture as losing the queen (lion for lion, then the
    // king takes the queen), and the depth-1 node pruned it (a HaChu game was lost from +9
    // pawns this way before 4100843). White's root move is forced to a far pawn step.
    let pieces = [
        ("12l", "K"),
        ("6e", "LN"),
        ("6j", "Q"),
        ("1i", "P"),
        ("7b", "k"),
        ("6c", "(bt)"),
        ("4c", "(ln)"),
        ("3b", "g"),
        ("1d", "p"),
    ];
    assert_lost_at_depths_2_and_4(&chu(&pieces, 'w'), "1d1e");
}

/// Asserts that a search of `p` playing only the root move `mv` finds it lost (the opponent
/// takes the royal) at depths 2 and 4.
fn assert_lost_at_depths_2_and_4(p: &Position<3>, mv: &str) {
    let only = p.parse_move(mv).unwrap();
    for depth in [2, 4] {
        let score = score_of_root_move(p, only, depth);
        assert!(score <= -MATE_BOUND, "depth {depth}: {score}");
    }
}

/// A chu position where Black can check for ever: White's king on 1f is hemmed in by its own
/// pawns (1e, 2e, 2f, 2g, 2h, 1h) and can only step between 1f and 1g; Black's phoenix checks
/// it by jumping, from 3h on 1f and from 3i on 1g (outside Black's promotion zone). White has
/// three golds and six pawns against the phoenix, which stands on `phoenix`; `side` moves.
fn chu_perpetual(phoenix: &str, side: char) -> Position<3> {
    let pieces = [
        ("1f", "k"),
        ("1e", "p"),
        ("2e", "p"),
        ("2f", "p"),
        ("2g", "p"),
        ("2h", "p"),
        ("1h", "p"),
        ("10a", "g"),
        ("11a", "g"),
        ("12a", "g"),
        (phoenix, "(PH)"),
        ("6l", "K"),
    ];
    chu(&pieces, side)
}

#[test]
fn a_perpetual_check_is_lost_in_the_tree() {
    // 3i3h (check) 1f1g (the king's one escape) 3h3i (check) 1g1f recreates the start. Chu's
    // fourfold rule makes the side that checked with every move of the cycle lose, so the
    // repetition must not score as a draw for Black: at depth 5 the cycle lies inside the tree,
    // and Black's first check scores what Black gets by breaking off (6.7 pawns down), not the
    // draw (0 with no contempt, which the search returned before the rule was applied).
    let p = chu_perpetual("3i", 'b');
    let check = p.parse_move("3i3h").unwrap();
    let score = score_of_root_move(&p, check, 5);
    assert!(score < -300, "{score}");
    // The same cycle from White's side, in check from 3h (a position of its own, so that the
    // whole cycle is inside the tree): the king's escape leads into Black's perpetual, which
    // White wins rather than draws.
    let q = chu_perpetual("3h", 'w');
    let escape = q.parse_move("1f1g").unwrap();
    let score = score_of_root_move(&q, escape, 5);
    assert!(score > 300, "{score}");
}

#[test]
fn the_games_own_perpetual_check_is_lost() {
    // The cycle has been played once in the game (3i3h 1f1g 3h3i 1g1f): Black's check now
    // recreates a position of the game, with a cycle that begins before the root, in which
    // Black checked with every move. The search knows the game's moves before the root
    // (whether each attacked), so the check scores as the lost repetition, below every
    // evaluation (it scored the draw when only cycles inside the tree were judged).
    let mut p = chu_perpetual("3i", 'b');
    for m in ["3i3h", "1f1g", "3h3i", "1g1f"] {
        let m = p.parse_move(m).unwrap();
        p.make(m);
    }
    let check = p.parse_move("3i3h").unwrap();
    let score = score_of_root_move(&p, check, 3);
    assert!(score < -25_000, "{score}");
    let (m, score) = best(&p, 3, Features::default());
    assert_ne!(m, check);
    assert!(score > -25_000, "{score}");
}

#[test]
fn under_the_fivefold_rule_a_perpetual_check_is_a_draw() {
    // Modern Taikyoku has no check rule and no perpetual clause: the fifth occurrence of a
    // position is a draw, whoever checked. The cycle 5w1w (check) 1p2p 1w2w (check) 2p1p has
    // been played once; Black's check 2w1w recreates a position of the game. It scores the
    // draw (0, no contempt); the search once judged it by chu's clause (Black lost it, so
    // White, far ahead, repeated into a draw: a tomatene game, 2026-12-07, ended so at ply 900).
    let mut p = atsa(&[("1p", "k"), ("5w", "(FCH)"), ("36jj", "K")], 'b');
    for m in ["5w1w", "1p2p", "1w2w", "2p1p"] {
        let m = p.parse_move(m).unwrap();
        p.make(m);
    }
    let check = p.parse_move("2w1w").unwrap();
    assert_eq!(score_of_root_move(&p, check, 3), 0);
}

#[test]
fn the_games_own_perpetual_chase_is_lost() {
    // Chu's perpetual clause counts chasing too: a move after which the piece that moved
    // attacks an enemy piece. Black's rook has chased White's gold once around the cycle
    // (3f3e attacks 5e, 5e5f, 3e3f attacks 5f, 5f5e); no move gave check. Chasing again
    // recreates a position of the game in a cycle where Black attacked with every move: the
    // lost repetition, not the draw.
    let pieces = [("12a", "k"), ("5e", "g"), ("3f", "R"), ("12l", "K")];
    let mut p = chu(&pieces, 'b');
    for m in ["3f3e", "5e5f", "3e3f", "5f5e"] {
        let m = p.parse_move(m).unwrap();
        p.make(m);
    }
    let chase = p.parse_move("3f3e").unwrap();
    let score = score_of_root_move(&p, chase, 3);
    assert!(score < -25_000, "{score}");
    // So Black plays something else.
    let (m, _) = best(&p, 3, Features::default());
    assert_ne!(m, chase);
}

#[test]
fn a_capture_of_the_sole_royal_is_never_pruned() {
    // From a Dai dai game that the depth-3 side lost to a depth-1 one: White's king on 8b is in
    // check from Black's long-nosed goblin on 9c (it just took a gold there); three captures of
    // the goblin save the king. White's hook mover taking Black's water buffalo on 5i instead
    // leaves the king to be taken, but at Black's node (depth 1 once the check extends the
    // root) the goblin's capture of the king came after a capture that raised alpha, and its
    // piece-value gain was below the futility margin: pruned, so the search scored the hook
    // mover's capture +816 and played it. Taking the sole royal wins the game and is always
    // searched: the capture scores as lost in two plies, and the search saves the king.
    let text = "2(do)r(sq)(dk)2(rg)(lg)q(fr)(dh)(ra)(sd)(lo)l/\
        1(po)(ld)(bm)(fd)(rb)(kr)(ft)(nk)k(ph)(cs)1(or)(ln)(ok)(rv)/\
        1b1(eb)2(fh)1(LO)sg1(ps)(ef)1(vm)(bd)/2(so)(ea)1(sg)i1s4(wbr)(no)(fe)1/\
        2(sm)2(vb)(fl)(st)1c4(vo)(sm)(lc)/3(ab)p(ew)p5(wb)(sg)p2/7p8P/3P1I2c3p4/\
        3(hm)8(WB)4/8p1(ew)3P2/L1+(WBR)2(FL)PP3S2(VO)2/2P5P2P1(SG)1(SM)1/\
        2(FE)3C(ST)8(RC)/5(SG)S1(GB)1(FH)2(EA)(SO)(WE)1/3(EF)4(GD)4(EB)1B1/\
        1(OK)(LN)(OR)(PS)(CS)(PH)G(NK)G(KR)(RB)(FD)(BM)1(PO)(RV)/\
        2(SD)(RA)(DH)(FR)Q(LG)K(RG)(FT)(DK)(SQ)R(DO)(HM)L w - 272";
    let p = Position::<5>::parse(Variant::builtin("dai-dai").unwrap(), text).unwrap();
    let take_buffalo = p
        .moves()
        .into_iter()
        .find(|&m| p.move_to_string(m) == "14i5i")
        .unwrap();
    assert_eq!(score_of_root_move(&p, take_buffalo, 1), -MATE + 2);
    let (m, score) = best(&p, 1, Features::default());
    assert!(
        ["10b9c", "9b9c+", "8b9c"].contains(&p.move_to_string(m).as_str()),
        "{} {score}",
        p.move_to_string(m)
    );
}

#[test]
fn in_check_taking_the_sole_royal_wins() {
    // Black's king on 9q is in check from the White rook on 9a, and Black's rook on 1q can take
    // White's king on 1a. Taking it does nothing against the check, but it ends the game: the
    // search (in check, where the moves that leave the royal attacked are not searched) must
    // still play it, a win in one ply, at depth 1 and deeper.
    let p = dai_dai(&[("9a", "r"), ("1a", "k"), ("9q", "K"), ("1q", "R")], 'b');
    for depth in [1, 3] {
        let (m, score) = best(&p, depth, Features::default());
        assert_eq!(p.move_to_string(m), "1q1a", "depth {depth}");
        assert_eq!(score, MATE - 1, "depth {depth}");
    }
}

/// Nodes of a depth-`depth` search of `p` with an empty table and the given `memory`.
fn nodes_with<const N: usize>(p: &Position<N>, depth: i32, memory: &mut Memory) -> u64 {
    let eval = Evaluator::new(p.variant().clone());
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let control = Control::new(Deadlines::unlimited());
    let tt = Arc::new(Tt::new(4));
    let r = search(
        p,
        &eval,
        tt,
        1,
        limits,
        &control,
        Features::default(),
        memory,
        &mut |_| {},
    );
    r.info.expect("a completed search").nodes
}

/// What one search learns about quiet moves orders the next one's (the hash table is empty
/// each time, so only the kept history can change the tree), and `clear` forgets all of it.
#[test]
fn searches_of_a_game_share_their_history_until_cleared() {
    let v = Variant::builtin("dai-dai").unwrap();
    let start: Position<5> = Position::startpos(v);
    let mut later = start.clone();
    let m = later.legal_moves()[7];
    later.make(m);
    let mut memory = Memory::new();
    let fresh = nodes_with(&start, 6, &mut memory);
    nodes_with(&later, 6, &mut memory);
    let informed = nodes_with(&start, 6, &mut memory);
    assert_ne!(informed, fresh, "the kept history changed nothing");
    memory.clear();
    assert_eq!(
        nodes_with(&start, 6, &mut memory),
        fresh,
        "clear left something"
    );
}

#[test]
fn an_interrupted_iteration_plays_its_best_searched_move() {
    // A node limit stops an iteration part of the way through. Once it has searched a root
    // move in full, its best move so far is played and reported (a lower bound at that depth)
    // instead of the previous iteration's best; and for some limits that move is not the
    // previous iteration's best (a root move searched later beat it at the new depth).
    let p = Position::<3>::startpos(Variant::builtin("chu").unwrap());
    let mut partial = 0;
    let mut changed = 0;
    for nodes in (64..6000).step_by(64) {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let r = run_limits(&p, limits, Features::default());
        let info = r.info.expect("an iteration");
        assert_eq!(r.best, info.pv.first().copied(), "{nodes} nodes");
        if info.lower_bound && info.depth > 1 {
            partial += 1;
            let before = run(
                &p,
                info.depth - 1,
                MoveFilter::default(),
                Features::default(),
            );
            changed += (before.best != r.best) as usize;
        }
    }
    assert!(partial > 0, "no interrupted iteration was played");
    assert!(changed > 0, "no interrupted iteration changed the move");
}

#[test]
fn a_weak_skill_plays_nearly_best_moves_by_chance() {
    // Skill level 0 searches 100 nodes a move and chooses among at least four lines of its last
    // finished iteration with a random bonus of up to 500 centipawns: over seeds it plays more
    // than one move, each scoring within the bonus of that iteration's best; full strength (no
    // skill) plays the best line.
    use taikyoku_engine::search::skill::Skill;
    let v = Variant::builtin("chu").unwrap();
    let p = Position::<3>::startpos(v);
    let mut played = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let skill = Skill::new(0, seed).unwrap();
        let limits = Limits {
            skill: Some(skill),
            ..Limits::default()
        };
        let r = run_limits(&p, limits, Features::default());
        let info = r.info.unwrap();
        assert!(info.nodes < 200, "{} nodes", info.nodes);
        let finished = info.depth - i32::from(info.lower_bound);
        let (_, best_score) = best(&p, finished, Features::default());
        let m = r.best.unwrap();
        let score = score_of_root_move(&p, m, finished);
        assert!(
            score >= best_score - skill.spread(),
            "{} scores {score} at depth {finished}, the best {best_score}",
            p.move_to_string(m)
        );
        played.insert(p.move_to_string(m));
    }
    assert!(played.len() > 1, "{played:?}");
    let (best, _) = best(&p, 3, Features::default());
    let r = run(&p, 3, MoveFilter::default(), Features::default());
    assert_eq!(r.best, Some(best));
}

#[test]
fn a_skill_searches_its_node_budget() {
    // Past the first iteration a level stops at its budget (checked every 64 nodes), and a
    // higher level, with a larger budget, searches deeper; a `go nodes` below the budget wins.
    use taikyoku_engine::search::skill::Skill;
    let p = Position::<3>::startpos(Variant::builtin("chu").unwrap());
    let search = |level: u8, nodes: Option<u64>| {
        let skill = Skill::new(level, 7).unwrap();
        let limits = Limits {
            skill: Some(skill),
            nodes,
            ..Limits::default()
        };
        let info = run_limits(&p, limits, Features::default()).info.unwrap();
        (info.depth, info.nodes, skill.max_nodes())
    };
    let (low_depth, _, _) = search(4, None);
    let (depth, nodes, budget) = search(14, None);
    assert!(
        nodes >= budget && nodes < budget + 64,
        "{nodes} for {budget}"
    );
    assert!(
        depth > low_depth,
        "level 14 depth {depth}, level 4 {low_depth}"
    );
    let (_, nodes, _) = search(14, Some(5000));
    assert!((5000..5064).contains(&nodes), "{nodes}");
}
