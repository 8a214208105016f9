//! Hand-derived rules tests for Ko shogi: one small hand-built position per mechanic, with the
//! expected moves and effects worked out by hand from the seed (`shared/seeds/ko-shogi.txt`) as
//! `docs/ko.md` settles it. Each expectation carries its derivation.
//!
//! Conventions used in the comments: the board is 19x19, files 19..1 from left to right, ranks
//! a..s from top to bottom; a square `<file><rank>` sits in column `19 - file` (0 = leftmost)
//! and row `rank` (a = 0, ..., s = 18). Black moves up (toward rank a); Black's left is toward
//! the higher file numbers. Black's promotion zone is ranks a-f, White's ranks n-s. Unless a
//! test says otherwise Black's general stands on 2s and White's on 18a: neither is on a line
//! through the squares the tested pieces use (2s is 8 columns and 9 rows from 10j) and both are
//! out of every shot range.
//!
//! Effects are written `<to>[ x<removed,...>][+|=]` (removed squares sorted as strings): what
//! docs/notation.md uses to tell moves apart (origin, destination, removed squares, promotion).

mod kit;
use kit::{at, moves_of, play, set, sq_name, square};

use std::collections::BTreeSet;

use taikyoku_movegen::{
    Colour, EndReason, GameResult, Move, Outcome, Position, Promotion, Variant,
};

type Pos = Position<6>;

const FILES: usize = 19;

// ---------------------------------------------------------------------------------------------
// Helpers (independent of the engine's own square notation code: the kit's).

/// Column and row of a square name.
fn coords(name: &str) -> (usize, usize) {
    kit::coords(name, FILES)
}

/// The name of the square in column `col`, row `row`.
fn name(col: usize, row: usize) -> String {
    kit::square_name(col, row, FILES)
}

/// A Ko position with exactly the given pieces (`(square, code)`; upper case Black, lower case
/// White, a leading `+` for a promoted piece), `side` to move and extra field `extra`.
fn build(side: char, extra: &str, pieces: &[(&str, &str)]) -> Pos {
    kit::build_in(Variant::builtin("ko").unwrap(), side, extra, pieces)
}

/// Black's general on 2s and White's on 18a, plus `pieces`, with extra field `extra`.
fn ko_x(side: char, extra: &str, pieces: &[(&str, &str)]) -> Pos {
    let mut all = vec![("2s", "G"), ("18a", "g")];
    all.extend_from_slice(pieces);
    build(side, extra, &all)
}

/// Black's general on 2s and White's on 18a, plus `pieces`; nobody's guard has entered.
fn ko(side: char, pieces: &[(&str, &str)]) -> Pos {
    ko_x(side, "-", pieces)
}

/// The moves of the piece on `from`, as sorted canonical strings (checked to be distinct).
fn moves_from(pos: &Pos, from: &str) -> Vec<String> {
    let list: Vec<String> = moves_of(pos, from)
        .into_iter()
        .map(|m| pos.move_to_string(m))
        .collect();
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "duplicate move strings: {list:?}");
    set.into_iter().collect()
}

/// The moves of the piece on `from` that end on `to`, as sorted canonical strings.
fn moves_to(pos: &Pos, from: &str, to: &str) -> Vec<String> {
    let t = square(pos, to);
    let mut list: Vec<String> = moves_of(pos, from)
        .into_iter()
        .filter(|m| m.to() == t)
        .map(|m| pos.move_to_string(m))
        .collect();
    list.sort();
    list
}

/// The destinations of the moves of the piece on `from`.
fn dests(pos: &Pos, from: &str) -> BTreeSet<String> {
    moves_of(pos, from)
        .into_iter()
        .map(|m| sq_name(pos, m.to()))
        .collect()
}

/// An effect string: destination, removed squares (sorted as strings) and promotion suffix.
fn fx(to: &str, removed: &[&str], suffix: &str) -> String {
    let mut caps: Vec<&str> = removed.to_vec();
    caps.sort();
    let mut s = to.to_string();
    if !caps.is_empty() {
        s.push_str(" x");
        s.push_str(&caps.join(","));
    }
    s.push_str(suffix);
    s
}

/// What a move does, as [`fx`] writes it.
fn effect_string(pos: &Pos, m: Move) -> String {
    let e = pos.effect(m);
    let caps: Vec<String> = e.captured.iter().map(|&s| sq_name(pos, s)).collect();
    let caps: Vec<&str> = caps.iter().map(|s| s.as_str()).collect();
    let suffix = match e.promotion {
        Promotion::None => "",
        Promotion::Promote => "+",
        Promotion::Decline => "=",
    };
    fx(&sq_name(pos, e.to), &caps, suffix)
}

/// The effects of the moves of the piece on `from`, sorted (checked to be distinct: one move
/// per effect).
fn effects_from(pos: &Pos, from: &str) -> Vec<String> {
    let list: Vec<String> = moves_of(pos, from)
        .into_iter()
        .map(|m| effect_string(pos, m))
        .collect();
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "duplicate effects: {list:?}");
    set.into_iter().collect()
}

/// The effects of the moves of the piece on `from` that end where they started (shots without
/// moving, igui, passes), sorted.
fn stay_effects(pos: &Pos, from: &str) -> Vec<String> {
    let f = square(pos, from);
    let mut list: Vec<String> = moves_of(pos, from)
        .into_iter()
        .filter(|m| m.to() == f)
        .map(|m| effect_string(pos, m))
        .collect();
    list.sort();
    list
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays a move and takes it back: the position, its extra field and its hash come back exactly.
fn make_unmake_restores(pos: &mut Pos, mv: &str) {
    let before = pos.to_notation();
    let hash = pos.hash();
    play(pos, mv);
    assert_ne!(pos.to_notation(), before, "{mv} changed nothing");
    pos.unmake();
    assert_eq!(pos.to_notation(), before, "unmake of {mv}");
    assert_eq!(pos.hash(), hash, "hash after unmake of {mv}");
    pos.check_consistency().unwrap();
}

/// The squares at an odd orthogonal (Manhattan) distance of at most 5 from `from`.
fn odd_manhattan_within_five(from: &str) -> BTreeSet<String> {
    let (c, r) = coords(from);
    let mut out = BTreeSet::new();
    for dc in -5i32..=5 {
        for dr in -5i32..=5 {
            let d = dc.abs() + dr.abs();
            if d <= 5 && d % 2 == 1 {
                out.insert(name((c as i32 + dc) as usize, (r as i32 + dr) as usize));
            }
        }
    }
    out
}

/// The squares from `from` (exclusive) in direction `(dc, dr)` up to the board's edge.
fn ray(from: &str, dc: i32, dr: i32) -> Vec<String> {
    let (c, r) = coords(from);
    let (mut c, mut r) = (c as i32, r as i32);
    let mut out = Vec::new();
    loop {
        c += dc;
        r += dr;
        if c < 0 || r < 0 || c >= FILES as i32 || r >= FILES as i32 {
            return out;
        }
        out.push(name(c as usize, r as usize));
    }
}

// ---------------------------------------------------------------------------------------------
// 1. Moves that may not capture by displacement.

#[test]
fn shooters_step_diagonally_but_never_onto_an_enemy() {
    // Gatling gun, long bow, crossbow and cannon: "can move one intersection in one of the four
    // diagonal directions. It cannot capture by making such a move." From 10j the diagonal
    // neighbours are 11i (a White pawn: no landing), 9i (a Black shield: no landing), 11k and
    // 9k (empty: landings). Each shooter can also shoot the adjacent pawn on 11i without moving
    // (range 1, nothing between), so 10j is a destination too; 11i never is.
    for code in ["FW", "LB", "SB", "C"] {
        let pos = ko('b', &[("10j", code), ("11i", "p"), ("9i", "SP")]);
        assert_eq!(dests(&pos, "10j"), set(&["10j", "11k", "9k"]), "{code}");
        assert!(pos.parse_move("10j11i").is_err(), "{code} captured 11i");
        assert_eq!(
            stay_effects(&pos, "10j"),
            vec![fx("10j", &["11i"], "")],
            "{code}"
        );
    }
}

#[test]
fn bow_cavalrymen_jump_but_never_onto_an_enemy() {
    // Longbow and crossbow cavalryman: "It can jump as a cavalryman to any of its eight
    // destinations. However, it cannot capture a piece this way." Knight squares of 10j (column
    // 9, row 9): 11h, 9h, 11l, 9l, 12i, 8i, 12k, 8k. 11h holds a White pawn (no landing), 9h a
    // Black shield (no landing). No enemy stands on a line from 10j (11h is a knight's jump
    // away), so there is no shot without moving and 10j is not a destination.
    for code in ["+LB", "+SB"] {
        let pos = ko('b', &[("10j", code), ("11h", "p"), ("9h", "SP")]);
        assert_eq!(
            dests(&pos, "10j"),
            set(&["11l", "9l", "12i", "8i", "12k", "8k"]),
            "{code}"
        );
    }
    // From 12i the pawn on 11h is the diagonal neighbour: the longbow cavalryman lands there and
    // shoots it (a shot after moving), which is not a capture by displacement.
    let pos = ko('b', &[("10j", "+LB"), ("11h", "p"), ("9h", "SP")]);
    assert!(moves_from(&pos, "10j").contains(&"10j12i*11h".to_string()));
}

#[test]
fn gun_carriage_and_chariot_of_the_gods_slide_without_capturing() {
    // Gun carriage (promoted cannon) and chariot of the gods (promoted gatling gun): "can move
    // up to five free intersections along one of the four orthogonal directions; however, it
    // cannot capture this way". From 10j: up 10i, 10h (10g holds a White pawn: the slide stops
    // before it and cannot take it); left 11j, 12j (13j holds a Black shield); right 9j..5j and
    // down 10k..10o (five squares each). Both can shoot the pawn on 10g (three squares up,
    // nothing between) without moving, so 10j is a destination; 10g never is.
    for code in ["+C", "+FW"] {
        let pos = ko('b', &[("10j", code), ("10g", "p"), ("13j", "SP")]);
        assert_eq!(
            dests(&pos, "10j"),
            set(&[
                "10i", "10h", "11j", "12j", "9j", "8j", "7j", "6j", "5j", "10k", "10l", "10m",
                "10n", "10o", "10j"
            ]),
            "{code}"
        );
        assert!(pos.parse_move("10j10g").is_err(), "{code} captured 10g");
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Multiple movers.

#[test]
fn sumo_wrestler_two_king_steps_igui_and_pass_without_bypassing_friends() {
    // "It steps one intersection in any direction once or twice, potentially capturing two
    // pieces per turn"; igui by returning; a pass by stepping out and back; it "cannot jump over
    // an intervening friendly piece". Black sumo wrestler on 10j, Black shields on 9i, 9j, 9k
    // (its whole right side), White pawns on 10i and 10h.
    let pos = ko(
        'b',
        &[
            ("10j", "WR"),
            ("9i", "SP"),
            ("9j", "SP"),
            ("9k", "SP"),
            ("10i", "p"),
            ("10h", "p"),
        ],
    );
    // First steps: 11i, 11j, 11k, 10k (empty) and 10i (capture).
    // Second steps, leg by leg (a second leg may not land on a friend, and may return to 10j):
    //   from 11i: 12h, 11h, 10h (capture), 12i, 10i (capture), 12j, 11j, back;
    //   from 10i (10i captured): 11h, 10h (second capture), 9h, 11i, 11j, back (igui); 9i and 9j
    //   are friends;
    //   from 11j: 12i, 11i, 10i (capture), 12j, 12k, 11k, 10k, back;
    //   from 11k: 12j, 11j, 12k, 12l, 11l, 10l, 10k, back;
    //   from 10k: 11j, 11k, 11l, 10l, 9l, back (9j and 9k are friends).
    // Distinct effects: 14 without capture (the pass "10j" included), 8 with.
    let mut expected = vec![
        fx("11i", &[], ""),
        fx("11j", &[], ""),
        fx("11k", &[], ""),
        fx("10k", &[], ""),
        fx("12h", &[], ""),
        fx("11h", &[], ""),
        fx("12i", &[], ""),
        fx("12j", &[], ""),
        fx("12k", &[], ""),
        fx("12l", &[], ""),
        fx("11l", &[], ""),
        fx("10l", &[], ""),
        fx("9l", &[], ""),
        fx("10j", &[], ""),
        fx("10i", &["10i"], ""),
        fx("10j", &["10i"], ""),
        fx("10h", &["10h"], ""),
        fx("10h", &["10i", "10h"], ""),
        fx("11h", &["10i"], ""),
        fx("9h", &["10i"], ""),
        fx("11i", &["10i"], ""),
        fx("11j", &["10i"], ""),
    ];
    expected.sort();
    assert_eq!(effects_from(&pos, "10j"), expected);
    // Every square of file 8 (8h..8l) is two steps away only through 9i, 9j or 9k, all friends:
    // unreachable (a lion could jump there).
    let d = dests(&pos, "10j");
    for s in ["8h", "8i", "8j", "8k", "8l"] {
        assert!(!d.contains(s), "sumo wrestler bypassed a friend to {s}");
    }
    // Notation: igui is written with the captured square between; a double capture lists both.
    let all = moves_from(&pos, "10j");
    for mv in ["10j10i10j", "10j10i10h", "10j10j"] {
        assert!(all.contains(&mv.to_string()), "{mv} missing from {all:?}");
    }
    // ko.md: squares only passed through are left out of the canonical string (two steps down
    // through 10k or 11k are `10j10l`), and any valid path with the same effect is accepted.
    assert!(all.contains(&"10j10l".to_string()));
    let short = pos.parse_move("10j10l").unwrap();
    for path in ["10j10k10l", "10j11k10l"] {
        let m = pos.parse_move(path).unwrap();
        assert_eq!(pos.effect(m), pos.effect(short), "{path}");
        assert_eq!(pos.move_to_string(m), "10j10l", "{path}");
    }
}

#[test]
fn sumo_wrestler_cannot_pass_without_an_empty_neighbour() {
    // ko.md: "a pass needs an empty landing". With White pawns on all eight neighbours the
    // sumo wrestler can capture one and return (igui, eight ways) but has no pass.
    let around = ["11i", "10i", "9i", "11j", "9j", "11k", "10k", "9k"];
    let mut pieces = vec![("10j", "WR")];
    pieces.extend(around.iter().map(|&s| (s, "p")));
    let pos = ko('b', &pieces);
    let mut expected: Vec<String> = around.iter().map(|&s| fx("10j", &[s], "")).collect();
    expected.sort();
    assert_eq!(stay_effects(&pos, "10j"), expected);
    assert!(!moves_from(&pos, "10j").contains(&"10j10j".to_string()));
}

#[test]
fn dragon_ascending_free_king_plus_two_king_steps() {
    // Dragon ascending (promoted millenary): "Range: any number of free intersections along any
    // of the eight directions. Double move: as the sumo wrestler". Black on 10j, White pawns on
    // 10i and 10h, a Black shield on 9j.
    let pos = ko(
        'b',
        &[("10j", "+DU"), ("10i", "p"), ("10h", "p"), ("9j", "SP")],
    );
    let fxs = effects_from(&pos, "10j");
    // Two steps capturing both pawns; igui on 10i; a pass (11i etc. are empty).
    for e in [
        fx("10h", &["10i", "10h"], ""),
        fx("10j", &["10i"], ""),
        fx("10j", &[], ""),
    ] {
        assert!(fxs.contains(&e), "{e} missing from {fxs:?}");
    }
    // To the left the free king slides to the edge: 12j..19j are beyond one king step and no
    // enemy is near them, so each is reached once, without capture (11j is also reached after
    // capturing 10i, so it is left out).
    let far_left: Vec<String> = ray("11j", -1, 0);
    let row_j_left: Vec<String> = fxs
        .iter()
        .filter(|e| {
            far_left
                .iter()
                .any(|s| e.split(' ').next() == Some(s.as_str()))
        })
        .cloned()
        .collect();
    let mut expected: Vec<String> = far_left.iter().map(|s| fx(s, &[], "")).collect();
    expected.sort();
    assert_eq!(row_j_left, expected);
    // Up, the slide stops on the capture at 10i; two steps reach 10h at most: 10g is out.
    // Right, the friend on 9j blocks the slide; two steps reach 8j (through 9i or 9k), not 7j.
    let d = dests(&pos, "10j");
    assert!(!d.contains("10g"));
    assert!(d.contains("8j"));
    assert!(!d.contains("7j"));
}

#[test]
fn tiger_wing_two_diagonal_steps() {
    // Tiger wing (promoted quartermaster): "moves like a shield (one step diagonally) once or
    // twice per turn". Black on 10j, a White pawn on 11i, a Black shield on 9i.
    let pos = ko('b', &[("10j", "+Q"), ("11i", "p"), ("9i", "SP")]);
    // First steps: 11i (capture), 11k, 9k; 9i is a friend.
    // Second steps: from 11i: 12h, 10h, 12j, back to 10j (igui);
    // from 11k: 12j, back (pass), 12l, 10l; from 9k: back (pass), 8j, 10l, 8l.
    // 8h could only be reached through the friend on 9i; orthogonal neighbours never.
    let mut expected = vec![
        fx("11i", &["11i"], ""),
        fx("11k", &[], ""),
        fx("9k", &[], ""),
        fx("12h", &["11i"], ""),
        fx("10h", &["11i"], ""),
        fx("12j", &["11i"], ""),
        fx("10j", &["11i"], ""),
        fx("12j", &[], ""),
        fx("10j", &[], ""),
        fx("12l", &[], ""),
        fx("10l", &[], ""),
        fx("8j", &[], ""),
        fx("8l", &[], ""),
    ];
    expected.sort();
    assert_eq!(effects_from(&pos, "10j"), expected);
}

#[test]
fn war_hawk_two_orthogonal_steps_or_a_bishop_move() {
    // War hawk (promoted centuria): "can step one or two intersections in any orthogonal
    // direction, potentially capturing a piece with each step. Or, range: any number of free
    // intersections along any of the four diagonal directions." ko.md: the two steps may turn,
    // so they reach the diagonal neighbours. Black on 10j, a White pawn on 10i, a Black shield
    // on 9j.
    let pos = ko('b', &[("10j", "+FH"), ("10i", "p"), ("9j", "SP")]);
    // Steps: first 10i (capture), 11j, 10k (9j is a friend); second from 10i: 10h, 11i, 9i,
    // back (igui); from 11j: 11i, 12j, 11k, back (pass); from 10k: 11k, 9k, 10l, back.
    let mut expected = vec![
        fx("10i", &["10i"], ""),
        fx("11j", &[], ""),
        fx("10k", &[], ""),
        fx("10h", &["10i"], ""),
        fx("11i", &["10i"], ""),
        fx("9i", &["10i"], ""),
        fx("10j", &["10i"], ""),
        fx("12j", &[], ""),
        fx("10j", &[], ""),
        fx("10l", &[], ""),
    ];
    // The bishop move: the four diagonals to the corners, nine empty squares each (11i, 9i,
    // 11k, 9k among them, also reached by steps with the same effect).
    for (dc, dr) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        for s in ray("10j", dc, dr) {
            expected.push(fx(&s, &[], ""));
        }
    }
    expected.sort();
    assert_eq!(effects_from(&pos, "10j"), expected);
    // 8j would need a step through the friend on 9j; 10g is three steps away.
    let d = dests(&pos, "10j");
    assert!(!d.contains("8j"));
    assert!(!d.contains("10g"));
}

#[test]
fn master_at_arms_two_kirin_legs() {
    // Master at arms (promoted clerk): "a double kirin move"; ko.md: two legs, each a diagonal
    // step or a jump to the second square orthogonally; leaps pass over anything but never land
    // on a friend. Black on 10j, a Black shield on 10i, White pawns on 10h and 9g.
    let pos = ko(
        'b',
        &[("10j", "+SC"), ("10i", "SP"), ("10h", "p"), ("9g", "p")],
    );
    let fxs = effects_from(&pos, "10j");
    // Jump over the friend on 10i capturing 10h, then a diagonal step capturing 9g.
    // Jump to 10h and back over the friend (igui). Two jumps up: 10h captured, then 10f.
    for e in [
        fx("9g", &["10h", "9g"], ""),
        fx("10j", &["10h"], ""),
        fx("10f", &["10h"], ""),
    ] {
        assert!(fxs.contains(&e), "{e} missing from {fxs:?}");
    }
    // Sums of two legs from {(+-1,+-1), (+-2,0), (0,+-2)} never give (+-1,0) or (0,+-1): the
    // orthogonal neighbours 11j, 9j, 10k (and the friend's 10i) are never destinations.
    let d = dests(&pos, "10j");
    for s in ["11j", "9j", "10k", "10i"] {
        assert!(!d.contains(s), "master at arms reached {s}");
    }
    assert!(moves_from(&pos, "10j").contains(&"10j10h9g".to_string()));
}

#[test]
fn banner_and_drums_two_phoenix_legs() {
    // Banner and drums (promoted staff officer): "a double phoenix move"; ko.md: two legs, each
    // an orthogonal step or a jump to the second square diagonally. Black on 10j, a Black shield
    // on 11i, White pawns on 12h and 12g.
    let pos = ko(
        'b',
        &[("10j", "+PL"), ("11i", "SP"), ("12h", "p"), ("12g", "p")],
    );
    let fxs = effects_from(&pos, "10j");
    // Diagonal jump over the friend capturing 12h, then a step up capturing 12g; or back.
    for e in [fx("12g", &["12h", "12g"], ""), fx("10j", &["12h"], "")] {
        assert!(fxs.contains(&e), "{e} missing from {fxs:?}");
    }
    // Two legs from {(+-1,0), (0,+-1), (+-2,+-2)} never sum to (3,0): 13j and 7j are out; the
    // friend's square 11i (two orthogonal steps) is never a landing.
    let d = dests(&pos, "10j");
    for s in ["13j", "7j", "11i"] {
        assert!(!d.contains(s), "banner and drums reached {s}");
    }
}

#[test]
fn cavalry_second_jump_in_the_same_direction_or_back() {
    // Cavalry: "jumps once or twice as a cavalryman ... If it jumps twice, both jumps must be in
    // the same orthogonal direction ... For its second jump, it may return to its starting
    // point." Black on 10l (column 9, row 11), a White pawn on 11j.
    let pos = ko('b', &[("10l", "CA"), ("11j", "p")]);
    // First jumps by group: forward 11j (capture), 9j; backward 11n, 9n; left 12k, 12m; right
    // 8k, 8m. Second jumps in the same group: 11j -> 12h, 10h; 9j -> 10h, 8h; 11n -> 12p, 10p;
    // 9n -> 10p, 8p; 12k -> 14j, 14l; 12m -> 14l, 14n; 8k -> 6j, 6l; 8m -> 6l, 6n. Back to 10l:
    // igui through 11j, or a pass. (All outside Black's zone: no promotion.)
    let mut expected = vec![
        fx("11j", &["11j"], ""),
        fx("9j", &[], ""),
        fx("11n", &[], ""),
        fx("9n", &[], ""),
        fx("12k", &[], ""),
        fx("12m", &[], ""),
        fx("8k", &[], ""),
        fx("8m", &[], ""),
        fx("12h", &["11j"], ""),
        fx("10h", &["11j"], ""),
        fx("10h", &[], ""),
        fx("8h", &[], ""),
        fx("12p", &[], ""),
        fx("10p", &[], ""),
        fx("8p", &[], ""),
        fx("14j", &[], ""),
        fx("14l", &[], ""),
        fx("14n", &[], ""),
        fx("6j", &[], ""),
        fx("6l", &[], ""),
        fx("6n", &[], ""),
        fx("10l", &["11j"], ""),
        fx("10l", &[], ""),
    ];
    expected.sort();
    assert_eq!(effects_from(&pos, "10l"), expected);
    // 13i = 11j + (-2,-1) mixes a forward and a left jump: not for the cavalry.
    assert!(!dests(&pos, "10l").contains("13i"));
}

#[test]
fn winged_horse_two_knight_jumps_in_any_directions() {
    // Winged horse (promoted cavalry): "moves as a cavalry, but without any restriction on the
    // direction of the second jump". Same position as the cavalry's: 13i is now reached through
    // 11j (capturing it) and through 12k (no capture).
    let pos = ko('b', &[("10l", "+CA"), ("11j", "p")]);
    let fxs = effects_from(&pos, "10l");
    for e in [
        fx("13i", &["11j"], ""),
        fx("13i", &[], ""),
        fx("10l", &["11j"], ""),
    ] {
        assert!(fxs.contains(&e), "{e} missing from {fxs:?}");
    }
    assert!(moves_from(&pos, "10l").contains(&"10l11j13i".to_string()));
}

#[test]
fn thunderclap_takes_exactly_five_orthogonal_steps() {
    // Thunderclap (promoted drum): "steps five times per turn in an orthogonal direction, with
    // the choice of changing directions after each step ... it must take all five steps";
    // ko.md: it may step onto squares already visited, its start included. On an empty board
    // from 10j it ends exactly on the squares at an odd orthogonal distance of at most 5
    // (4 + 12 + 20 = 36 squares); never on 10j itself (even distance): no pass. Black's Taoist
    // priest stands far away on 18r so the thunderclap is not in question.
    let pos = ko('b', &[("10j", "+D"), ("18r", "TB")]);
    let d = dests(&pos, "10j");
    assert_eq!(d.len(), 36);
    assert_eq!(d, odd_manhattan_within_five("10j"));
    assert_eq!(moves_from(&pos, "10j").len(), 36);
}

#[test]
fn thunderclap_captures_up_to_five() {
    // "potentially capturing up to five pieces": five White pawns straight up, 10i..10e, are
    // all taken by five steps up, the move written with every capture square.
    let pos = ko(
        'b',
        &[
            ("10j", "+D"),
            ("18r", "TB"),
            ("10i", "p"),
            ("10h", "p"),
            ("10g", "p"),
            ("10f", "p"),
            ("10e", "p"),
        ],
    );
    let m = pos.parse_move("10j10i10h10g10f10e").unwrap();
    assert_eq!(
        effect_string(&pos, m),
        fx("10e", &["10i", "10h", "10g", "10f", "10e"], "")
    );
    assert_eq!(pos.move_to_string(m), "10j10i10h10g10f10e");
    assert!(moves_of(&pos, "10j")
        .into_iter()
        .all(|m| pos.effect(m).captured.len() <= 5));
}

#[test]
fn roaming_assault_one_line_captures_each_enemy_stopped_by_friend() {
    // Roaming assault (promoted banner): "can step up to five times per turn in any one
    // orthogonal direction, potentially capturing up to five pieces. It cannot change
    // direction"; ko.md: it captures every enemy it steps on and a friendly piece stops it.
    // Black on 10j (Taoist priest on 18r), White pawns on 10i and 10g, a Black shield on 10e.
    let pos = ko(
        'b',
        &[
            ("10j", "+B"),
            ("18r", "TB"),
            ("10i", "p"),
            ("10g", "p"),
            ("10e", "SP"),
        ],
    );
    // Up: 10i (x10i), 10h (x10i), 10g (x10i, 10g), 10f (x10i, 10g); 10e is the friend.
    // Left 11j..15j, right 9j..5j, down 10k..10o: five empty squares each. 19 moves.
    let mut expected = vec![
        fx("10i", &["10i"], ""),
        fx("10h", &["10i"], ""),
        fx("10g", &["10i", "10g"], ""),
        fx("10f", &["10i", "10g"], ""),
    ];
    for s in [
        "11j", "12j", "13j", "14j", "15j", "9j", "8j", "7j", "6j", "5j", "10k", "10l", "10m",
        "10n", "10o",
    ] {
        expected.push(fx(s, &[], ""));
    }
    expected.sort();
    assert_eq!(effects_from(&pos, "10j"), expected);
    assert!(moves_from(&pos, "10j").contains(&"10j10i10g10f".to_string()));
}

// ---------------------------------------------------------------------------------------------
// 3. Shooting.

/// The bow test position: a shooter on 10j; White pawns on 10g (up, 3 squares), 15j (left, 5),
/// 4j (right, 6), 12h (up-left, 2) with 13g behind it, 6n (down-right, 4); a Black shield on
/// 10k with a White pawn behind it on 10l.
fn bow_range_position(shooter: &str) -> Pos {
    ko(
        'b',
        &[
            ("10j", shooter),
            ("10g", "p"),
            ("15j", "p"),
            ("4j", "p"),
            ("12h", "p"),
            ("13g", "p"),
            ("6n", "p"),
            ("10k", "SP"),
            ("10l", "p"),
        ],
    )
}

#[test]
fn long_bow_shoots_the_first_piece_within_three() {
    // "It can shoot one enemy piece up to three free intersections from its landing point, in
    // any of the eight prime directions"; ko.md: at the first piece of the line, with only empty
    // squares between. Without moving: 10g (3 up) and 12h (2 up-left) are hit; 15j (5), 4j (6)
    // and 6n (4) are too far; 13g is behind 12h; 10l is behind the friend on 10k.
    let pos = bow_range_position("LB");
    assert_eq!(
        stay_effects(&pos, "10j"),
        sorted(&[&fx("10j", &["10g"], ""), &fx("10j", &["12h"], "")])
    );
    assert!(moves_from(&pos, "10j").contains(&"10j10j*10g".to_string()));
}

#[test]
fn crossbow_shoots_the_first_piece_within_five() {
    // "identical to the long bow, except that it can shoot up to five free intersections away":
    // 10g, 12h, 15j (5) and 6n (4); not 4j (6), 13g (behind 12h), 10l (behind a friend).
    let pos = bow_range_position("SB");
    let mut expected: Vec<String> = ["10g", "12h", "15j", "6n"]
        .iter()
        .map(|&s| fx("10j", &[s], ""))
        .collect();
    expected.sort();
    assert_eq!(stay_effects(&pos, "10j"), expected);
}

#[test]
fn cannon_shoots_over_pieces_within_five() {
    // "It can shoot one enemy piece up to five free or occupied intersections away ... The
    // cannon can shoot over such intervening pieces." Black cannon on 10j. Up: White pawns on
    // 10i (1) and 10f (4, behind a Black shield on 10h) and 10d (6: too far). Left: a Black
    // shield on 12j, a White pawn on 15j (5). Right: a White pawn on 4j (6). One shot only.
    let pos = ko(
        'b',
        &[
            ("10j", "C"),
            ("10i", "p"),
            ("10h", "SP"),
            ("10f", "p"),
            ("10d", "p"),
            ("12j", "SP"),
            ("15j", "p"),
            ("4j", "p"),
        ],
    );
    let mut expected: Vec<String> = ["10i", "10f", "15j"]
        .iter()
        .map(|&s| fx("10j", &[s], ""))
        .collect();
    expected.sort();
    assert_eq!(stay_effects(&pos, "10j"), expected);
    assert!(moves_of(&pos, "10j")
        .into_iter()
        .all(|m| pos.effect(m).captured.len() <= 1));
}

#[test]
fn gatling_gun_two_shots_including_the_piece_behind_the_first() {
    // "It can shoot two enemy pieces up to 7 free intersections from its landing point ... It
    // may shoot in different directions, or it may shoot one piece, and then shoot a second
    // piece that had been blocked by the first." Black gatling gun on 10j; White pawns on 10i
    // and 10h (behind it), 17j (7 to the left), 2j (8 to the right: too far).
    let pos = ko(
        'b',
        &[
            ("10j", "FW"),
            ("10i", "p"),
            ("10h", "p"),
            ("17j", "p"),
            ("2j", "p"),
        ],
    );
    // Without moving: {10i}, {17j}, {10i, 10h}, {10i, 17j}; 10h alone (or with 17j) needs 10i
    // shot first, which would make three shots.
    assert_eq!(
        stay_effects(&pos, "10j"),
        sorted(&[
            &fx("10j", &["10i"], ""),
            &fx("10j", &["17j"], ""),
            &fx("10j", &["10i", "10h"], ""),
            &fx("10j", &["10i", "17j"], ""),
        ])
    );
    let m = pos.parse_move("10j10j*10i*10h").unwrap();
    assert_eq!(effect_string(&pos, m), fx("10j", &["10i", "10h"], ""));
}

#[test]
fn shots_after_moving_are_taken_from_the_landing_square() {
    // ko.md: "A shooting piece may shoot after its move or without moving". Black long bow on
    // 10j; White pawns on 11f, 10g and 8l. After stepping to 11i: 11f is three squares straight
    // up (11h, 11g empty): hit. 10g is not on a line from 11i. 8l is three squares down-right
    // through the vacated 10j and the empty 9k: hit. From 10j, 11f is not on a line.
    let pos = ko(
        'b',
        &[("10j", "LB"), ("11f", "p"), ("10g", "p"), ("8l", "p")],
    );
    let all = moves_from(&pos, "10j");
    assert!(all.contains(&"10j11i*11f".to_string()), "{all:?}");
    assert!(all.contains(&"10j11i*8l".to_string()), "{all:?}");
    assert!(!all.contains(&"10j11i*10g".to_string()));
    assert!(!all.contains(&"10j10j*11f".to_string()));
    // A shot without moving and a plain step are moves too; a move that neither moves nor
    // shoots is not.
    assert!(all.contains(&"10j10j*10g".to_string()));
    assert!(all.contains(&"10j11i".to_string()));
    assert!(!all.contains(&"10j10j".to_string()));
}

#[test]
fn priest_jumps_then_shoots_an_adjacent_enemy() {
    // Taoist priest: "can jump to the second intersection in any direction ... they can only
    // capture an enemy priest or monk with such a jump. Shot: They can shoot any one enemy piece
    // on any intersection adjacent to their arrival point." Black priest on 10j; White pawns on
    // 10h, 13k and 9k, a White monk on 8j, a White priest on 12h; a Black shield on 12l.
    let pos = ko(
        'b',
        &[
            ("10j", "TB"),
            ("10h", "p"),
            ("13k", "p"),
            ("9k", "p"),
            ("8j", "sm"),
            ("12h", "tb"),
            ("12l", "SP"),
        ],
    );
    // Jumps: 10h (pawn: barred), 12l (friend: barred), 10l, 12j, 8h, 8l (empty), 8j (captures
    // the monk), 12h (captures the priest). Shots after the jump at an adjacent enemy: from
    // 10l, 8j and 8l the pawn on 9k; from 12j the pawn on 13k; none from 12h or 8h. Without
    // moving: the pawn on 9k (adjacent to 10j).
    assert_eq!(
        moves_from(&pos, "10j"),
        sorted(&[
            "10j10l",
            "10j10l*9k",
            "10j12j",
            "10j12j*13k",
            "10j8j",
            "10j8j*9k",
            "10j12h",
            "10j8h",
            "10j8l",
            "10j8l*9k",
            "10j10j*9k",
        ])
    );
    let m = pos.parse_move("10j8j*9k").unwrap();
    assert_eq!(effect_string(&pos, m), fx("8j", &["8j", "9k"], ""));
}

#[test]
fn spiritual_monk_moves_as_the_priest() {
    // "These two pieces move and promote the same". The monk's jump captures an enemy priest
    // (12h) or monk (8j) but not a pawn (10h).
    let pos = ko(
        'b',
        &[("10j", "SM"), ("10h", "p"), ("8j", "sm"), ("12h", "tb")],
    );
    let d = dests(&pos, "10j");
    assert_eq!(
        d,
        set(&["10l", "12j", "8j", "12h", "8h", "8l", "12l"]),
        "monk jumps"
    );
}

#[test]
fn light_jumps_twice_with_a_shot_after_each() {
    // Immaculate light (promoted monk): "the power to move twice per turn, including the option
    // of shooting one adjacent piece after each move"; ko.md: at most two shots, or one shot
    // without moving; out and back with nothing removed is not a move. Black light on 10j;
    // White pawns on 13k, 13m and 9k.
    let pos = ko(
        'b',
        &[("10j", "+SM"), ("13k", "p"), ("13m", "p"), ("9k", "p")],
    );
    let fxs = effects_from(&pos, "10j");
    // Jump to 12j, shoot 13k; jump to 12l, shoot 13m (adjacent to 12l).
    assert!(fxs.contains(&fx("12l", &["13k", "13m"], "")), "{fxs:?}");
    let m = pos.parse_move("10j12j12l*13k*13m").unwrap();
    assert_eq!(effect_string(&pos, m), fx("12l", &["13k", "13m"], ""));
    // Out to 12j shooting 13k and back to 10j shooting 9k.
    assert!(fxs.contains(&fx("10j", &["13k", "9k"], "")));
    // One shot without moving; no move that ends on 10j having removed nothing.
    assert!(fxs.contains(&fx("10j", &["9k"], "")));
    assert!(!fxs.contains(&fx("10j", &[], "")));
    // Never more than two removals (three pawns are in reach).
    assert!(moves_of(&pos, "10j")
        .into_iter()
        .all(|m| pos.effect(m).captured.len() <= 2));
}

#[test]
fn fog_jumps_twice_with_a_shot_after_each() {
    // The twelve-mile fog moves as the light. Black fog on 10j (no light anywhere), the same
    // White pawns as the light's test.
    let pos = ko(
        'b',
        &[("10j", "+TB"), ("13k", "p"), ("13m", "p"), ("9k", "p")],
    );
    let fxs = effects_from(&pos, "10j");
    assert!(fxs.contains(&fx("12l", &["13k", "13m"], "")), "{fxs:?}");
    assert!(!fxs.contains(&fx("10j", &[], "")));
}

// ---------------------------------------------------------------------------------------------
// 4. Immunities.

/// The bows (long bow, crossbow, their cavalrymen) and the guns (cannon, gun carriage, gatling
/// gun, chariot of the gods), Black, as codes.
const BOWS: [&str; 4] = ["LB", "SB", "+LB", "+SB"];
const GUNS: [&str; 4] = ["C", "+C", "FW", "+FW"];

/// Whether the Black shooter `shooter` on 10j can shoot, without moving, the White `target` on
/// 10h (two squares up, 10i empty). A White pawn on 12j (two squares left) shows that the
/// shooter shoots at all.
fn shoots_target(shooter: &str, target: &str) -> bool {
    let pos = ko('b', &[("10j", shooter), ("10h", target), ("12j", "p")]);
    let stay = stay_effects(&pos, "10j");
    assert!(
        stay.contains(&fx("10j", &["12j"], "")),
        "{shooter} does not shoot at all: {stay:?}"
    );
    let target_sq = square(&pos, "10h");
    moves_of(&pos, "10j")
        .into_iter()
        .any(|m| m.to() == m.from() && pos.effect(m).captured.contains(&target_sq))
}

#[test]
fn shield_is_immune_to_bows_only() {
    // "The shield is unaffected by the bows"; guns can shoot it.
    for b in BOWS {
        assert!(!shoots_target(b, "sp"), "{b} shot a shield");
    }
    for g in GUNS {
        assert!(shoots_target(g, "sp"), "{g} did not shoot a shield");
    }
}

#[test]
fn shield_unit_is_immune_to_bows_and_guns() {
    // "The shield unit is unaffected by the bows or the guns", the shield unit of the setup and
    // a promoted shield alike (ko.md: the lists name forms as they stand; a promoted shield is a
    // shield unit).
    for target in ["su", "+sp"] {
        for s in BOWS.iter().chain(GUNS.iter()) {
            assert!(!shoots_target(s, target), "{s} shot {target}");
        }
    }
}

#[test]
fn imperial_base_is_immune_to_bows_and_guns() {
    // "The imperial base cannot be shot by the long bow, crossbow, cannon, gun carriage,
    // gatling gun, or chariot of the gods" (and the bows' cavalrymen shoot as the bows).
    for s in BOWS.iter().chain(GUNS.iter()) {
        assert!(!shoots_target(s, "+su"), "{s} shot an imperial base");
    }
}

#[test]
fn chariots_and_gun_carriage_are_immune_to_bows() {
    // "The chariot unit is unaffected by the bows"; the long bow "cannot shoot ... chariot,
    // chariot unit, gun carriage"; guns can. A promoted chariot is a chariot unit; a promoted
    // chariot unit is a millenary, which no list names (ko.md: as the piece stands), so bows
    // can shoot it.
    for target in ["ch", "+ch", "cu", "+c"] {
        for b in BOWS {
            assert!(!shoots_target(b, target), "{b} shot {target}");
        }
        assert!(
            shoots_target("C", target),
            "the cannon did not shoot {target}"
        );
    }
    for b in BOWS {
        assert!(shoots_target(b, "+cu"), "{b} did not shoot a millenary");
    }
    // The chariot of the gods (promoted gatling gun) is in no list: bows shoot it.
    for b in BOWS {
        assert!(
            shoots_target(b, "+fw"),
            "{b} did not shoot a chariot of the gods"
        );
    }
}

#[test]
fn priests_shots_are_neither_bows_nor_guns() {
    // ko.md: "The priests' adjacent shots are neither bows nor guns: they can hit shields, shield
    // units, imperial bases and chariots, but never a fog." Black priest on 10j, target on 10i.
    for target in ["sp", "su", "+su", "ch", "cu", "+c"] {
        let pos = ko('b', &[("10j", "TB"), ("10i", target)]);
        assert!(
            stay_effects(&pos, "10j").contains(&fx("10j", &["10i"], "")),
            "the priest did not shoot {target}"
        );
    }
    let pos = ko('b', &[("10j", "TB"), ("10i", "+tb")]);
    assert!(stay_effects(&pos, "10j").is_empty());
    // But its jump captures a fog (an enemy Taoist priest, promoted): 10h.
    let pos = ko('b', &[("10j", "TB"), ("10h", "+tb")]);
    assert!(moves_from(&pos, "10j").contains(&"10j10h".to_string()));
}

#[test]
fn imperial_base_cannot_be_captured_by_chariots() {
    // "nor can it be killed by the chariot or chariot unit"; ko.md: setup names, either side up
    // (a chariot promoted to chariot unit, a chariot unit promoted to millenary). A setup
    // millenary or a quartermaster can take it. Black piece on 10j, White imperial base on 10h.
    for code in ["CH", "+CH", "CU", "+CU"] {
        let pos = ko('b', &[("10j", code), ("10h", "+su")]);
        let d = dests(&pos, "10j");
        assert!(d.contains("10i"), "{code}");
        assert!(!d.contains("10h"), "{code} captured an imperial base");
        assert!(!d.contains("10g"), "{code} passed an imperial base");
    }
    for code in ["DU", "Q"] {
        let pos = ko('b', &[("10j", code), ("10h", "+su")]);
        assert_eq!(moves_to(&pos, "10j", "10h"), vec!["10j10h"], "{code}");
    }
}

#[test]
fn fog_is_shot_only_by_a_gatling_gun_from_six_or_seven() {
    // "The fog cannot be shot from within a distance of five intersections. It can only be shot
    // (by the gatling gun) from a distance of six intersections or more." White fog straight up
    // from a Black shooter on 10j.
    let shot = |shooter: &str, fog: &str| -> bool {
        let pos = ko('b', &[("10j", shooter), (fog, "+tb")]);
        stay_effects(&pos, "10j").contains(&fx("10j", &[fog], ""))
    };
    // Five squares: nobody (the crossbow and the cannon reach that far but may not shoot it).
    for s in ["SB", "C", "+C", "FW", "+FW"] {
        assert!(!shot(s, "10e"), "{s} shot a fog from 5");
    }
    // Six and seven squares: the gatling gun and the chariot of the gods.
    for s in ["FW", "+FW"] {
        assert!(shot(s, "10d"), "{s} missed a fog at 6");
        assert!(shot(s, "10c"), "{s} missed a fog at 7");
    }
    // Closer still: the long bow and the gatling gun at 2.
    assert!(!shot("LB", "10h"));
    assert!(!shot("FW", "10h"));
}

// ---------------------------------------------------------------------------------------------
// 5. Burning.

#[test]
fn poison_flame_burns_the_enemies_around_where_it_ends() {
    // "Burn: Wherever it lands, all adjacent enemy pieces are 'burned' and removed"; ko.md:
    // friends are not burned, and an enemy poison flame is. Black poison flame on 10j (it moves
    // as the engineer: one step forward or back, or diagonally forward). Around 10i: White pawns
    // on 11h, 10h and 9i, a White poison flame on 9h, a Black shield on 11i.
    let mut pos = ko(
        'b',
        &[
            ("10j", "+EN"),
            ("11h", "p"),
            ("10h", "p"),
            ("9i", "p"),
            ("9h", "+en"),
            ("11i", "SP"),
        ],
    );
    let fxs = effects_from(&pos, "10j");
    // 10i: the four enemies around it burn, not the shield.
    // 9i (capturing the pawn there): around 9i are 10h and 9h (enemies), 10i, 8h, 8i, 9j, 8j
    // (empty) and 10j (vacated): 10h and 9h burn.
    // 10k (back): nothing around it.
    assert_eq!(
        fxs,
        sorted(&[
            &fx("10i", &["11h", "10h", "9h", "9i"], ""),
            &fx("9i", &["9i", "10h", "9h"], ""),
            &fx("10k", &[], ""),
        ])
    );
    make_unmake_restores(&mut pos, "10j10i");
    play(&mut pos, "10j10i");
    for s in ["11h", "10h", "9h", "9i"] {
        assert_eq!(at(&pos, s), "", "{s} did not burn");
    }
    assert_eq!(at(&pos, "11i"), "SP");
    assert_eq!(at(&pos, "10i"), "+EN");
}

#[test]
fn an_enemy_moving_next_to_a_poison_flame_is_not_burned() {
    // ko.md: "Nothing else burns: an enemy piece moving next to a poison flame is not burned."
    // White aide on 11g steps to 11h, next to the Black poison flame on 10i.
    let mut pos = ko('w', &[("10i", "+EN"), ("11g", "sr")]);
    let m = pos.parse_move("11g11h").unwrap();
    assert!(pos.effect(m).captured.is_empty());
    play(&mut pos, "11g11h");
    assert_eq!(at(&pos, "11h"), "sr");
    assert_eq!(at(&pos, "10i"), "+EN");
}

#[test]
fn engineer_promoting_to_poison_flame_does_not_burn_on_that_move() {
    // ko.md: "An engineer that promotes to poison flame at the end of a move did not arrive as a
    // burning piece: it does not burn on that move." Black engineer on 10g steps into the zone
    // to 10f; White pawns on 11e, 9e and 11f are around 10f.
    let mut pos = ko(
        'b',
        &[("10g", "EN"), ("11e", "p"), ("9e", "p"), ("11f", "p")],
    );
    assert_eq!(
        moves_to(&pos, "10g", "10f"),
        sorted(&["10g10f+", "10g10f="])
    );
    let m = pos.parse_move("10g10f+").unwrap();
    assert_eq!(effect_string(&pos, m), fx("10f", &[], "+"));
    play(&mut pos, "10g10f+");
    assert_eq!(at(&pos, "10f"), "+EN");
    for s in ["11e", "9e", "11f"] {
        assert_eq!(at(&pos, s), "p");
    }
    // Next time it moves it arrives as a poison flame: stepping to 10e it burns 11e, 9e, 11f
    // (all adjacent to 10e).
    play(&mut pos, "18a18b");
    let m = pos.parse_move("10f10e").unwrap();
    assert_eq!(effect_string(&pos, m), fx("10e", &["11e", "9e", "11f"], ""));
}

// ---------------------------------------------------------------------------------------------
// 6. Zone promotion.

#[test]
fn zone_promotion_into_within_and_out_of_the_far_six_ranks() {
    // "If a piece moves within this promotion zone, including moves into, out of, or wholly
    // within the zone, then that player may promote": both `+` and `=` are offered. Black's zone
    // is ranks a-f. A Black aide (gold general's move) steps straight up or down.
    let cases = [
        ("10g", "10f", true),  // into
        ("10e", "10d", true),  // within
        ("10f", "10g", true),  // out of
        ("10h", "10g", false), // outside
    ];
    for (from, to, offered) in cases {
        let pos = ko('b', &[(from, "SR")]);
        let expected = if offered {
            sorted(&[&format!("{from}{to}+"), &format!("{from}{to}=")])
        } else {
            vec![format!("{from}{to}")]
        };
        assert_eq!(moves_to(&pos, from, to), expected, "{from}{to}");
    }
    // White's zone is ranks n-s: a White aide stepping from 10m to 10n (forward for White).
    let pos = ko('w', &[("10m", "sr")]);
    assert_eq!(
        moves_to(&pos, "10m", "10n"),
        sorted(&["10m10n+", "10m10n="])
    );
    let pos = ko('w', &[("10l", "sr")]);
    assert_eq!(moves_to(&pos, "10l", "10m"), vec!["10l10m"]);
}

#[test]
fn a_double_move_that_stops_in_the_zone_may_promote() {
    // docs/ko.md "Promotion": a double mover has "the power to move twice per turn", and "if a
    // piece moves within this promotion zone, including moves into, out of, or wholly within
    // the zone, then that player may promote the piece at the end of the turn": each leg is a
    // move, so a turn one of whose legs starts or ends in the zone may end in a promotion, even
    // when the turn starts and ends outside it. Black's cavalry on 10g (row 6, one rank short of
    // the zone a-f).
    let pos = ko('b', &[("10g", "CA")]);
    // Two jumps to the left (long legs leftward): 10g -> 12f -> 14g, or 10g -> 12h -> 14g. The
    // first way stands on 12f, in the zone: promotion is offered (one effect, the ways merged).
    assert_eq!(
        moves_to(&pos, "10g", "14g"),
        sorted(&["10g14g+", "10g14g="])
    );
    // The same to the right: 8f (zone) or 8h on the way to 6g.
    assert_eq!(moves_to(&pos, "10g", "6g"), sorted(&["10g6g+", "10g6g="]));
    // Out to 11e or 9e (zone) and back: a pass that may promote.
    assert_eq!(
        moves_to(&pos, "10g", "10g"),
        sorted(&["10g10g+", "10g10g="])
    );
    // Backward: 10g -> 11i -> 12k never touches the zone: no promotion.
    assert_eq!(moves_to(&pos, "10g", "12k"), vec!["10g12k"]);
    // From 10h (row 7) the forward first jumps land on 11f and 9f (row 5, the zone), so the
    // jumps back, and the sideways jumps (rows 6 to 8, never the zone), show the rule's edge.
    let pos = ko('b', &[("10h", "CA")]);
    assert_eq!(
        moves_to(&pos, "10h", "10h"),
        sorted(&["10h10h+", "10h10h="])
    );
    assert_eq!(moves_to(&pos, "10h", "14h"), vec!["10h14h"]);
    // An igui through the zone: capture the pawn on 11f, jump back to 10h, promote or not.
    let pos = ko('b', &[("10h", "CA"), ("11f", "p")]);
    let back: Vec<String> = effects_from(&pos, "10h")
        .into_iter()
        .filter(|e| e.starts_with("10h x"))
        .collect();
    assert_eq!(
        back,
        sorted(&[&fx("10h", &["11f"], "+"), &fx("10h", &["11f"], "=")])
    );
    // White the same way round: White's zone is ranks n-s; from 10m (row 12) out to 11o or 9o
    // and back.
    let pos = ko('w', &[("10m", "ca")]);
    assert_eq!(
        moves_to(&pos, "10m", "10m"),
        sorted(&["10m10m+", "10m10m="])
    );
}

#[test]
fn general_sumo_wrestler_elephant_and_promoted_pieces_never_promote() {
    // "The general, sumo wrestler, and elephant do not promote, nor do pieces which have already
    // promoted." Each on 10f (in the zone); none of its moves carries `+` or `=`.
    let cases: [(&str, &[(&str, &str)]); 4] = [
        ("G", &[("10f", "G"), ("18a", "g")]),
        ("WR", &[("10f", "WR"), ("2s", "G"), ("18a", "g")]),
        ("E", &[("10f", "E"), ("2s", "G"), ("18a", "g")]),
        ("+SR", &[("10f", "+SR"), ("2s", "G"), ("18a", "g")]),
    ];
    for (code, pieces) in cases {
        let pos = build('b', "-", pieces);
        let all = moves_of(&pos, "10f");
        assert!(!all.is_empty(), "{code}");
        assert!(
            all.iter().all(|m| m.promotion() == Promotion::None),
            "{code} may promote"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 7. Special promotions (compulsory).

#[test]
fn capturing_a_commanding_piece_promotes_on_the_spot() {
    // "A piece that captures a commanding piece (the general, governor, middle troop, or banner)
    // promotes on the spot": compulsory, written `+`, no `=` and no plain version. A Black aide
    // on 10j (outside the zone) captures on 10i.
    for target in ["ma", "b", "+ma", "g"] {
        let mut pieces = vec![("2s", "G"), ("10j", "SR"), ("10i", target)];
        if target != "g" {
            pieces.push(("18a", "g"));
        }
        let pos = build('b', "-", &pieces);
        assert_eq!(moves_to(&pos, "10j", "10i"), vec!["10j10i+"], "{target}");
    }
    // In the zone the choice is gone too: the aide on 10e captures the middle troop on 10d.
    let pos = ko('b', &[("10e", "SR"), ("10d", "ma")]);
    assert_eq!(moves_to(&pos, "10e", "10d"), vec!["10e10d+"]);
    // By a shot: a long bow on 10j shooting the middle troop on 10h.
    let pos = ko('b', &[("10j", "LB"), ("10h", "ma")]);
    assert_eq!(stay_effects(&pos, "10j"), vec![fx("10j", &["10h"], "+")]);
    assert!(moves_from(&pos, "10j").contains(&"10j10j*10h+".to_string()));
    // A piece that never promotes (the elephant) just captures.
    let pos = ko('b', &[("10j", "E"), ("11i", "ma")]);
    assert_eq!(moves_to(&pos, "10j", "11i"), vec!["10j11i"]);
}

#[test]
fn step_mover_capturing_a_sumo_dragon_roaming_assault_or_thunderclap_promotes() {
    // "A step mover which captures a sumo wrestler, dragon ascending, roaming assault, or
    // thunderclap, promotes on the spot." A Black aide (a step mover) on 10j captures on 10i.
    for target in ["wr", "+du", "+b", "+d"] {
        let pos = ko('b', &[("10j", "SR"), ("10i", target), ("1a", "tb")]);
        assert_eq!(moves_to(&pos, "10j", "10i"), vec!["10j10i+"], "{target}");
    }
    // Not their unpromoted forms (millenary, drum) ...
    for target in ["du", "d"] {
        let pos = ko('b', &[("10j", "SR"), ("10i", target)]);
        assert_eq!(moves_to(&pos, "10j", "10i"), vec!["10j10i"], "{target}");
    }
    // Other step movers: aid de camp, sentry, shield, and a pawn capturing sideways (no drum
    // needed for that); the drum and banner too while their priest lives.
    for code in ["A", "SN", "SP", "P", "D", "B"] {
        let (sq, mv) = if code == "P" || code == "D" || code == "B" {
            ("11j", "10j11j+")
        } else {
            ("11i", "10j11i+")
        };
        let pos = ko('b', &[("10j", code), (sq, "wr"), ("18r", "TB")]);
        assert_eq!(moves_to(&pos, "10j", sq), vec![mv], "{code}");
    }
    // ... and not by a piece that is no step mover (the quartermaster slides).
    let pos = ko('b', &[("10j", "Q"), ("10i", "wr")]);
    assert_eq!(moves_to(&pos, "10j", "10i"), vec!["10j10i"]);
    // The long bow is in the seed's list of step movers, and ko.md counts the cannon: their
    // shots at a sumo wrestler on 10h promote them.
    for shooter in ["LB", "C"] {
        let pos = ko('b', &[("10j", shooter), ("10h", "wr")]);
        assert_eq!(
            stay_effects(&pos, "10j"),
            vec![fx("10j", &["10h"], "+")],
            "{shooter}"
        );
    }
}

#[test]
fn cavalryman_capturing_a_gatling_gun_promotes() {
    // "The cavalryman promotes if it captures a gatling gun" (ko.md: either side up). Black
    // cavalryman on 10j, target a knight's jump away on 11h.
    for target in ["fw", "+fw"] {
        let pos = ko('b', &[("10j", "HS"), ("11h", target)]);
        assert_eq!(moves_to(&pos, "10j", "11h"), vec!["10j11h+"], "{target}");
    }
    // Other captures outside the zone do not promote it (a sumo wrestler: it is no step mover).
    for target in ["p", "wr"] {
        let pos = ko('b', &[("10j", "HS"), ("11h", target)]);
        assert_eq!(moves_to(&pos, "10j", "11h"), vec!["10j11h"], "{target}");
    }
}

// ---------------------------------------------------------------------------------------------
// 8. The clerk.

/// A Black clerk on `clerk`, Black's advance guard on 15p and rear guard on 5p, a Black poison
/// flame on 17p, White poison flames on 3c and 12b, with extra field `extra`.
fn clerk_position(clerk: &str, extra: &str, more: &[(&str, &str)]) -> Pos {
    let mut pieces = vec![
        (clerk, "SC"),
        ("15p", "FD"),
        ("5p", "R"),
        ("17p", "+EN"),
        ("3c", "+en"),
        ("12b", "+en"),
    ];
    pieces.extend_from_slice(more);
    ko_x('b', extra, &pieces)
}

#[test]
fn clerk_promotes_in_the_zone_only_once_both_guards_have_entered() {
    // "it cannot promote by entering or moving within the promotion zone unless the advance and
    // rear guards have already entered the zone"; ko.md: the extra field holds `A` and `R` for
    // Black's. The clerk jumps from 10g to 10e (second square orthogonally), into the zone.
    for extra in ["-", "A", "R", "ar", "Ar", "Rar"] {
        let pos = clerk_position("10g", extra, &[]);
        assert_eq!(
            moves_to(&pos, "10g", "10e"),
            vec!["10g10e"],
            "extra {extra}"
        );
    }
    for extra in ["AR", "ARar"] {
        let pos = clerk_position("10g", extra, &[]);
        assert_eq!(
            moves_to(&pos, "10g", "10e"),
            sorted(&["10g10e+", "10g10e="]),
            "extra {extra}"
        );
    }
}

#[test]
fn clerk_promotion_promotes_the_guards_and_removes_enemy_poison_flames() {
    // "When the clerk promotes to master at arms, the allied advance and rear guards promote as
    // well, while any enemy poison flame dies"; ko.md: the removed flames belong to the move's
    // removed squares, so `+` and `=` differ in more than the promotion.
    let mut pos = clerk_position("10g", "AR", &[]);
    let plus = pos.parse_move("10g10e+").unwrap();
    let eq = pos.parse_move("10g10e=").unwrap();
    assert_eq!(effect_string(&pos, plus), fx("10e", &["3c", "12b"], "+"));
    assert_eq!(effect_string(&pos, eq), fx("10e", &[], "="));
    make_unmake_restores(&mut pos, "10g10e+");
    play(&mut pos, "10g10e+");
    assert_eq!(at(&pos, "10e"), "+SC");
    assert_eq!(at(&pos, "15p"), "+FD");
    assert_eq!(at(&pos, "5p"), "+R");
    // Black's own poison flame stays; White's are gone.
    assert_eq!(at(&pos, "17p"), "+EN");
    assert_eq!(at(&pos, "3c"), "");
    assert_eq!(at(&pos, "12b"), "");
    // Declining changes nothing else.
    let mut pos = clerk_position("10g", "AR", &[]);
    play(&mut pos, "10g10e=");
    assert_eq!(at(&pos, "10e"), "SC");
    assert_eq!(at(&pos, "15p"), "FD");
    assert_eq!(at(&pos, "3c"), "+en");
}

#[test]
fn clerk_promotes_by_capturing_a_commanding_piece_at_any_time() {
    // "while the clerk promotes as usual upon capturing a commanding piece, it cannot promote by
    // entering ... the zone unless ...": outside the zone, with no guard entered, the clerk on
    // 10j captures the White banner on 11i (a diagonal step) and must promote, with all its
    // effects.
    let mut pos = clerk_position("10j", "-", &[("11i", "b")]);
    assert_eq!(moves_to(&pos, "10j", "11i"), vec!["10j11i+"]);
    let m = pos.parse_move("10j11i+").unwrap();
    assert_eq!(
        effect_string(&pos, m),
        fx("11i", &["11i", "3c", "12b"], "+")
    );
    play(&mut pos, "10j11i+");
    assert_eq!(at(&pos, "11i"), "+SC");
    assert_eq!(at(&pos, "15p"), "+FD");
    assert_eq!(at(&pos, "5p"), "+R");
    assert_eq!(at(&pos, "3c"), "");
    // In the zone without the guards it promotes by capturing the middle troop: 10g to 10e.
    let pos = clerk_position("10g", "-", &[("10e", "ma")]);
    assert_eq!(moves_to(&pos, "10g", "10e"), vec!["10g10e+"]);
}

#[test]
fn a_guard_ending_a_move_in_the_zone_sets_its_letter() {
    // ko.md: "A piece of those kinds ending a move in its side's promotion zone sets the letter
    // for good", in either state. Black's advance guard (forward slide) from 15h to 15f.
    let mut pos = ko('b', &[("15h", "FD")]);
    assert_eq!(
        moves_to(&pos, "15h", "15f"),
        sorted(&["15h15f+", "15h15f="])
    );
    play(&mut pos, "15h15f=");
    assert_eq!(pos.extra_string(), "A");
    assert_eq!(pos.to_notation().split(' ').nth(2), Some("A"));
    // Black's rear guard (forward step) from 5g to 5f, with the advance guard already in: "AR".
    let mut pos = ko_x('b', "A", &[("5g", "R")]);
    play(&mut pos, "5g5f+");
    assert_eq!(pos.extra_string(), "AR");
    assert_eq!(at(&pos, "5f"), "+R");
    // White's advance guard slides down (its forward) from 5l to 5n (White's zone: n-s): "a".
    let mut pos = ko('w', &[("5l", "fd")]);
    play(&mut pos, "5l5n=");
    assert_eq!(pos.extra_string(), "a");
    // Ending outside the zone sets nothing: 15j to 15h; nor does leaving it: 15f to 15g (the
    // advance guard's backward step).
    let mut pos = ko('b', &[("15j", "FD")]);
    play(&mut pos, "15j15h");
    assert_eq!(pos.extra_string(), "-");
    let mut pos = ko('b', &[("15f", "FD")]);
    play(&mut pos, "15f15g=");
    assert_eq!(pos.extra_string(), "-");
    // Other pieces do not set letters.
    let mut pos = ko('b', &[("10g", "SR")]);
    play(&mut pos, "10g10f=");
    assert_eq!(pos.extra_string(), "-");
}

// ---------------------------------------------------------------------------------------------
// 9. The Taoist priest.

#[test]
fn without_a_taoist_priest_drum_and_banner_cannot_promote() {
    // "If the Taoist priest is captured, the drum and banner can no longer promote"; ko.md: not
    // even by a special promotion; the spiritual monk does not count. The drum and the banner
    // step diagonally or sideways: from 10g to 11f enters the zone.
    for code in ["D", "B"] {
        let pos = ko('b', &[("10g", code), ("18r", "SM")]);
        assert_eq!(moves_to(&pos, "10g", "11f"), vec!["10g11f"], "{code}");
        let pos = ko('b', &[("10g", code), ("18r", "TB")]);
        assert_eq!(
            moves_to(&pos, "10g", "11f"),
            sorted(&["10g11f+", "10g11f="]),
            "{code}"
        );
        // A promoted priest (fog) is still the Taoist priest.
        let pos = ko('b', &[("10g", code), ("18r", "+TB")]);
        assert_eq!(
            moves_to(&pos, "10g", "11f"),
            sorted(&["10g11f+", "10g11f="]),
            "{code} with a fog"
        );
    }
    // The banner on 10j capturing the White middle troop on 11i: no promotion without a priest,
    // a compulsory one with it.
    let pos = ko('b', &[("10j", "B"), ("11i", "ma"), ("18r", "SM")]);
    assert_eq!(moves_to(&pos, "10j", "11i"), vec!["10j11i"]);
    let pos = ko('b', &[("10j", "B"), ("11i", "ma"), ("18r", "TB")]);
    assert_eq!(moves_to(&pos, "10j", "11i"), vec!["10j11i+"]);
}

#[test]
fn capturing_the_last_taoist_priest_reverts_thunderclap_and_roaming_assault() {
    // "if either or both have already promoted (to roaming assault or thunderclap), then they
    // immediately revert to drum or banner." Black priest on 10i, Black thunderclap on 15o and
    // roaming assault on 5o; White's aide on 10h takes the priest (a step down, White's
    // forward). White's own thunderclap on 15c (with White's priest on 17c) is untouched.
    let pieces = [
        ("10i", "TB"),
        ("15o", "+D"),
        ("5o", "+B"),
        ("10h", "sr"),
        ("15c", "+d"),
        ("17c", "tb"),
    ];
    let mut pos = ko('w', &pieces);
    make_unmake_restores(&mut pos, "10h10i");
    play(&mut pos, "10h10i");
    assert_eq!(at(&pos, "15o"), "D");
    assert_eq!(at(&pos, "5o"), "B");
    assert_eq!(at(&pos, "15c"), "+d");
    // The same when the last priest is a fog (the priest promoted).
    let mut pieces2 = pieces;
    pieces2[0] = ("10i", "+TB");
    let mut pos = ko('w', &pieces2);
    play(&mut pos, "10h10i");
    assert_eq!(at(&pos, "15o"), "D");
    assert_eq!(at(&pos, "5o"), "B");
    // Capturing the spiritual monk instead (the priest stays on 18r) reverts nothing.
    let mut pos = ko(
        'w',
        &[
            ("10i", "SM"),
            ("18r", "TB"),
            ("15o", "+D"),
            ("5o", "+B"),
            ("10h", "sr"),
        ],
    );
    play(&mut pos, "10h10i");
    assert_eq!(at(&pos, "15o"), "+D");
    assert_eq!(at(&pos, "5o"), "+B");
}

#[test]
fn shooting_the_last_taoist_priest_reverts_too() {
    // ko.md: "when a move removes a side's last Taoist priest (by displacement, shot or burn)".
    // A White long bow on 10g shoots the Black priest on 10i (two squares down).
    let mut pos = ko(
        'w',
        &[("10g", "lb"), ("10i", "TB"), ("15o", "+D"), ("5o", "+B")],
    );
    play(&mut pos, "10g10g*10i");
    assert_eq!(at(&pos, "10i"), "");
    assert_eq!(at(&pos, "15o"), "D");
    assert_eq!(at(&pos, "5o"), "B");
}

// ---------------------------------------------------------------------------------------------
// 10. Fog and light.

#[test]
fn fog_within_five_of_a_light_reverts_after_a_move() {
    // "Whenever the immaculate light is within 5 intersections of the twelve-mile fog along one
    // of the eight prime directions, the fog reverts back to a Taoist priest"; ko.md: after
    // every move, a light of either side, whatever stands between. Black fog on 10j; Black
    // plays an unrelated move (its general 2s to 3s).
    let cases: [(&str, &str, bool); 6] = [
        ("10e", "+sm", true),  // 5 straight up
        ("15e", "+sm", true),  // 5 up-left
        ("10d", "+sm", false), // 6: too far
        ("12e", "+sm", false), // not on a line
        ("10e", "+SM", true),  // Black's own light
        ("10f", "sm", false),  // an unpromoted monk is no light
    ];
    for (sq, light, reverts) in cases {
        let mut pos = ko('b', &[("10j", "+TB"), (sq, light), ("10h", "p")]);
        play(&mut pos, "2s3s");
        let expected = if reverts { "TB" } else { "+TB" };
        assert_eq!(at(&pos, "10j"), expected, "light {light} on {sq}");
    }
}

#[test]
fn fog_jumping_near_a_light_reverts_at_the_end_of_its_move() {
    // Black fog on 10l jumps to 10j, five squares below the White light on 10e.
    let mut pos = ko('b', &[("10l", "+TB"), ("10e", "+sm")]);
    make_unmake_restores(&mut pos, "10l10j");
    play(&mut pos, "10l10j");
    assert_eq!(at(&pos, "10j"), "TB");
    assert_eq!(at(&pos, "10e"), "+sm");
}

// ---------------------------------------------------------------------------------------------
// 11. Pawns and the drum.

#[test]
fn pawns_without_a_drum_cannot_move_forward() {
    // "If the drum is captured, the pawns can no longer move in the forward direction"; ko.md:
    // while a side has no drum (drum or thunderclap), a pawn either side up loses its forward
    // move; the setup's patrol units keep theirs. The pawn steps orthogonally.
    let pos = ko('b', &[("10j", "P")]);
    assert_eq!(dests(&pos, "10j"), set(&["11j", "9j", "10k"]));
    let pos = ko('b', &[("10j", "P"), ("18r", "D")]);
    assert_eq!(dests(&pos, "10j"), set(&["10i", "11j", "9j", "10k"]));
    let pos = ko('b', &[("10j", "P"), ("18r", "+D"), ("17r", "TB")]);
    assert_eq!(dests(&pos, "10j"), set(&["10i", "11j", "9j", "10k"]));
    // White's pawn: forward is down (10k).
    let pos = ko('w', &[("10j", "p")]);
    assert_eq!(dests(&pos, "10j"), set(&["11j", "9j", "10i"]));
    let pos = ko('w', &[("10j", "p"), ("2b", "d")]);
    assert_eq!(dests(&pos, "10j"), set(&["10k", "11j", "9j", "10i"]));
    // An enemy's drum does not help.
    let pos = ko('b', &[("10j", "P"), ("2b", "d")]);
    assert!(!dests(&pos, "10j").contains("10i"));
}

#[test]
fn promoted_pawns_need_the_drum_patrol_units_do_not() {
    // A promoted pawn moves as a patrol unit (range forward and backward, a step sideways);
    // without a drum it loses the forward range.
    let up: Vec<String> = ray("10j", 0, -1);
    let pos = ko('b', &[("10j", "+P")]);
    let d = dests(&pos, "10j");
    assert!(up.iter().all(|s| !d.contains(s)), "{d:?}");
    assert!(d.contains("10k") && d.contains("10s") && d.contains("11j"));
    let pos = ko('b', &[("10j", "+P"), ("18r", "D")]);
    let d = dests(&pos, "10j");
    assert!(up.iter().all(|s| d.contains(s)), "{d:?}");
    // The setup's patrol unit keeps its forward move without a drum.
    let pos = ko('b', &[("10j", "PU")]);
    let d = dests(&pos, "10j");
    assert!(up.iter().all(|s| d.contains(s)), "{d:?}");
}

// ---------------------------------------------------------------------------------------------
// 12. Game end.

fn win(c: Colour) -> Option<GameResult> {
    Some(GameResult {
        outcome: Outcome::Win(c),
        reason: EndReason::ObjectiveCaptured,
    })
}

#[test]
fn general_captured_while_middle_troop_and_banner_remain_does_not_end_the_game() {
    // "a player can continue the game with either the general, or the governor, or with both the
    // middle troop and the banner together." Black's aide on 10j takes White's general on 10i;
    // White keeps its middle troop (5c) and banner (15c).
    let mut pos = build(
        'b',
        "-",
        &[
            ("2s", "G"),
            ("10j", "SR"),
            ("10i", "g"),
            ("5c", "ma"),
            ("15c", "b"),
        ],
    );
    play(&mut pos, "10j10i+");
    assert_eq!(pos.winner(), None);
    assert_eq!(pos.game_result(&[false]), None);
}

#[test]
fn capturing_the_last_commanding_piece_ends_the_game() {
    // White with its general and only a middle troop (no banner): the general was its last
    // hope.
    let mut pos = build(
        'b',
        "-",
        &[("2s", "G"), ("10j", "SR"), ("10i", "g"), ("5c", "ma")],
    );
    play(&mut pos, "10j10i+");
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert_eq!(pos.game_result(&[false]), win(Colour::Black));
    // White without its general, with middle troop and banner: taking either one ends it.
    for victim in ["ma", "b"] {
        let other = if victim == "ma" { "b" } else { "ma" };
        let mut pos = build(
            'b',
            "-",
            &[("2s", "G"), ("10j", "SR"), ("10i", victim), ("15c", other)],
        );
        assert_eq!(pos.winner(), None);
        play(&mut pos, "10j10i+");
        assert_eq!(pos.winner(), Some(Colour::Black), "{victim}");
        assert_eq!(pos.game_result(&[false]), win(Colour::Black), "{victim}");
    }
    // White's general taken by a shot: a long bow on 10j, White's general on 10h.
    let mut pos = build('b', "-", &[("2s", "G"), ("10j", "LB"), ("10h", "g")]);
    play(&mut pos, "10j10j*10h+");
    assert_eq!(pos.winner(), Some(Colour::Black));
}

#[test]
fn the_governor_keeps_the_side_alive() {
    // "if the opponent's middle army has promoted to governor, and the player captures the
    // general and banner, then the governor takes command in place of the general". White with
    // its general on 10i and a governor on 5c, no banner: taking the general does not end the
    // game; taking the governor then does.
    let mut pos = build(
        'b',
        "-",
        &[("2s", "G"), ("10j", "SR"), ("10i", "g"), ("5c", "+ma")],
    );
    play(&mut pos, "10j10i+");
    assert_eq!(pos.winner(), None);
    let mut pos = build('b', "-", &[("2s", "G"), ("10j", "SR"), ("10i", "+ma")]);
    assert_eq!(pos.winner(), None);
    play(&mut pos, "10j10i+");
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert_eq!(pos.game_result(&[false]), win(Colour::Black));
}

#[test]
fn gave_check_when_the_sole_general_is_attacked() {
    // White's general on 10e is White's only commanding piece. Black's quartermaster (rook plus
    // a diagonal step) moves 11k to 10k: file 10 is empty from 10j to 10f, so it attacks the
    // general: check. Moving to 11l instead attacks nothing.
    let pieces = [("2s", "G"), ("10e", "g"), ("11k", "Q")];
    let mut pos = build('b', "-", &pieces);
    play(&mut pos, "11k10k");
    assert!(pos.gave_check());
    let mut pos = build('b', "-", &pieces);
    play(&mut pos, "11k11l");
    assert!(!pos.gave_check());
    // With a middle troop and banner White would live on without the general: no check.
    let mut pos = build(
        'b',
        "-",
        &[
            ("2s", "G"),
            ("10e", "g"),
            ("11k", "Q"),
            ("5c", "ma"),
            ("15c", "b"),
        ],
    );
    play(&mut pos, "11k10k");
    assert!(!pos.gave_check());
    // A shot counts: a Black long bow steps 11i to 10h, three squares below the general (10g,
    // 10f empty).
    let mut pos = build('b', "-", &[("2s", "G"), ("10e", "g"), ("11i", "LB")]);
    play(&mut pos, "11i10h");
    assert!(pos.gave_check());
}

// ---------------------------------------------------------------------------------------------
// 13. Make/unmake.

#[test]
fn make_unmake_restores_position_and_hash() {
    // A shot move (crossbow shooting 10g without moving), a move with a shot after it, a double
    // shot, a burn, a clerk promotion, a priest capture that reverts, a fog reversion and a
    // guard's zone entry (the extra field): each comes back exactly.
    let mut pos = bow_range_position("SB");
    make_unmake_restores(&mut pos, "10j10j*10g");
    make_unmake_restores(&mut pos, "10j11i*12h");
    let mut pos = ko(
        'b',
        &[("10j", "FW"), ("10i", "p"), ("10h", "p"), ("17j", "p")],
    );
    make_unmake_restores(&mut pos, "10j10j*10i*10h");
    let mut pos = ko('b', &[("10j", "+EN"), ("11h", "p"), ("10h", "+en")]);
    make_unmake_restores(&mut pos, "10j10i");
    let mut pos = clerk_position("10j", "-", &[("11i", "b")]);
    make_unmake_restores(&mut pos, "10j11i+");
    let mut pos = ko('w', &[("10i", "TB"), ("15o", "+D"), ("10h", "sr")]);
    make_unmake_restores(&mut pos, "10h10i");
    let mut pos = ko('b', &[("10j", "+TB"), ("10e", "+sm")]);
    make_unmake_restores(&mut pos, "2s3s");
    let mut pos = ko_x('b', "A", &[("5g", "R")]);
    make_unmake_restores(&mut pos, "5g5f=");
    let mut pos = ko(
        'b',
        &[("10j", "+D"), ("18r", "TB"), ("10i", "p"), ("10e", "p")],
    );
    make_unmake_restores(&mut pos, "10j10i10h10g10f10e");
}

#[test]
fn the_extra_field_is_part_of_the_position() {
    // ko.md: repetition compares positions "with the same extra field": two positions that
    // differ only there have different hashes, and the hash is the one computed from scratch.
    let a = ko_x('b', "-", &[("10j", "SR")]);
    let b = ko_x('b', "A", &[("10j", "SR")]);
    let c = ko_x('b', "Ar", &[("10j", "SR")]);
    assert_ne!(a.hash(), b.hash());
    assert_ne!(b.hash(), c.hash());
    for p in [&a, &b, &c] {
        assert_eq!(p.hash(), p.compute_hash());
    }
    // A letter set by a move is kept by the following moves.
    let mut pos = ko('b', &[("15h", "FD")]);
    play(&mut pos, "15h15f=");
    play(&mut pos, "18a18b");
    play(&mut pos, "15f15g=");
    assert_eq!(pos.extra_string(), "A");
}

// ---------------------------------------------------------------------------------------------
// Further cases: blocking by immune pieces, promotion on moves that end where they started,
// reversion by burning, the other side's letters, check by burning.

#[test]
fn an_immune_piece_still_blocks_the_line_of_bows_and_guns() {
    // "Except for the cannon, they cannot shoot an enemy piece if another piece stands between
    // the shooter and its target": a White shield on 10i (immune to bows) hides the White pawn
    // on 10h from a long bow on 10j; a White shield unit on 10i (immune to guns too) hides it
    // from a gatling gun, even with two shots; the cannon shoots over it.
    let pos = ko('b', &[("10j", "LB"), ("10i", "sp"), ("10h", "p")]);
    assert!(stay_effects(&pos, "10j").is_empty());
    let pos = ko('b', &[("10j", "FW"), ("10i", "su"), ("10h", "p")]);
    assert!(stay_effects(&pos, "10j").is_empty());
    let pos = ko('b', &[("10j", "C"), ("10i", "su"), ("10h", "p")]);
    assert_eq!(stay_effects(&pos, "10j"), vec![fx("10j", &["10h"], "")]);
    // A fog five squares up blocks a gatling gun's shot at a pawn behind it on 10c.
    let pos = ko('b', &[("10j", "FW"), ("10e", "+tb"), ("10c", "p")]);
    assert!(stay_effects(&pos, "10j").is_empty());
}

#[test]
fn gatling_gun_second_shot_at_a_fog_uncovered_at_six() {
    // The first shot removes the pawn on 10i; the fog behind it on 10d is then the first piece
    // up, six squares away: the second shot may take it. On 10e (five) it may not.
    let pos = ko('b', &[("10j", "FW"), ("10i", "p"), ("10d", "+tb")]);
    assert_eq!(
        stay_effects(&pos, "10j"),
        sorted(&[&fx("10j", &["10i"], ""), &fx("10j", &["10i", "10d"], "")])
    );
    let pos = ko('b', &[("10j", "FW"), ("10i", "p"), ("10e", "+tb")]);
    assert_eq!(stay_effects(&pos, "10j"), vec![fx("10j", &["10i"], "")]);
}

#[test]
fn moves_ending_where_they_started_in_the_zone_may_promote() {
    // ko.md: a move that starts or ends in the zone, "including a move that ends where it
    // started, such as a shot or an igui", lets the player promote. A long bow on 10e shooting
    // the pawn on 10c without moving:
    let pos = ko('b', &[("10e", "LB"), ("10c", "p")]);
    assert_eq!(
        stay_effects(&pos, "10e"),
        sorted(&[&fx("10e", &["10c"], "+"), &fx("10e", &["10c"], "=")])
    );
    // A cavalry on 10f: igui on the pawn a knight's jump away on 11d, and the pass.
    let pos = ko('b', &[("10f", "CA"), ("11d", "p")]);
    assert_eq!(
        stay_effects(&pos, "10f"),
        sorted(&[
            &fx("10f", &["11d"], "+"),
            &fx("10f", &["11d"], "="),
            &fx("10f", &[], "+"),
            &fx("10f", &[], "="),
        ])
    );
}

#[test]
fn a_double_move_that_only_visits_the_zone_may_promote() {
    // ko.md (issue 10's decision): each leg of a multiple move is a move, so a move one of
    // whose legs starts or ends in the zone lets the player promote at the end of the turn. A
    // cavalry on 10h (outside) capturing the pawn on 11f (inside) and jumping back (igui)
    // stopped on 11f: a choice; so does the pass out to 11f or 9f and back. (Before the
    // decision, only a move starting or ending in the zone could promote: no choice here.)
    // Stopping on 11f, or jumping on to 12d, ends in the zone: a choice.
    let pos = ko('b', &[("10h", "CA"), ("11f", "p")]);
    assert_eq!(
        stay_effects(&pos, "10h"),
        sorted(&[
            &fx("10h", &["11f"], "+"),
            &fx("10h", &["11f"], "="),
            &fx("10h", &[], "+"),
            &fx("10h", &[], "="),
        ])
    );
    assert_eq!(
        moves_to(&pos, "10h", "11f"),
        sorted(&["10h11f+", "10h11f="])
    );
    assert_eq!(
        moves_to(&pos, "10h", "12d"),
        sorted(&["10h11f12d+", "10h11f12d="])
    );
}

#[test]
fn a_priest_shooting_a_commanding_piece_promotes() {
    // The special promotion counts shots: the Black priest on 10j shoots the White middle troop
    // on 10i without moving and must promote (to twelve-mile fog).
    let mut pos = ko('b', &[("10j", "TB"), ("10i", "ma")]);
    assert_eq!(stay_effects(&pos, "10j"), vec![fx("10j", &["10i"], "+")]);
    play(&mut pos, "10j10j*10i+");
    assert_eq!(at(&pos, "10j"), "+TB");
}

#[test]
fn light_second_jump_captures_a_priest() {
    // A jump of the light may land on an enemy priest or monk, the second one too: 10j to 12j,
    // then 12j to 12l taking the White priest there.
    let pos = ko('b', &[("10j", "+SM"), ("12l", "tb")]);
    let fxs = effects_from(&pos, "10j");
    assert!(fxs.contains(&fx("12l", &["12l"], "")), "{fxs:?}");
}

#[test]
fn burning_the_last_taoist_priest_reverts_too() {
    // Black's poison flame steps from 10j to 10i; White's priest on 11h is adjacent and burns;
    // White's roaming assault on 15c reverts to a banner.
    let mut pos = ko('b', &[("10j", "+EN"), ("11h", "tb"), ("15c", "+b")]);
    play(&mut pos, "10j10i");
    assert_eq!(at(&pos, "11h"), "");
    assert_eq!(at(&pos, "15c"), "b");
}

#[test]
fn whites_clerk_needs_whites_guards() {
    // White's clerk on 10m jumps to 10o (White's zone, ranks n-s): Black's letters do not let it
    // promote, White's do.
    let pos = ko_x('w', "AR", &[("10m", "sc")]);
    assert_eq!(moves_to(&pos, "10m", "10o"), vec!["10m10o"]);
    let pos = ko_x('w', "ar", &[("10m", "sc")]);
    assert_eq!(
        moves_to(&pos, "10m", "10o"),
        sorted(&["10m10o+", "10m10o="])
    );
}

#[test]
fn a_promoted_guard_entering_the_zone_sets_its_letter() {
    // ko.md: "each has ended a move there at least once, in either state". Black's heaven's
    // vengeance (promoted advance guard: forward diagonals) slides from 15h to 17f.
    let mut pos = ko('b', &[("15h", "+FD")]);
    play(&mut pos, "15h17f");
    assert_eq!(pos.extra_string(), "A");
}

#[test]
fn thunderclap_with_no_way_to_take_five_steps_has_no_move() {
    // Friends on its four orthogonal neighbours: not one step is possible, so no move at all
    // (it must take all five).
    let pos = ko(
        'b',
        &[
            ("10j", "+D"),
            ("18r", "TB"),
            ("10i", "SP"),
            ("11j", "SP"),
            ("9j", "SP"),
            ("10k", "SP"),
        ],
    );
    assert!(moves_from(&pos, "10j").is_empty());
}

#[test]
fn gave_check_counts_a_burn() {
    // Black's poison flame steps 10h to 10g: from there its steps to 11f, 10f and 9f all end next
    // to White's sole general on 10e, which would burn. Check, though no move of it can land on
    // 10e.
    let mut pos = build('b', "-", &[("2s", "G"), ("10e", "g"), ("10h", "+EN")]);
    play(&mut pos, "10h10g");
    assert!(pos.gave_check());
}

#[test]
fn gave_check_on_the_banner_of_a_side_without_general() {
    // White lives by its middle troop and banner: the banner alone is critical. Black's
    // quartermaster moves 11k to 10k, on the banner's file (10e).
    let mut pos = build(
        'b',
        "-",
        &[("2s", "G"), ("10e", "b"), ("5c", "ma"), ("11k", "Q")],
    );
    play(&mut pos, "11k10k");
    assert!(pos.gave_check());
}

// ---------------------------------------------------------------------------------------------
// Notation of multiple moves, and crowded positions.

#[test]
fn multiple_movers_leave_out_squares_only_passed_through() {
    // ko.md: "Squares a multiple mover only passes through without capturing are left out of the
    // canonical string". Each piece alone on 10j (thunderclap and roaming assault with their
    // priest on 18r), a destination reached only through empty squares:
    let cases: [(&str, &str, &str); 9] = [
        ("WR", "10l", "two king steps down"),
        ("+DU", "12l", "two king steps (11k) or the slide"),
        ("+Q", "12l", "two diagonal steps through 11k"),
        ("+FH", "12j", "two orthogonal steps through 11j"),
        ("+SC", "10f", "two orthogonal jumps through 10h"),
        ("+PL", "14f", "two diagonal jumps through 12h"),
        ("+CA", "13g", "two knight jumps through 11h or 12i"),
        ("+D", "10e", "five steps straight up"),
        ("+B", "10e", "five steps straight up"),
    ];
    for (code, to, why) in cases {
        let pos = ko('b', &[("10j", code), ("18r", "TB")]);
        assert_eq!(
            moves_to(&pos, "10j", to),
            vec![format!("10j{to}")],
            "{code}: {why}"
        );
    }
    // The cavalry on 10l: two forward jumps through 9j (empty) to 8h.
    let pos = ko('b', &[("10l", "CA")]);
    assert_eq!(moves_to(&pos, "10l", "8h"), vec!["10l8h"]);
}

#[test]
fn fog_moves_leave_out_squares_only_passed_through() {
    // The fog is one of ko.md's multiple movers, so its canonical strings follow the same rule.
    // Alone on 10j, it reaches by one jump the 8 squares two away (orthogonally or diagonally)
    // and by two jumps every square whose column and row offsets are both in {-4,-2,0,2,4},
    // except 10j itself (out and back with nothing removed is not a move): 24 squares, each one
    // move, written `10j<to>`.
    let pos = ko('b', &[("10j", "+TB")]);
    let (c, r) = coords("10j");
    let mut expected = Vec::new();
    for dc in [-4i32, -2, 0, 2, 4] {
        for dr in [-4i32, -2, 0, 2, 4] {
            if (dc, dr) != (0, 0) {
                let to = name((c as i32 + dc) as usize, (r as i32 + dr) as usize);
                expected.push(format!("10j{to}"));
            }
        }
    }
    expected.sort();
    assert_eq!(expected.len(), 24);
    assert_eq!(moves_from(&pos, "10j"), expected);
}

#[test]
fn crowded_fog_keeps_every_move() {
    // Black fog on 10j; White pawns on every square within three columns and three rows of it
    // except the nine squares whose offsets are both even (10j and the eight one-jump squares,
    // left empty as landings): 40 pawns. No pawn is a priest or monk, so every jump lands on
    // one of those empty squares, and every landing has pawns next to it to shoot.
    let (c, r) = coords("10j");
    let mut squares = Vec::new();
    for dc in -3i32..=3 {
        for dr in -3i32..=3 {
            if dc % 2 != 0 || dr % 2 != 0 {
                squares.push(name((c as i32 + dc) as usize, (r as i32 + dr) as usize));
            }
        }
    }
    let mut pieces: Vec<(&str, &str)> = squares.iter().map(|s| (s.as_str(), "p")).collect();
    pieces.push(("10j", "+TB"));
    let pos = ko('b', &pieces);
    assert_eq!(squares.len(), 40);
    // Jump to 12l (empty), shoot the pawn on 12m (adjacent); jump back to 10j (the empty
    // start), shoot the pawn on 10i (adjacent). Two removals, so the return is a move.
    let m = pos
        .parse_move("10j12l10j*12m*10i")
        .expect("jump out, shoot, jump back, shoot");
    assert_eq!(effect_string(&pos, m), fx("10j", &["12m", "10i"], ""));
    // The same with the first jump to 8h, shooting 8g, then back, shooting 10k.
    let m = pos
        .parse_move("10j8h10j*8g*10k")
        .expect("jump out, shoot, jump back, shoot");
    assert_eq!(effect_string(&pos, m), fx("10j", &["8g", "10k"], ""));
}

// ---------------------------------------------------------------------------------------------
// Interactions.

#[test]
fn engineer_capturing_a_sumo_wrestler_promotes_without_burning() {
    // The engineer is a step mover: capturing the sumo wrestler on 10i it must promote to poison
    // flame; it did not arrive as one, so the White pawn on 11h (next to 10i) stays.
    let mut pos = ko('b', &[("10j", "EN"), ("10i", "wr"), ("11h", "p")]);
    assert_eq!(moves_to(&pos, "10j", "10i"), vec!["10j10i+"]);
    let m = pos.parse_move("10j10i+").unwrap();
    assert_eq!(effect_string(&pos, m), fx("10i", &["10i"], "+"));
    play(&mut pos, "10j10i+");
    assert_eq!(at(&pos, "10i"), "+EN");
    assert_eq!(at(&pos, "11h"), "p");
}

#[test]
fn burning_ignores_shot_immunities() {
    // Burning is not shooting: a shield unit, an imperial base, a fog and a chariot next to the
    // square where a poison flame ends all burn. Black flame 10j to 10i; White pieces on 11h,
    // 10h, 9h and 11i.
    let pos = ko(
        'b',
        &[
            ("10j", "+EN"),
            ("11h", "su"),
            ("10h", "+su"),
            ("9h", "+tb"),
            ("11i", "ch"),
        ],
    );
    let m = pos.parse_move("10j10i").unwrap();
    assert_eq!(
        effect_string(&pos, m),
        fx("10i", &["11h", "10h", "9h", "11i"], "")
    );
}

#[test]
fn cavalry_capturing_a_commander_on_its_first_jump_finishes_as_a_cavalry() {
    // ko.md: "A special promotion takes effect at the end of the move (a cavalry capturing a
    // commanding piece on its first jump finishes its move as a cavalry)". Black cavalry on 10l,
    // White middle troop on 11j: after taking it the second jump is still restricted to the
    // forward pair (12h, 10h) or the start; the winged horse's 13i is not available. Each of
    // these moves promotes.
    let pos = ko('b', &[("10l", "CA"), ("11j", "ma")]);
    let all = moves_from(&pos, "10l");
    for mv in ["10l11j+", "10l11j12h+", "10l11j10h+", "10l11j10l+"] {
        assert!(all.contains(&mv.to_string()), "{mv} missing from {all:?}");
    }
    assert!(pos.parse_move("10l11j13i").is_err());
    assert!(pos.parse_move("10l11j13i+").is_err());
}

#[test]
fn promoted_setup_kinds_never_promote_again() {
    // ko.md: "A promoted form that is itself a setup piece (aid de camp to quartermaster,
    // chariot unit to millenary, ...) moves as that piece and never promotes again." A setup
    // quartermaster stepping 10g to 10f (into the zone) may promote (to tiger wing); a promoted
    // aid de camp, which moves as a quartermaster, may not. The same for a setup millenary and a
    // promoted chariot unit.
    for (setup, promoted) in [("Q", "+A"), ("DU", "+CU")] {
        let pos = ko('b', &[("10g", setup)]);
        assert_eq!(
            moves_to(&pos, "10g", "10f"),
            sorted(&["10g10f+", "10g10f="]),
            "{setup}"
        );
        let pos = ko('b', &[("10g", promoted)]);
        assert_eq!(moves_to(&pos, "10g", "10f"), vec!["10g10f"], "{promoted}");
        // It does move as the setup piece: a long slide up to 10b.
        assert!(dests(&pos, "10g").contains("10b"), "{promoted}");
    }
}

#[test]
fn middle_troop_and_roaming_assault_keep_the_side_alive() {
    // The banner counts either side up: White with its middle troop and a roaming assault
    // (promoted banner, its priest on 17c) lives on after losing its general.
    let mut pos = build(
        'b',
        "-",
        &[
            ("2s", "G"),
            ("10j", "SR"),
            ("10i", "g"),
            ("5c", "ma"),
            ("15c", "+b"),
            ("17c", "tb"),
        ],
    );
    play(&mut pos, "10j10i+");
    assert_eq!(pos.winner(), None);
}

#[test]
fn chariot_of_the_gods_slides_five_then_shoots_twice_at_seven() {
    // The chariot of the gods slides up to five free squares (10o to 10j: 10n..10k empty), then
    // shoots as the gatling gun from where it lands: the White pawn seven squares up on 10c
    // (10i..10d empty) and the one seven squares up-right on 3c (9i, 8h, 7g, 6f, 5e, 4d empty).
    let mut pos = ko('b', &[("10o", "+FW"), ("10c", "p"), ("3c", "p")]);
    let m = pos.parse_move("10o10j*10c*3c").unwrap();
    assert_eq!(effect_string(&pos, m), fx("10j", &["10c", "3c"], ""));
    // From 10o itself both pawns are out of range: every move that removes them ends on 10j.
    let both: Vec<String> = moves_of(&pos, "10o")
        .into_iter()
        .filter(|&m| pos.effect(m).captured.len() == 2)
        .map(|m| effect_string(&pos, m))
        .collect();
    assert_eq!(both, vec![fx("10j", &["10c", "3c"], "")]);
    make_unmake_restores(&mut pos, "10o10j*10c*3c");
    play(&mut pos, "10o10j*3c*10c");
    assert_eq!(at(&pos, "10j"), "+FW");
    assert_eq!(at(&pos, "10c"), "");
    assert_eq!(at(&pos, "3c"), "");
}
