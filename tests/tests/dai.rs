//! Dai shogi's rules, derived by hand from docs/rules-decisions.md ("Dai shogi"): the start
//! position's moves, Dai's own pieces, chu's zone-entry promotion with a zone of five ranks, the
//! `must-promote-where-immobile` flag of the forward-only pieces (the knight on its last two
//! ranks, the lance, iron and stone general on the last rank), the pawn's `must-promote` (it
//! never declines), and the lion without chu's lion-trading rules.
//!
//! Squares: 15 files, ranks a (White's back rank, Black's last) to o (Black's back rank). Black's
//! promotion zone is ranks a-e, White's k-o.

mod kit;

use std::collections::BTreeSet;
use std::sync::Arc;

use taikyoku_movegen::{Position, Variant};

type Dai = Position<5>;

fn dai() -> Arc<Variant> {
    Variant::builtin("dai").unwrap()
}

/// The kings, out of the way in two corners (Black's on 15o, White's on 1a).
fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = vec![("15o", "K"), ("1a", "k")];
    v.extend_from_slice(extra);
    v
}

fn pos(pieces: &[(&str, &str)], white: bool) -> Dai {
    kit::build_in(
        dai(),
        if white { 'w' } else { 'b' },
        "-",
        &with_kings(pieces),
    )
}

fn of(p: &Dai, from: &str) -> BTreeSet<String> {
    kit::move_strings(p, from)
}

#[test]
fn start_position_counts() {
    let mut p = Dai::startpos(dai());
    // Counted square by square from the setup, Black's pieces by rank (rank 1 = o):
    // rank 6 (j): the two go-betweens step forward (2); rank 5 (k): thirteen pawns step forward,
    // the two in front of the go-betweens cannot (13); rank 4 (l): only backward into the empty
    // squares of rank 3: rook 1 + flying dragon 3 + side mover 1 + dragon horse 2 on each wing
    // (14); rank 3 (m): violent ox 3, angry boar 3, evil wolf 1 on each wing, kirin 2 (sideways
    // jump and back-left step), lion 2 (the two empty squares of rank 2 within two), phoenix 0
    // (18); rank 2 (n): reverse chariot 1, ferocious leopard 1, blind tiger 1 on each wing (6);
    // rank 1 (o): knight 2, stone general 2, iron general 1, copper 2, silver 1, gold 1 on each
    // wing, king and lances 0 (18). 2 + 13 + 14 + 18 + 6 + 18 = 71, the same as HaChu's list
    // (docs/testing.md). The lion has no empty neighbour, so no pass.
    assert_eq!(p.moves().len(), 71);
    // No move of either side reaches what the other's moves depend on (ranks f-j stay between
    // the camps), so perft(2) is 71 * 71.
    assert_eq!(p.perft(2), 71 * 71);
    assert_eq!(
        p.to_notation(),
        "ln(sg)icsgkgsci(sg)nl/(rv)1(cs)1(fl)1(bt)(de)(bt)1(fl)1(cs)1(rv)/\
         1(vo)1(ab)1(ew)(ph)(ln)(kr)(ew)1(ab)1(vo)1/r(fd)(sm)(vm)b(dh)(dk)q(dk)(dh)b(vm)(sm)(fd)r/\
         ppppppppppppppp/4(gb)5(gb)4/15/15/15/4(GB)5(GB)4/PPPPPPPPPPPPPPP/\
         R(FD)(SM)(VM)B(DH)(DK)Q(DK)(DH)B(VM)(SM)(FD)R/1(VO)1(AB)1(EW)(KR)(LN)(PH)(EW)1(AB)1(VO)1/\
         (RV)1(CS)1(FL)1(BT)(DE)(BT)1(FL)1(CS)1(RV)/LN(SG)ICSGKGSCI(SG)NL b - 1"
    );
}

#[test]
fn dai_pieces_move_as_written() {
    // Each alone on 8h, in the middle of the board and outside both zones.
    let cases: &[(&str, &[&str])] = &[
        // Flying dragon: up to two squares diagonally.
        (
            "FD",
            &[
                "8h9g", "8h10f", "8h7g", "8h6f", "8h9i", "8h10j", "8h7i", "8h6j",
            ],
        ),
        // Violent ox: up to two squares orthogonally.
        (
            "VO",
            &[
                "8h8g", "8h8f", "8h8i", "8h8j", "8h9h", "8h10h", "8h7h", "8h6h",
            ],
        ),
        // Evil wolf: forward, forward diagonally and sideways, one square.
        ("EW", &["8h8g", "8h9g", "8h7g", "8h9h", "8h7h"]),
        // Cat sword: one square diagonally.
        ("CS", &["8h9g", "8h7g", "8h9i", "8h7i"]),
        // Angry boar: one square orthogonally.
        ("AB", &["8h8g", "8h8i", "8h9h", "8h7h"]),
        // Iron general: forward and forward diagonally.
        ("I", &["8h8g", "8h9g", "8h7g"]),
        // Stone general: forward diagonally.
        ("SG", &["8h9g", "8h7g"]),
        // Knight: the two forward knight jumps.
        ("N", &["8h9f", "8h7f"]),
    ];
    for &(code, expected) in cases {
        let p = pos(&[("8h", code)], false);
        assert_eq!(of(&p, "8h"), kit::set(expected), "{code}");
    }
}

#[test]
fn dai_pieces_promote_to_gold() {
    // A violent ox on 8f steps into the zone (8e): promotion offered; promoted it moves as a
    // gold general (orthogonal steps, forward diagonals).
    let mut p = pos(&[("8f", "VO")], false);
    assert!(of(&p, "8f").is_superset(&kit::set(&["8f8e+", "8f8e=", "8f8d+", "8f8d="])));
    kit::play(&mut p, "8f8e+");
    assert_eq!(kit::at(&p, "8e"), "+VO");
    kit::play(&mut p, "1a2a");
    assert_eq!(
        of(&p, "8e"),
        kit::set(&["8e8d", "8e9d", "8e7d", "8e9e", "8e7e", "8e8f"])
    );
}

#[test]
fn the_zone_is_five_ranks_deep() {
    // A gold general stepping from rank f to rank e enters the zone; from rank g to f it does
    // not. White's zone is ranks k-o.
    let p = pos(&[("8f", "G"), ("5g", "G")], false);
    assert!(of(&p, "8f").contains("8f8e+"));
    assert!(of(&p, "5g").contains("5g5f"));
    assert!(!of(&p, "5g").iter().any(|m| m.ends_with('+')));
    let p = pos(&[("8j", "g")], true);
    assert!(of(&p, "8j").contains("8j8k+"));
    assert!(of(&p, "8j").contains("8j8k="));
}

#[test]
fn the_knight_must_promote_on_its_last_two_ranks() {
    // From 8d (in the zone) the knight jumps to 9b and 7b, from where it would have no move.
    // A non-capturing move inside the zone offers no promotion (chu's rule): it arrives
    // unpromoted, as HaChu plays it. Capturing there offers promotion, and then it is
    // compulsory: 8d7b+ only.
    let p = pos(&[("8d", "N"), ("7b", "p")], false);
    assert_eq!(of(&p, "8d"), kit::set(&["8d9b", "8d7b+"]));
    // Capturing on rank c, where it can still move, leaves the choice.
    let p = pos(&[("8e", "N"), ("7c", "p")], false);
    assert_eq!(of(&p, "8e"), kit::set(&["8e9c", "8e7c+", "8e7c="]));
    // Entering the zone onto rank e (from g): both choices; the knight can move from rank e.
    let p = pos(&[("8g", "N")], false);
    assert_eq!(
        of(&p, "8g"),
        kit::set(&["8g9e+", "8g9e=", "8g7e+", "8g7e="])
    );
    // White's knight, mirrored: its last two ranks are n and o.
    let p = pos(&[("8l", "n"), ("7n", "P")], true);
    assert_eq!(of(&p, "8l"), kit::set(&["8l9n", "8l7n+"]));
}

#[test]
fn forward_only_pieces_must_promote_on_the_last_rank() {
    // Pawn, iron general and stone general on rank b: to rank a without capturing stays
    // unpromoted (no entry, no capture); capturing there must promote.
    let p = pos(
        &[
            ("12b", "P"),
            ("8b", "I"),
            ("8a", "s"),
            ("5b", "SG"),
            ("6a", "s"),
        ],
        false,
    );
    assert_eq!(of(&p, "12b"), kit::set(&["12b12a"]));
    assert_eq!(of(&p, "8b"), kit::set(&["8b9a", "8b8a+", "8b7a"]));
    assert_eq!(of(&p, "5b"), kit::set(&["5b6a+", "5b4a"]));
    // A lance entering the zone from rank f: on ranks e-b it may decline, on rank a it must
    // promote (and capture the silver there).
    let p = pos(&[("3f", "L"), ("3a", "s")], false);
    assert_eq!(
        of(&p, "3f"),
        kit::set(&[
            "3f3e+", "3f3e=", "3f3d+", "3f3d=", "3f3c+", "3f3c=", "3f3b+", "3f3b=", "3f3a+",
        ])
    );
    // Reaching rank a by entering is also compulsory for a piece that enters from rank f: a
    // lance on 3g, with nothing on 3a, slides there promoted only.
    let p = pos(&[("3g", "L")], false);
    assert!(of(&p, "3g").contains("3g3a+"));
    assert!(!of(&p, "3g").contains("3g3a="));
    // Pieces that can move back from the last rank keep the choice there.
    let p = pos(&[("8b", "G"), ("8a", "s")], false);
    assert!(of(&p, "8b").is_superset(&kit::set(&["8b8a+", "8b8a="])));
}

#[test]
fn the_pawn_never_declines_a_promotion() {
    // Entering the zone (rank f to e) and capturing inside it (8d takes 8c) offer promotion,
    // which the pawn must take; a gold general in its place keeps the choice. A step inside
    // the zone without capturing (from a set-up position) offers none: it stays a pawn.
    let p = pos(
        &[
            ("8f", "P"),
            ("5d", "P"),
            ("5c", "s"),
            ("3d", "P"),
            ("12f", "G"),
        ],
        false,
    );
    assert_eq!(of(&p, "8f"), kit::set(&["8f8e+"]));
    assert_eq!(of(&p, "5d"), kit::set(&["5d5c+"]));
    assert_eq!(of(&p, "3d"), kit::set(&["3d3c"]));
    assert!(of(&p, "12f").is_superset(&kit::set(&["12f12e+", "12f12e="])));
    // White's pawn, mirrored: its zone is ranks k-o.
    let p = pos(&[("8j", "p"), ("4l", "p"), ("4m", "S")], true);
    assert_eq!(of(&p, "8j"), kit::set(&["8j8k+"]));
    assert_eq!(of(&p, "4l"), kit::set(&["4l4m+"]));
}

#[test]
fn a_lion_may_take_a_protected_lion_two_squares_away() {
    // In chu the White gold on 6e, guarding the lion on 6f, would forbid 6h6f (tests/tests/
    // chu.rs); Dai has no lion-trading rules.
    let p = pos(&[("6h", "LN"), ("6f", "ln"), ("6e", "g")], false);
    assert!(of(&p, "6h").contains("6h6f"));
    // And after a non-lion takes a lion, a lion may be taken back by a non-lion at once.
    let mut p = pos(
        &[("6j", "R"), ("6f", "ln"), ("3a", "r"), ("3e", "LN")],
        false,
    );
    kit::play(&mut p, "6j6f");
    assert_eq!(p.to_notation().split(' ').nth(2), Some("-"));
    assert!(of(&p, "3a").contains("3a3e"));
}
