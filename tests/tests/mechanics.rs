//! Hand-derived rules tests: one small hand-built position per movement mechanic, with the
//! expected moves worked out by hand from the seed documents (`shared/seeds/`) as
//! `docs/rules-decisions.md` settles them. Each expectation carries its derivation.
//!
//! Conventions used in the comments: Black moves up (toward rank a); Black's left is toward the
//! higher file numbers. On the 36x36 board a square `<file><rank>` sits in column `36 - file`
//! (0 = leftmost) and row `rank` (a = 0, ..., z = 25, aa = 26, ..., jj = 35). Unless a test says
//! otherwise the Taikyoku royals stand in opposite corners, Black's king on 1jj and White's on
//! 36a, where they are on none of the lines the tested piece uses.

mod kit;

use std::collections::BTreeSet;

use kit::{build, coords, square_name as name};
use taikyoku_movegen::{Colour, Move, Position, Promotion, Square};

// ---------------------------------------------------------------------------------------------
// Helpers (independent of the engine's own square notation code: the kit's).

/// Board directions as (column step, row step): `UP` is toward rank a (Black's forward), `LEFT`
/// toward the higher file numbers (Black's left).
type Dir = (i32, i32);
const UP: Dir = (0, -1);
const DOWN: Dir = (0, 1);
const UL: Dir = (-1, -1);
const UR: Dir = (1, -1);
const DL: Dir = (-1, 1);

/// The squares from `from` (exclusive) in direction `dir` up to the board's edge.
fn ray(from: &str, dir: Dir, files: usize, ranks: usize) -> Vec<String> {
    let (c, r) = coords(from, files);
    let (mut c, mut r) = (c as i32, r as i32);
    let mut out = Vec::new();
    loop {
        c += dir.0;
        r += dir.1;
        if c < 0 || r < 0 || c >= files as i32 || r >= ranks as i32 {
            return out;
        }
        out.push(name(c as usize, r as usize, files));
    }
}

/// Taikyoku with Black's king on 1jj and White's on 36a, plus `pieces`.
fn tai(side: char, pieces: &[(&str, &str)]) -> Position<21> {
    let mut all = vec![("1jj", "K"), ("36a", "k")];
    all.extend_from_slice(pieces);
    build::<21>("taikyoku", side, &all)
}

/// Maka dai dai with Black's king on 1s and White's on 19a, plus `pieces`.
fn maka(side: char, pieces: &[(&str, &str)]) -> Position<6> {
    let mut all = vec![("1s", "K"), ("19a", "k")];
    all.extend_from_slice(pieces);
    build::<6>("maka-dai-dai", side, &all)
}

/// Dai dai with Black's king on 1q and White's on 17a, plus `pieces`.
fn dai(side: char, pieces: &[(&str, &str)]) -> Position<5> {
    let mut all = vec![("1q", "K"), ("17a", "k")];
    all.extend_from_slice(pieces);
    build::<5>("dai-dai", side, &all)
}

fn square<const N: usize>(pos: &Position<N>, sq: &str) -> Square {
    let geo = pos.variant().geometry();
    let (c, r) = coords(sq, geo.files());
    geo.square(c, r)
}

/// The moves of the piece on `from`, as sorted move strings (checked to be distinct).
fn moves_from<const N: usize>(pos: &Position<N>, from: &str) -> Vec<String> {
    let f = square(pos, from);
    let list: Vec<String> = pos
        .moves()
        .into_iter()
        .filter(|m| m.from() == f)
        .map(|m| pos.move_to_string(m))
        .collect();
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "duplicate move strings: {list:?}");
    set.into_iter().collect()
}

/// The moves of the piece on `from` that end on one of `dests`.
fn moves_to<const N: usize>(pos: &Position<N>, from: &str, dests: &[String]) -> Vec<String> {
    let f = square(pos, from);
    let dests: Vec<Square> = dests.iter().map(|d| square(pos, d)).collect();
    let mut list: Vec<String> = pos
        .moves()
        .into_iter()
        .filter(|m| m.from() == f && dests.contains(&m.to()))
        .map(|m| pos.move_to_string(m))
        .collect();
    list.sort();
    list
}

/// The moves of the piece on `from` that end on the ray from it in direction `dir`.
fn moves_on_ray<const N: usize>(pos: &Position<N>, from: &str, dir: Dir) -> Vec<String> {
    let geo = pos.variant().geometry();
    let r = ray(from, dir, geo.files(), geo.ranks());
    moves_to(pos, from, &r)
}

/// What a move does, as `<to>[ x<captured,...>][+|=]` (captured squares sorted by name).
fn effect_string<const N: usize>(pos: &Position<N>, m: Move) -> String {
    let geo = pos.variant().geometry();
    let e = pos.effect(m);
    let mut caps: Vec<String> = e.captured.iter().map(|&s| geo.square_name(s)).collect();
    caps.sort();
    let mut s = geo.square_name(e.to);
    if !caps.is_empty() {
        s.push_str(" x");
        s.push_str(&caps.join(","));
    }
    match e.promotion {
        Promotion::None => {}
        Promotion::Promote => s.push('+'),
        Promotion::Decline => s.push('='),
    }
    s
}

/// The effects of the moves of the piece on `from` whose destination and captured squares all
/// lie in `area` (checked to be distinct).
fn effects_within<const N: usize>(pos: &Position<N>, from: &str, area: &[&str]) -> Vec<String> {
    let f = square(pos, from);
    let area: Vec<Square> = area.iter().map(|s| square(pos, s)).collect();
    let list: Vec<String> = pos
        .moves()
        .into_iter()
        .filter(|&m| {
            let e = pos.effect(m);
            m.from() == f && area.contains(&e.to) && e.captured.iter().all(|c| area.contains(c))
        })
        .map(|m| effect_string(pos, m))
        .collect();
    let set: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(set.len(), list.len(), "duplicate effects: {list:?}");
    set.into_iter().collect()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// `from` followed by each square of `dests`, each with `suffix`.
fn prefixed(from: &str, dests: &[String], suffix: &str) -> Vec<String> {
    dests.iter().map(|d| format!("{from}{d}{suffix}")).collect()
}

/// The piece on a square as positions write it (`""` when empty).
fn at<const N: usize>(pos: &Position<N>, sq: &str) -> String {
    let p = pos.piece_at(square(pos, sq));
    if p.is_piece() {
        pos.variant().piece_code(p)
    } else {
        String::new()
    }
}

/// Parses and plays a move, checking the position's redundant structures afterwards.
fn play<const N: usize>(pos: &mut Position<N>, mv: &str) -> Move {
    let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    pos.make(m);
    pos.check_consistency().unwrap();
    m
}

/// Plays a move and takes it back: the position and its hash come back exactly.
fn make_unmake_restores<const N: usize>(pos: &mut Position<N>, mv: &str) {
    let before = pos.to_notation();
    let hash = pos.hash();
    play(pos, mv);
    assert_ne!(pos.to_notation(), before, "{mv} changed nothing");
    pos.unmake();
    assert_eq!(pos.to_notation(), before, "unmake of {mv}");
    assert_eq!(pos.hash(), hash, "hash after unmake of {mv}");
    pos.check_consistency().unwrap();
}

// ---------------------------------------------------------------------------------------------
// 1. Steppers.

#[test]
fn gold_general_steps_blocked_by_friend_and_captures_enemy() {
    // Gold general (WfF) on 18r: steps 18q (forward), 19r/17r (sideways), 18s (back), 19q/17q
    // (diagonally forward), never diagonally backward. Friendly pawn on 18q blocks that step;
    // the enemy on 17q is captured, and the gold promotes (to rook) on its first capture; the
    // enemy on 17s stands diagonally backward, out of reach.
    let pos = tai(
        'b',
        &[("18r", "G"), ("18q", "P"), ("17q", "p"), ("17s", "p")],
    );
    assert_eq!(
        moves_from(&pos, "18r"),
        sorted(&["18r17q+", "18r17r", "18r18s", "18r19q", "18r19r"])
    );
}

#[test]
fn white_stepper_is_oriented_toward_black() {
    // A White gold on 18r moves "forward" toward rank jj: 18s, 17s, 19s forward, 17r/19r
    // sideways, 18q backward; no step to 17q/19q (diagonally backward for White).
    let pos = tai('w', &[("18r", "g")]);
    assert_eq!(
        moves_from(&pos, "18r"),
        sorted(&["18r17r", "18r17s", "18r18q", "18r18s", "18r19r", "18r19s"])
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Limited rangers.

#[test]
fn captive_officer_limited_by_edge_and_pieces() {
    // Captive officer (fsR2 B3: one or two squares forward or sideways, one to three
    // diagonally) on 2c, near the top-right corner. Friendly pawn on 4e, enemy on 3c.
    // forward: 2b, 2a (the edge cuts nothing, 2 squares is the limit)   = 2
    // left: 3c enemy, captured with promotion (to captive bird), stop     = 1
    // right: 1c, then off the board                                       = 1
    // forward-left: 3b, 4a, then off the board                            = 2
    // forward-right: 1b, then off                                          = 1
    // backward-left: 3d, then the friend on 4e                            = 1
    // backward-right: 1d, then off                                         = 1
    // no orthogonal backward move                                     total 9
    let pos = tai('b', &[("2c", "CO"), ("4e", "P"), ("3c", "p")]);
    assert_eq!(
        moves_from(&pos, "2c"),
        sorted(&["2c1b", "2c1c", "2c1d", "2c2a", "2c2b", "2c3b", "2c3c+", "2c3d", "2c4a"])
    );
}

#[test]
fn guardian_of_the_gods_ranges_three_squares() {
    // Guardian of the Gods (R3) on 18r, open board: 3 squares in each of 4 directions = 12.
    let pos = tai('b', &[("18r", "GU")]);
    assert_eq!(moves_from(&pos, "18r").len(), 12);
    assert!(!moves_from(&pos, "18r").contains(&"18r18n".to_string()));
    // A friend on 18p (two up) leaves 18q only upward: 1 + 3 + 3 + 3 = 10.
    let pos = tai('b', &[("18r", "GU"), ("18p", "P")]);
    assert_eq!(moves_from(&pos, "18r").len(), 10);
}

// ---------------------------------------------------------------------------------------------
// 3. Unlimited rangers.

#[test]
fn rook_bishop_free_king_on_an_open_board() {
    // 18r is column 18, row 17 of 0..35.
    // Rook: up rows 16..0 = 17, down rows 18..35 = 18, left columns 17..0 = 18, right columns
    // 19..35 = 17: 70.
    let pos = tai('b', &[("18r", "R")]);
    assert_eq!(moves_from(&pos, "18r").len(), 70);
    // Bishop: up-left min(17, 18) = 17, up-right min(17, 17) = 17, down-left min(18, 18) = 18,
    // down-right min(18, 17) = 17: 69. (The corners 36a and 1jj are not on these diagonals.)
    let pos = tai('b', &[("18r", "B")]);
    assert_eq!(moves_from(&pos, "18r").len(), 69);
    // Free king: 70 + 69 = 139.
    let pos = tai('b', &[("18r", "Q")]);
    assert_eq!(moves_from(&pos, "18r").len(), 139);
}

#[test]
fn rook_stops_before_friend_and_on_enemy() {
    // Rook on 18r, friendly pawn on 18p, enemy pawn on 14r:
    // up: 18q only = 1; right: 17r, 16r, 15r, 14r (capture, promoting to dragon king) = 4;
    // left 18, down 18: total 41.
    let pos = tai('b', &[("18r", "R"), ("18p", "P"), ("14r", "p")]);
    let m = moves_from(&pos, "18r");
    assert_eq!(m.len(), 41);
    assert_eq!(
        moves_on_ray(&pos, "18r", (1, 0)),
        sorted(&["18r14r+", "18r15r", "18r16r", "18r17r"])
    );
    assert_eq!(moves_on_ray(&pos, "18r", UP), sorted(&["18r18q"]));
}

// ---------------------------------------------------------------------------------------------
// 4. Jumpers.

#[test]
fn knight_jumps_forward_only() {
    // Knight (ffN) on 18r: the two forward knight squares 17p and 19p only, whatever stands
    // between (friends on 18q, 17q, 19q). 17p holds an enemy: captured, promoting (to side
    // soldier). The backward knight square 17t holds an enemy: out of reach.
    let pos = tai(
        'b',
        &[
            ("18r", "N"),
            ("18q", "P"),
            ("17q", "P"),
            ("19q", "P"),
            ("17p", "p"),
            ("17t", "p"),
        ],
    );
    assert_eq!(moves_from(&pos, "18r"), sorted(&["18r17p+", "18r19p"]));
}

#[test]
fn kirin_jumps_sideways_over_pieces() {
    // Kirin (vW F sD) on 18r. Friends on 17r and 19r (jumped over), friend on 18q (blocks that
    // step), enemy on 16r. Steps: 18s, 17q, 19q, 17s, 19s; jumps: 16r (capture, promoting to
    // golden bird), 20r.
    let pos = tai(
        'b',
        &[
            ("18r", "KR"),
            ("17r", "P"),
            ("19r", "P"),
            ("18q", "P"),
            ("16r", "p"),
        ],
    );
    assert_eq!(
        moves_from(&pos, "18r"),
        sorted(&["18r16r+", "18r17q", "18r17s", "18r18s", "18r19q", "18r19s", "18r20r"])
    );
}

#[test]
fn phoenix_jumps_diagonally_over_pieces() {
    // Phoenix (W A) on 18r, friends on all four diagonal neighbours (jumped over), enemy on 20p,
    // friend on 16t. Steps 18q, 18s, 17r, 19r; jumps 16p, 20p (capture, promoting to golden
    // bird), 20t; not 16t (friend).
    let pos = tai(
        'b',
        &[
            ("18r", "PH"),
            ("17q", "P"),
            ("19q", "P"),
            ("17s", "P"),
            ("19s", "P"),
            ("20p", "p"),
            ("16t", "P"),
        ],
    );
    assert_eq!(
        moves_from(&pos, "18r"),
        sorted(&["18r16p", "18r17r", "18r18q", "18r18s", "18r19r", "18r20p+", "18r20t"])
    );
}

#[test]
fn taikyoku_flying_dragon_jumps_to_second_diagonal_square() {
    // Flying dragon (A: jump to the second square diagonally) on 18r, surrounded diagonally by
    // friends. Targets 16p, 20p, 16t (enemy: capture, promoting to dragon king), 20t (friend).
    let pos = tai(
        'b',
        &[
            ("18r", "FD"),
            ("17q", "P"),
            ("19q", "P"),
            ("17s", "P"),
            ("19s", "P"),
            ("16t", "p"),
            ("20t", "P"),
        ],
    );
    assert_eq!(
        moves_from(&pos, "18r"),
        sorted(&["18r16p", "18r16t+", "18r20p"])
    );
}

// ---------------------------------------------------------------------------------------------
// 5. Jump, then range.

#[test]
fn great_falcon_jumps_forward_then_ranges() {
    // Great falcon (promoted horned falcon: free king, plus a jump to the second square
    // orthogonally forward, optionally ranging on). On 18r with a friend on 18q: the ordinary
    // forward range is blocked; the jump lands on the empty 18p and goes on 18o, 18n, then
    // captures on 18m (already promoted: no '+') and stops.
    let pos = tai('b', &[("18r", "+HF"), ("18q", "P"), ("18m", "p")]);
    assert_eq!(
        moves_on_ray(&pos, "18r", UP),
        sorted(&["18r18m", "18r18n", "18r18o", "18r18p"])
    );
    // Everything else is a free king's: down 18, left 18, right 17, diagonals 69: 122 + 4.
    assert_eq!(moves_from(&pos, "18r").len(), 126);

    // An enemy on the landing square: captured there, no continuing to 18o.
    let pos = tai('b', &[("18r", "+HF"), ("18q", "P"), ("18p", "p")]);
    assert_eq!(moves_on_ray(&pos, "18r", UP), sorted(&["18r18p"]));
    // A friend on the landing square: nothing forward at all.
    let pos = tai('b', &[("18r", "+HF"), ("18q", "P"), ("18p", "P")]);
    assert_eq!(moves_on_ray(&pos, "18r", UP), Vec::<String>::new());
    // The jump is forward only: a friend behind (18s) leaves no backward move.
    let pos = tai('b', &[("18r", "+HF"), ("18s", "P")]);
    assert_eq!(moves_on_ray(&pos, "18r", DOWN), Vec::<String>::new());
}

#[test]
fn great_eagle_jumps_to_second_square_in_every_direction() {
    // Great eagle (promoted soaring eagle: free king plus a jump to the second square in any
    // direction, optionally ranging on). On 18r:
    // up-right: friend on 17q; jump to 16p, range on, capture 15o: 16p, 15o.
    // down-left: enemy on 19s adjacent: captured by the ordinary range; or jumped: 20t and
    // beyond down to 36jj (18 squares on that diagonal, all reachable).
    let pos = tai(
        'b',
        &[("18r", "+EL"), ("17q", "P"), ("15o", "p"), ("19s", "p")],
    );
    assert_eq!(moves_on_ray(&pos, "18r", UR), sorted(&["18r15o", "18r16p"]));
    let dl = ray("18r", DL, 36, 36);
    assert_eq!(dl.len(), 18);
    assert_eq!(moves_on_ray(&pos, "18r", DL), {
        let mut v = prefixed("18r", &dl, "");
        v.sort();
        v
    });
}

#[test]
fn free_eagle_jumps_two_or_three_orthogonally_and_up_to_four_diagonally_forward() {
    // Free eagle (jump to the 2nd or 3rd square, then range, orthogonally and diagonally
    // backward; to the 2nd..4th square diagonally forward; or range without jumping). On 18r:
    // up: friends on 18q, 18p, enemy on 18o: the jump to the 3rd square captures; stop = 18o.
    // up-left: friends on 19q, 20p, 21o: jump to the 4th square 22n, range on to 35a
    //   (the diagonal has 17 squares: the 4th..17th = 14 moves).
    // down-left: friends on 19s, 20t, 21u: the backward jump reaches only the 2nd/3rd: none.
    let pos = tai(
        'b',
        &[
            ("18r", "FE"),
            ("18q", "P"),
            ("18p", "P"),
            ("18o", "p"),
            ("19q", "P"),
            ("20p", "P"),
            ("21o", "P"),
            ("19s", "P"),
            ("20t", "P"),
            ("21u", "P"),
        ],
    );
    assert_eq!(moves_on_ray(&pos, "18r", UP), sorted(&["18r18o"]));
    let ul = ray("18r", UL, 36, 36);
    assert_eq!(ul.len(), 17);
    let mut expected = prefixed("18r", &ul[3..], "");
    expected.sort();
    assert_eq!(expected.len(), 14);
    assert_eq!(moves_on_ray(&pos, "18r", UL), expected);
    assert_eq!(moves_on_ray(&pos, "18r", DL), Vec::<String>::new());
}

#[test]
fn lion_hawk_bishop_leap_continues_only_from_an_empty_landing_square() {
    // Lion hawk ({lion} B j2B). On 18r:
    // up-right: friend on 17q blocks the bishop range; the leap to 16p (also a lion jump)
    //   continues to 1a: the 2nd..17th squares = 16 moves.
    // up-left: enemy on 20p (2nd square): captured by the leap (the lion hawk does not
    //   promote); the leap cannot go on past it, and the range stops there: 19q, 20p only.
    let pos = tai('b', &[("18r", "LI"), ("17q", "P"), ("20p", "p")]);
    let ur = ray("18r", UR, 36, 36);
    let mut expected = prefixed("18r", &ur[1..], "");
    expected.sort();
    assert_eq!(expected.len(), 16);
    assert_eq!(moves_on_ray(&pos, "18r", UR), expected);
    assert_eq!(moves_on_ray(&pos, "18r", UL), sorted(&["18r19q", "18r20p"]));
}

#[test]
fn wooden_dove_jumps_to_third_square_then_one_or_two_more() {
    // Wooden dove (R2 B j3B2). On 18r, friend on 19q (blocks the up-left range), enemy on 22n.
    // up-left: jump to the 3rd square 21o, then 1 or 2 more: 22n is an enemy: captured (the
    //   wooden dove does not promote), stop. Not 20p (2nd square), not 23m.
    // total: R2 = 8; up-right 17, down-left 18, down-right 17; up-left 2: 62.
    let pos = tai('b', &[("18r", "WO"), ("19q", "P"), ("22n", "p")]);
    assert_eq!(moves_on_ray(&pos, "18r", UL), sorted(&["18r21o", "18r22n"]));
    assert_eq!(moves_from(&pos, "18r").len(), 62);
    // With the enemy gone the continuation is one or two squares: 21o, 22n, 23m and no further.
    let pos = tai('b', &[("18r", "WO"), ("19q", "P")]);
    assert_eq!(
        moves_on_ray(&pos, "18r", UL),
        sorted(&["18r21o", "18r22n", "18r23m"])
    );
}

// ---------------------------------------------------------------------------------------------
// 6. Jumping over up to three pieces.

#[test]
fn golden_bird_passes_three_pieces_and_captures_the_fourth() {
    // Golden bird (vR sR3 bB3 fu3B) on 18r. Up-left diagonal: 19q friend (1st piece), 20p
    // empty, 21o enemy (2nd piece), 22n empty, 23m friend (3rd piece), 24l empty, 25k enemy (4th
    // piece), 26j empty. Moves: 20p, 21o (capture, promoting to free bird), 22n, 24l, 25k
    // (capture); not beyond the 4th piece (26j), never onto a friend.
    let pos = tai(
        'b',
        &[
            ("18r", "GO"),
            ("19q", "P"),
            ("21o", "p"),
            ("23m", "P"),
            ("25k", "p"),
            ("17q", "P"),
        ],
    );
    assert_eq!(
        moves_on_ray(&pos, "18r", UL),
        sorted(&["18r20p", "18r21o+", "18r22n", "18r24l", "18r25k+"])
    );
    // Up-right: friend on 17q passed over, then 16p..1a: 16 moves.
    assert_eq!(moves_on_ray(&pos, "18r", UR).len(), 16);
    // Total: vR 17 + 18, sR3 6, bB3 6, up-left 5, up-right 16 = 68.
    assert_eq!(moves_from(&pos, "18r").len(), 68);

    // A friend as the 4th piece: no landing there, nothing beyond.
    let pos = tai(
        'b',
        &[
            ("18r", "GO"),
            ("19q", "P"),
            ("21o", "p"),
            ("23m", "P"),
            ("25k", "P"),
        ],
    );
    assert_eq!(
        moves_on_ray(&pos, "18r", UL),
        sorted(&["18r20p", "18r21o+", "18r22n", "18r24l"])
    );
}

// ---------------------------------------------------------------------------------------------
// 7. Lion.

#[test]
fn lone_lion_reaches_every_square_within_two_and_may_pass() {
    // Lion on 18r, open board: 8 steps + 16 jumps = 24 destinations, plus the pass 18r18r.
    let pos = tai('b', &[("18r", "LN")]);
    let m = moves_from(&pos, "18r");
    assert_eq!(m.len(), 25);
    for s in ["18r18r", "18r18q", "18r16p", "18r17p", "18r20t", "18r16r"] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
    assert!(
        m.iter().all(|s| s.len() <= 7),
        "no capture, no multi-step string: {m:?}"
    );
}

#[test]
fn lion_double_capture_igui_and_other_captures() {
    // Lion on 18r, enemies on 18q (adjacent) and 18p (two up). The lion promotes (to furious
    // fiend) on any capture.
    // - 24 single moves to the squares within two: 22 plain, 18q+ and 18p+ captures;
    // - capture on 18q, then a second step to each neighbour of 18q: 17p, 18p (double
    //   capture), 19p, 17q, 19q, 17r, 19r = 7, and back to 18r (igui) = 1;
    // - the pass: 1. Total 33.
    let mut pos = tai('b', &[("18r", "LN"), ("18q", "p"), ("18p", "p")]);
    let m = moves_from(&pos, "18r");
    assert_eq!(m.len(), 33);
    for s in [
        "18r18q+",
        "18r18p+",
        "18r18q18p+",
        "18r18q18r+",
        "18r18q17p+",
        "18r18q19p+",
        "18r18q17q+",
        "18r18q19q+",
        "18r18q17r+",
        "18r18q19r+",
        "18r18r",
    ] {
        assert!(m.contains(&s.to_string()), "{s} in {m:?}");
    }
    // The double capture removes both and leaves a promoted lion on 18p.
    let mv = pos.parse_move("18r18q18p").unwrap();
    let caps: Vec<String> = pos
        .effect(mv)
        .captured
        .iter()
        .map(|&s| pos.variant().geometry().square_name(s))
        .collect();
    assert_eq!(caps.len(), 2);
    assert!(caps.contains(&"18q".to_string()) && caps.contains(&"18p".to_string()));
    make_unmake_restores(&mut pos, "18r18q18p+");
    play(&mut pos, "18r18q18p+");
    assert_eq!(at(&pos, "18r"), "");
    assert_eq!(at(&pos, "18q"), "");
    assert_eq!(at(&pos, "18p"), "+(LN)");
}

#[test]
fn lion_igui_captures_without_moving() {
    // Lion on 5e, enemy on 5f: igui "5e5f5e" captures 5f and stays on 5e, promoting
    // (compulsory, so the move is written with '+' and accepted without it).
    let mut pos = tai('b', &[("5e", "LN"), ("5f", "p")]);
    let m = moves_from(&pos, "5e");
    assert!(m.contains(&"5e5f5e+".to_string()), "{m:?}");
    assert_eq!(
        pos.parse_move("5e5f5e").unwrap(),
        pos.parse_move("5e5f5e+").unwrap()
    );
    play(&mut pos, "5e5f5e");
    assert_eq!(at(&pos, "5e"), "+(LN)");
    assert_eq!(at(&pos, "5f"), "");
}

#[test]
fn lion_may_pass_even_when_surrounded_by_friends() {
    // Lion on 5e (column 31, row 4) with friends on all 8 neighbours: the 16 jumps to the
    // second ring plus the pass = 17.
    let neighbours = ["6d", "5d", "4d", "6e", "4e", "6f", "5f", "4f"];
    let mut pieces = vec![("5e", "LN")];
    pieces.extend(neighbours.iter().map(|&s| (s, "P")));
    let pos = tai('b', &pieces);
    let m = moves_from(&pos, "5e");
    assert_eq!(m.len(), 17);
    assert!(m.contains(&"5e5e".to_string()));
    // Friends on all 24 squares within two (files 7..3, ranks c..g): only the pass.
    let mut pieces = vec![("5e", "LN")];
    let ring: Vec<String> = (3..=7)
        .flat_map(|f| ['c', 'd', 'e', 'f', 'g'].map(|r| format!("{f}{r}")))
        .filter(|s| s != "5e")
        .collect();
    assert_eq!(ring.len(), 24);
    pieces.extend(ring.iter().map(|s| (s.as_str(), "P")));
    let pos = tai('b', &pieces);
    assert_eq!(moves_from(&pos, "5e"), sorted(&["5e5e"]));
}

// ---------------------------------------------------------------------------------------------
// 8. Dai dai lion dog (yK3: three-step lion move along one line).

/// The forward line of a Black piece on 9i (Dai dai), origin included.
const LD_LINE: [&str; 4] = ["9i", "9h", "9g", "9f"];

#[test]
fn lion_dog_captures_first_and_second_then_retreats_to_first() {
    // Lion dog on 9i; forward line 9h (1st) enemy, 9g (2nd) enemy, 9f (3rd) friend. The lion
    // dog promotes (to great elephant) on any capture. Effects along the line:
    // - end on 9h: capture 9h; or capture 9h and 9g, then retreat to 9h;
    // - end on 9g: jump there capturing 9g; or step-capture 9h then 9g;
    // - end on 9f: friend, impossible;
    // - stay on 9i: igui on 9h; the pass.
    let pos = dai('b', &[("9i", "LD"), ("9h", "p"), ("9g", "p"), ("9f", "P")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&[
            "9g x9g+",
            "9g x9g,9h+",
            "9h x9g,9h+",
            "9h x9h+",
            "9i",
            "9i x9h+",
        ])
    );
    // The retreat written as its path: capture 9h, capture 9g, back to 9h.
    let m = pos.parse_move("9i9h9g9h").unwrap();
    assert_eq!(effect_string(&pos, m), "9h x9g,9h+");
    assert!(moves_from(&pos, "9i").contains(&"9i9i".to_string()));
}

#[test]
fn lion_dog_jumps_to_third_and_captures_two() {
    // Friend on 9h, enemies on 9g and 9f. Jump to the 2nd square capturing 9g (and stop, or
    // continue to the 3rd capturing 9f too); or jump directly to the 3rd capturing 9f only.
    // No igui (9h is a friend).
    let pos = dai('b', &[("9i", "LD"), ("9h", "P"), ("9g", "p"), ("9f", "p")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&["9f x9f+", "9f x9f,9g+", "9g x9g+", "9i"])
    );
    // Friends on the 1st and 2nd squares: the direct jump to the 3rd still captures there.
    let pos = dai('b', &[("9i", "LD"), ("9h", "P"), ("9g", "P"), ("9f", "p")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&["9f x9f+", "9i"])
    );
}

#[test]
fn lion_dog_captures_on_first_and_third_steps() {
    // Enemies on 9h and 9f, 9g empty. "A piece may be captured on all three steps":
    // - end on 9h: capture 9h;
    // - end on 9g: jump (no capture), or step-capture 9h then step;
    // - end on 9f: jump capturing 9f, or capture 9h, step to 9g, capture 9f;
    // - stay: igui on 9h; the pass.
    let pos = dai('b', &[("9i", "LD"), ("9h", "p"), ("9f", "p")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&[
            "9f x9f+",
            "9f x9f,9h+",
            "9g",
            "9g x9h+",
            "9h x9h+",
            "9i",
            "9i x9h+",
        ])
    );
}

// ---------------------------------------------------------------------------------------------
// 9. Hook movers.

#[test]
fn hook_mover_capture_ends_the_move() {
    // Hook mover (hR) on 18r, friends on 18s, 19r, 17r; enemy on 18q: it captures 18q (the
    // hook mover does not promote) and may not turn after capturing.
    let pos = tai(
        'b',
        &[
            ("18r", "HM"),
            ("18s", "P"),
            ("19r", "P"),
            ("17r", "P"),
            ("18q", "p"),
        ],
    );
    assert_eq!(moves_from(&pos, "18r"), sorted(&["18r18q"]));
}

#[test]
fn hook_mover_turns_once_on_an_empty_square() {
    // Friends on 18s, 19r, 17r; 18q empty; enemy on 18p. First leg: 18q, then the capture on
    // 18p. Turning on 18q: left 19q..36q (18), right 17q..1q (17). Total 1 + 1 + 18 + 17 = 37.
    // Not 18o (beyond the capture) nor 19p (a second turn, or a turn after the capture).
    let pos = tai(
        'b',
        &[
            ("18r", "HM"),
            ("18s", "P"),
            ("19r", "P"),
            ("17r", "P"),
            ("18p", "p"),
        ],
    );
    let m = moves_from(&pos, "18r");
    assert_eq!(m.len(), 37);
    for s in ["18r18q", "18r18p", "18r36q", "18r1q"] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
    for s in ["18r18o", "18r19p", "18r17p"] {
        assert!(!m.contains(&s.to_string()), "{s}");
    }
}

#[test]
fn hook_mover_reaches_every_square_by_at_most_one_turn() {
    // Open board: every square is on the hook mover's file or rank, or reached by going along
    // the rank and turning into the target's file. 1296 squares less its own and the friendly
    // king's (1jj); the enemy king on 36a is captured via 36r. 1294 moves.
    let pos = tai('b', &[("18r", "HM")]);
    let m = moves_from(&pos, "18r");
    assert_eq!(m.len(), 1294);
    assert!(m.contains(&"18r36a".to_string()));
    // A friend on 18p: the file squares beyond it (18o..18a, 15 squares) need two turns and
    // are lost; every other square keeps its rank-then-file path, which avoids file 18.
    // 1294 - 1 (18p) - 15 = 1278. 16n is behind the blocker on one path but not the other.
    let pos = tai('b', &[("18r", "HM"), ("18p", "P")]);
    let m = moves_from(&pos, "18r");
    assert_eq!(m.len(), 1278);
    assert!(m.contains(&"18r16n".to_string()));
    assert!(!m.contains(&"18r18n".to_string()));
}

#[test]
fn capricorn_diagonal_hook() {
    // Capricorn (hB) on 18r (column 18, row 17); friends block three diagonals (17q up-right,
    // 17s down-right, 19s down-left); the up-left diagonal is open. The k-th square of the
    // first leg is (18-k, 17-k), k = 1..17; from it the piece may turn onto the perpendicular
    // diagonal: up-right min(17-k, 17+k) = 17-k squares, down-left min(18-k, 18+k) = 18-k.
    // Different k give different perpendicular diagonals, so all destinations are distinct:
    // 17 + (16+...+0 = 136) + (17+...+1 = 153) = 306.
    let pos = tai(
        'b',
        &[("18r", "CA"), ("17q", "P"), ("17s", "P"), ("19s", "P")],
    );
    assert_eq!(moves_from(&pos, "18r").len(), 306);
}

#[test]
fn peacock_hooks_from_the_forward_diagonals_only() {
    // Peacock (hfB bB2): the hook's first leg runs along a forward diagonal only; backward it
    // has one or two squares. Both forward diagonals blocked by friends (19q, 17q): only the
    // four backward moves remain.
    let pos = tai('b', &[("18r", "PC"), ("19q", "P"), ("17q", "P")]);
    assert_eq!(
        moves_from(&pos, "18r"),
        sorted(&["18r16t", "18r17s", "18r19s", "18r20t"])
    );
    // With the up-left diagonal open it may turn on 19q onto the perpendicular diagonal,
    // backward-left: 20r, 21s, ... (not reachable by its backward B2, which goes 19s, 20t).
    let pos = tai('b', &[("18r", "PC"), ("17q", "P")]);
    let m = moves_from(&pos, "18r");
    assert!(m.contains(&"18r20r".to_string()));
    assert!(m.contains(&"18r21s".to_string()));
    assert!(!m.contains(&"18r21u".to_string()));
}

// ---------------------------------------------------------------------------------------------
// 10. Range capturers.

#[test]
fn great_general_flies_over_lower_ranks_removing_them() {
    // Great general (xQ, rank: above vice general) on 18r. Up the file: enemy vice general on
    // 18p, friendly pawn on 18n, enemy pawn on 18l. It may stop on 18q, capture 18p, fly over
    // it to 18o, over the friend to 18m, capture 18l, and fly on to 18k..18a: every square of
    // the file except the friend's 18n: 17 - 1 = 16. The great general does not promote.
    let mut pos = tai(
        'b',
        &[("18r", "GG"), ("18p", "vg"), ("18n", "P"), ("18l", "p")],
    );
    let up = ray("18r", UP, 36, 36);
    let mut expected: Vec<String> = up
        .iter()
        .filter(|s| *s != "18n")
        .map(|s| format!("18r{s}"))
        .collect();
    expected.sort();
    assert_eq!(expected.len(), 16);
    assert_eq!(moves_on_ray(&pos, "18r", UP), expected);
    // Flying to 18k removes the three pieces flown over, the friendly one included.
    let m = pos.parse_move("18r18k").unwrap();
    assert_eq!(effect_string(&pos, m), "18k x18l,18n,18p");
    make_unmake_restores(&mut pos, "18r18k");
    play(&mut pos, "18r18k");
    for s in ["18r", "18p", "18n", "18l"] {
        assert_eq!(at(&pos, s), "", "{s}");
    }
    assert_eq!(at(&pos, "18k"), "(GG)");
}

#[test]
fn great_general_cannot_fly_over_great_generals_or_royals() {
    // Great general on 18r; a piece on 18p; an enemy pawn on 18n that it could reach only by
    // flying over 18p. 18p: enemy great general / crown prince / king / free king promoted to
    // great general: captured, nothing beyond; friendly great general or crown prince: 18q only.
    for (blocker, expected) in [
        ("gg", vec!["18r18p", "18r18q"]),
        ("cp", vec!["18r18p", "18r18q"]),
        ("k", vec!["18r18p", "18r18q"]),
        ("+q", vec!["18r18p", "18r18q"]),
        ("GG", vec!["18r18q"]),
        ("CP", vec!["18r18q"]),
    ] {
        let pos = tai('b', &[("18r", "GG"), ("18p", blocker), ("18n", "p")]);
        assert_eq!(
            moves_on_ray(&pos, "18r", UP),
            sorted(&expected),
            "{blocker}"
        );
    }
}

#[test]
fn vice_general_flies_over_rook_general_but_not_great_or_vice_generals() {
    // Vice general (xB D, rank below the great general) on 18r; up-left diagonal 19q, 20p, ...
    // 35a (17 squares); a piece on 20p.
    let ul = ray("18r", UL, 36, 36);
    assert_eq!(ul.len(), 17);
    // Enemy rook general (rank below the vice general): 19q; 20p captured; flying over it to
    // every further square, each move capturing it and so promoting (to great general).
    let pos = tai('b', &[("18r", "VG"), ("20p", "ro")]);
    let mut expected = vec!["18r19q".to_string()];
    expected.extend(prefixed("18r", &ul[1..], "+"));
    expected.sort();
    assert_eq!(moves_on_ray(&pos, "18r", UL), expected);
    // Friendly rook general: flown over and removed, but removing only friends is no capture:
    // no promotion; no landing on 20p.
    let pos = tai('b', &[("18r", "VG"), ("20p", "RO")]);
    let mut expected = vec!["18r19q".to_string()];
    expected.extend(prefixed("18r", &ul[2..], ""));
    expected.sort();
    assert_eq!(moves_on_ray(&pos, "18r", UL), expected);
    // Enemy vice general, great general, or water general promoted to vice general: captured,
    // nothing beyond. Friendly vice general: 19q only.
    for (blocker, expected) in [
        ("vg", vec!["18r19q", "18r20p+"]),
        ("gg", vec!["18r19q", "18r20p+"]),
        ("+wg", vec!["18r19q", "18r20p+"]),
        ("VG", vec!["18r19q"]),
    ] {
        let pos = tai('b', &[("18r", "VG"), ("20p", blocker)]);
        assert_eq!(
            moves_on_ray(&pos, "18r", UL),
            sorted(&expected),
            "{blocker}"
        );
    }
}

#[test]
fn rook_general_flies_over_no_range_capturer() {
    // Rook general (xR, lowest range-capturing rank) on 18r; a piece on 18p; up the file
    // 18q..18a (17 squares).
    let up = ray("18r", UP, 36, 36);
    // Enemy bishop general, violent dragon, rook general promoted to flying crocodile, vice
    // general: all range capturers: captured (promoting to flying crocodile), nothing beyond.
    for blocker in ["bg", "vd", "+ro", "ro", "vg"] {
        let pos = tai('b', &[("18r", "RO"), ("18p", blocker)]);
        assert_eq!(
            moves_on_ray(&pos, "18r", UP),
            sorted(&["18r18p+", "18r18q"]),
            "{blocker}"
        );
    }
    // A bishop general promoted to rain demon moves as the rain demon, not a range capturer:
    // flown over. Every square up the file, each capturing it (promotion) but 18q.
    let pos = tai('b', &[("18r", "RO"), ("18p", "+bg")]);
    let mut expected = vec!["18r18q".to_string()];
    expected.extend(prefixed("18r", &up[1..], "+"));
    expected.sort();
    assert_eq!(moves_on_ray(&pos, "18r", UP), expected);
}

#[test]
fn range_capture_over_friends_only_does_not_promote() {
    // Rook general on 18r, friendly pawn on 18p. Flying to 18o removes the pawn but captures no
    // enemy: written without '+', the rook general stays unpromoted.
    let mut pos = tai('b', &[("18r", "RO"), ("18p", "P"), ("18n", "p")]);
    let up = moves_on_ray(&pos, "18r", UP);
    assert!(up.contains(&"18r18o".to_string()), "{up:?}");
    assert!(up.contains(&"18r18n+".to_string()), "{up:?}");
    assert!(!up.iter().any(|s| s.starts_with("18r18p")), "{up:?}");
    let m = pos.parse_move("18r18o").unwrap();
    assert_eq!(m.promotion(), Promotion::None);
    assert_eq!(effect_string(&pos, m), "18o x18p");
    play(&mut pos, "18r18o");
    assert_eq!(at(&pos, "18p"), "");
    assert_eq!(at(&pos, "18o"), "(RO)");
    // Flying over the friend and landing on the enemy captures: promotion to flying crocodile.
    let mut pos = tai('b', &[("18r", "RO"), ("18p", "P"), ("18n", "p")]);
    play(&mut pos, "18r18n+");
    assert_eq!(at(&pos, "18p"), "");
    assert_eq!(at(&pos, "18n"), "+(RO)");
}

// ---------------------------------------------------------------------------------------------
// 11. Jumping captures.

#[test]
fn ancient_dragon_captures_by_jumping_along_the_file() {
    // Ancient dragon (promoted great dragon: B vR zvR) on 18r. Up: friend 18q, enemy 18o,
    // friend 18m, enemy 18k: no ordinary move up, but the jumping captures of 18o and 18k.
    // Down: enemy 18s (ordinary capture), enemy 18v (jumping capture over 18s). Already
    // promoted: no '+'. Nothing else lands on file 18.
    let mut pos = tai(
        'b',
        &[
            ("18r", "+GD"),
            ("18q", "P"),
            ("18o", "p"),
            ("18m", "P"),
            ("18k", "p"),
            ("18s", "p"),
            ("18v", "p"),
        ],
    );
    let mut file: Vec<String> = ray("18r", UP, 36, 36);
    file.extend(ray("18r", DOWN, 36, 36));
    assert_eq!(
        moves_to(&pos, "18r", &file),
        sorted(&["18r18k", "18r18o", "18r18s", "18r18v"])
    );
    // The pieces jumped over are unaffected.
    play(&mut pos, "18r18k");
    assert_eq!(at(&pos, "18k"), "+(GD)");
    assert_eq!(at(&pos, "18q"), "P");
    assert_eq!(at(&pos, "18o"), "p");
    assert_eq!(at(&pos, "18m"), "P");
}

#[test]
fn rain_demon_captures_by_jumping_along_forward_diagonals_only() {
    // Rain demon (promoted bishop general: ... bB2 fB zfB) on 18r. Up-left: friend 19q, enemies
    // 21o and 23m: both captured by jumping. Down-left: friend 19s, enemy 20t: the backward
    // diagonal has no jumping capture: nothing.
    let pos = tai(
        'b',
        &[
            ("18r", "+BG"),
            ("19q", "P"),
            ("21o", "p"),
            ("23m", "p"),
            ("19s", "P"),
            ("20t", "p"),
        ],
    );
    assert_eq!(moves_on_ray(&pos, "18r", UL), sorted(&["18r21o", "18r23m"]));
    assert_eq!(moves_on_ray(&pos, "18r", DL), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------------
// 12. Taikyoku promotion.

#[test]
fn pawn_promotes_to_gold_on_capture() {
    // Pawn on 18r, enemy on 18q: the only move captures and promotes, compulsorily.
    let mut pos = tai('b', &[("18r", "P"), ("18q", "p")]);
    assert_eq!(moves_from(&pos, "18r"), sorted(&["18r18q+"]));
    assert_eq!(
        pos.parse_move("18r18q").unwrap(),
        pos.parse_move("18r18q+").unwrap()
    );
    assert!(pos.parse_move("18r18q=").is_err());
    play(&mut pos, "18r18q");
    assert_eq!(at(&pos, "18q"), "+P");
    // A promoted pawn moves as a gold general (WfF): six steps on an open board.
    let pos = tai('b', &[("18r", "+P")]);
    assert_eq!(
        moves_from(&pos, "18r"),
        sorted(&["18r17q", "18r17r", "18r18q", "18r18s", "18r19q", "18r19r"])
    );
    // Without a capture a pawn does not promote.
    let pos = tai('b', &[("18r", "P")]);
    assert_eq!(moves_from(&pos, "18r"), sorted(&["18r18q"]));
}

#[test]
fn a_promoted_piece_never_promotes_again() {
    // Ferocious leopard promoted to bishop, on 18r; enemy on 20p (up-left, 2nd square). It
    // moves as a bishop (up-left 19q, 20p; up-right 17; down-left 18; down-right 17 = 54) and
    // its capture does not promote again: it stays +(FL).
    let mut pos = tai('b', &[("18r", "+FL"), ("20p", "p")]);
    let m = moves_from(&pos, "18r");
    assert_eq!(m.len(), 54);
    assert!(m.contains(&"18r20p".to_string()));
    assert!(
        m.iter().all(|s| !s.ends_with('+') && !s.ends_with('=')),
        "{m:?}"
    );
    play(&mut pos, "18r20p");
    assert_eq!(at(&pos, "20p"), "+(FL)");
    // A bishop proper promotes (to dragon horse) on the same capture.
    let mut pos = tai('b', &[("18r", "B"), ("20p", "p")]);
    assert!(moves_from(&pos, "18r").contains(&"18r20p+".to_string()));
    play(&mut pos, "18r20p+");
    assert_eq!(at(&pos, "20p"), "+B");
}

// ---------------------------------------------------------------------------------------------
// 13. Maka dai dai.

#[test]
fn maka_promotion_is_optional_unless_the_victim_is_promoted() {
    // Gold general (W fF) on 10j, enemy pawn on 10i: the capture is offered with and without
    // promotion; the other five steps are plain. 7 moves.
    let mut pos = maka('b', &[("10j", "G"), ("10i", "p")]);
    assert_eq!(
        moves_from(&pos, "10j"),
        sorted(&["10j10i+", "10j10i=", "10j10k", "10j11i", "10j11j", "10j9i", "10j9j"])
    );
    // Without a suffix the optional promotion is declined.
    assert_eq!(
        pos.parse_move("10j10i").unwrap().promotion(),
        Promotion::Decline
    );
    make_unmake_restores(&mut pos, "10j10i+");
    play(&mut pos, "10j10i=");
    assert_eq!(at(&pos, "10i"), "G");
    let mut pos = maka('b', &[("10j", "G"), ("10i", "p")]);
    play(&mut pos, "10j10i+");
    assert_eq!(at(&pos, "10i"), "+G");
    // A promoted victim makes promotion compulsory: only '+'.
    let pos = maka('b', &[("10j", "G"), ("10i", "+p")]);
    assert_eq!(
        moves_to(&pos, "10j", &["10i".to_string()]),
        sorted(&["10j10i+"])
    );
}

#[test]
fn maka_deva_and_dark_spirit_convert_the_capturer() {
    // Whoever captures a deva becomes a teaching king (+DV), whoever captures a dark spirit a
    // Buddhist spirit (+DS), promoted or not; there is no choice to decline.
    for (capturer, victim, result) in [
        ("G", "dv", "+(DV)"),
        ("G", "ds", "+(DS)"),
        ("+G", "dv", "+(DV)"),
        ("G", "+dv", "+(DV)"),
        ("FK", "ds", "+(DS)"),
    ] {
        let mut pos = maka('b', &[("10j", capturer), ("10i", victim)]);
        assert_eq!(
            moves_to(&pos, "10j", &["10i".to_string()]),
            sorted(&["10j10i+"]),
            "{capturer} x {victim}"
        );
        make_unmake_restores(&mut pos, "10j10i+");
        play(&mut pos, "10j10i+");
        assert_eq!(at(&pos, "10i"), result, "{capturer} x {victim}");
    }
    // A teaching king capturing a deva stays what it is: one move, no '+'.
    let mut pos = maka('b', &[("10j", "+DV"), ("10i", "dv")]);
    let caps_only_10i: Vec<String> = pos
        .moves()
        .into_iter()
        .filter(|&m| {
            m.from() == square(&pos, "10j")
                && m.to() == square(&pos, "10i")
                && pos.effect(m).captured.len() == 1
        })
        .map(|m| pos.move_to_string(m))
        .collect();
    assert_eq!(caps_only_10i, vec!["10j10i".to_string()]);
    play(&mut pos, "10j10i");
    assert_eq!(at(&pos, "10i"), "+(DV)");
}

#[test]
fn maka_king_capturing_a_deva_promotes_as_usual() {
    // A king capturing a deva is not converted: it may promote to emperor (optional, the deva
    // being unpromoted) or decline.
    let pos = maka('b', &[("10j", "K"), ("10i", "dv")]);
    assert_eq!(
        moves_to(&pos, "10j", &["10i".to_string()]),
        sorted(&["10j10i+", "10j10i="])
    );
    let mut p = pos.clone();
    play(&mut p, "10j10i+");
    assert_eq!(at(&p, "10i"), "+K");
    let mut p = pos.clone();
    play(&mut p, "10j10i=");
    assert_eq!(at(&p, "10i"), "K");
    // Capturing a teaching king (promoted deva): compulsory promotion to emperor.
    let mut pos = maka('b', &[("10j", "K"), ("10i", "+dv")]);
    assert_eq!(
        moves_to(&pos, "10j", &["10i".to_string()]),
        sorted(&["10j10i+"])
    );
    play(&mut pos, "10j10i+");
    assert_eq!(at(&pos, "10i"), "+K");
}

#[test]
fn maka_lion_capturing_deva_and_dark_spirit_becomes_teaching_king() {
    // Lion on 10j, deva on 10i, dark spirit on 10h. Capturing both in one move makes a
    // teaching king; capturing only the dark spirit (the jump to 10h) a Buddhist spirit.
    let mut pos = maka('b', &[("10j", "LN"), ("10i", "dv"), ("10h", "ds")]);
    let m = pos.parse_move("10j10i10h").unwrap();
    assert_eq!(effect_string(&pos, m), "10h x10h,10i+");
    make_unmake_restores(&mut pos, "10j10i10h");
    let mut p = pos.clone();
    play(&mut p, "10j10i10h");
    assert_eq!(at(&p, "10h"), "+(DV)");
    assert_eq!(at(&p, "10i"), "");
    let mut p = pos.clone();
    play(&mut p, "10j10h");
    assert_eq!(at(&p, "10h"), "+(DS)");
    assert_eq!(at(&p, "10i"), "(dv)");
    // Igui on the deva: the lion converts where it stands.
    play(&mut pos, "10j10i10j");
    assert_eq!(at(&pos, "10j"), "+(DV)");
    assert_eq!(at(&pos, "10i"), "");
}

#[test]
fn maka_emperor_jumps_to_unattacked_squares_only() {
    // Black emperor on 19s; White king 1a, rook 5e, pawns 5j and 10j. White attacks:
    // rook: 5d..5a (4), 5f..5j (5, the pawn on 5j protected), 6e..19e (14), 4e..1e (4) = 27;
    // king: 2a, 1b, 2b = 3; pawns (moving down the board): 5k, 10k = 2. 32 squares.
    // The emperor may go to any of the 361 squares but its own and these 32: 328, capturing
    // the unprotected king, rook and pawn on 10j, but not the protected pawn on 5j.
    let pos = build::<6>(
        "maka-dai-dai",
        'b',
        &[
            ("19s", "+K"),
            ("1a", "k"),
            ("5e", "r"),
            ("5j", "p"),
            ("10j", "p"),
        ],
    );
    let m = moves_from(&pos, "19s");
    assert_eq!(m.len(), 328);
    for s in ["19s10j", "19s5e", "19s1a", "19s19a", "19s6f"] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
    for s in ["19s5j", "19s5f", "19s5k", "19s10k", "19s2b", "19s12e"] {
        assert!(!m.contains(&s.to_string()), "{s}");
    }
    // With a prince (promoted drunken elephant, on 19r: off every White line) the emperor may
    // also go to attacked empty squares, but still never capture the protected pawn:
    // 361 - own square - prince - 5j = 358.
    let pos = build::<6>(
        "maka-dai-dai",
        'b',
        &[
            ("19s", "+K"),
            ("19r", "+DE"),
            ("1a", "k"),
            ("5e", "r"),
            ("5j", "p"),
            ("10j", "p"),
        ],
    );
    let m = moves_from(&pos, "19s");
    assert_eq!(m.len(), 358);
    assert!(m.contains(&"19s5f".to_string()));
    assert!(!m.contains(&"19s5j".to_string()));
}

#[test]
fn maka_emperor_facing_an_emperor_stays_protected() {
    // Both sides have an emperor and no prince: Black's emperor (19s) may only go to squares
    // Black protects, here those of the rook on 10j: file 10 (9 + 9) and rank j (9 + 9) = 36.
    // White's emperor attacks nothing (the emperors' own powers do not count).
    let pos = build::<6>(
        "maka-dai-dai",
        'b',
        &[("19s", "+K"), ("1a", "+k"), ("10j", "R")],
    );
    let m = moves_from(&pos, "19s");
    assert_eq!(m.len(), 36);
    assert!(m.contains(&"19s10a".to_string()));
    assert!(m.contains(&"19s1j".to_string()));
    assert!(!m.contains(&"19s1a".to_string()));
    assert!(!m.contains(&"19s18a".to_string()));
}

// ---------------------------------------------------------------------------------------------
// 14. Forward-only pieces on the last rank.

#[test]
fn lance_on_the_last_rank_has_no_move() {
    // A lance moves only forward; on rank a it may only capture, and has nothing forward to
    // capture: no move, even with enemies beside it.
    let pos = tai('b', &[("18a", "L"), ("17a", "p"), ("19a", "p")]);
    assert_eq!(moves_from(&pos, "18a"), Vec::<String>::new());
    // The same for a pawn, and for a White lance on White's last rank (jj).
    let pos = tai('b', &[("18a", "P"), ("17a", "p")]);
    assert_eq!(moves_from(&pos, "18a"), Vec::<String>::new());
    let pos = tai('w', &[("18jj", "l"), ("17jj", "P")]);
    assert_eq!(moves_from(&pos, "18jj"), Vec::<String>::new());
}

#[test]
fn side_dragon_on_the_last_rank_only_captures() {
    // Side dragon (fsR) on 18a: only captures. Right: 17a, 16a empty, enemy on 15a: captured
    // (promoting to running dragon). Left: 19a..35a empty, White's king on 36a: captured.
    let pos = tai('b', &[("18a", "SI"), ("15a", "p")]);
    assert_eq!(moves_from(&pos, "18a"), sorted(&["18a15a+", "18a36a+"]));
    // One rank lower it moves freely: 18a, 19b..36b (18), 17b..1b (17) = 36.
    let pos = tai('b', &[("18b", "SI")]);
    assert_eq!(moves_from(&pos, "18b").len(), 36);
    // The rule follows what the piece moves as: a side flier promoted to side dragon also only
    // captures on rank a (and does not promote again).
    let pos = tai('b', &[("18a", "+SF"), ("15a", "p")]);
    assert_eq!(moves_from(&pos, "18a"), sorted(&["18a15a", "18a36a"]));
    // Evil wolf (fsW fF) on rank a: only the capture beside it.
    let pos = tai('b', &[("18a", "EW"), ("17a", "p")]);
    assert_eq!(moves_from(&pos, "18a"), sorted(&["18a17a+"]));
}

#[test]
fn dai_dai_pawn_on_the_last_rank_has_no_move() {
    let pos = dai('b', &[("9a", "P"), ("8a", "p"), ("10a", "p")]);
    assert_eq!(moves_from(&pos, "9a"), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------------
// 15. Game end.

#[test]
fn taikyoku_game_ends_with_the_last_king_or_crown_prince() {
    // White has a king (18q) and a crown prince (30e). Taking the king leaves the prince: the
    // game goes on.
    let mut pos = build::<21>(
        "taikyoku",
        'b',
        &[("1jj", "K"), ("18r", "G"), ("18q", "k"), ("30e", "cp")],
    );
    play(&mut pos, "18r18q+");
    assert_eq!(pos.royal_count(Colour::White), 1);
    assert_eq!(pos.winner(), None);
    assert!(!pos.moves().is_empty());
    // White's last royal: a crown prince, a drunken elephant promoted to crown prince, a crown
    // prince promoted to king. Capturing it ends the game: Black wins, no moves remain.
    for royal in ["cp", "+de", "+cp", "k"] {
        let mut pos = build::<21>(
            "taikyoku",
            'b',
            &[("1jj", "K"), ("18r", "G"), ("18q", royal), ("30e", "p")],
        );
        assert_eq!(pos.winner(), None, "{royal}");
        assert_eq!(pos.royal_count(Colour::White), 1, "{royal}");
        play(&mut pos, "18r18q+");
        assert_eq!(pos.winner(), Some(Colour::Black), "{royal}");
        assert!(pos.moves().is_empty(), "{royal}");
    }
    // A drunken elephant that has not promoted is no objective.
    let pos = build::<21>(
        "taikyoku",
        'w',
        &[("1jj", "K"), ("18q", "de"), ("30e", "p")],
    );
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert!(pos.moves().is_empty());
}

#[test]
fn maka_and_dai_dai_game_end() {
    // Maka dai dai: White king and prince; both must be captured.
    let mut pos = build::<6>(
        "maka-dai-dai",
        'b',
        &[("1s", "K"), ("10j", "G"), ("10i", "k"), ("15c", "+de")],
    );
    play(&mut pos, "10j10i=");
    assert_eq!(pos.winner(), None);
    let mut pos = build::<6>(
        "maka-dai-dai",
        'b',
        &[("1s", "K"), ("10j", "G"), ("10i", "+de")],
    );
    play(&mut pos, "10j10i+");
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert!(pos.moves().is_empty());
    // Dai dai: the king alone.
    let mut pos = build::<5>("dai-dai", 'b', &[("1q", "K"), ("9i", "G"), ("9h", "k")]);
    play(&mut pos, "9i9h");
    assert_eq!(pos.winner(), Some(Colour::Black));
    assert!(pos.moves().is_empty());
}

// ---------------------------------------------------------------------------------------------
// More of the same mechanics: White's orientation, combined lion powers, the emperor's attack
// map.

#[test]
fn white_free_eagle_jump_ranges_follow_its_own_forward() {
    // White free eagle on 18r: White's forward is toward rank jj and its left toward the lower
    // file numbers. Forward diagonal (file-1, rank+1): friends on 17s, 16t, 15u: the forward
    // diagonal jump reaches the 4th square 14v and ranges on to 1ii (files 17..1: 17 squares on
    // that diagonal, the 4th..17th = 14). Backward diagonal toward rank a (file+1, rank-1):
    // friends on 19q, 20p, 21o: the backward jump reaches only the 2nd/3rd squares: nothing.
    let pos = tai(
        'w',
        &[
            ("18r", "fe"),
            ("17s", "p"),
            ("16t", "p"),
            ("15u", "p"),
            ("19q", "p"),
            ("20p", "p"),
            ("21o", "p"),
        ],
    );
    let dr = ray("18r", (1, 1), 36, 36);
    assert_eq!(dr.len(), 17);
    let mut expected = prefixed("18r", &dr[3..], "");
    expected.sort();
    assert_eq!(moves_on_ray(&pos, "18r", (1, 1)), expected);
    assert_eq!(moves_on_ray(&pos, "18r", UL), Vec::<String>::new());
}

#[test]
fn white_side_dragon_on_its_last_rank_only_captures() {
    // White side dragon on 18jj (White's furthest rank): only captures. Black pawn on 21jj
    // (White's right is toward the higher file numbers): captured; 1jj holds Black's king,
    // reached along the empty 17jj..2jj: captured.
    let pos = tai('w', &[("18jj", "si"), ("21jj", "P")]);
    assert_eq!(moves_from(&pos, "18jj"), sorted(&["18jj1jj+", "18jj21jj+"]));
}

#[test]
fn dai_dai_furious_fiend_combines_lion_and_lion_dog() {
    // Furious fiend (promoted lion: {lion} yK3) on 9i, enemies on 9h and 9g, friend on 9f.
    // Along the line the effects are those of the lion dog (each once, and no promotion: the
    // piece is already promoted): capture 9h; capture 9h and 9g and retreat to 9h; capture 9g
    // by jumping; capture 9h then 9g; igui on 9h; the pass.
    let pos = dai('b', &[("9i", "+LN"), ("9h", "p"), ("9g", "p"), ("9f", "P")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&["9g x9g", "9g x9g,9h", "9h x9g,9h", "9h x9h", "9i", "9i x9h"])
    );
    // Enemies on 9h and 9f: a capture on the 1st and the 3rd step as well.
    let pos = dai('b', &[("9i", "+LN"), ("9h", "p"), ("9f", "p")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&[
            "9f x9f",
            "9f x9f,9h",
            "9g",
            "9g x9h",
            "9h x9h",
            "9i",
            "9i x9h"
        ])
    );
}

#[test]
fn heavenly_tetrarch_king_igui() {
    // Heavenly tetrarch king (promoted chariot soldier: Q j2Q iK) on 18r, enemy on 18q: it may
    // capture 18q by moving there, or by igui (staying on 18r). It has no pass.
    let mut pos = tai('b', &[("18r", "+CH"), ("18q", "p")]);
    let m = moves_from(&pos, "18r");
    assert!(m.contains(&"18r18q".to_string()));
    assert!(m.contains(&"18r18q18r".to_string()));
    assert!(!m.contains(&"18r18r".to_string()));
    play(&mut pos, "18r18q18r");
    assert_eq!(at(&pos, "18r"), "+(CH)");
    assert_eq!(at(&pos, "18q"), "");
}

#[test]
fn taikyoku_deva_does_not_convert() {
    // Conversion by capturing a deva is Maka dai dai's rule only: in Taikyoku a gold general
    // capturing a deva simply promotes (to rook).
    let mut pos = tai('b', &[("18r", "G"), ("18q", "dv")]);
    play(&mut pos, "18r18q+");
    assert_eq!(at(&pos, "18q"), "+G");
}

#[test]
fn maka_lion_igui_offers_promotion() {
    // Maka lion on 10j, enemy pawn on 10i: igui, with or without promotion (to furious fiend).
    let pos = maka('b', &[("10j", "LN"), ("10i", "p")]);
    let m = moves_from(&pos, "10j");
    assert!(m.contains(&"10j10i10j+".to_string()));
    assert!(m.contains(&"10j10i10j=".to_string()));
}

#[test]
fn maka_emperor_attacks_are_seen_through_its_own_square() {
    // Black emperor on 10j; White rook on 10a, White king on 1a. With the emperor lifted, the
    // rook attacks the whole file 10b..10s (18) and rank a: 19a..11a (9) and 9a..1a (9, the
    // king protected); the king adds 1b and 2b (2a is already counted). 38 squares, 10j among
    // them. The emperor: 361 - its own square - the other 37 = 323, the unprotected rook
    // included, the protected king not; no square below it on file 10.
    let pos = build::<6>(
        "maka-dai-dai",
        'b',
        &[("10j", "+K"), ("10a", "r"), ("1a", "k")],
    );
    let m = moves_from(&pos, "10j");
    assert_eq!(m.len(), 323);
    assert!(m.contains(&"10j10a".to_string()));
    assert!(m.contains(&"10j9b".to_string()));
    for s in ["10j1a", "10j10s", "10j10k", "10j10i", "10j5a", "10j1b"] {
        assert!(!m.contains(&s.to_string()), "{s}");
    }
}

#[test]
fn maka_emperor_respects_protection_by_a_lion_dog_jump() {
    // White lion dog on 10e protects 10h, the third square down its file, jumping over the two
    // Black pawns on 10f and 10g: the emperor may not capture the pawn on 10h. The White pawn on
    // 5h has no protector: the emperor may take it.
    let pos = build::<6>(
        "maka-dai-dai",
        'b',
        &[
            ("19s", "+K"),
            ("1a", "k"),
            ("10e", "ld"),
            ("10f", "P"),
            ("10g", "P"),
            ("10h", "p"),
            ("5h", "p"),
        ],
    );
    let m = moves_from(&pos, "19s");
    assert!(!m.contains(&"19s10h".to_string()));
    assert!(m.contains(&"19s5h".to_string()));
}

#[test]
fn maka_prince_capturing_a_deva_stays_a_prince() {
    // The prince (promoted drunken elephant, royal) is not converted by capturing a deva, and,
    // already promoted, cannot promote: one plain move.
    let mut pos = maka('b', &[("10j", "+DE"), ("10i", "dv")]);
    assert_eq!(
        moves_to(&pos, "10j", &["10i".to_string()]),
        sorted(&["10j10i"])
    );
    play(&mut pos, "10j10i");
    assert_eq!(at(&pos, "10i"), "+(DE)");
}

#[test]
fn range_capturer_lands_on_a_higher_rank_after_flying() {
    // Vice general on 18r, enemy pawn on 19q, enemy great general on 20p: it flies over the
    // pawn and captures the great general by landing (any rank may be captured by landing),
    // removing both; it cannot go on past the great general.
    let mut pos = tai('b', &[("18r", "VG"), ("19q", "p"), ("20p", "gg")]);
    assert_eq!(
        moves_on_ray(&pos, "18r", UL),
        sorted(&["18r19q+", "18r20p+"])
    );
    let m = pos.parse_move("18r20p").unwrap();
    assert_eq!(effect_string(&pos, m), "20p x19q,20p+");
    play(&mut pos, "18r20p");
    assert_eq!(at(&pos, "19q"), "");
    assert_eq!(at(&pos, "20p"), "+(VG)");
}

#[test]

fn lion_dog_cannot_capture_the_first_and_leap_the_second() {
    // The Dai dai seed lists the lion dog's three-step moves: captures on every step; capture
    // on the 1st and 2nd squares then retreat to the 1st; igui on the 1st; a jump to the 2nd
    // square, then on to the 3rd; a jump directly to the 3rd. A step onto an enemy captures it
    // and a step onto a friend is impossible; the jumps start from the origin. So with a piece
    // on the 2nd square, the 3rd square is reached by the jump (capturing nothing on the 1st),
    // by the jump to the 2nd (capturing there), or by three steps (capturing on the 2nd too),
    // never by capturing only on the 1st.
    // Enemies on 9h and 9g, 9f empty:
    // - end on 9h: capture 9h; capture 9h and 9g, retreat to 9h;
    // - end on 9g: jump capturing 9g; step-capture 9h, then 9g;
    // - end on 9f: jump (nothing captured); jump capturing 9g, then on; capture 9h, 9g, then on;
    // - stay: igui on 9h; the pass.
    let pos = dai('b', &[("9i", "LD"), ("9h", "p"), ("9g", "p")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&[
            "9f",
            "9f x9g+",
            "9f x9g,9h+",
            "9g x9g+",
            "9g x9g,9h+",
            "9h x9g,9h+",
            "9h x9h+",
            "9i",
            "9i x9h+",
        ])
    );
    // Enemy on 9h, friend on 9g: 9f only by the jump; 9g unreachable.
    let pos = dai('b', &[("9i", "LD"), ("9h", "p"), ("9g", "P")]);
    assert_eq!(
        effects_within(&pos, "9i", &LD_LINE),
        sorted(&["9f", "9h x9h+", "9i", "9i x9h+"])
    );
}
