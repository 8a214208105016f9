//! Ko shogi (19x19): piece types from shared/seeds/ko-shogi.txt ("Individual pieces": the bullet
//! lists under each piece, and "Promotion" for what promotes to what), read with docs/ko.md,
//! which settles what the seed leaves open (multiple moves, shots, immunities, burning, the
//! setup). Codes from the seed's legend. Movement language: see pieces.rs; the Ko rules (shots'
//! immunities, promotion, the clerk, reversions, game end) are in ko_rules.rs.

use super::pieces::{build_variant, PromotionRule, Variant};

/// (name, movement). Each line follows the seed's bullets for the piece and ko.md "Moves".
pub const TYPES: &[(&str, &str)] = &[
    // General, middle troop, governor: step one intersection in any direction.
    ("General", "all:1"),
    ("Middle troop", "all:1"),
    ("Governor", "all:1"),
    // Clerk: diagonal step, jump to the second intersection orthogonally (kirin).
    ("Clerk", "diag:1 orth:j2"),
    // Master at arms: two legs, each a diagonal step or a jump to the second square
    // orthogonally (ko.md).
    ("Master at arms", "legs2(diag:1|orth:j2)"),
    // Staff officer: orthogonal step, jump to the second intersection diagonally (phoenix).
    ("Staff officer", "orth:1 diag:j2"),
    // Banner and drums: two legs, each an orthogonal step or a diagonal jump to the second.
    ("Banner and drums", "legs2(orth:1|diag:j2)"),
    // Aid de camp: any direction except directly backward.
    ("Aid de camp", "f:1 side:1 diag:1"),
    // Quartermaster: ranges orthogonally, steps diagonally (dragon king).
    ("Quartermaster", "orth:* diag:1"),
    // Sumo wrestler: moves in one turn as a general does in two (two king steps).
    ("Sumo wrestler", "legs2(all:1)"),
    // Aide: orthogonal step or one diagonally forward (gold general).
    ("Aide", "orth:1 fdiag:1"),
    // Town brigade: ranges directly forward or backward, steps in any direction.
    ("Town brigade", "vert:* all:1"),
    // Staff: diagonal step or one straight forward (silver general).
    ("Staff", "diag:1 f:1"),
    // Village brigade: ranges directly to either side, steps in any direction.
    ("Village brigade", "side:* all:1"),
    // Chief of staff: diagonal step, or one orthogonally forward or backward.
    ("Chief of staff", "diag:1 vert:1"),
    // Vice commander: ranges diagonally or directly forward (free silver).
    ("Vice commander", "diag:* f:*"),
    // Engineer: one directly forward or backward, or one diagonally forward (copper general).
    ("Engineer", "vert:1 fdiag:1"),
    // Poison flame: moves as the engineer, and burns.
    ("Poison flame", "vert:1 fdiag:1 burn"),
    // Taoist priest, spiritual monk: jump to the second intersection in any direction (capturing
    // only an enemy priest or monk), then a shot at an adjacent enemy; fog and light: twice.
    ("Taoist priest", "priest1"),
    ("Spiritual monk", "priest1"),
    ("Twelve-mile fog", "priest2"),
    ("Immaculate light", "priest2"),
    // Advance guard: ranges directly forward, steps directly backward.
    ("Advance guard", "f:* b:1"),
    // Heaven's vengeance: ranges along the forward diagonals or directly to either side, steps
    // directly backward.
    ("Heaven's vengeance", "fdiag:* side:* b:1"),
    // Drum, banner: diagonal step or orthogonally sideways.
    ("Drum", "diag:1 side:1"),
    ("Banner", "diag:1 side:1"),
    // Thunderclap: exactly five orthogonal steps, turning as it likes.
    ("Thunderclap", "exactly5(orth:1)"),
    // Roaming assault: up to five steps in one orthogonal direction, capturing each enemy.
    ("Roaming assault", "orth:roam5"),
    // Sentry: any direction except orthogonally forward (blind tiger).
    ("Sentry", "diag:1 side:1 b:1"),
    // Centuria: ranges diagonally, steps orthogonally (dragon horse).
    ("Centuria", "diag:* orth:1"),
    // Millenary: ranges in the eight directions (free king).
    ("Millenary", "all:*"),
    // Dragon ascending: the millenary's move plus the sumo wrestler's.
    ("Dragon ascending", "all:* legs2(all:1)"),
    // Tiger wing: one diagonal step once or twice.
    ("Tiger wing", "legs2(diag:1)"),
    // War hawk: one or two orthogonal steps, or ranges diagonally.
    ("War hawk", "legs2(orth:1) diag:*"),
    // Rear guard: ranges directly backward, steps directly forward.
    ("Rear guard", "b:* f:1"),
    // Earth's vengeance: ranges along the rear diagonals or directly to either side, steps
    // directly forward.
    ("Earth's vengeance", "bdiag:* side:* f:1"),
    // Gatling gun: diagonal step that cannot capture; two shots up to seven free intersections.
    ("Gatling gun", "diag:m1 shoot:gatling7"),
    // Chariot of the gods: up to five free intersections orthogonally, not capturing; the
    // gatling gun's attack.
    ("Chariot of the gods", "orth:m5 shoot:gatling7"),
    // Elephant: ranges diagonally (bishop).
    ("Elephant", "diag:*"),
    // Long bow: diagonal step that cannot capture; one shot up to three free intersections.
    ("Long bow", "diag:m1 shoot:bow3"),
    // Longbow cavalryman: the cavalryman's jumps, not capturing; the long bow's shot.
    ("Longbow cavalryman", "mknights shoot:bow3"),
    // Crossbow: as the long bow, shooting up to five.
    ("Crossbow", "diag:m1 shoot:bow5"),
    ("Crossbow cavalryman", "mknights shoot:bow5"),
    // Cannon: diagonal step that cannot capture; one shot up to five free or occupied
    // intersections away.
    ("Cannon", "diag:m1 shoot:cannon5"),
    // Gun carriage: up to five free intersections orthogonally, not capturing; the cannon's shot.
    ("Gun carriage", "orth:m5 shoot:cannon5"),
    // Cavalryman: the knight's eight jumps.
    ("Cavalryman", "knights"),
    // Cavalry: one or two knight jumps, the second with the same orthogonal direction, or back.
    ("Cavalry", "cavalry"),
    // Winged horse: two knight jumps without restriction.
    ("Winged horse", "legs2(knights)"),
    // Pawn: orthogonal step (angry boar).
    ("Pawn", "orth:1"),
    // Patrol unit: ranges orthogonally forward or backward, steps sideways (vertical mover).
    ("Patrol unit", "vert:* side:1"),
    // Commissar: ranges diagonally or orthogonally forward or backward (flying ox).
    ("Commissar", "diag:* vert:*"),
    // Shield: diagonal step (cat sword).
    ("Shield", "diag:1"),
    // Shield unit: ranges directly to either side, steps diagonally.
    ("Shield unit", "side:* diag:1"),
    // Imperial base: ranges diagonally or directly to either side (free boar).
    ("Imperial base", "diag:* side:*"),
    // Chariot: one to five free intersections orthogonally.
    ("Chariot", "orth:5"),
    // Chariot unit: ranges orthogonally (rook).
    ("Chariot unit", "orth:*"),
    // Vanguard: one to five free intersections directly forward.
    ("Vanguard", "f:5"),
];

/// (code, what it moves as, what it promotes to): the seed's legend and its table of pieces.
pub const KINDS: &[(&str, &str, &str)] = &[
    ("G", "General", "-"),
    ("SC", "Clerk", "Master at arms"),
    ("PL", "Staff officer", "Banner and drums"),
    ("A", "Aid de camp", "Quartermaster"),
    ("WR", "Sumo wrestler", "-"),
    ("SR", "Aide", "Town brigade"),
    ("GH", "Staff", "Village brigade"),
    ("CS", "Chief of staff", "Vice commander"),
    ("EN", "Engineer", "Poison flame"),
    ("TB", "Taoist priest", "Twelve-mile fog"),
    ("SM", "Spiritual monk", "Immaculate light"),
    ("FD", "Advance guard", "Heaven's vengeance"),
    ("MA", "Middle troop", "Governor"),
    ("D", "Drum", "Thunderclap"),
    ("B", "Banner", "Roaming assault"),
    ("SN", "Sentry", "Centuria"),
    ("DU", "Millenary", "Dragon ascending"),
    ("Q", "Quartermaster", "Tiger wing"),
    ("FH", "Centuria", "War hawk"),
    ("R", "Rear guard", "Earth's vengeance"),
    ("FW", "Gatling gun", "Chariot of the gods"),
    ("E", "Elephant", "-"),
    ("LB", "Long bow", "Longbow cavalryman"),
    ("SB", "Crossbow", "Crossbow cavalryman"),
    ("C", "Cannon", "Gun carriage"),
    ("HS", "Cavalryman", "Cavalry"),
    ("CA", "Cavalry", "Winged horse"),
    ("P", "Pawn", "Patrol unit"),
    ("PU", "Patrol unit", "Commissar"),
    ("SP", "Shield", "Shield unit"),
    ("SU", "Shield unit", "Imperial base"),
    ("CH", "Chariot", "Chariot unit"),
    ("CU", "Chariot unit", "Millenary"),
    ("VA", "Vanguard", "Commissar"),
];

/// docs/ko.md "Setup": Black's rows from its back rank (row 1 = rank s) up, cells from file 19
/// (Black's left) to file 1; `+` = empty.
pub const SETUP: &[&str] = &[
    "1 FD SM EN CS GH SR WR A  SC G  PL A  WR SR GH CS EN TB FD",
    "2 R  FH +  Q  +  DU +  SN D  MA B  SN +  DU +  Q  +  FH R",
    "3 E  C  SB LB E  C  SB LB E  FW E  LB SB C  E  LB SB C  E",
    "4 CA +  HS +  HS +  HS +  HS +  HS +  HS +  HS +  HS +  CA",
    "5 +  P  +  P  +  P  +  P  +  PU +  P  +  P  +  P  +  PU +",
    "6 CU SU CH SP CH SP CH SP CH SU CH SP CH SP CH SP CH SU CU",
    "7 +  +  +  +  +  +  +  +  +  VA +  +  +  +  +  +  +  +  +",
];

/// The piece kinds (indices into the variant's kinds) that Ko's rules name.
#[derive(Clone, Debug)]
pub struct KoKinds {
    pub general: u16,
    pub middle_troop: u16,
    pub banner: u16,
    pub drum: u16,
    pub priest: u16,
    pub monk: u16,
    pub sumo: u16,
    pub millenary: u16,
    pub cavalryman: u16,
    pub gatling: u16,
    pub engineer: u16,
    pub clerk: u16,
    pub advance_guard: u16,
    pub rear_guard: u16,
    pub pawn: u16,
    pub shield: u16,
    pub shield_unit: u16,
    pub chariot: u16,
    pub chariot_unit: u16,
    pub cannon: u16,
    /// ko.md's step movers (the seed's list plus the cannon); only their unpromoted side
    /// matters, the governor and poison flame being promoted pieces that never promote again.
    pub step_movers: Vec<u16>,
}

pub fn build() -> Variant {
    let n = 19;
    let mut setup = Vec::new();
    for line in SETUP {
        let mut cells = line.split_whitespace();
        let rank: usize = cells.next().unwrap().parse().unwrap();
        let row = n - rank;
        let cells: Vec<&str> = cells.collect();
        assert_eq!(cells.len(), n, "ko setup row {rank}");
        for (col, c) in cells.iter().enumerate() {
            if *c != "+" {
                setup.push((row, col, c.to_string()));
            }
        }
    }
    let mut v = build_variant("ko", n, TYPES, KINDS, &[], &[], PromotionRule::Ko, setup);
    let k = |code: &str| v.kind_by_code(code).unwrap() as u16;
    let ko = KoKinds {
        general: k("G"),
        middle_troop: k("MA"),
        banner: k("B"),
        drum: k("D"),
        priest: k("TB"),
        monk: k("SM"),
        sumo: k("WR"),
        millenary: k("DU"),
        cavalryman: k("HS"),
        gatling: k("FW"),
        engineer: k("EN"),
        clerk: k("SC"),
        advance_guard: k("FD"),
        rear_guard: k("R"),
        pawn: k("P"),
        shield: k("SP"),
        shield_unit: k("SU"),
        chariot: k("CH"),
        chariot_unit: k("CU"),
        cannon: k("C"),
        step_movers: [
            "G", "A", "SR", "GH", "CS", "EN", "MA", "D", "B", "SN", "FW", "LB", "SB", "SP", "P",
            "C",
        ]
        .iter()
        .map(|c| k(c))
        .collect(),
    };
    v.ko = Some(ko);
    v
}
