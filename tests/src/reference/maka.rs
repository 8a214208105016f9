//! Maka dai dai shogi (19x19): piece types from shared/seeds/maka-dai-dai-shogi.txt (where the seed
//! gives several readings, the first one, as the project's brief and docs/rules-decisions.md say),
//! codes from the brief, setup from the seed's "Board layout" text.

use super::pieces::{build_variant, PromotionRule, Variant};

pub const TYPES: &[(&str, &str)] = &[
    ("King", "all:1"),
    ("Emperor", "emperor"),
    // Teaching king: free king plus the lion dog's three-step line move (SZ / Japanese reading).
    ("Teaching king", "all:* all:lion3"),
    // Buddhist spirit: lion or free king.
    ("Buddhist spirit", "lion all:*"),
    // Deva (f[br]FlW), dark spirit (f[bl]FrW).
    ("Deva", "fdiag:1 br:1 l:1"),
    ("Dark spirit", "fdiag:1 bl:1 r:1"),
    ("Gold general", "orth:1 fdiag:1"),
    ("Free gold", "orth:* fdiag:*"),
    ("Silver general", "diag:1 f:1"),
    ("Free silver", "diag:* f:*"),
    ("Copper general", "vert:1 fdiag:1"),
    ("Free copper", "vert:* fdiag:*"),
    ("Iron general", "f:1 fdiag:1"),
    ("Free iron", "f:* fdiag:*"),
    ("Tile general", "fdiag:1 b:1"),
    ("Free tile", "fdiag:* b:*"),
    ("Stone general", "fdiag:1"),
    ("Free stone", "fdiag:*"),
    ("Earth general", "vert:1"),
    ("Go-between", "vert:1"),
    ("Free earth", "vert:*"),
    ("Free goer", "vert:*"),
    ("Drunken elephant", "f:1 side:1 diag:1"),
    ("Prince", "all:1"),
    ("Blind tiger", "diag:1 side:1 b:1"),
    ("Free tiger", "diag:* side:* b:*"),
    ("Ferocious leopard", "diag:1 vert:1"),
    ("Free leopard", "diag:* vert:*"),
    ("Coiled serpent", "vert:1 bdiag:1"),
    ("Free serpent", "vert:* bdiag:*"),
    ("Reclining dragon", "orth:1 bdiag:1"),
    // Free dragon (English sources, SZ, SSZ): ranges forward orthogonally and diagonally, steps
    // one square in any backward direction.
    ("Free dragon", "f:* fdiag:* b:1 bdiag:1"),
    ("Chinese cock", "side:1 b:1 fdiag:1"),
    ("Wizard stork", "diag:* f:* b:1"),
    ("Old monkey", "diag:1 b:1"),
    ("Mountain witch", "diag:* b:* f:1"),
    ("Cat sword", "diag:1"),
    ("Free cat", "diag:*"),
    ("Reverse chariot", "vert:*"),
    ("Lion", "lion"),
    // Furious fiend (English sources, Japanese Wikipedia): lion, or up to three squares in any
    // direction (a plain limited-range move).
    ("Furious fiend", "lion all:3"),
    ("Kirin", "diag:1 orth:j2"),
    ("Great dragon", "side:* vert:2 diag:3"),
    ("Phoenix", "orth:1 diag:j2"),
    ("Golden bird", "vert:* side:2 diag:3"),
    ("Evil wolf", "side:1 f:1 fdiag:1"),
    // Free wolf (English sources, SZ): BfbRrlR5.
    ("Free wolf", "diag:* vert:* side:5"),
    ("Blind bear", "diag:1 b:*"),
    // Free bear: BrlRfA (a plain jump to the second square diagonally forward).
    ("Free bear", "diag:* side:* fdiag:j2"),
    ("Angry boar", "orth:1"),
    ("Free boar", "diag:* side:*"),
    ("Old rat", "fdiag:2 b:2"),
    ("Bat", "f:* bdiag:*"),
    // Lion dog (Japanese Wikipedia): three-step line lion move.
    ("Lion dog", "all:lion3"),
    ("Wrestler", "diag:3 side:1"),
    ("Guardian of the Gods", "orth:3 fdiag:1"),
    ("Buddhist devil", "fdiag:3 side:1 b:1"),
    ("She-devil", "orth:5 diag:2"),
    ("Flying dragon", "diag:2"),
    ("Violent ox", "orth:2"),
    ("Knight", "knight"),
    ("Donkey", "orth:1 vert:j2"),
    ("Free king", "all:*"),
    ("Capricorn", "diag:hook"),
    ("Hook mover", "orth:hook"),
    ("Dragon king", "orth:* diag:1"),
    ("Dragon horse", "diag:* orth:1"),
    ("Bishop", "diag:*"),
    ("Rook", "orth:*"),
    ("Vertical mover", "vert:* side:1"),
    ("Side flier", "side:* diag:1"),
    ("Side mover", "side:* vert:1"),
    ("Left chariot", "f:* fl:* br:* b:1"),
    ("Right chariot", "f:* fr:* bl:* b:1"),
    ("Lance", "f:*"),
    ("Pawn", "f:1"),
];

pub const KINDS: &[(&str, &str, &str)] = &[
    ("K", "King", "Emperor"),
    ("DV", "Deva", "Teaching king"),
    ("DS", "Dark spirit", "Buddhist spirit"),
    ("G", "Gold general", "Free gold"),
    ("S", "Silver general", "Free silver"),
    ("C", "Copper general", "Free copper"),
    ("I", "Iron general", "Free iron"),
    ("T", "Tile general", "Free tile"),
    ("ST", "Stone general", "Free stone"),
    ("E", "Earth general", "Free earth"),
    ("L", "Lance", "Gold general"),
    ("DE", "Drunken elephant", "Prince"),
    ("BT", "Blind tiger", "Free tiger"),
    ("FL", "Ferocious leopard", "Free leopard"),
    ("CO", "Coiled serpent", "Free serpent"),
    ("RD", "Reclining dragon", "Free dragon"),
    ("CC", "Chinese cock", "Wizard stork"),
    ("OM", "Old monkey", "Mountain witch"),
    ("CS", "Cat sword", "Free cat"),
    ("RV", "Reverse chariot", "Gold general"),
    ("LN", "Lion", "Furious fiend"),
    ("KR", "Kirin", "Great dragon"),
    ("PH", "Phoenix", "Golden bird"),
    ("EW", "Evil wolf", "Free wolf"),
    ("BB", "Blind bear", "Free bear"),
    ("AB", "Angry boar", "Free boar"),
    ("OR", "Old rat", "Bat"),
    ("LD", "Lion dog", "Gold general"),
    ("W", "Wrestler", "Gold general"),
    ("GG", "Guardian of the Gods", "Gold general"),
    ("BD", "Buddhist devil", "Gold general"),
    ("SD", "She-devil", "Gold general"),
    ("FD", "Flying dragon", "Gold general"),
    ("VO", "Violent ox", "Gold general"),
    ("N", "Knight", "Gold general"),
    ("DN", "Donkey", "Gold general"),
    ("FK", "Free king", "-"),
    ("CA", "Capricorn", "Gold general"),
    ("HM", "Hook mover", "Gold general"),
    ("DK", "Dragon king", "-"),
    ("DH", "Dragon horse", "-"),
    ("B", "Bishop", "Gold general"),
    ("VM", "Vertical mover", "Gold general"),
    ("SF", "Side flier", "Gold general"),
    ("SM", "Side mover", "Gold general"),
    ("LC", "Left chariot", "Gold general"),
    ("RC", "Right chariot", "Gold general"),
    ("R", "Rook", "Gold general"),
    ("P", "Pawn", "Gold general"),
    ("GB", "Go-between", "Free goer"),
];

/// The seed's "Board layout" text, Black's rows 7..1 (row 1 = back rank = rank s), cells from
/// file 19 (Black's left) to file 1; "." = a non-breaking-space (empty) cell.
pub const SETUP: &[&str] = &[
    "7 . . . . . GB . . . . . . . GB . . . . .",
    "6 p p p p p p p p p p p p p p p p p p p",
    "5 R LC SM SF VM B DH DK Ca FK HM DK DH B VM SF SM RC R",
    "4 Dn . N . VO . FD BD W LD GG SD FD . VO . N . Dn",
    "3 . OR . AB . BB . EW Kr Ln Ph EW . BB . AB . OR .",
    "2 RV . CS . CC . Co FL BT DE BT FL RD . OM . CS . RV",
    "1 L E St T I C S G Dv K DS G S C I T St E L",
];

fn code(diagram: &str) -> &str {
    match diagram {
        "p" => "P",
        "Ca" => "CA",
        "Dn" => "DN",
        "Kr" => "KR",
        "Ln" => "LN",
        "Ph" => "PH",
        "Co" => "CO",
        "St" => "ST",
        "Dv" => "DV",
        other => other,
    }
}

pub fn build() -> Variant {
    let n = 19;
    let mut setup = Vec::new();
    for line in SETUP {
        let mut cells = line.split_whitespace();
        let rank: usize = cells.next().unwrap().parse().unwrap();
        let row = n - rank;
        let cells: Vec<&str> = cells.collect();
        assert_eq!(cells.len(), n, "maka dai dai setup row {rank}");
        for (col, c) in cells.iter().enumerate() {
            if *c != "." {
                setup.push((row, col, code(c).to_string()));
            }
        }
    }
    let mut v = build_variant(
        "maka-dai-dai",
        n,
        TYPES,
        KINDS,
        &["King", "Emperor", "Prince"],
        &[],
        PromotionRule::Maka,
        setup,
    );
    v.deva = v.kind_by_code("DV");
    v.dark_spirit = v.kind_by_code("DS");
    v
}
