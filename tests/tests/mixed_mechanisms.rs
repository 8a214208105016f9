//! Mechanisms, not variant names: a new variant file (`tests/data/mixed-mechanisms.var`, 9x9)
//! mixes zone promotion (Ko shogi's rule), a lion's area move (chu's lion: two king steps,
//! igui, double capture) and burning (Ko's poison flame), and the moves of hand-built
//! positions are checked against sets worked out by hand from the rules as docs/ko.md
//! ("Promotion", "Burning"), docs/rules.md (the lion) and docs/variant-format.md state them.
//! Each expectation carries its derivation.
//!
//! The reference generator (`tests/src/reference/`) cannot check these: its piece tables and
//! rules are written per built-in variant, and it does not read variant files.
//!
//! Conventions: the board is 9x9, files 9..1 from left to right, ranks a..i from top to bottom;
//! a square `<file><rank>` sits in column `9 - file` and row `rank` (a = 0). Black moves up
//! (toward rank a); Black's promotion zone is ranks a-c, White's g-i. Black's king stands on 9i
//! and White's on 1a, out of reach of every tested piece. Effects are written
//! `<to>[ x<removed,...>][+|=]` (removed squares sorted as strings): what docs/notation.md uses
//! to tell moves apart (origin, destination, removed squares, promotion).

mod kit;
use kit::{at, moves_of, play, set, sq_name, square};

use std::collections::BTreeSet;
use std::sync::Arc;

use taikyoku_movegen::{Move, Position, Promotion, Variant};

type Pos = Position<2>;
const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/mixed-mechanisms.var");

fn variant() -> Arc<Variant> {
    Variant::from_file(FILE).unwrap_or_else(|e| panic!("{e}"))
}

/// The kings plus `pieces` (upper case Black, lower case White, `+` for promoted), `side` to move.
fn build(side: char, pieces: &[(&str, &str)]) -> Pos {
    let mut all = vec![("9i", "K"), ("1a", "k")];
    all.extend_from_slice(pieces);
    kit::build_in(variant(), side, "-", &all)
}

/// What a move does: destination, removed squares (sorted as strings), promotion suffix.
fn effect_string(pos: &Pos, m: Move) -> String {
    let e = pos.effect(m);
    let mut caps: Vec<String> = e.captured.iter().map(|&s| sq_name(pos, s)).collect();
    caps.sort();
    let mut s = sq_name(pos, e.to);
    if !caps.is_empty() {
        s.push_str(" x");
        s.push_str(&caps.join(","));
    }
    s.push_str(match e.promotion {
        Promotion::None => "",
        Promotion::Promote => "+",
        Promotion::Decline => "=",
    });
    s
}

/// The effects of the moves of the piece on `from`, checked to be distinct (one move per
/// effect), and each move's canonical string checked to read back as the move.
fn effects_from(pos: &Pos, from: &str) -> BTreeSet<String> {
    let list: Vec<String> = moves_of(pos, from)
        .into_iter()
        .map(|m| {
            let text = pos.move_to_string(m);
            assert_eq!(
                pos.parse_move(&text).ok(),
                Some(m),
                "{text} does not read back"
            );
            effect_string(pos, m)
        })
        .collect();
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "duplicate effects: {list:?}");
    set
}

/// The effects of the moves of the piece on `from` that end on `to`.
fn effects_to(pos: &Pos, from: &str, to: &str) -> BTreeSet<String> {
    let t = square(pos, to);
    moves_of(pos, from)
        .into_iter()
        .filter(|m| m.to() == t)
        .map(|m| effect_string(pos, m))
        .collect()
}

/// Captures-only generation gives exactly the moves that remove something.
fn captures_are_the_removing_moves(pos: &Pos) {
    let mut caps = Vec::new();
    pos.generate_captures(&mut caps);
    let caps: BTreeSet<u64> = caps.into_iter().map(|m| m.to_bits()).collect();
    let removing: BTreeSet<u64> = pos
        .moves()
        .into_iter()
        .filter(|&m| !pos.effect(m).captured.is_empty())
        .map(|m| m.to_bits())
        .collect();
    assert_eq!(caps, removing);
}

#[test]
fn the_file_loads_and_its_start_position_plays() {
    let v = variant();
    assert_eq!(v.id(), "mixed-mechanisms");
    let mut pos = Pos::parse(v, "startpos").unwrap();
    pos.check_consistency().unwrap();
    // Black's camp: pawns on rank g, the lion on 8h, the engineer on 5h, golds on 9i and 1i,
    // the king on 5i. The lion on 8h (col 1, row 7): the squares within two on the board are
    // files 9-6 of ranks f-i, 16 squares less its own; its friends stand on 9g, 8g, 7g, 6g
    // and 9i, which leaves 9f 8f 7f 6f (jumping its pawns), 9h 7h 6h and 8i 7i 6i: 10, and no
    // enemy is near (no igui, no double capture); plus the pass: 11.
    let lion: Vec<Move> = pos
        .moves()
        .into_iter()
        .filter(|m| sq_name(&pos, m.from()) == "8h")
        .collect();
    assert_eq!(lion.len(), 11, "{lion:?}");
    // A few plies each way, make and unmake restoring position and hash.
    for mv in ["8h8f", "2c2d", "9g9f", "8c8d"] {
        let before = pos.to_notation();
        let hash = pos.hash();
        let m = play(&mut pos, mv);
        pos.unmake();
        assert_eq!(pos.to_notation(), before);
        assert_eq!(pos.hash(), hash);
        pos.make(m);
    }
    captures_are_the_removing_moves(&pos);
}

#[test]
fn lion_double_captures_igui_and_pass_outside_the_zone() {
    // The lion on 5f (col 4, row 5): rows d-h are out of Black's zone (a-c), so no move of it
    // can promote (no destination or stop between legs lies in ranks a-c). White pawns on 5e
    // and 5d, a White gold on 4f, a Black pawn on 6e.
    let pos = build(
        'b',
        &[
            ("5f", "LN"),
            ("5e", "p"),
            ("5d", "p"),
            ("4f", "g"),
            ("6e", "P"),
        ],
    );
    let want = set(&[
        // One step (or a jump) to each neighbour but the friend on 6e.
        "5e x5e",
        "4e",
        "6f",
        "4f x4f",
        "6g",
        "5g",
        "4g",
        // A jump to each of the sixteen squares two away (only 5d holds a piece, an enemy).
        "7d",
        "6d",
        "5d x5d",
        "4d",
        "3d",
        "7h",
        "6h",
        "5h",
        "4h",
        "3h",
        "7e",
        "7f",
        "7g",
        "3e",
        "3f",
        "3g",
        // Capture on 5e, then a second step to its other neighbours (not the friend on 6e):
        // 6d, 5d (double capture), 4d, 4e, 6f, 4f (double capture), or back (igui).
        "6d x5e",
        "5d x5d,5e",
        "4d x5e",
        "4e x5e",
        "6f x5e",
        "4f x4f,5e",
        "5f x5e",
        // Capture on 4f, then 5e (double capture), 4e, 3e, 3f, 5g, 4g, 3g, or back (igui).
        "5e x4f,5e",
        "4e x4f",
        "3e x4f",
        "3f x4f",
        "5g x4f",
        "4g x4f",
        "3g x4f",
        "5f x4f",
        // The pass.
        "5f",
    ]);
    assert_eq!(want.len(), 39);
    assert_eq!(effects_from(&pos, "5f"), want);
    // The canonical strings name the squares where the lion captures on the way.
    let strings: BTreeSet<String> = moves_of(&pos, "5f")
        .into_iter()
        .map(|m| pos.move_to_string(m))
        .collect();
    for s in ["5f5e5d", "5f5e5f", "5f4f5e", "5f5d", "5f4f"] {
        assert!(strings.contains(s), "{s} missing from {strings:?}");
    }
    captures_are_the_removing_moves(&pos);
    // The double capture removes both pawns; unmake restores everything.
    let mut pos = pos;
    let before = pos.to_notation();
    let hash = pos.hash();
    play(&mut pos, "5f5e5d");
    assert_eq!(
        (at(&pos, "5f"), at(&pos, "5e"), at(&pos, "5d")),
        (String::new(), String::new(), "LN".to_string())
    );
    assert_eq!(at(&pos, "4f"), "g");
    pos.unmake();
    assert_eq!(pos.to_notation(), before);
    assert_eq!(pos.hash(), hash);
    // Igui: the pawn on 5e is gone, the lion still on 5f.
    play(&mut pos, "5f5e5f");
    assert_eq!(
        (at(&pos, "5f"), at(&pos, "5e")),
        ("LN".to_string(), String::new())
    );
}

#[test]
fn lion_at_the_zone_edge_may_promote_after_a_stop_in_the_zone() {
    // The lion on 5d (col 4, row 3), just outside Black's zone (rows 0-2), on an otherwise
    // empty neighbourhood. docs/ko.md "Promotion": a move that starts or ends in the zone may
    // promote, and so may a multiple move that stands in the zone between legs; the lion's
    // area move is two king steps, so a way through an empty zone square counts (when several
    // ways lead to one effect, promotion is offered if any allows it).
    let pos = build('b', &[("5d", "LN")]);
    let mut want = Vec::new();
    // Ranks b and c within two: in the zone, + and =.
    for sq in ["7b", "6b", "5b", "4b", "3b", "7c", "6c", "5c", "4c", "3c"] {
        want.push(format!("{sq}+"));
        want.push(format!("{sq}="));
    }
    // Rank d: 7d via 6c, 6d via 6c or 5c, 4d via 5c or 4c, 3d via 4c, and the pass out to 5c
    // and back: each stands in the zone between its two steps, + and =.
    for sq in ["7d", "6d", "4d", "3d", "5d"] {
        want.push(format!("{sq}+"));
        want.push(format!("{sq}="));
    }
    // Ranks e and f: no square of the zone is next to both 5d and the destination: no choice.
    for sq in ["7e", "6e", "5e", "4e", "3e", "7f", "6f", "5f", "4f", "3f"] {
        want.push(sq.to_string());
    }
    let want: BTreeSet<String> = want.into_iter().collect();
    assert_eq!(want.len(), 40);
    assert_eq!(effects_from(&pos, "5d"), want);
    // Promoting on 5b makes a burning lion.
    let mut pos = pos;
    play(&mut pos, "5d5b+");
    assert_eq!(at(&pos, "5b"), "+LN");
}

#[test]
fn lion_capturing_on_a_zone_square_and_stepping_out_may_promote() {
    // The lion on 5d, a White pawn on 5c (in Black's zone). Igui on 5c stands in the zone
    // (+ and =); so does capturing it and stepping out to 4d or 6d. The pass goes through an
    // empty zone square (4c or 6c): + and =.
    let pos = build('b', &[("5d", "LN"), ("5c", "p")]);
    assert_eq!(
        effects_to(&pos, "5d", "5d"),
        set(&["5d x5c+", "5d x5c=", "5d+", "5d="])
    );
    assert_eq!(
        effects_to(&pos, "5d", "4d"),
        set(&["4d x5c+", "4d x5c=", "4d+", "4d="])
    );
    // 5e is two rows from the zone: the capture on 5c cannot be followed by a step to 5e (not
    // adjacent), and no zone square is next to both 5d and 5e.
    assert_eq!(effects_to(&pos, "5d", "5e"), set(&["5e"]));
    captures_are_the_removing_moves(&pos);
}

#[test]
fn burning_lion_burns_where_it_ends_and_its_ways_merge() {
    // A burning lion (a promoted lion: {lion} {burn}) on 5f; White pawns on 5e and 5d, golds
    // on 4c and 6d. It cannot promote again. Wherever it ends a move, every enemy piece on the
    // eight squares around is removed (docs/ko.md "Burning").
    let pos = build(
        'b',
        &[
            ("5f", "+LN"),
            ("5e", "p"),
            ("5d", "p"),
            ("4c", "g"),
            ("6d", "g"),
        ],
    );
    // To 5d: jumping there captures 5d and burns its neighbours 4c, 6d and 5e; capturing 5e on
    // the way then 5d removes the same four: one move.
    assert_eq!(effects_to(&pos, "5f", "5d"), set(&["5d x4c,5d,5e,6d"]));
    // To 5e: captures 5e, burns 5d and 6d (4c is two away from 5e).
    assert_eq!(effects_to(&pos, "5f", "5e"), set(&["5e x5d,5e,6d"]));
    // To 4d (empty): burns 4c, 5d, 5e; capturing 5e on the way to it changes nothing.
    assert_eq!(effects_to(&pos, "5f", "4d"), set(&["4d x4c,5d,5e"]));
    // Back on 5f: igui on 5e, and the pass, which burns 5e: one effect.
    assert_eq!(effects_to(&pos, "5f", "5f"), set(&["5f x5e"]));
    // The canonical string of the merged move names fewest squares: the jump.
    let to_5d: Vec<String> = moves_of(&pos, "5f")
        .into_iter()
        .filter(|m| sq_name(&pos, m.to()) == "5d")
        .map(|m| pos.move_to_string(m))
        .collect();
    assert_eq!(to_5d, vec!["5f5d".to_string()]);
    // Any path with the same effect reads as that move (docs/ko.md "Distinct moves").
    assert_eq!(pos.parse_move("5f5e5d").ok(), pos.parse_move("5f5d").ok());
    captures_are_the_removing_moves(&pos);
    let mut pos = pos;
    let before = pos.to_notation();
    let hash = pos.hash();
    play(&mut pos, "5f5d");
    for sq in ["5f", "5e", "4c", "6d"] {
        assert_eq!(at(&pos, sq), "", "{sq}");
    }
    assert_eq!(at(&pos, "5d"), "+LN");
    pos.unmake();
    assert_eq!(pos.to_notation(), before);
    assert_eq!(pos.hash(), hash);
}

#[test]
fn poison_flame_burns_after_its_move() {
    // A poison flame (promoted engineer: vW fF {burn}) on 5f; a White pawn on 4d, a White gold
    // on 6d, a Black pawn on 6e, a White pawn on 5g. Its moves: 5e (fW), 5g (bW, capturing),
    // 4e (fF right); 6e (fF left) holds a friend.
    let pos = build(
        'b',
        &[
            ("5f", "+E"),
            ("4d", "p"),
            ("6d", "g"),
            ("6e", "P"),
            ("5g", "p"),
        ],
    );
    assert_eq!(
        effects_from(&pos, "5f"),
        set(&[
            // 5e: around it 6d and 4d (the friend on 6e is not burned).
            "5e x4d,6d",
            // 5g: captures the pawn; nothing around it.
            "5g x5g",
            // 4e: around it 4d.
            "4e x4d",
        ])
    );
    let mut pos = pos;
    play(&mut pos, "5f5e");
    assert_eq!(
        (at(&pos, "4d"), at(&pos, "6d"), at(&pos, "6e")),
        (String::new(), String::new(), "P".to_string())
    );
}

#[test]
fn engineer_promoting_in_the_zone_does_not_burn_on_that_move() {
    // The engineer (vW fF) on 5d, a White pawn on 4b. 5c, 6c and 4c are in the zone (+ and
    // =); 5e is not (from 5d, outside, to 5e, outside: no choice). docs/ko.md: an engineer that
    // promotes to poison flame at the end of a move did not arrive as a burning piece.
    let pos = build('b', &[("5d", "E"), ("4b", "p")]);
    assert_eq!(
        effects_from(&pos, "5d"),
        set(&["5c+", "5c=", "6c+", "6c=", "4c+", "4c=", "5e"])
    );
    let mut pos = pos;
    play(&mut pos, "5d5c+");
    assert_eq!(
        (at(&pos, "5c"), at(&pos, "4b")),
        ("+E".to_string(), "p".to_string())
    );
}

#[test]
fn what_zone_promotion_cannot_generate_is_refused_by_name() {
    let text = std::fs::read_to_string(FILE).unwrap();
    let with_piece = |row: &str| text.replace("[setup]", &format!("{row}\n\n[setup]"));
    let refused = |row: &str, code: &str, words: &[&str]| {
        let e = Variant::from_text("mixed", &with_piece(row))
            .err()
            .unwrap_or_else(|| panic!("{row} accepted"))
            .to_string();
        assert!(e.contains(&format!("{code}: ")), "{e}");
        for w in words {
            assert!(e.contains(w), "{e} lacks {w}");
        }
    };
    refused(
        "GG | Great general | - | - | xQ | rank=3 promoted-only",
        "GG",
        &["range capture", "zone promotion"],
    );
    refused(
        "LD | Lion dog | - | - | yK3 | promoted-only",
        "LD",
        &["lion line", "zone promotion"],
    );
    refused(
        "HM | Hook mover | - | - | hR | promoted-only",
        "HM",
        &["hook", "zone promotion"],
    );
    refused(
        "SL | Shooting lion | - | - | {lion} {shoot bow 3} | promoted-only",
        "SL",
        &["shooting piece", "{lion}"],
    );
    // The same file with chu's promotion rule: burning needs zone promotion.
    let e = Variant::from_text("mixed", &text.replace("zone 3", "zone-entry 3"))
        .expect_err("burning without zone promotion")
        .to_string();
    assert!(e.contains("BL: ") && e.contains("promotion = zone"), "{e}");
}

#[test]
fn random_games_keep_position_notation_and_hash_consistent() {
    // Seeded random games from the start position: in every position each move's canonical
    // string reads back as the move, make and unmake restore the position and its hash, the
    // position stays consistent, and captures-only generation is the removing subset. The
    // games must have offered promotions, removed two or more pieces in one move, and burned.
    let (mut promotions, mut multi, mut burns) = (0, 0, 0);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % n
    };
    for _game in 0..12 {
        let mut pos = Pos::parse(variant(), "startpos").unwrap();
        for _ply in 0..80 {
            let moves = pos.moves();
            if moves.is_empty() || pos.winner().is_some() {
                break;
            }
            captures_are_the_removing_moves(&pos);
            let before = pos.to_notation();
            let hash = pos.hash();
            for &m in &moves {
                let text = pos.move_to_string(m);
                assert_eq!(pos.parse_move(&text).ok(), Some(m), "{before}: {text}");
                let e = pos.effect(m);
                promotions += (m.promotion() == Promotion::Promote) as usize;
                multi += (e.captured.len() >= 2) as usize;
                let mover = pos.piece_at(m.from());
                if pos.variant().burns(mover)
                    && e.captured
                        .iter()
                        .any(|&s| s != m.to() && m.stops().all(|t| t != s))
                {
                    burns += 1;
                }
                pos.make(m);
                pos.check_consistency().unwrap();
                pos.unmake();
                assert_eq!(pos.to_notation(), before, "{text}");
                assert_eq!(pos.hash(), hash, "{text}");
            }
            let m = moves[next(moves.len())];
            pos.make(m);
        }
    }
    assert!(
        promotions > 0 && multi > 0 && burns > 0,
        "{promotions} {multi} {burns}"
    );
}
