//! Dai shogi (15x15) as docs/rules-decisions.md ("Dai shogi") settles it: chu shogi's pieces and
//! promotions (chu.rs's table) and eight more, each promoting to gold general; chu's promotion on
//! entering the zone or capturing in it, with a zone of five ranks; a forward-only piece (knight,
//! pawn, lance, iron general, stone general) may not decline a promotion on a square from which
//! it could not move again (the knight's last two ranks, the others' last rank), and the pawn
//! may never decline one (HaChu never declines a pawn's promotion); no lion-trading
//! rules, no bare-king rule. The setup is HaChu's `daiArray` (= QBoard's `DaiShogiBoard`).
//!
//! Move generation and play are chu.rs's, which leaves out what Dai does not have.

use super::chu;
use super::pieces::{build_variant, PromotionRule, Variant};

/// Dai's own piece types (the rest are chu's).
const DAI_TYPES: &[(&str, &str)] = &[
    ("Flying dragon", "diag:2"),
    ("Violent ox", "orth:2"),
    ("Evil wolf", "f:1 fdiag:1 side:1"),
    ("Cat sword", "diag:1"),
    ("Angry boar", "orth:1"),
    ("Iron general", "f:1 fdiag:1"),
    ("Knight", "knight"),
    ("Stone general", "fdiag:1"),
];

const DAI_KINDS: &[(&str, &str, &str)] = &[
    ("FD", "Flying dragon", "Gold general"),
    ("VO", "Violent ox", "Gold general"),
    ("EW", "Evil wolf", "Gold general"),
    ("CS", "Cat sword", "Gold general"),
    ("AB", "Angry boar", "Gold general"),
    ("I", "Iron general", "Gold general"),
    ("N", "Knight", "Gold general"),
    ("SG", "Stone general", "Gold general"),
];

/// Black's setup, ranks j..o (rows 9..14), files 15..1 left to right.
pub const SETUP: &[&str] = &[
    "j . . . . GB . . . . . GB . . . .",
    "k P P P P P P P P P P P P P P P",
    "l R FD SM VM B DH DK Q DK DH B VM SM FD R",
    "m . VO . AB . EW KR LN PH EW . AB . VO .",
    "n RV . CS . FL . BT DE BT . FL . CS . RV",
    "o L N SG I C S G K G S C I SG N L",
];

/// How many of its last ranks a forward-only unpromoted kind could never leave (it has no move
/// from them on an empty board): the knight jumps two ranks forward, the others move one rank
/// forward at least; 0 for a kind that can move sideways or back.
pub fn dead_ranks(code: &str) -> usize {
    match code {
        "N" => 2,
        "P" | "L" | "I" | "SG" => 1,
        _ => 0,
    }
}

/// Whether an unpromoted kind must take every promotion it is offered: the pawn, which HaChu
/// never leaves unpromoted when it could promote (and which, after an opponent's refusal,
/// HaChu lets promote only by capturing onto the last rank: a memory positions do not keep).
pub fn never_declines(code: &str) -> bool {
    code == "P"
}

pub fn build() -> Variant {
    let n = 15;
    let mut setup = Vec::new();
    for line in SETUP {
        let mut cells = line.split_whitespace();
        let rank = cells.next().unwrap().as_bytes()[0];
        let row = (rank - b'a') as usize;
        let cells: Vec<&str> = cells.collect();
        assert_eq!(cells.len(), n, "dai setup rank {}", rank as char);
        for (col, c) in cells.iter().enumerate() {
            if *c != "." {
                setup.push((row, col, c.to_string()));
            }
        }
    }
    let types: Vec<(&str, &str)> = chu::TYPES.iter().chain(DAI_TYPES).copied().collect();
    let kinds: Vec<(&str, &str, &str)> = chu::KINDS.iter().chain(DAI_KINDS).copied().collect();
    build_variant(
        "dai",
        n,
        &types,
        &kinds,
        &["King", "Crown prince"],
        &[],
        PromotionRule::Dai,
        setup,
    )
}
