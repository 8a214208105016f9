//! Chu shogi's rules, derived by hand from lishogi's rules as docs/chu.md states them (with
//! HaChu's differences as `ChuRules`): start position counts, lion paths, the pass that needs an
//! empty square, zone promotion, the lion-trading rules, the counter-strike record in the
//! extra field, and the bare-king rule.

mod kit;

use std::sync::Arc;

use taikyoku_movegen::{ChuRules, EndReason, Outcome, Position, Variant};

type Chu = Position<3>;

fn chu() -> Arc<Variant> {
    Variant::builtin("chu").unwrap()
}

/// A position from (square, code) pairs (the test kit's builder): `("6f", "LN")` is a Black
/// lion, `("6f", "ln")` a White one, `("6f", "+KR")` a promoted kirin. Black to move unless
/// `white` is true.
fn board(pieces: &[(&str, &str)], white: bool) -> String {
    kit::position_text(12, 12, pieces, if white { 'w' } else { 'b' }, "-")
}

fn pos(pieces: &[(&str, &str)], white: bool) -> Chu {
    kit::build_in(chu(), if white { 'w' } else { 'b' }, "-", pieces)
}

fn pos_with(rules: ChuRules, pieces: &[(&str, &str)], white: bool) -> Chu {
    let v = chu().with_chu_rules(rules).unwrap();
    kit::build_in(v, if white { 'w' } else { 'b' }, "-", pieces)
}

fn moves(p: &Chu) -> Vec<String> {
    p.moves().iter().map(|&m| p.move_to_string(m)).collect()
}

fn has(p: &Chu, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = kit::CHU_CORNER_KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn start_position_counts() {
    let mut p = Chu::startpos(chu());
    assert_eq!(p.moves().len(), 36);
    assert_eq!(p.perft(2), 1296);
    let mut buf = Vec::new();
    assert_eq!(p.perft_paths_with(1, &mut buf), 36);
    assert_eq!(p.perft_paths_with(2, &mut buf), 1296);
    assert_eq!(
        p.to_notation(),
        "l(fl)csg(de)kgsc(fl)l/(rv)1b1(bt)(ph)(kr)(bt)1b1(rv)/(sm)(vm)r(dh)(dk)q(ln)(dk)(dh)r(vm)(sm)/\
         pppppppppppp/3(gb)4(gb)3/12/12/3(GB)4(GB)3/PPPPPPPPPPPP/\
         (SM)(VM)R(DH)(DK)(LN)Q(DK)(DH)R(VM)(SM)/(RV)1B1(BT)(KR)(PH)(BT)1B1(RV)/L(FL)CSGK(DE)GSC(FL)L b - 1"
    );
}

#[test]
fn a_lone_lion_has_88_paths_and_25_moves() {
    let p = pos(&with_kings(&[("6f", "LN")]), false);
    let lion: Vec<_> = p
        .moves()
        .into_iter()
        .filter(|m| p.move_to_string(*m).starts_with("6f"))
        .collect();
    assert_eq!(lion.len(), 25, "24 squares and one pass");
    assert!(has(&p, "6f6f"));
    let paths: u64 = lion.iter().map(|&m| p.path_count(m)).sum();
    assert_eq!(paths, 88);
}

#[test]
fn a_pass_needs_an_empty_neighbour() {
    let ring = [
        ("7e", "P"),
        ("6e", "P"),
        ("5e", "P"),
        ("7f", "P"),
        ("5f", "P"),
        ("7g", "P"),
        ("6g", "P"),
        ("5g", "P"),
    ];
    let mut pieces = with_kings(&[("6f", "LN")]);
    pieces.extend_from_slice(&ring);
    let p = pos(&pieces, false);
    assert!(!has(&p, "6f6f"), "no empty neighbour, no pass");
    // With one neighbour empty the lion may step out and back.
    pieces.retain(|&(s, _)| s != "5g");
    let p = pos(&pieces, false);
    assert!(has(&p, "6f6f"));
    // A horned falcon passes through its empty forward square only.
    let p = pos(&with_kings(&[("6f", "+DH"), ("6e", "P")]), false);
    assert!(!has(&p, "6f6f"));
    let p = pos(&with_kings(&[("6f", "+DH")]), false);
    assert!(has(&p, "6f6f"));
    assert!(has(&p, "6f6d"), "the falcon's jump two forward");
}

#[test]
fn promotion_on_entering_the_zone_and_on_captures_in_it() {
    // Entering the zone (ranks a-d for Black): optional.
    let p = pos(&with_kings(&[("7e", "P")]), false);
    assert!(has(&p, "7e7d+") && has(&p, "7e7d="));
    assert!(!has(&p, "7e7d"));
    // Moving within the zone without capturing: no promotion.
    let p = pos(&with_kings(&[("7c", "P")]), false);
    assert!(has(&p, "7c7b") && !has(&p, "7c7b+"));
    // A pawn reaching the last rank may promote, even from inside the zone.
    let p = pos(&with_kings(&[("7b", "P")]), false);
    assert!(has(&p, "7b7a+") && has(&p, "7b7a="));
    // A capture that leaves the zone may promote; the same move without a capture may not.
    let p = pos(&with_kings(&[("7d", "G"), ("7e", "s")]), false);
    assert!(has(&p, "7d7e+") && has(&p, "7d7e="));
    let p = pos(&with_kings(&[("7d", "G")]), false);
    assert!(has(&p, "7d7e") && !has(&p, "7d7e+"));
    // White's zone is ranks i-l.
    let p = pos(&with_kings(&[("7h", "p")]), true);
    assert!(has(&p, "7h7i+") && has(&p, "7h7i="));
    // Lions, kings and promoted pieces never promote.
    let p = pos(&with_kings(&[("7e", "LN"), ("6e", "+P")]), false);
    assert!(moves(&p).iter().all(|m| !m.ends_with('+')));
    // HaChu: a pawn reaching the last rank from inside the zone without capturing cannot
    // promote (lishogi would let it promote; protocol/tests/joint.rs: neither move is legal
    // under both readings).
    let p = pos_with(ChuRules::Hachu, &with_kings(&[("7b", "P")]), false);
    assert!(has(&p, "7b7a") && !has(&p, "7b7a+"));
    // Entering: HaChu always promotes a pawn or lance on the last rank when it can.
    let p = pos_with(ChuRules::Hachu, &with_kings(&[("7e", "L")]), false);
    assert!(has(&p, "7e7a+") && !has(&p, "7e7a=") && !has(&p, "7e7a"));
}

#[test]
fn a_lion_may_not_take_a_protected_lion_two_squares_away() {
    let unprotected = with_kings(&[("6h", "LN"), ("6f", "ln")]);
    let p = pos(&unprotected, false);
    assert!(has(&p, "6h6f"));
    // A white gold on 6e guards 6f (it steps straight back).
    let mut guarded = unprotected.clone();
    guarded.push(("6e", "g"));
    let p = pos(&guarded, false);
    assert!(!has(&p, "6h6f"));
    // An adjacent lion may always be taken.
    let p = pos(
        &with_kings(&[("6g", "LN"), ("6f", "ln"), ("6e", "g")]),
        false,
    );
    assert!(has(&p, "6g6f"));
    // A bridge: first taking a silver (not a pawn or go-between) makes the capture legal.
    let mut bridged = guarded.clone();
    bridged.push(("6g", "s"));
    let p = pos(&bridged, false);
    assert!(has(&p, "6h6g6f"));
    assert!(!has(&p, "6h6f"));
    // A non-lion may take a protected lion: a black kirin jumps two.
    let p = pos(
        &with_kings(&[("6h", "KR"), ("6f", "ln"), ("6e", "g")]),
        false,
    );
    assert!(has(&p, "6h6f"));
}

#[test]
fn a_guarding_go_between_is_no_bridge_in_lishogi_but_is_in_hachu() {
    // The white go-between on 6g guards 6f (it steps straight forward, towards rank l, and
    // back). lishogi judges protection before the move: still guarded. HaChu judges after: the
    // go-between is gone, the lion unprotected.
    let pieces = with_kings(&[("6h", "LN"), ("6f", "ln"), ("6g", "gb")]);
    assert!(!has(&pos(&pieces, false), "6h6g6f"));
    assert!(has(&pos_with(ChuRules::Hachu, &pieces, false), "6h6g6f"));
    // Taking the lion directly is illegal in both: the go-between guards it after the move too.
    assert!(!has(&pos_with(ChuRules::Hachu, &pieces, false), "6h6f"));
}

#[test]
fn a_slider_behind_the_lion_protects_the_target() {
    // The white rook on 6l stands behind the black lion on 6h: with the lion's square treated
    // as empty it guards 6f along the file, so the jump is illegal.
    let pieces = with_kings(&[("6h", "LN"), ("6f", "ln"), ("6l", "r")]);
    let p = pos(&pieces, false);
    assert!(!has(&p, "6h6f"));
}

#[test]
fn counter_strike_after_a_non_lion_takes_a_lion() {
    // Black's rook takes White's lion on 6f from 6j; White's rook on 1a may then not take the
    // black lion on 1e, but White's other lion (12f) may take Black's promoted kirin on 11f:
    // lions are never restricted.
    let pieces = with_kings(&[
        ("6j", "R"),
        ("6f", "ln"),
        ("1a", "r"),
        ("1e", "LN"),
        ("12f", "ln"),
        ("11f", "+KR"),
    ]);
    let mut p = pos(&pieces, false);
    let m = p.parse_move("6j6f").unwrap();
    p.make(m);
    assert_eq!(p.to_notation().split(' ').nth(2), Some("6f"));
    assert_eq!(p.hash(), p.compute_hash());
    assert!(!has(&p, "1a1e"), "a non-lion may not take a lion");
    assert!(has(&p, "12f11f"), "a lion may");
    assert!(has(&p, "1a1d"));
    // The record lasts one move.
    let q = p.parse_move("1a1d").unwrap();
    p.make(q);
    assert_eq!(p.to_notation().split(' ').nth(2), Some("-"));
    p.unmake();
    p.unmake();
    assert_eq!(p.to_notation(), board(&pieces, false));
    // Before the capture the rook could take the lion.
    let p = pos(&pieces, true);
    assert!(has(&p, "1a1e"));
}

#[test]
fn a_kirin_that_promoted_by_taking_a_lion_may_be_recaptured_in_lishogi_only() {
    // Black's kirin jumps 6f-6d onto White's lion, entering the zone: it promotes to a lion.
    // White's rook on 12d may take it back on the recorded square in lishogi, not in HaChu.
    let pieces = with_kings(&[("6f", "KR"), ("6d", "ln"), ("12d", "r")]);
    for (rules, allowed) in [(ChuRules::Lishogi, true), (ChuRules::Hachu, false)] {
        let mut p = pos_with(rules, &pieces, false);
        let m = p.parse_move("6f6d+").unwrap();
        p.make(m);
        assert_eq!(has(&p, "12d6d"), allowed, "{rules:?}");
        assert_eq!(p.to_notation().split(' ').nth(2), Some("6d"));
    }
}

#[test]
fn the_counter_strike_square_round_trips_and_is_hashed() {
    let text = board(&with_kings(&[("6f", "R"), ("1e", "LN"), ("1a", "r")]), true)
        .replace(" - 1", " 6f 1");
    let p = Chu::parse(chu(), &text).unwrap();
    assert_eq!(p.to_notation(), text);
    assert!(!has(&p, "1a1e"));
    let q = Chu::parse(chu(), &text.replace(" 6f 1", " - 1")).unwrap();
    assert_ne!(p.hash(), q.hash());
    assert!(has(&q, "1a1e"));
    assert!(Chu::parse(chu(), &text.replace(" 6f 1", " 6z 1")).is_err());
}

#[test]
fn bare_king_loses_and_bare_kings_draw() {
    // White has only its king (and a dead pawn on its last rank); Black has king, gold and
    // silver: White is bared.
    let mut p = pos(
        &[
            ("6a", "k"),
            ("6l", "K"),
            ("5k", "G"),
            ("7k", "S"),
            ("3l", "p"),
        ],
        true,
    );
    let r = p.game_result(&[]).unwrap();
    assert_eq!(r.outcome, Outcome::Win(taikyoku_movegen::Colour::Black));
    assert_eq!(r.reason, EndReason::BareKing);
    // King and one gold against a king that stands next to the gold: not yet bared.
    let mut p = pos(&[("6a", "k"), ("6l", "K"), ("6b", "G")], true);
    assert!(p.game_result(&[]).is_none());
    // Pawns do not count: king and two pawns do not bare a king.
    let mut p = pos(&[("6a", "k"), ("6l", "K"), ("6h", "P"), ("5h", "P")], true);
    assert!(p.game_result(&[]).is_none());
    // Two lone kings: a draw. A finished position has no moves.
    let mut p = pos(&[("6a", "k"), ("6l", "K")], true);
    assert!(p.moves().is_empty());
    assert!(p.is_drawn_by_rule());
    let r = p.game_result(&[]).unwrap();
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.reason, EndReason::BareKings);
}

#[test]
fn no_bare_king_rule_in_hachus_reading() {
    let pieces = [("6a", "k"), ("6l", "K"), ("5k", "G"), ("7k", "S")];
    let mut p = pos_with(ChuRules::Hachu, &pieces, true);
    assert!(p.game_result(&[]).is_none());
    let mut p = pos_with(ChuRules::Lishogi, &pieces, true);
    assert_eq!(p.game_result(&[]).unwrap().reason, EndReason::BareKing);
}

/// A variant file's lines without comments, by section: `(section, line)`.
fn var_lines(text: &str) -> Vec<(String, String)> {
    let mut section = String::new();
    let mut out = Vec::new();
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('[') {
            section = line.to_string();
        } else {
            out.push((section.clone(), line.to_string()));
        }
    }
    out
}

#[test]
fn chu_hachu_differs_from_chu_only_in_the_reading_keys() {
    use std::collections::BTreeMap;
    use taikyoku_movegen::{builtin_text, READINGS, READING_KEYS};
    assert_eq!(READINGS, ["chu-hachu"]);
    let lishogi = var_lines(builtin_text("chu").unwrap());
    let hachu = var_lines(builtin_text("chu-hachu").unwrap());
    let keyed = |s: &str| s == "[variant]" || s == "[rules]";
    // The piece table and the setup: the same lines in the same order.
    let table = |ls: &[(String, String)]| -> Vec<(String, String)> {
        ls.iter().filter(|(s, _)| !keyed(s)).cloned().collect()
    };
    assert_eq!(table(&lishogi), table(&hachu));
    // The keys: the same set, the values differing in exactly the documented keys.
    let keys = |ls: &[(String, String)]| -> BTreeMap<String, String> {
        ls.iter()
            .filter(|(s, _)| keyed(s))
            .map(|(_, l)| {
                let (k, v) = l.split_once('=').unwrap();
                (k.trim().to_string(), v.trim().to_string())
            })
            .collect()
    };
    let (kl, kh) = (keys(&lishogi), keys(&hachu));
    assert_eq!(kl.keys().collect::<Vec<_>>(), kh.keys().collect::<Vec<_>>());
    let differing: Vec<&str> = kl
        .iter()
        .filter(|(k, v)| kh[*k] != **v)
        .map(|(k, _)| k.as_str())
        .collect();
    let mut expected = vec!["id", "name"];
    expected.extend_from_slice(READING_KEYS);
    expected.sort_unstable();
    assert_eq!(differing, expected);
    assert_eq!(kh["id"], "chu-hachu");
    // Every reading key is stated in both files (none left to a default).
    for k in READING_KEYS {
        assert!(kl.contains_key(*k) && kh.contains_key(*k), "{k}");
    }
}

/// perft(2) and perft(3) of [`kit::CHU_READING_POSITIONS`] under lishogi and hachu, as the
/// run-time `ChuRules` reading counted them before HaChu's reading became the variant file
/// `chu-hachu.var` (commit 30651fe, `taikyoku perft --variant chu --chu-rules R --position P
/// --depth D`). protocol/tests/joint.rs has the same positions' counts under both and either.
const READING_PERFT: [[[u64; 2]; 2]; 6] = [
    [[1296, 48315], [1296, 48315]],
    [[2356, 87096], [2333, 84049]],
    [[907, 28209], [899, 27937]],
    [[1180, 30637], [1227, 32169]],
    [[0, 0], [65, 442]],
    [[128, 2160], [120, 2008]],
];

fn perft_of(v: Arc<Variant>, text: &str, depth: u32) -> u64 {
    use taikyoku_movegen::{with_position, AnyPosition};
    let mut pos = AnyPosition::parse_with_moves(v, text).unwrap();
    with_position!(&mut pos, p => p.perft(depth))
}

#[test]
fn chu_hachu_counts_as_the_hachu_reading_did() {
    let file = Variant::builtin("chu-hachu").unwrap();
    assert_eq!(file.id(), "chu-hachu");
    let readings = [ChuRules::Lishogi, ChuRules::Hachu];
    for (text, counts) in kit::CHU_READING_POSITIONS.into_iter().zip(READING_PERFT) {
        for (i, rules) in readings.into_iter().enumerate() {
            let v = chu().with_chu_rules(rules).unwrap();
            for (d, &n) in counts[i].iter().enumerate() {
                let depth = d as u32 + 2;
                assert_eq!(
                    perft_of(v.clone(), text, depth),
                    n,
                    "{rules:?} {text} {depth}"
                );
                if rules == ChuRules::Hachu {
                    assert_eq!(perft_of(file.clone(), text, depth), n, "chu-hachu {text}");
                }
            }
        }
    }
}
