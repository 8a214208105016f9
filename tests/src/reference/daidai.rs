//! Dai dai shogi (17x17): piece types from shared/seeds/dai-dai-shogi.txt ("Individual pieces",
//! bullets and Betza in brackets), codes from the project's brief, setup from the seed's diagram.

use super::pieces::{build_variant, PromotionRule, Variant};

pub const TYPES: &[(&str, &str)] = &[
    ("King", "all:1"),
    // Long-nosed goblin: diagonal hook move, plus a step orthogonally (WmBaB).
    ("Long-nosed goblin", "diag:hook orth:1"),
    ("Hook mover", "orth:hook"),
    ("Old kite", "orth:2 fdiag:1"),
    ("Poisonous snake", "f:j2 bdiag:j2 side:1"),
    // Great elephant: ranges orthogonally and diagonally back, 1-2 diagonally forward, and has
    // the lion dog's three-step line move along the orthogonals and backward diagonals.
    (
        "Great elephant",
        "orth:* bdiag:* fdiag:2 orth:lion3 bdiag:lion3",
    ),
    // Furious fiend: "can move as a lion or as a lion dog" (NADaKafavK).
    ("Furious fiend", "lion all:lion3"),
    // Lion dog: three-step lion move along one line (KavKafavK).
    ("Lion dog", "all:lion3"),
    ("Lion", "lion"),
    ("Western barbarian", "side:2 vert:1 fdiag:1"),
    ("Eastern barbarian", "vert:2 side:1 fdiag:1"),
    ("Fragrant elephant", "fdiag:* orth:2 bdiag:2"),
    ("White elephant", "bdiag:* orth:2 fdiag:2"),
    ("Northern barbarian", "fdiag:2 side:1 bdiag:1"),
    ("Southern barbarian", "bdiag:2 side:1 fdiag:1"),
    // Free dream-eater: diagonals, 1-5 sideways, and forward/backward ranging (fbRBrlR5).
    ("Free dream-eater", "vert:* diag:* side:5"),
    ("Free demon", "diag:* side:* vert:5"),
    ("Water buffalo", "diag:* side:* vert:2"),
    ("Rushing bird", "diag:* f:* side:*"),
    ("Queen", "all:*"),
    ("Standard bearer", "f:* fdiag:* side:2 bdiag:2 b:2"),
    ("Flying horse", "fdiag:2 orth:1"),
    ("Neighboring king", "all:1"),
    ("Mountain witch", "diag:* b:* f:1"),
    ("Wizard stork", "diag:* f:* b:1"),
    ("Blind monkey", "diag:1 side:1"),
    ("Old rat", "fdiag:2 b:2"),
    ("Dove", "diag:5 orth:2"),
    ("She-devil", "orth:5 diag:2"),
    ("Enchanted badger", "f:2 side:2"),
    ("Enchanted fox", "fdiag:2 b:2"),
    ("Dragon horse", "diag:* orth:1"),
    ("Dragon king", "orth:* diag:1"),
    ("Cat sword", "diag:1"),
    ("Flying dragon", "diag:2"),
    ("Racing chariot", "orth:* bdiag:1"),
    ("Square mover", "orth:* fdiag:1"),
    ("Prancing stag", "side:2 diag:1 f:1"),
    ("Golden bird", "vert:* diag:3 side:2"),
    ("Great dragon", "side:* diag:3 vert:2"),
    ("Phoenix", "orth:1 diag:j2"),
    ("Kirin", "diag:1 orth:j2"),
    ("Bishop", "diag:*"),
    ("Rook", "orth:*"),
    ("Left chariot", "f:* fl:* br:* b:1"),
    ("Right chariot", "f:* fr:* bl:* b:1"),
    ("White tiger", "vert:* fl:* side:2 fr:1"),
    ("Blue dragon", "side:* fr:* vert:2 fl:1"),
    ("Side mover", "side:* vert:1"),
    ("Vertical mover", "vert:* side:1"),
    ("Howling dog", "f:* b:1"),
    ("Reverse chariot", "vert:*"),
    ("Violent ox", "orth:2"),
    ("Lance", "f:*"),
    ("Angry boar", "orth:1"),
    ("Violent bear", "fdiag:2 side:1"),
    // Left general: any direction except directly left; right general: except directly right.
    ("Left general", "diag:1 f,b,r:1"),
    ("Right general", "diag:1 f,b,l:1"),
    ("Gold general", "orth:1 fdiag:1"),
    ("Ferocious leopard", "diag:1 vert:1"),
    ("Silver general", "diag:1 f:1"),
    ("Evil wolf", "side:1 f:1 fdiag:1"),
    ("Copper general", "vert:1 fdiag:1"),
    ("Savage tiger", "vert:2 fdiag:1"),
    ("Iron general", "f:1 fdiag:1"),
    ("Wood general", "fdiag:2"),
    ("Stone general", "fdiag:1"),
    ("Pawn", "f:1"),
];

pub const KINDS: &[(&str, &str, &str)] = &[
    ("K", "King", "-"),
    ("AB", "Angry boar", "-"),
    ("B", "Bishop", "-"),
    ("BM", "Blind monkey", "Mountain witch"),
    ("BD", "Blue dragon", "-"),
    ("CS", "Cat sword", "Dragon horse"),
    ("C", "Copper general", "-"),
    ("DO", "Dove", "-"),
    ("DH", "Dragon horse", "-"),
    ("DK", "Dragon king", "-"),
    ("EA", "Eastern barbarian", "Lion"),
    ("EB", "Enchanted badger", "Dove"),
    ("EF", "Enchanted fox", "She-devil"),
    ("EW", "Evil wolf", "-"),
    ("FL", "Ferocious leopard", "-"),
    ("FD", "Flying dragon", "Dragon king"),
    ("FH", "Flying horse", "Queen"),
    ("FE", "Fragrant elephant", "-"),
    ("FR", "Free demon", "-"),
    ("FT", "Free dream-eater", "-"),
    ("G", "Gold general", "-"),
    ("GB", "Golden bird", "-"),
    ("GD", "Great dragon", "-"),
    ("HM", "Hook mover", "-"),
    ("HD", "Howling dog", "-"),
    ("I", "Iron general", "-"),
    ("KR", "Kirin", "Great dragon"),
    ("L", "Lance", "-"),
    ("LC", "Left chariot", "-"),
    ("LG", "Left general", "-"),
    ("LN", "Lion", "Furious fiend"),
    ("LD", "Lion dog", "Great elephant"),
    ("LO", "Long-nosed goblin", "-"),
    ("NK", "Neighboring king", "Standard bearer"),
    ("NO", "Northern barbarian", "Fragrant elephant"),
    ("OK", "Old kite", "Long-nosed goblin"),
    ("OR", "Old rat", "Wizard stork"),
    ("P", "Pawn", "-"),
    ("PH", "Phoenix", "Golden bird"),
    ("PO", "Poisonous snake", "Hook mover"),
    ("PS", "Prancing stag", "Square mover"),
    ("Q", "Queen", "-"),
    ("RA", "Racing chariot", "-"),
    ("RV", "Reverse chariot", "-"),
    ("RC", "Right chariot", "-"),
    ("RG", "Right general", "-"),
    ("R", "Rook", "-"),
    ("RB", "Rushing bird", "Free demon"),
    ("ST", "Savage tiger", "-"),
    ("SD", "She-devil", "-"),
    ("SM", "Side mover", "-"),
    ("S", "Silver general", "-"),
    ("SO", "Southern barbarian", "White elephant"),
    ("SQ", "Square mover", "-"),
    ("SB", "Standard bearer", "-"),
    ("SG", "Stone general", "-"),
    ("VM", "Vertical mover", "-"),
    ("VB", "Violent bear", "-"),
    ("VO", "Violent ox", "-"),
    ("WB", "Water buffalo", "Free dream-eater"),
    ("WBR", "Western barbarian", "Lion dog"),
    ("WE", "White elephant", "-"),
    ("WT", "White tiger", "-"),
    ("W", "Wood general", "-"),
];

/// The seed's diagram: rows 7..1 (row 1 = Black's back rank), columns A (file 17) .. Q (file 1).
/// Empty cells are "."; codes as in the diagram.
pub const SETUP: &[&str] = &[
    "7 . . . . . HD . . . . . HD . . . . .",
    "6 p p p p p p p p p p p p p p p p p",
    "5 LC SM VO AB EW VB FL ST SB ST FL VB EW AB VO SM RC",
    "4 BD FE No We W St I C GB C I St W Ea So WE WT",
    "3 . VM . EF . WB . S GD S . FH . EB . B .",
    "2 Rv OK Ln OR PS CS Ph G NK G Kr RB FD BM LD Po Rv",
    "1 L Lo SD Ra DH Fr Q LG K RG FT DK Sq R Dv HM L",
];

/// Diagram abbreviation -> piece code.
fn code(diagram: &str) -> &str {
    match diagram {
        "p" => "P",
        "No" => "NO",
        "We" => "WBR",
        "Ea" => "EA",
        "So" => "SO",
        "St" => "SG",
        "Rv" => "RV",
        "Ln" => "LN",
        "Ph" => "PH",
        "Kr" => "KR",
        "Po" => "PO",
        "Lo" => "LO",
        "Ra" => "RA",
        "Fr" => "FR",
        "Sq" => "SQ",
        "Dv" => "DO",
        other => other,
    }
}

pub fn build() -> Variant {
    let n = 17;
    let mut setup = Vec::new();
    for line in SETUP {
        let mut cells = line.split_whitespace();
        let rank: usize = cells.next().unwrap().parse().unwrap();
        let row = n - rank;
        let cells: Vec<&str> = cells.collect();
        assert_eq!(cells.len(), n, "dai dai setup row {rank}");
        for (col, c) in cells.iter().enumerate() {
            if *c != "." {
                setup.push((row, col, code(c).to_string()));
            }
        }
    }
    build_variant(
        "dai-dai",
        n,
        TYPES,
        KINDS,
        &["King"],
        &[],
        PromotionRule::CaptureCompulsory,
        setup,
    )
}
