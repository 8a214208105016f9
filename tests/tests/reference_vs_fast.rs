//! The fast move generator against the independent reference generator, on positions from
//! seeded random playouts of each variant: the same set of distinct moves (origin, destination,
//! captured squares, promotion) in every position, the same position after playing each chosen
//! move, and make/unmake restoring position, piece lists (in order), bitboards and hash
//! exactly; in chu also the number of lishogi path strings of every move (`perft --paths`).

use std::collections::BTreeSet;
use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use taikyoku_movegen::{
    with_position, AnyPosition, Colour, Move, MoveSink, Position, Promotion, PromotionRule, Square,
    Variant,
};
use taikyoku_tests::reference::{RefMove, RefPosition, RefPromotion};

type Key = (String, String, Vec<String>, RefPromotion);

/// How often each mechanic occurred among the compared moves, so that a run that never
/// exercised a mechanic fails instead of passing silently.
#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    moves: usize,
    promote: usize,
    decline: usize,
    /// Promotions offered without the choice to decline under a rule that otherwise offers
    /// it (`zone-entry`: Dai's forward-only pieces where they could not move again).
    forced: usize,
    range_captures: usize,
    friendly_removed: usize,
    lion_captures: usize,
    triple_captures: usize,
    igui: usize,
    pass: usize,
    conversions: usize,
    emperor_positions: usize,
    capture_only_pieces: usize,
    shots: usize,
    long_paths: usize,
    /// Chu: a lion of the side to move two squares from an enemy lion that it may not take
    /// (§6.1), and one that it may.
    lion_trade_refused: usize,
    lion_trade_allowed: usize,
    /// Chu: positions with a counter-strike square recorded (§6.2); moves the record forbids
    /// (those the same position without the record has); captures by a non-lion of the lion
    /// (a kirin that promoted taking a lion) on the recorded square (allowed).
    counter_strike: usize,
    counter_strike_refused: usize,
    counter_strike_recaptures: usize,
    /// Chu: positions that are over by §8 (bare king, bare kings) in which the fast generator
    /// still yields moves (perft must count none below them, §8 last paragraph); the first one.
    finished_with_moves: usize,
    finished_example: Option<String>,
}

impl Tally {
    fn add<const N: usize>(&mut self, p: &Position<N>, moves: &[Move]) {
        let v = p.variant();
        self.positions += 1;
        let us = p.side_to_move();
        if p.pieces(us).any(|s| v.is_emperor(p.piece_at(s))) {
            self.emperor_positions += 1;
        }
        if v.id() == "chu" {
            self.add_chu(p, moves);
        }
        let row = v.geometry().last_row(us);
        self.capture_only_pieces += p
            .pieces(us)
            .filter(|&s| v.last_rank_capture_only(p.piece_at(s)) && v.geometry().row(s) == row)
            .count();
        let entry = matches!(v.promotion(), PromotionRule::Entry(_));
        for &m in moves {
            self.moves += 1;
            if entry
                && m.promotion() == Promotion::Promote
                && !moves.contains(&m.with_promotion(Promotion::Decline))
            {
                self.forced += 1;
            }
            match m.promotion() {
                Promotion::Promote => self.promote += 1,
                Promotion::Decline => self.decline += 1,
                Promotion::None => {}
            }
            self.range_captures += m.is_range() as usize;
            self.shots += (m.shots().count() > 0) as usize;
            self.long_paths += (m.stops().count() >= 2) as usize;
            self.lion_captures += m.mid1().is_some() as usize;
            self.triple_captures += m.mid2().is_some() as usize;
            if m.to() == m.from() {
                if m.mid1().is_some() {
                    self.igui += 1;
                } else {
                    self.pass += 1;
                }
            }
            let e = p.effect(m);
            let mover_royal = v.is_royal(p.piece_at(m.from()));
            let mut friendly = false;
            let mut converts = false;
            for &c in &e.captured {
                let q = p.piece_at(c);
                friendly |= q.colour() == us;
                converts |= q.colour() != us && v.converts_capturer(q) && !mover_royal;
            }
            self.friendly_removed += friendly as usize;
            self.conversions += converts as usize;
        }
    }
}

impl Tally {
    /// The chu lion-trading situations of a position (the fast generator's lion flag only
    /// selects the pieces looked at; whether the capture is there is compared separately).
    fn add_chu<const N: usize>(&mut self, p: &Position<N>, moves: &[Move]) {
        let v = p.variant();
        let geo = v.geometry();
        let us = p.side_to_move();
        let notation = p.to_notation();
        let fields: Vec<&str> = notation.split_whitespace().collect();
        if fields[2] != "-" {
            self.counter_strike += 1;
            let cs = fields[2];
            let free = RefPosition::parse(
                "chu",
                &format!("{} {} - {}", fields[0], fields[1], fields[3]),
            )
            .expect("reference parses");
            let fast: BTreeSet<Key> = moves.iter().map(|&m| key_of_fast(p, m)).collect();
            self.counter_strike_refused += free
                .moves()
                .iter()
                .filter(|m| !fast.contains(&key_of_ref(m)))
                .count();
            let cs_sq = geo.parse_square(cs).expect("counter-strike square");
            let lion_there = p.piece_at(cs_sq).is_piece() && v.is_lion(p.piece_at(cs_sq));
            self.counter_strike_recaptures += lion_there as usize
                * moves
                    .iter()
                    .filter(|&&m| {
                        !v.is_lion(p.piece_at(m.from())) && p.effect(m).captured.contains(&cs_sq)
                    })
                    .count();
        }
        let lions = |c| {
            p.pieces(c)
                .filter(|&s| v.is_lion(p.piece_at(s)))
                .collect::<Vec<_>>()
        };
        for a in lions(us) {
            for b in lions(us.flip()) {
                let d = geo
                    .row(a)
                    .abs_diff(geo.row(b))
                    .max(geo.col(a).abs_diff(geo.col(b)));
                if d != 2 {
                    continue;
                }
                if moves.iter().any(|&m| m.from() == a && m.to() == b) {
                    self.lion_trade_allowed += 1;
                } else {
                    self.lion_trade_refused += 1;
                }
            }
        }
    }
}

fn key_of_ref(m: &RefMove) -> Key {
    let mut caps = m.captured.clone();
    caps.sort();
    (m.from.clone(), m.to.clone(), caps, m.promotion)
}

fn key_of_fast<const N: usize>(p: &Position<N>, m: Move) -> Key {
    let geo = p.variant().geometry();
    let e = p.effect(m);
    let mut caps: Vec<String> = e.captured.iter().map(|&s| geo.square_name(s)).collect();
    caps.sort();
    let promo = match e.promotion {
        Promotion::None => RefPromotion::None,
        Promotion::Promote => RefPromotion::Promote,
        Promotion::Decline => RefPromotion::Decline,
    };
    (geo.square_name(e.from), geo.square_name(e.to), caps, promo)
}

/// A move sink that keeps each move with what its generator said about its captures (None:
/// plain [`MoveSink::push`]).
#[derive(Default)]
struct Told {
    moves: Vec<Move>,
    flags: Vec<Option<bool>>,
}

impl MoveSink for Told {
    fn push(&mut self, m: Move) {
        self.moves.push(m);
        self.flags.push(None);
    }

    fn push_classified(&mut self, m: Move, captures: bool) {
        self.moves.push(m);
        self.flags.push(Some(captures));
    }
}

/// Compares one position; returns the fast moves (in generation order) for the playout.
fn compare<const N: usize>(p: &Position<N>, r: &RefPosition, context: &str) -> Vec<Move> {
    let moves = p.moves();
    let fast: Vec<Key> = moves.iter().map(|&m| key_of_fast(p, m)).collect();
    let fast_set: BTreeSet<Key> = fast.iter().cloned().collect();
    assert_eq!(
        fast_set.len(),
        fast.len(),
        "{context}: the fast generator yields a move twice in {}",
        p.to_notation()
    );
    let reference: BTreeSet<Key> = r.moves().iter().map(key_of_ref).collect();
    if fast_set != reference {
        let only_fast: Vec<_> = fast_set.difference(&reference).take(12).collect();
        let only_ref: Vec<_> = reference.difference(&fast_set).take(12).collect();
        panic!(
            "{context}: generators disagree in\n{}\nonly fast ({}): {only_fast:?}\nonly reference ({}): {only_ref:?}",
            p.to_notation(),
            fast_set.difference(&reference).count(),
            reference.difference(&fast_set).count(),
        );
    }
    // Chu: lishogi's path strings per move; modern Taikyoku: tomatene's (`perft --paths`).
    if ["chu", "taikyoku-atsa"].contains(&p.variant().id()) {
        for (m, n) in r.moves_with_paths() {
            let key = key_of_ref(&m);
            let i = fast.iter().position(|k| *k == key).unwrap();
            assert_eq!(
                p.path_count(moves[i]),
                n,
                "{context}: path count of {} in {}",
                p.move_to_string(moves[i]),
                p.to_notation()
            );
        }
    }
    // The captures-only generation (quiescence search) yields exactly the moves that remove at
    // least one enemy piece.
    let mut caps = Vec::new();
    p.generate_captures(&mut caps);
    let us = p.side_to_move();
    let expected: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            p.effect(m)
                .captured
                .iter()
                .any(|&s| p.piece_at(s).colour() != us)
        })
        .collect();
    assert_eq!(
        caps,
        expected,
        "{context}: captures-only generation differs in {}",
        p.to_notation()
    );
    // Every move generated, in order; where the generator says whether it captures
    // (`MoveSink::push_classified`, which the search's picker reads to keep captures apart from
    // quiet moves), it says so truly.
    let mut told = Told::default();
    p.generate_into::<_, false>(&mut told);
    assert_eq!(
        told.moves,
        moves,
        "{context}: generation order in {}",
        p.to_notation()
    );
    for (&m, flag) in told.moves.iter().zip(&told.flags) {
        if let Some(captures) = *flag {
            assert_eq!(
                captures,
                expected.contains(&m),
                "{context}: {} is told as capturing: {captures}, in {}",
                p.move_to_string(m),
                p.to_notation()
            );
        }
    }
    // Canonical strings are distinct and parse back to the same move.
    for &m in &moves {
        let s = p.move_to_string(m);
        assert_eq!(
            p.parse_move(&s).ok(),
            Some(m),
            "{context}: '{s}' does not round-trip"
        );
    }
    moves
}

fn playouts<const N: usize>(
    start: &Position<N>,
    games: usize,
    plies: usize,
    seed: u64,
    tally: &mut Tally,
) {
    let variant = start.variant().id().to_string();
    let mut rng = StdRng::seed_from_u64(seed);
    for game in 0..games {
        let mut p = start.clone();
        let mut r = RefPosition::parse(&variant, &p.to_notation()).expect("reference parses");
        // Capture-hungry games thin the board out; others stay crowded.
        let capture_bias: f64 = rng.gen_range(0.0..0.9);
        for ply in 0..plies {
            let context = format!("{variant} game {game} ply {ply}");
            if r.chu_finished() && !p.moves().is_empty() {
                // Reported by the caller; the game cannot go on in the reference.
                tally.finished_with_moves += 1;
                tally
                    .finished_example
                    .get_or_insert_with(|| format!("{context}: {}", p.to_notation()));
                break;
            }
            let moves = compare(&p, &r, &context);
            tally.add(&p, &moves);
            if moves.is_empty() {
                break;
            }
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| !p.effect(m).captured.is_empty())
                .collect();
            let m = if !captures.is_empty() && rng.gen_bool(capture_bias) {
                captures[rng.gen_range(0..captures.len())]
            } else {
                moves[rng.gen_range(0..moves.len())]
            };
            let key = key_of_fast(&p, m);
            let rm = r
                .moves()
                .into_iter()
                .find(|x| key_of_ref(x) == key)
                .expect("reference has the move");
            let before = p.to_notation();
            let hash = p.hash();
            let lists = piece_lists(&p);
            let ms = p.move_to_string(m);
            p.make(m);
            p.check_consistency()
                .unwrap_or_else(|e| panic!("{context}: after {ms} in {before}: {e}"));
            p.unmake();
            assert_eq!(p.to_notation(), before, "{context}: unmake");
            assert_eq!(p.hash(), hash, "{context}: unmake hash");
            p.check_consistency().unwrap();
            // The lists' order is the generation order: a make and unmake (a search's probe)
            // must leave the moves generated next as they were.
            assert_eq!(
                piece_lists(&p),
                lists,
                "{context}: unmake of {ms} reordered the piece lists in {before}"
            );
            p.make(m);
            r = r.play(&rm);
            assert_eq!(
                p.to_notation(),
                r.to_notation(),
                "{context}: positions differ after {key:?}"
            );
        }
    }
}

/// Each side's piece list in order (the order moves are generated in).
fn piece_lists<const N: usize>(p: &Position<N>) -> [Vec<Square>; 2] {
    [Colour::Black, Colour::White].map(|c| p.pieces(c).collect())
}

/// Plays `games` seeded random games of up to `plies` plies from each start position,
/// comparing every position, and returns what the comparisons covered.
fn run(variant: &str, starts: &[String], games: usize, plies: usize, seed: u64) -> Tally {
    run_variant(
        Variant::builtin(variant).unwrap(),
        starts,
        games,
        plies,
        seed,
    )
}

/// As [`run`], for a variant given as compiled (the reference knows it by its id).
fn run_variant(v: Arc<Variant>, starts: &[String], games: usize, plies: usize, seed: u64) -> Tally {
    let variant = v.id().to_string();
    let mut tally = Tally::default();
    for (i, text) in starts.iter().enumerate() {
        let start = AnyPosition::parse(v.clone(), text).unwrap();
        with_position!(&start, p => playouts(p, games, plies, seed + i as u64 * 1000, &mut tally));
    }
    eprintln!("{variant}: {tally:?}");
    tally
}

/// The start position with the given piece codes promoted (for both sides), so that forms
/// random play rarely reaches (Maka dai dai's emperor) are compared too.
fn promoted_start(variant: &str, codes: &[&str]) -> String {
    let v = Variant::builtin(variant).unwrap();
    let s = AnyPosition::startpos(v).to_notation();
    let (board, rest) = s.split_once(' ').unwrap();
    let mut out = String::new();
    let chars: Vec<char> = board.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let token: String = if chars[i] == '(' {
            let close = i + chars[i..].iter().position(|&c| c == ')').unwrap();
            chars[i..=close].iter().collect()
        } else {
            chars[i].to_string()
        };
        i += token.chars().count();
        let code = token.trim_matches(|c| c == '(' || c == ')').to_uppercase();
        if codes.contains(&code.as_str()) {
            out.push('+');
        }
        out.push_str(&token);
    }
    format!("{out} {rest}")
}

/// A position with only the given pieces (square, code as in notation) on an empty board (the
/// test kit's builder).
fn placement(variant: &str, pieces: &[(&str, &str)], side: char) -> String {
    let v = Variant::builtin(variant).unwrap();
    taikyoku_tests::kit::position_text(
        v.geometry().files(),
        v.geometry().ranks(),
        pieces,
        side,
        "-",
    )
}

#[test]
fn dai_dai_agrees_with_reference() {
    let t = run("dai-dai", &["startpos".into()], 16, 250, 1);
    assert!(t.positions >= 3000);
    for (what, n) in [
        ("promotions", t.promote),
        ("lion captures", t.lion_captures),
        ("lion-dog triple captures", t.triple_captures),
        ("igui", t.igui),
        ("passes", t.pass),
    ] {
        assert!(n > 0, "dai-dai playouts never compared {what}");
    }
}

/// Dai: from the start position, and from a position where forward-only pieces of both sides
/// (knights, pawns, lances, iron and stone generals) stand close to their last ranks with
/// enemy pieces to capture there, and the lions face each other.
#[test]
fn dai_agrees_with_reference() {
    let deep = placement(
        "dai",
        &[
            ("8o", "K"),
            ("8a", "k"),
            ("13d", "N"),
            ("3d", "N"),
            ("12c", "P"),
            ("11c", "I"),
            ("5c", "SG"),
            ("1g", "L"),
            ("14b", "g"),
            ("10a", "s"),
            ("4a", "r"),
            ("2b", "ab"),
            ("13l", "n"),
            ("3l", "n"),
            ("4m", "p"),
            ("5m", "i"),
            ("11m", "sg"),
            ("15i", "l"),
            ("14n", "G"),
            ("6o", "S"),
            ("12o", "R"),
            ("8h", "LN"),
            ("8f", "ln"),
            ("7e", "g"),
            ("9j", "DK"),
            ("6d", "dh"),
        ],
        'b',
    );
    let t = run("dai", &["startpos".into(), deep], 12, 250, 7);
    assert!(t.positions >= 3000);
    for (what, n) in [
        ("promotions", t.promote),
        ("declined promotions", t.decline),
        ("promotions that may not be declined", t.forced),
        ("lion captures", t.lion_captures),
        ("igui", t.igui),
        ("passes", t.pass),
    ] {
        assert!(n > 0, "dai playouts never compared {what}");
    }
}

/// Tai: from the start position, from the start with the drunk elephants (princes) and lions
/// (furious fiends) promoted, and from a sparse position with Tai's nine own kinds of both
/// sides among enemy pieces and the emperors without princes (so that each may go only where
/// its own side protects).
#[test]
fn tai_agrees_with_reference() {
    let own = placement(
        "tai",
        &[
            ("13m", "(EM)"),
            ("13e", "(em)"),
            ("20p", "(PC)"),
            ("5p", "(GL)"),
            ("8k", "(SH)"),
            ("15o", "(TS)"),
            ("10o", "(VI)"),
            ("3q", "(SO)"),
            ("22o", "(HE)"),
            ("12q", "(EG)"),
            ("18s", "(SI)"),
            ("6e", "(pc)"),
            ("21j", "(gl)"),
            ("18o", "(sh)"),
            ("11i", "(ts)"),
            ("16i", "(vi)"),
            ("23g", "(so)"),
            ("4i", "(he)"),
            ("14g", "(eg)"),
            ("8c", "(si)"),
            ("20l", "p"),
            ("5k", "g"),
            ("9j", "(fl)"),
            ("15m", "(de)"),
            ("14l", "p"),
            ("17n", "(ln)"),
            ("17q", "(LN)"),
            ("18q", "p"),
            ("6n", "(DE)"),
            ("7m", "(bt)"),
        ],
        'b',
    );
    let starts = [
        "startpos".to_string(),
        promoted_start("tai", &["DE", "LN"]),
        own,
    ];
    let t = run("tai", &starts, 5, 200, 11);
    assert!(t.positions >= 2000);
    for (what, n) in [
        ("promotions", t.promote),
        ("emperor positions", t.emperor_positions),
        ("lion captures", t.lion_captures),
        ("igui", t.igui),
        ("passes", t.pass),
    ] {
        assert!(n > 0, "tai playouts never compared {what}");
    }
}

/// Tai with QBoard's emperor (`emperor = all-but-protected-royals`; the reference's
/// `tai-qboard`): from the start position (each emperor may take any enemy piece but the
/// prince and the emperor) and from the start with the drunk elephants promoted.
#[test]
fn tai_with_qboards_emperor_agrees_with_reference() {
    let text =
        include_str!("../../movegen/variants/tai.var").replacen("id = tai", "id = tai-qboard", 1)
            + "\n[rules]\nemperor = all-but-protected-royals\n";
    let v = Variant::from_text("tai-qboard", &text).unwrap();
    let promoted = promoted_start("tai", &["DE"]);
    let t = run_variant(v, &["startpos".to_string(), promoted], 4, 150, 13);
    assert!(t.positions >= 1000);
    assert!(t.emperor_positions > 0 && t.promote > 0);
}

#[test]
fn maka_dai_dai_agrees_with_reference() {
    let starts = [
        "startpos".to_string(),
        promoted_start("maka-dai-dai", &["K"]),
        promoted_start("maka-dai-dai", &["K", "DE"]),
    ];
    let t = run("maka-dai-dai", &starts, 8, 250, 2);
    assert!(t.positions >= 3000);
    for (what, n) in [
        ("promotions", t.promote),
        ("declined promotions", t.decline),
        ("conversions", t.conversions),
        ("emperor positions", t.emperor_positions),
        ("lion captures", t.lion_captures),
        ("igui", t.igui),
        ("passes", t.pass),
    ] {
        assert!(n > 0, "maka-dai-dai playouts never compared {what}");
    }
}

#[test]
fn ko_agrees_with_reference() {
    // Start positions with promoted pieces too (fog and light, thunderclap, roaming assault,
    // poison flames, clerk), so that the rare mechanics are compared.
    // Multi-capturers facing clusters, a poison flame among enemies, fog and light near each
    // other, a clerk whose guards have entered the zone, shooters with lines of targets.
    let mut clash = placement(
        "ko",
        &[
            ("10s", "G"),
            ("10a", "g"),
            ("12r", "(MA)"),
            ("11r", "B"),
            ("8a", "(ma)"),
            ("12a", "b"),
            ("10j", "+D"),
            ("10i", "p"),
            ("10h", "(sp)"),
            ("11i", "p"),
            ("9j", "(hs)"),
            ("11j", "p"),
            ("3j", "+B"),
            ("3i", "p"),
            ("3h", "(sp)"),
            ("3g", "(ch)"),
            ("15j", "+(EN)"),
            ("15i", "p"),
            ("14i", "(sp)"),
            ("16h", "+(en)"),
            ("5e", "+(tb)"),
            ("5k", "+(SM)"),
            ("7c", "(sm)"),
            ("12g", "(SC)"),
            ("18o", "(FD)"),
            ("1o", "R"),
            ("17m", "(FW)"),
            ("17h", "(cu)"),
            ("13i", "(su)"),
            ("2m", "(TB)"),
            ("4d", "(tb)"),
            ("7m", "(CA)"),
            ("6k", "(gh)"),
            ("8e", "(wr)"),
            ("6b", "+(du)"),
        ],
        'b',
    );
    clash = clash.replacen(" b - ", " b AR ", 1);
    // A fog and a light walled in by enemy pawns (landings left free): thousands of moves each,
    // more than any other piece can have.
    let mut crowd: Vec<(String, &str)> = vec![
        ("10s".into(), "G"),
        ("10a".into(), "g"),
        ("10l".into(), "+(TB)"),
        ("16e".into(), "+(sm)"),
    ];
    for (file, rank, enemy) in [(10, 11, "p"), (16, 4, "P")] {
        for df in -3i32..=3 {
            for dr in -3i32..=3 {
                let (f, r) = (file + df, rank + dr);
                if df % 2 != 0 || dr % 2 != 0 {
                    crowd.push((format!("{f}{}", (b'a' + r as u8) as char), enemy));
                }
            }
        }
    }
    let crowd: Vec<(&str, &str)> = crowd.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let crowded = placement("ko", &crowd, 'b');
    // Cavalries one and two ranks short of their zones (docs/ko.md "Promotion": a double move
    // that stops in the zone between its legs may promote), with enemies to capture there.
    let edge = placement(
        "ko",
        &[
            ("10s", "G"),
            ("10a", "g"),
            ("10g", "(CA)"),
            ("5h", "(CA)"),
            ("11e", "p"),
            ("10m", "(ca)"),
            ("15l", "(ca)"),
            ("9o", "P"),
        ],
        'b',
    );
    let starts = [
        edge,
        crowded,
        "startpos".to_string(),
        promoted_start("ko", &["TB", "SM", "D", "B", "EN", "FW", "C", "CA", "LB"]),
        promoted_start("ko", &["DU", "FH", "Q", "PL", "SU", "SB"]),
        clash,
    ];
    let t = run("ko", &starts, 6, 250, 4);
    assert!(t.positions >= 2000);
    for (what, n) in [
        ("promotions", t.promote),
        ("declined promotions", t.decline),
        ("multi-captures", t.lion_captures),
        (
            "captures on two or more squares before the last",
            t.long_paths,
        ),
        ("shots", t.shots),
        ("igui", t.igui),
        ("passes", t.pass),
    ] {
        assert!(n > 0, "ko playouts never compared {what}");
    }
}

#[test]
fn taikyoku_agrees_with_reference() {
    // Forward-only pieces at or next to their furthest rank, with enemies to capture there.
    let last_rank = placement(
        "taikyoku",
        &[
            ("1jj", "K"),
            ("36a", "k"),
            ("30a", "L"),
            ("29a", "(ab)"),
            ("25a", "(SI)"),
            ("22a", "g"),
            ("20a", "(RW)"),
            ("18a", "(ew)"),
            ("15b", "N"),
            ("14b", "P"),
            ("13a", "(fl)"),
            ("10b", "(OC)"),
            ("8b", "(GN)"),
            ("7a", "(sg)"),
            ("5b", "(TG)"),
            ("3b", "D"),
            ("2a", "r"),
            ("30jj", "l"),
            ("28ii", "(AB)"),
            ("24jj", "(si)"),
            ("20ii", "p"),
            ("19jj", "G"),
        ],
        'b',
    );
    let t = run("taikyoku", &["startpos".into(), last_rank], 6, 300, 3);
    assert!(t.positions >= 1000);
    for (what, n) in [
        ("promotions", t.promote),
        ("range captures", t.range_captures),
        ("friendly pieces removed", t.friendly_removed),
        ("lion captures", t.lion_captures),
        ("igui", t.igui),
        ("passes", t.pass),
        (
            "capture-only pieces on the last rank",
            t.capture_only_pieces,
        ),
    ] {
        assert!(n > 0, "taikyoku playouts never compared {what}");
    }
}

#[test]
fn taikyoku_atsa_agrees_with_reference() {
    // Modern Taikyoku: from the start position, from one where lions, promoting pieces and
    // range capturers stand next to the zones among enemies, and from the start position with
    // chain-promoting kinds already promoted (a promoted gold general moves as a flying
    // chariot and never promotes again).
    let near_zones = placement(
        "taikyoku-atsa",
        &[
            ("1jj", "K"),
            ("36a", "k"),
            ("18l", "L"),
            ("17k", "p"),
            ("19j", "GLG"),
            ("10l", "L"),
            ("12m", "FE"),
            ("11l", "fch"),
            ("20n", "C"),
            ("25m", "PCK"),
            ("30n", "RAD"),
            ("29m", "p"),
            ("5p", "GG"),
            ("5n", "vg"),
            ("5m", "P"),
            ("5f", "gg"),
            ("8p", "AG"),
            ("7o", "P"),
            ("6n", "flg"),
            ("3p", "FID"),
            ("33p", "FCR"),
            ("18y", "l"),
            ("17z", "P"),
            ("26y", "lh"),
            ("14w", "ffi"),
            ("20x", "fe"),
            ("12x", "vg"),
            ("12z", "GB"),
            ("24w", "bs"),
        ],
        'b',
    );
    let promoted = promoted_start(
        "taikyoku-atsa",
        &["GLG", "FCH", "L", "AG", "VG", "DE", "SVG"],
    );
    let t = run(
        "taikyoku-atsa",
        &["startpos".into(), near_zones, promoted],
        4,
        200,
        64,
    );
    assert!(t.positions >= 1500);
    for (what, n) in [
        ("promotions", t.promote),
        ("range captures", t.range_captures),
        ("friendly pieces removed", t.friendly_removed),
        ("lion captures", t.lion_captures),
        ("igui", t.igui),
        ("passes", t.pass),
    ] {
        assert!(n > 0, "taikyoku-atsa playouts never compared {what}");
    }
    assert_eq!(t.decline, 0, "modern Taikyoku's promotion is compulsory");
}

/// Chu shogi (lishogi's rules, docs/chu.md) from the start position and from
/// curated positions that force the lion-trading rules (§6): lions two squares apart, protected
/// or not (also by a slider behind the capturing lion), pawn and gold bridges, a kirin that has
/// just taken a lion (counter-strike record), falcons and eagles facing lions.
fn chu_curated() -> Vec<String> {
    // Kings with a gold and a silver each, so that nobody is a bare king.
    let kings = [
        ("1l", "K"),
        ("2l", "G"),
        ("3l", "S"),
        ("12a", "k"),
        ("11a", "g"),
        ("10a", "s"),
    ];
    let with = |rest: &[(&'static str, &'static str)]| {
        let mut v: Vec<(&str, &str)> = kings.to_vec();
        v.extend_from_slice(rest);
        v
    };
    let mut out = Vec::new();
    // Lions two apart: 7g-7e, the white lion protected by a gold on 7d; Black's promoted kirin
    // on 3i and White's on 3g, protected by a white rook on 3k only through 3i (the capturing
    // lion's own square, which counts as empty).
    out.push(placement(
        "chu",
        &with(&[
            ("7g", "(LN)"),
            ("7e", "(ln)"),
            ("7d", "g"),
            ("3i", "+(KR)"),
            ("3g", "+(kr)"),
            ("3k", "r"),
            ("9i", "P"),
            ("9h", "p"),
        ]),
        'b',
    ));
    // The same with White to move (White's lion faces Black's).
    out.push(placement(
        "chu",
        &with(&[
            ("7g", "(LN)"),
            ("7e", "(ln)"),
            ("7h", "G"),
            ("4f", "+(KR)"),
            ("4h", "(sm)"),
        ]),
        'w',
    ));
    // Pawn bridge guarding the lion (6f guards 6g), a gold bridge (3f guards 3g), a pawn that
    // does not guard (9f; the lion is on 10g).
    out.push(placement(
        "chu",
        &with(&[
            ("7e", "(LN)"),
            ("6f", "p"),
            ("6g", "(ln)"),
            ("4e", "+(KR)"),
            ("3f", "g"),
            ("3g", "+(kr)"),
            ("9e", "+(DH)"),
            ("9f", "p"),
            ("10g", "(gb)"),
        ]),
        'b',
    ));
    // Counter-strike: Black's kirin has just taken a lion on 7g and promoted; Black's lion on
    // 4g may not be taken by White's gold or falcon, only by White's lion; the kirin may be
    // taken by anything.
    let cs = placement(
        "chu",
        &with(&[
            ("7g", "+(KR)"),
            ("7f", "g"),
            ("8f", "+(dh)"),
            ("4g", "(LN)"),
            ("4f", "g"),
            ("4d", "+(dh)"),
            ("2e", "(ln)"),
            ("4j", "P"),
            ("6i", "+(DK)"),
        ]),
        'w',
    );
    out.push(cs.replacen(" w - ", " w 7g ", 1));
    // Counter-strike after a falcon's igui (recorded on the first-step square 5f, empty now):
    // no lion may be taken by a non-lion.
    let cs = placement(
        "chu",
        &with(&[
            ("5g", "+(DH)"),
            ("7h", "(LN)"),
            ("7g", "p"),
            ("8g", "+(dk)"),
            ("6e", "(ln)"),
            ("6f", "+(BT)"),
        ]),
        'w',
    );
    out.push(cs.replacen(" w - ", " w 5f ", 1));
    // Falcons and eagles next to lions and pieces, kirins able to take lions (and promote).
    out.push(placement(
        "chu",
        &with(&[
            ("7i", "+(DH)"),
            ("7h", "(ln)"),
            ("7g", "p"),
            ("3i", "+(DK)"),
            ("4h", "+(kr)"),
            ("5g", "s"),
            ("10f", "(KR)"),
            ("10d", "(ln)"),
            ("6c", "(kr)"),
            ("6e", "(LN)"),
        ]),
        'b',
    ));
    out
}

/// Chu playouts: `games` games from the start position and from each curated position.
fn chu_run(games: usize, plies: usize, seed: u64) -> Tally {
    let mut t = run("chu", &["startpos".to_string()], games * 2, plies, seed);
    let curated = run("chu", &chu_curated(), games, plies, seed + 1);
    t.positions += curated.positions;
    t.moves += curated.moves;
    t.promote += curated.promote;
    t.decline += curated.decline;
    t.lion_captures += curated.lion_captures;
    t.igui += curated.igui;
    t.pass += curated.pass;
    t.lion_trade_refused += curated.lion_trade_refused;
    t.lion_trade_allowed += curated.lion_trade_allowed;
    t.counter_strike += curated.counter_strike;
    t.counter_strike_refused += curated.counter_strike_refused;
    t.counter_strike_recaptures += curated.counter_strike_recaptures;
    t.finished_with_moves += curated.finished_with_moves;
    t.finished_example = t.finished_example.or(curated.finished_example);
    t
}

/// What every chu run must show: no finished position with moves, and every mechanic compared.
fn chu_check(t: &Tally, min_positions: usize) {
    assert_eq!(
        t.finished_with_moves, 0,
        "chu: the fast generator yields moves in positions that are over (§8: bare king or \
         bare kings), e.g. {:?}",
        t.finished_example
    );
    assert!(t.positions >= min_positions);
    for (what, n) in [
        ("promotions", t.promote),
        ("declined promotions", t.decline),
        ("lion captures", t.lion_captures),
        ("igui", t.igui),
        ("passes", t.pass),
        ("refused lion trades", t.lion_trade_refused),
        ("allowed lion trades", t.lion_trade_allowed),
        ("counter-strike positions", t.counter_strike),
        (
            "captures refused by the counter-strike rule",
            t.counter_strike_refused,
        ),
        (
            "recaptures on the counter-strike square",
            t.counter_strike_recaptures,
        ),
    ] {
        assert!(n > 0, "chu playouts never compared {what}");
    }
}

/// Chu (lishogi's rules): move sets, path counts, positions after moves, make/unmake, from the
/// start position and the curated lion-trading positions.
#[test]
fn chu_agrees_with_reference() {
    let t = chu_run(24, 300, 5);
    chu_check(&t, 10_000);
}

#[test]
#[ignore = "long: run with --ignored"]
fn chu_agrees_with_reference_long() {
    let t = chu_run(150, 400, 500);
    chu_check(&t, 100_000);
}
