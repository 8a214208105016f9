//! Unit tests of the reference generator. Expected counts are derived by hand from the rules
//! text; each test says how.
//!
//! Coordinates in the helpers are (row, column): row 0 = rank a (top), column 0 = the leftmost
//! file as Black sees the board (file n). Black moves up (towards row 0).

use super::*;
use crate::kit::Lcg;

/// A position of `variant` with the given pieces, `(row, col, token)`, token as in docs/notation.md
/// ("K", "k", "+P", "(GG)", "+(ro)"), side to move `side` ('b' or 'w').
fn pos(variant: &str, pieces: &[(usize, usize, &str)], side: char) -> RefPosition {
    pos_x(variant, pieces, side, "-")
}

/// As `pos`, with the extra field `extra`. The text comes from the workspace's test kit.
fn pos_x(variant: &str, pieces: &[(usize, usize, &str)], side: char, extra: &str) -> RefPosition {
    let n = super::variant(variant).unwrap().size;
    let board = crate::kit::board_from_cells(n, n, pieces.iter().map(|&(r, c, t)| (c, r, t)));
    let text = format!("{board} {side} {extra} 1");
    RefPosition::parse(variant, &text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn name(p: &RefPosition, r: usize, c: usize) -> String {
    square_name(p.n, r * p.n + c)
}

/// The moves of the piece on (r, c).
fn from(p: &RefPosition, r: usize, c: usize) -> Vec<RefMove> {
    let s = name(p, r, c);
    p.moves().into_iter().filter(|m| m.from == s).collect()
}

fn caps(p: &RefPosition, sqs: &[(usize, usize)]) -> Vec<String> {
    let mut v: Vec<String> = sqs.iter().map(|&(r, c)| name(p, r, c)).collect();
    v.sort();
    v
}

fn find<'a>(
    ms: &'a [RefMove],
    p: &RefPosition,
    to: (usize, usize),
    cap: &[(usize, usize)],
) -> Vec<&'a RefMove> {
    let to = name(p, to.0, to.1);
    let cap = caps(p, cap);
    ms.iter()
        .filter(|m| m.to == to && m.captured == cap)
        .collect()
}

// Kings out of the way: taikyoku K steps two squares, so keep them in the corners.
const TK: [(usize, usize, &str); 2] = [(35, 35, "K"), (0, 0, "k")];
const DK: [(usize, usize, &str); 2] = [(16, 16, "K"), (0, 0, "k")];
const MK: [(usize, usize, &str); 2] = [(18, 18, "K"), (0, 0, "k")];

fn with(
    kings: &[(usize, usize, &'static str)],
    rest: &[(usize, usize, &'static str)],
) -> Vec<(usize, usize, &'static str)> {
    let mut v = kings.to_vec();
    v.extend_from_slice(rest);
    v
}

// ------------------------------------------------------------------ squares, setups, notation

#[test]
fn square_names() {
    assert_eq!(square_name(36, 0), "36a");
    assert_eq!(square_name(36, 35), "1a");
    assert_eq!(square_name(36, 35 * 36), "36jj");
    assert_eq!(square_name(36, 26 * 36 + 24), "12aa");
    assert_eq!(square_name(9, 6 * 9 + 2), "7g");
    for n in [17, 19, 36] {
        for i in 0..n * n {
            assert_eq!(parse_square(n, &square_name(n, i)), Some(i));
        }
    }
    for bad in [
        "0a", "18a", "1r", "1kk", "1ab", "a1", "1", "1A", "01a", "", "1aa", "1 a",
    ] {
        assert_eq!(parse_square(17, bad), None, "{bad}");
    }
    for bad in ["37a", "1kk", "1ab", "0a", "1ij"] {
        assert_eq!(parse_square(36, bad), None, "{bad}");
    }
}

#[test]
fn startpos_counts() {
    for (v, n) in [
        ("taikyoku", 402),
        ("dai-dai", 96),
        ("maka-dai-dai", 96),
        ("ko", 90),
    ] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let black = p.sq.iter().flatten().filter(|q| q.color == 0).count();
        let white = p.sq.iter().flatten().filter(|q| q.color == 1).count();
        assert_eq!((black, white), (n, n), "{v}");
        assert_eq!(p.side, 0);
        assert_eq!(p.move_number, 1);
    }
}

#[test]
fn startpos_kings_and_corners() {
    let code_at = |p: &RefPosition, s: &str| {
        let q = p.sq[parse_square(p.n, s).unwrap()].unwrap();
        (p.v.kinds[q.kind as usize].code.clone(), q.color)
    };
    let t = RefPosition::parse("taikyoku", "startpos").unwrap();
    assert_eq!(code_at(&t, "19jj"), ("K".to_string(), 0));
    assert_eq!(code_at(&t, "18a"), ("K".to_string(), 1));
    assert_eq!(code_at(&t, "36jj"), ("L".to_string(), 0));
    assert_eq!(code_at(&t, "2jj"), ("WT".to_string(), 0)); // r1 second cell from the right
    assert_eq!(code_at(&t, "34ee"), ("HDL".to_string(), 0)); // r6, file 34
    assert_eq!(code_at(&t, "3f"), ("HDL".to_string(), 1)); // rotated
    let d = RefPosition::parse("dai-dai", "startpos").unwrap();
    assert_eq!(code_at(&d, "9q"), ("K".to_string(), 0));
    assert_eq!(code_at(&d, "9a"), ("K".to_string(), 1));
    assert_eq!(code_at(&d, "17p"), ("RV".to_string(), 0)); // row 2, column A
    assert_eq!(code_at(&d, "3q"), ("DO".to_string(), 0)); // the diagram's Dv, column O
    assert_eq!(code_at(&d, "12k"), ("HD".to_string(), 0)); // row 7, column F
    assert_eq!(code_at(&d, "14n"), ("WBR".to_string(), 0)); // row 4, column D
    let m = RefPosition::parse("maka-dai-dai", "startpos").unwrap();
    assert_eq!(code_at(&m, "10s"), ("K".to_string(), 0));
    assert_eq!(code_at(&m, "10a"), ("K".to_string(), 1));
    assert_eq!(code_at(&m, "14m"), ("GB".to_string(), 0)); // row 7, sixth cell
    assert_eq!(code_at(&m, "10r"), ("DE".to_string(), 0));
    assert_eq!(code_at(&m, "13r"), ("CO".to_string(), 0));
    assert_eq!(code_at(&m, "5r"), ("OM".to_string(), 0)); // Black's old monkey, file 5
    assert_eq!(code_at(&m, "15b"), ("OM".to_string(), 1)); // White's, rotated
}

#[test]
fn notation_round_trip() {
    for v in ["taikyoku", "dai-dai", "maka-dai-dai", "ko"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let s = p.to_notation();
        let q = RefPosition::parse(v, &s).unwrap();
        assert_eq!(p, q, "{v}");
        assert_eq!(q.to_notation(), s);
        assert!(s.ends_with(" b - 1"));
    }
    let d = RefPosition::parse("dai-dai", "startpos").unwrap();
    let s = d.to_notation();
    assert!(
        s.starts_with("l(hm)(do)r(sq)(dk)(ft)(rg)k(lg)q(fr)(dh)(ra)(sd)(lo)l/"),
        "{s}"
    );
    assert!(s.contains("/17/17/17/"), "{s}");
    let t = "4+(cs)12/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/8K8 w - 37";
    let p = RefPosition::parse("dai-dai", t).unwrap();
    assert_eq!(p.to_notation(), t);
}

#[test]
fn parse_errors() {
    let ok = "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1";
    assert!(RefPosition::parse("dai-dai", ok).is_ok());
    let bad = [
        ("chess", ok),
        ("dai-dai", ""),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b -",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K x - 1",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b abc 1",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 0",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - x",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ), // 16 ranks
        (
            "dai-dai",
            "15k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ), // short rank
        (
            "dai-dai",
            "17k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ), // long rank
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16X b - 1",
        ), // unknown code
        (
            "dai-dai",
            "15(Zz)k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ),
        (
            "dai-dai",
            "15(Hm)k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ), // mixed case
        (
            "dai-dai",
            "15(P)k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ),
        (
            "dai-dai",
            "15(HMk/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16+ b - 1",
        ),
        (
            "dai-dai",
            "15+Rk/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ), // R does not promote
        (
            "dai-dai",
            "16k/017/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K* b - 1",
        ),
        ("taikyoku", ok),
        ("taikyoku", "startpos x"),
        (
            "dai-dai",
            "99999999999999999999999k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ),
        (
            "dai-dai",
            "18446744073709551615k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ),
        (
            "dai-dai",
            "16\u{e9}/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 1",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - 99999999999",
        ),
        (
            "dai-dai",
            "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b - +1",
        ),
    ];
    for (v, t) in bad {
        let r = std::panic::catch_unwind(|| RefPosition::parse(v, t));
        match r {
            Ok(Err(e)) => assert!(!e.is_empty()),
            Ok(Ok(_)) => panic!("accepted bad position `{t}` ({v})"),
            Err(_) => panic!("panicked on `{t}` ({v})"),
        }
    }
    // Three-letter codes.
    assert!(RefPosition::parse(
        "taikyoku",
        &format!("(hdl)35/{}/35K b - 1", ["36"; 34].join("/"))
    )
    .is_ok());
    assert!(RefPosition::parse(
        "taikyoku",
        &format!("+(hdl)35/{}/35K b - 1", ["36"; 34].join("/"))
    )
    .is_ok());
    assert!(RefPosition::parse(
        "taikyoku",
        &format!("+K35/{}/35k b - 1", ["36"; 34].join("/"))
    )
    .is_err());
}

// ------------------------------------------------------------------ steps, slides, jumps

#[test]
fn rook_slides_and_blocks() {
    // Dai dai rook on (8,8): 4 x 8 on an empty board.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "R")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 32);
    // Friendly pawn 3 squares up, enemy pawn 3 squares right: up 2, down 8, left 8, right 3.
    let p = pos(
        "dai-dai",
        &with(&DK, &[(8, 8, "R"), (5, 8, "P"), (8, 11, "p")]),
        'b',
    );
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 21);
    let c: Vec<_> = ms.iter().filter(|m| !m.captured.is_empty()).collect();
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].to, "6i");
    assert_eq!(c[0].captured, vec!["6i".to_string()]);
    assert_eq!(c[0].promotion, RefPromotion::None); // the dai dai rook does not promote
}

#[test]
fn limited_range() {
    // Dai dai dove R2B5: 8 + 20.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(DO)")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 28);
    // She-devil R5B2, White: same count, mirrored.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(sd)")]), 'w');
    assert_eq!(from(&p, 8, 8).len(), 28);
    // Taikyoku king: two squares any direction = 16.
    let p = pos("taikyoku", &[(17, 18, "K"), (0, 0, "k")], 'b');
    assert_eq!(from(&p, 17, 18).len(), 16);
}

#[test]
fn directions_are_relative_to_the_owner() {
    // Dai dai lance: Black moves up, White down.
    let p = pos("dai-dai", &with(&DK, &[(8, 3, "L"), (8, 5, "l")]), 'b');
    assert_eq!(from(&p, 8, 3).len(), 8);
    assert!(from(&p, 8, 3)
        .iter()
        .all(|m| m.to.ends_with(|c: char| "abcdefgh".contains(c))));
    let p = pos("dai-dai", &with(&DK, &[(8, 3, "L"), (8, 5, "l")]), 'w');
    let ms = from(&p, 8, 5);
    assert_eq!(ms.len(), 8);
    assert!(ms.iter().any(|m| m.to == "12q"));
    // Taikyoku free demon ranges to its owner's right only: Black's right is towards file 1.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(FR)")]), 'b');
    let ms = from(&p, 17, 18);
    // b:5 + 4 diagonals (17+17+18+17) + right (17 squares: columns 19..35).
    assert_eq!(ms.len(), 5 + 69 + 17);
    assert!(ms.iter().any(|m| m.to == "1r"));
    assert!(!ms.iter().any(|m| m.to == "20r"));
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(fr)")]), 'w');
    let ms = from(&p, 17, 18);
    assert!(ms.iter().any(|m| m.to == "36r")); // White's right is towards file 36
    assert!(!ms.iter().any(|m| m.to == "17r"));
}

#[test]
fn plain_jumps() {
    // Dai dai kirin (FD) surrounded by friends: only its four orthogonal jumps; one captures
    // and promotes (kirin -> great dragon).
    let mut v = with(&DK, &[(8, 8, "(KR)"), (6, 8, "p")]);
    for (dr, dc) in [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ] {
        v.push(((8 + dr) as usize, (8 + dc) as usize, "P"));
    }
    let p = pos("dai-dai", &v, 'b');
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 4);
    let cap = find(&ms, &p, (6, 8), &[(6, 8)]);
    assert_eq!(cap.len(), 1);
    assert_eq!(cap[0].promotion, RefPromotion::Promote);
    // A jump cannot land on a friend.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(KR)"), (6, 8, "P")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 4 + 3);
    // Knight: two forward jumps; none from the second rank.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(3, 18, "N"), (2, 18, "P"), (2, 17, "P")]),
        'b',
    );
    assert_eq!(from(&p, 3, 18).len(), 2);
    let p = pos("taikyoku", &with(&TK, &[(1, 18, "N")]), 'b');
    assert_eq!(from(&p, 1, 18).len(), 0);
    // Heavenly horse (promoted liberated horse): knight, backward knight, forward ranging.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "+(LH)")]), 'b');
    assert_eq!(from(&p, 17, 18).len(), 2 + 2 + 17);
}

#[test]
fn jump_then_continue() {
    // Taikyoku wooden dove with friends on its four diagonal neighbours: orthogonal 2 x 4, and
    // on each diagonal the jump to the third square then one or two more: 3 x 4.
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "(WO)"),
                (16, 17, "P"),
                (16, 19, "P"),
                (18, 17, "P"),
                (18, 19, "P"),
            ],
        ),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 20);
    // Free eagle on an empty board: every move is a plain ranging move, listed once.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(FE)")]), 'b');
    assert_eq!(from(&p, 17, 18).len(), 139);
    // Blocked by a friend on the first square forward, it jumps to the 2nd or 3rd and ranges on.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "(FE)"), (16, 18, "P")]),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 139 - 1);
    // Friends on squares 1 and 3: jump to 2 (stop), or jump to 4? No: only 2nd or 3rd; from 2
    // the ranging is blocked by 3. So forward: only square 2.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "(FE)"), (16, 18, "P"), (14, 18, "P")]),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 139 - 17 + 1);
    // Friends on 1 and 2: jump to 3 then range on: squares 3..17 = 15.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "(FE)"), (16, 18, "P"), (15, 18, "P")]),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 139 - 17 + 15);
    // Forward diagonals jump up to the 4th square: friends on fl 1..3 -> squares 4..17 = 14.
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "(FE)"),
                (16, 17, "P"),
                (15, 16, "P"),
                (14, 15, "P"),
            ],
        ),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 139 - 17 + 14);
    // Friends on the orthogonal squares 1..3 backward: orthogonals only jump to the 3rd square,
    // which is a friend, so backward: nothing.
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "(FE)"),
                (18, 18, "P"),
                (19, 18, "P"),
                (20, 18, "P"),
            ],
        ),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 139 - 18);
}

#[test]
fn pass_over_up_to_three() {
    // Taikyoku golden bird: forward-left diagonal holds friend, enemy, empty, friend, enemy,
    // empty...: it reaches square 2 (capture), 3, 5 (capture; three pieces passed) and no more.
    let fl = |k: usize| (17 - k, 18 - k);
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "(GO)"),
                (fl(1).0, fl(1).1, "P"),
                (fl(2).0, fl(2).1, "p"),
                (fl(4).0, fl(4).1, "P"),
                (fl(5).0, fl(5).1, "p"),
            ],
        ),
        'b',
    );
    let ms = from(&p, 17, 18);
    // side 3+3, bdiag 3+3, forward 17, backward 18, fr 17, fl 3.
    assert_eq!(ms.len(), 67);
    assert_eq!(find(&ms, &p, fl(2), &[fl(2)]).len(), 1);
    assert_eq!(find(&ms, &p, fl(3), &[]).len(), 1);
    assert_eq!(find(&ms, &p, fl(5), &[fl(5)]).len(), 1);
    assert!(find(&ms, &p, fl(6), &[]).is_empty());
    assert!(ms
        .iter()
        .all(|m| m.captured.is_empty() || m.promotion == RefPromotion::Promote));
    // Taikyoku teaching king (promoted deva): all directions; three friends in a row forward are
    // passed over, four are not.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "+(DV)")]), 'b');
    assert_eq!(from(&p, 17, 18).len(), 139);
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "+(DV)"),
                (16, 18, "P"),
                (15, 18, "P"),
                (14, 18, "P"),
            ],
        ),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 136);
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "+(DV)"),
                (16, 18, "P"),
                (15, 18, "P"),
                (14, 18, "P"),
                (13, 18, "P"),
            ],
        ),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 122);
}

#[test]
fn taikyoku_readings() {
    // Long-nosed goblin: a diagonal hook mover only (no orthogonal step): every square of its
    // colour on the 36x36 board but its own (the kings stand on the other colour): 648 - 1.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(LO)")]), 'b');
    assert_eq!(from(&p, 17, 18).len(), 647);
    // Treacherous fox has the jumps (2nd or 3rd square, then ranging on).
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(TF)")]), 'b');
    assert_eq!(from(&p, 17, 18).len(), 17 + 18 + 17 + 17 + 18 + 17); // no sideways moves
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "(TF)"), (16, 18, "P")]),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 104 - 1);
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "(TF)"),
                (16, 18, "P"),
                (15, 18, "P"),
                (14, 18, "P"),
            ],
        ),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 104 - 17);
    // Violent bear: 1-2 diagonally forward, sideways, one step orthogonally forward.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(VB)")]), 'b');
    let ms = from(&p, 17, 18);
    assert_eq!(ms.len(), 4 + 2 + 1);
    assert_eq!(find(&ms, &p, (16, 18), &[]).len(), 1);
    // Earth dragon (English description): f 1, forward diagonals 2, backward diagonals ranging.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(ED)")]), 'b');
    assert_eq!(from(&p, 17, 18).len(), 1 + 4 + 18 + 17);
    // Wooden dove: two squares orthogonally, not three.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(WO)")]), 'b');
    let ms = from(&p, 17, 18);
    assert_eq!(find(&ms, &p, (15, 18), &[]).len(), 1);
    assert!(find(&ms, &p, (14, 18), &[]).is_empty());
    assert_eq!(ms.len(), 8 + 69);
}

#[test]
#[should_panic]
fn playing_an_illegal_move_panics() {
    let p = RefPosition::parse("dai-dai", "startpos").unwrap();
    let m = RefMove {
        from: "9q".into(),
        to: "9p".into(),
        captured: vec![],
        promotion: RefPromotion::None,
    };
    let _ = p.play(&m);
}

// ------------------------------------------------------------------ range capture

#[test]
fn range_capture_great_general() {
    // Great general on (17,18); upward: friend pawn, enemy pawn, empty, enemy king.
    let p = pos(
        "taikyoku",
        &[
            (35, 35, "K"),
            (17, 18, "(GG)"),
            (16, 18, "P"),
            (15, 18, "p"),
            (13, 18, "k"),
        ],
        'b',
    );
    let ms = from(&p, 17, 18);
    // Up: 3 moves; down 18, left 18, right 17, fl 17, fr 17, bl 18, br 17.
    assert_eq!(ms.len(), 3 + 18 + 18 + 17 + 17 + 17 + 18 + 17);
    assert_eq!(find(&ms, &p, (15, 18), &[(16, 18), (15, 18)]).len(), 1);
    assert_eq!(find(&ms, &p, (14, 18), &[(16, 18), (15, 18)]).len(), 1);
    assert_eq!(
        find(&ms, &p, (13, 18), &[(16, 18), (15, 18), (13, 18)]).len(),
        1
    );
    assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
    // It cannot land on the friend it flies over.
    assert!(ms.iter().all(|m| m.to != name(&p, 16, 18)));
}

#[test]
fn range_capture_ranks() {
    // Vice general (rank 2) on (17,18):
    //   fl: friend bishop general (rank 3, flown over), enemy great general (captured, stop): 1
    //   fr: friend vice general (rank 2, may not fly over): 0
    //   bl: empty, enemy crown prince (captured, stop): 2
    //   br: friend promoted free king (moves as a great general: rank 1): 0
    //   orthogonal jumps to the second square: 4
    let p = pos(
        "taikyoku",
        &[
            (35, 35, "K"),
            (17, 18, "(VG)"),
            (16, 17, "(BG)"),
            (15, 16, "(gg)"),
            (16, 19, "(VG)"),
            (19, 16, "(cp)"),
            (18, 19, "+Q"),
        ],
        'b',
    );
    let ms = from(&p, 17, 18);
    assert_eq!(ms.len(), 7, "{ms:?}");
    let m = find(&ms, &p, (15, 16), &[(16, 17), (15, 16)]);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].promotion, RefPromotion::Promote); // vice general -> great general
    assert_eq!(
        find(&ms, &p, (18, 17), &[])[0].promotion,
        RefPromotion::None
    );
    // Rank 3 (bishop general) may not fly over another rank-3 piece nor a royal of its own.
    let p = pos(
        "taikyoku",
        &[
            (35, 35, "K"),
            (0, 0, "k"),
            (17, 18, "(BG)"),
            (16, 17, "(VD)"),
            (16, 19, "(CP)"),
            (18, 17, "(RO)"),
            (18, 19, "(GG)"),
        ],
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 0);
    // Rook general flying over a friend only: no promotion; capturing: promotion.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "(RO)"), (16, 18, "P"), (14, 18, "p")]),
        'b',
    );
    let ms = from(&p, 17, 18);
    assert_eq!(
        find(&ms, &p, (15, 18), &[(16, 18)])[0].promotion,
        RefPromotion::None
    );
    assert_eq!(
        find(&ms, &p, (14, 18), &[(16, 18), (14, 18)])[0].promotion,
        RefPromotion::Promote
    );
    // Up: (15,18) over the friend, (14,18) capturing, then on over both: 13 more squares.
    assert_eq!(ms.len(), (1 + 1 + 14) + 18 + 18 + 17);
    // Playing it removes the friend flown over.
    let m = find(&ms, &p, (13, 18), &[(16, 18), (14, 18)])[0].clone();
    let q = p.play(&m);
    assert!(q.sq[16 * 36 + 18].is_none() && q.sq[14 * 36 + 18].is_none());
    let moved = q.sq[13 * 36 + 18].unwrap();
    assert!(moved.promoted);
    assert_eq!(q.side, 1);
    assert_eq!(q.move_number, 2);
}

#[test]
fn capture_far_ancient_dragon() {
    // Promoted great dragon = ancient dragon on (17,18). Forward: friend at 1, enemies at 3
    // and 5: the ranging move is blocked; it captures on 3 or 5, jumping what is between.
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "+(GD)"),
                (16, 18, "P"),
                (14, 18, "p"),
                (12, 18, "p"),
            ],
        ),
        'b',
    );
    let ms = from(&p, 17, 18);
    assert_eq!(ms.len(), 2 + 18 + 69);
    assert_eq!(find(&ms, &p, (12, 18), &[(12, 18)]).len(), 1);
    assert_eq!(find(&ms, &p, (14, 18), &[(14, 18)]).len(), 1);
    // Rain demon (promoted bishop general): far capture along the forward diagonals only.
    let p = pos(
        "taikyoku",
        &with(
            &TK,
            &[
                (17, 18, "+(BG)"),
                (16, 17, "P"),
                (10, 11, "p"),
                (19, 18, "P"),
                (25, 18, "p"),
            ],
        ),
        'b',
    );
    let ms = from(&p, 17, 18);
    assert_eq!(find(&ms, &p, (10, 11), &[(10, 11)]).len(), 1);
    assert!(find(&ms, &p, (25, 18), &[(25, 18)]).is_empty());
}

// ------------------------------------------------------------------ hook moves

#[test]
fn hook_movers() {
    // Dai dai hook mover on (8,8) of an empty board reaches every square but its own and its
    // king's (16,16): 289 - 2.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(HM)")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 287);
    // Dai dai long-nosed goblin: diagonal hook (every square of its colour but its own and its
    // king's: 145 - 2) plus orthogonal steps (4).
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(LO)")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 147);
    // Maka dai dai capricorn: diagonal hook only: 181 - 2 squares, and the capture of the king
    // on (0,0) comes with the choice to promote or not: 180 moves.
    let p = pos("maka-dai-dai", &with(&MK, &[(9, 9, "(CA)")]), 'b');
    assert_eq!(from(&p, 9, 9).len(), 180);
    // A capture ends the move; no turn after a capture; the first leg crosses empty squares only.
    // Hook mover on (8,8) with an enemy on (8,10) and a friend on (6,8):
    //   right: (8,9) then turn up/down from it: 8 + 8; (8,10) capture.
    //   up: (7,8) with its turns: 8 + 8.
    //   down: 8 squares, each with 8 + 8 turning squares.
    //   left: 8 squares, each with turns up (8) and down (8).
    let p = pos(
        "dai-dai",
        &with(&DK, &[(8, 8, "(HM)"), (8, 10, "p"), (6, 8, "P")]),
        'b',
    );
    let ms = from(&p, 8, 8);
    assert!(find(&ms, &p, (7, 10), &[]).len() == 1); // via (7,8) turning right
    assert!(find(&ms, &p, (8, 11), &[]).is_empty()); // behind the captured piece
    assert!(find(&ms, &p, (5, 8), &[]).is_empty()); // behind the friend, same line
    assert_eq!(find(&ms, &p, (5, 9), &[]).len(), 1); // via (8,9) up, or (5,... ) no: via (8,9)
}

#[test]
fn peacock_hooks_forward_only() {
    // Peacock at (17,18): first leg along a forward diagonal only. With friends on both forward
    // diagonal neighbours it has only its backward 1-2 diagonal steps.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "(PC)"), (16, 17, "P"), (16, 19, "P")]),
        'b',
    );
    assert_eq!(from(&p, 17, 18).len(), 4);
    // Without them: (19,22) is reached by a hook (fr leg to (16,19), turn br); (19,18) could
    // only be reached with a backward first leg ((18,17) then br), which the peacock lacks.
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "(PC)")]), 'b');
    let ms = from(&p, 17, 18);
    assert!(find(&ms, &p, (19, 20), &[]).len() == 1); // bdiag:2
    assert!(find(&ms, &p, (19, 16), &[]).len() == 1); // bdiag:2
    assert!(find(&ms, &p, (19, 22), &[]).len() == 1); // fr to (16,19), then br
    assert!(find(&ms, &p, (19, 18), &[]).is_empty()); // only via a backward first leg
}

// ------------------------------------------------------------------ lion moves

#[test]
fn lion_area_move() {
    // Dai dai lion on (8,8) of an empty board: 24 squares within two, plus the pass.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(LN)")]), 'b');
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 25);
    assert_eq!(find(&ms, &p, (8, 8), &[]).len(), 1);
    // One adjacent enemy (up): capture then a second step to any of its 8 neighbours (the
    // origin = igui): 8 more.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(LN)"), (7, 8, "p")]), 'b');
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 33);
    let igui = find(&ms, &p, (8, 8), &[(7, 8)]);
    assert_eq!(igui.len(), 1);
    assert_eq!(igui[0].promotion, RefPromotion::Promote);
    assert_eq!(find(&ms, &p, (7, 8), &[(7, 8)]).len(), 1); // listed once (step or jump)
    assert_eq!(find(&ms, &p, (6, 8), &[]).len(), 1); // jump over it
    assert_eq!(find(&ms, &p, (6, 8), &[(7, 8)]).len(), 1); // capture then step on
    assert_eq!(find(&ms, &p, (8, 8), &[]).len(), 1); // pass
                                                     // Two adjacent enemies (up, up-left): 8 + 8 double moves; double captures onto each other.
    let p = pos(
        "dai-dai",
        &with(&DK, &[(8, 8, "(LN)"), (7, 8, "p"), (7, 7, "p")]),
        'b',
    );
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 41);
    assert_eq!(find(&ms, &p, (7, 7), &[(7, 8), (7, 7)]).len(), 1);
    assert_eq!(find(&ms, &p, (7, 8), &[(7, 8), (7, 7)]).len(), 1);
    // Surrounded by friends on all 24 squares: the pass only.
    let mut v = with(&DK, &[(8, 8, "(LN)")]);
    for r in 6..=10 {
        for c in 6..=10 {
            if (r, c) != (8, 8) {
                v.push((r, c, "P"));
            }
        }
    }
    let p = pos("dai-dai", &v, 'b');
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 1);
    assert_eq!(ms[0].to, ms[0].from);
    // A friend in between does not stop the jump; a friend adjacent to a captured enemy cannot
    // be the second step's target.
    let p = pos(
        "dai-dai",
        &with(&DK, &[(8, 8, "(LN)"), (7, 8, "p"), (6, 8, "P")]),
        'b',
    );
    let ms = from(&p, 8, 8);
    // 25 - 1 (friend square) + 8 - 1 (second step onto the friend).
    assert_eq!(ms.len(), 31);
}

#[test]
fn lion_dog_line_move() {
    // Dai dai lion dog on (8,8) of an empty board: 3 squares in each of 8 directions, plus pass.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(LD)")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 25);
    // Enemy on the first square up: (1,{1}) (2,{}) (2,{1}) (3,{}) (3,{1}) (0,{1}) + pass.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(LD)"), (7, 8, "p")]), 'b');
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 21 + 7);
    assert_eq!(find(&ms, &p, (8, 8), &[(7, 8)]).len(), 1);
    assert_eq!(find(&ms, &p, (5, 8), &[(7, 8)]).len(), 1);
    assert_eq!(find(&ms, &p, (5, 8), &[]).len(), 1);
    // Enemies on the first and second squares up: ends on 1 {1} {1,2}; on 2 {2} {1,2}; on 3
    // {} (jump) {2} (jump to 2, step) {1,2} (three steps) but not {1} alone (capturing the
    // first and then leaping the second is neither a step path nor a jump from the origin); on
    // the origin {1} (and the pass).
    let p = pos(
        "dai-dai",
        &with(&DK, &[(8, 8, "(LD)"), (7, 8, "p"), (6, 8, "p")]),
        'b',
    );
    let ms = from(&p, 8, 8);
    assert_eq!(ms.len(), 21 + 8 + 1);
    assert!(find(&ms, &p, (5, 8), &[(7, 8)]).is_empty());
    assert_eq!(find(&ms, &p, (5, 8), &[(6, 8)]).len(), 1);
    assert_eq!(find(&ms, &p, (7, 8), &[(7, 8), (6, 8)]).len(), 1);
    assert!(find(&ms, &p, (7, 8), &[(6, 8)]).is_empty());
    assert!(find(&ms, &p, (8, 8), &[(6, 8)]).is_empty()); // never beyond... back only along the line
                                                          // Friend on the first square up: jumps to 2 and 3, passes; nothing ends on the friend.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "(LD)"), (7, 8, "P")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 21 + 2 + 1);
    // Never beyond the origin: enemy right behind the origin's line is not reached by going
    // back past the origin (an up move cannot end below).
    let p = pos(
        "dai-dai",
        &with(&DK, &[(8, 8, "(LD)"), (7, 8, "p"), (9, 8, "p")]),
        'b',
    );
    let ms = from(&p, 8, 8);
    assert!(find(&ms, &p, (9, 8), &[(7, 8), (9, 8)]).is_empty());
    assert_eq!(ms.len(), 18 + 6 + 6 + 1);
}

#[test]
fn furious_fiends_differ_between_variants() {
    // Maka dai dai furious fiend: lion plus up to three squares (a plain move) in any direction.
    let p = pos("maka-dai-dai", &with(&MK, &[(9, 9, "+(LN)")]), 'b');
    assert_eq!(from(&p, 9, 9).len(), 33);
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "+(LN)"), (8, 9, "P")]),
        'b',
    );
    assert_eq!(from(&p, 9, 9).len(), 33 - 1 - 1); // (8,9) is a friend; (6,9) is blocked
                                                  // Dai dai furious fiend: lion plus the lion dog's line move, which jumps the friend.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "+(LN)")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 33);
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "+(LN)"), (7, 8, "P")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 33 - 1);
    // Dai dai great elephant (promoted lion dog): 4 x 8 orthogonal, 8 + 7 backward diagonals
    // (its king on (16,16)), 2 x 2 forward diagonals, the pass.
    let p = pos("dai-dai", &with(&DK, &[(8, 8, "+(LD)")]), 'b');
    assert_eq!(from(&p, 8, 8).len(), 52);
}

#[test]
fn maka_teaching_king() {
    // Free king (4 x 9 x 2) plus the lion dog's line move (adds the pass on an empty board).
    let p = pos(
        "maka-dai-dai",
        &[(18, 17, "K"), (0, 1, "k"), (9, 9, "+(DV)")],
        'b',
    );
    assert_eq!(from(&p, 9, 9).len(), 73);
    // Enemy adjacent up: igui and capture-and-go-on moves appear.
    let p = pos(
        "maka-dai-dai",
        &[(18, 17, "K"), (0, 1, "k"), (9, 9, "+(DV)"), (8, 9, "p")],
        'b',
    );
    let ms = from(&p, 9, 9);
    assert_eq!(find(&ms, &p, (9, 9), &[(8, 9)]).len(), 1);
    // Up: (1,{1}) (2,{}) (2,{1}) (3,{}) (3,{1}) (0,{1}); the rest as before.
    assert_eq!(ms.len(), 73 - 9 + 6);
}

#[test]
fn igui_of_heavenly_tetrarch_king() {
    // Promoted chariot soldier: free king, jump to the second square then range, igui.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "+(CH)"), (16, 18, "p")]),
        'b',
    );
    let ms = from(&p, 17, 18);
    assert_eq!(ms.len(), 140);
    let igui = find(&ms, &p, (17, 18), &[(16, 18)]);
    assert_eq!(igui.len(), 1);
    assert_eq!(igui[0].promotion, RefPromotion::None);
    let q = p.play(igui[0]);
    assert!(q.sq[16 * 36 + 18].is_none());
    assert!(q.sq[17 * 36 + 18].is_some());
}

// ------------------------------------------------------------------ rules

#[test]
fn furthest_rank_rule() {
    // Angry boar on rank a: only its capture sideways.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(0, 18, "(AB)"), (0, 17, "p")]),
        'b',
    );
    let ms = from(&p, 0, 18);
    assert_eq!(ms.len(), 1);
    assert_eq!(ms[0].captured.len(), 1);
    // A promoted running wolf moves as a free wolf, which is on the list.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(0, 10, "+(RW)"), (0, 5, "p")]),
        'b',
    );
    assert_eq!(from(&p, 0, 10).len(), 1);
    // The same piece one rank lower moves freely.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(1, 10, "+(RW)"), (1, 5, "p")]),
        'b',
    );
    assert!(from(&p, 1, 10).len() > 10);
    // A gold general (not on the list) on rank a: left, right, back.
    let p = pos("taikyoku", &with(&TK, &[(0, 20, "G")]), 'b');
    assert_eq!(from(&p, 0, 20).len(), 3);
    // White's furthest rank is jj: White side dragon there only captures (the pawn on the left,
    // Black's king on the right).
    let p = pos(
        "taikyoku",
        &with(&TK, &[(35, 10, "(si)"), (35, 4, "P")]),
        'w',
    );
    let ms = from(&p, 35, 10);
    assert_eq!(ms.len(), 2);
    assert!(ms.iter().all(|m| m.captured.len() == 1));
    // A promoted side flier (side dragon) too: only the capture of White's king on (0,0).
    let p = pos("taikyoku", &with(&TK, &[(0, 10, "+(SF)")]), 'b');
    let ms = from(&p, 0, 10);
    assert_eq!(ms.len(), 1);
    assert_eq!(ms[0].captured, vec!["36a".to_string()]);
}

#[test]
fn taikyoku_promotion() {
    let p = pos("taikyoku", &with(&TK, &[(17, 18, "P"), (16, 18, "p")]), 'b');
    let ms = from(&p, 17, 18);
    assert_eq!(ms.len(), 1);
    assert_eq!(ms[0].promotion, RefPromotion::Promote);
    let q = p.play(&ms[0]);
    assert!(q.sq[16 * 36 + 18].unwrap().promoted);
    assert!(q.to_notation().contains("+P"));
    // A promoted piece never promotes again: +P moves as a gold general.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "+P"), (16, 18, "p")]),
        'b',
    );
    let ms = from(&p, 17, 18);
    assert_eq!(ms.len(), 6);
    assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
    // Promoted ferocious leopard moves as a bishop and stays one.
    let p = pos(
        "taikyoku",
        &with(&TK, &[(17, 18, "+(FL)"), (16, 17, "p")]),
        'b',
    );
    let ms = from(&p, 17, 18);
    assert_eq!(ms.len(), 1 + 17 + 18 + 17);
    assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
    // The king does not promote.
    let p = pos(
        "taikyoku",
        &[(35, 35, "K"), (34, 35, "k"), (0, 0, "(cp)")],
        'b',
    );
    assert!(from(&p, 35, 35)
        .iter()
        .all(|m| m.promotion == RefPromotion::None));
}

#[test]
fn game_over_without_royals() {
    // Taikyoku: a crown prince is enough; a promoted drunken elephant is a crown prince, a
    // promoted crown prince a king; a venomous wolf (moves as a crown prince) is not royal.
    let base = |w: &'static str| pos("taikyoku", &[(35, 35, "K"), (0, 0, w)], 'b');
    assert!(!base("(cp)").moves().is_empty());
    assert!(!base("+(de)").moves().is_empty());
    assert!(!base("+(cp)").moves().is_empty());
    assert!(base("+(ew)").moves().is_empty());
    // Dai dai: the king only.
    let p = pos("dai-dai", &[(16, 16, "K"), (0, 0, "(nk)")], 'b');
    assert!(p.moves().is_empty());
    assert_eq!(p.perft(1), 0);
    // Maka dai dai: king, emperor or prince.
    let p = pos("maka-dai-dai", &[(18, 18, "K"), (0, 0, "+(de)")], 'b');
    assert!(!p.moves().is_empty());
    let p = pos("maka-dai-dai", &[(18, 18, "K"), (0, 0, "+k")], 'b');
    assert!(!p.moves().is_empty());
    let p = pos("maka-dai-dai", &[(18, 18, "K"), (0, 0, "(de)")], 'b');
    assert!(p.moves().is_empty());
}

#[test]
fn maka_promotion_choices() {
    // Gold general capturing an unpromoted piece: promote or decline.
    let p = pos("maka-dai-dai", &with(&MK, &[(9, 9, "G"), (8, 9, "p")]), 'b');
    let ms = find(&from(&p, 9, 9), &p, (8, 9), &[(8, 9)])
        .into_iter()
        .cloned()
        .collect::<Vec<_>>();
    let mut promos: Vec<_> = ms.iter().map(|m| m.promotion).collect();
    promos.sort();
    assert_eq!(promos, vec![RefPromotion::Promote, RefPromotion::Decline]);
    // Capturing a promoted piece: compulsory.
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "G"), (8, 9, "+p")]),
        'b',
    );
    let ms = from(&p, 9, 9);
    let m = find(&ms, &p, (8, 9), &[(8, 9)]);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].promotion, RefPromotion::Promote);
    assert_eq!(ms.len(), 6);
    // Free king cannot promote.
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "(FK)"), (8, 9, "+p")]),
        'b',
    );
    assert!(from(&p, 9, 9)
        .iter()
        .all(|m| m.promotion == RefPromotion::None));
    // Lance promotes to gold.
    let p = pos("maka-dai-dai", &with(&MK, &[(9, 9, "L"), (5, 9, "p")]), 'b');
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 3 + 2);
    let q = p.play(
        find(&ms, &p, (5, 9), &[(5, 9)])
            .into_iter()
            .find(|m| m.promotion == RefPromotion::Promote)
            .unwrap(),
    );
    assert!(q.to_notation().contains("+L"));
}

#[test]
fn maka_deva_and_dark_spirit_captures() {
    // A gold general capturing a deva becomes a teaching king (+(DV)), Black.
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "G"), (8, 9, "(dv)")]),
        'b',
    );
    let ms = from(&p, 9, 9);
    let m = find(&ms, &p, (8, 9), &[(8, 9)]);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].promotion, RefPromotion::Promote);
    let q = p.play(m[0]);
    let tk = q.sq[8 * 19 + 9].unwrap();
    assert_eq!(
        (
            q.v.kinds[tk.kind as usize].code.as_str(),
            tk.color,
            tk.promoted
        ),
        ("DV", 0, true)
    );
    assert!(q.to_notation().contains("+(DV)"));
    // A promoted piece (free gold) capturing a teaching king becomes one too.
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "+G"), (8, 9, "+(dv)")]),
        'b',
    );
    let ms = from(&p, 9, 9);
    let m = find(&ms, &p, (8, 9), &[(8, 9)]);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].promotion, RefPromotion::Promote);
    // A teaching king capturing a deva stays what it is: no promotion.
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "+(DV)"), (8, 9, "(dv)")]),
        'b',
    );
    let ms = from(&p, 9, 9);
    assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
    // A teaching king capturing a dark spirit becomes a Buddhist spirit.
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "+(DV)"), (8, 9, "(ds)")]),
        'b',
    );
    let ms = from(&p, 9, 9);
    let m = find(&ms, &p, (8, 9), &[(8, 9)]);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].promotion, RefPromotion::Promote);
    let q = p.play(m[0]);
    assert!(q.to_notation().contains("+(DS)"));
    // A lion capturing a dark spirit and a deva in one move becomes a teaching king.
    let p = pos(
        "maka-dai-dai",
        &with(&MK, &[(9, 9, "(LN)"), (8, 9, "(ds)"), (7, 9, "(dv)")]),
        'b',
    );
    let ms = from(&p, 9, 9);
    let m = find(&ms, &p, (7, 9), &[(8, 9), (7, 9)]);
    assert_eq!(m.len(), 1);
    let q = p.play(m[0]);
    assert!(q.to_notation().contains("+(DV)"));
    // The king capturing a deva promotes as usual (to emperor; optional: the deva is unpromoted).
    let p = pos(
        "maka-dai-dai",
        &[(0, 0, "k"), (9, 9, "K"), (8, 9, "(dv)")],
        'b',
    );
    let ms = from(&p, 9, 9);
    let m = find(&ms, &p, (8, 9), &[(8, 9)]);
    assert_eq!(m.len(), 2);
    let q = p.play(
        m.iter()
            .find(|m| m.promotion == RefPromotion::Promote)
            .unwrap(),
    );
    assert!(q.to_notation().contains("+K"));
    // A prince capturing a teaching king: no change.
    let p = pos(
        "maka-dai-dai",
        &[(0, 0, "k"), (9, 9, "+(DE)"), (8, 9, "+(dv)")],
        'b',
    );
    assert!(from(&p, 9, 9)
        .iter()
        .all(|m| m.promotion == RefPromotion::None));
}

#[test]
fn maka_emperor() {
    // Black emperor on (9,9); White king (0,18), White rook (2,9). Attacked by White (with the
    // emperor lifted): the rook's column (rows 0,1 and 3..18 but the origin: 17) and row 2 (18),
    // the king's three neighbours: 38 squares. The rook and king are unprotected.
    let p = pos(
        "maka-dai-dai",
        &[(9, 9, "+K"), (0, 18, "k"), (2, 9, "r")],
        'b',
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 360 - 38);
    assert_eq!(find(&ms, &p, (2, 9), &[(2, 9)]).len(), 1);
    assert_eq!(find(&ms, &p, (0, 18), &[(0, 18)]).len(), 1);
    assert!(find(&ms, &p, (12, 9), &[]).is_empty()); // attacked through the lifted emperor
    assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
    // A White gold on (1,9) protects the rook (its forward step, downwards, is onto (2,9)).
    let p = pos(
        "maka-dai-dai",
        &[(9, 9, "+K"), (0, 18, "k"), (2, 9, "r"), (1, 9, "g")],
        'b',
    );
    let ms = from(&p, 9, 9);
    assert!(find(&ms, &p, (2, 9), &[(2, 9)]).is_empty());
    // With a prince of its own it may go to attacked empty squares, still not capture the
    // protected rook. Black prince on (18,0): its square is a friend.
    let p = pos(
        "maka-dai-dai",
        &[(9, 9, "+K"), (18, 0, "+(DE)"), (0, 18, "k"), (2, 9, "r")],
        'b',
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 360 - 1);
    let p = pos(
        "maka-dai-dai",
        &[
            (9, 9, "+K"),
            (18, 0, "+(DE)"),
            (0, 18, "k"),
            (2, 9, "r"),
            (1, 9, "g"),
        ],
        'b',
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 360 - 2 - 1);
    // Both emperors, no prince: only squares its own side protects. A Black pawn on (15,5)
    // protects (14,5) only.
    let p = pos(
        "maka-dai-dai",
        &[(9, 9, "+K"), (15, 5, "P"), (0, 0, "+k")],
        'b',
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 1);
    assert_eq!(ms[0].to, name(&p, 14, 5));
    // Own rook below the emperor: protects its column through the lifted emperor. Rook on
    // (12,9): column rows 0..11 and 13..18, row 12: 18 + 18 = 36, minus the origin (9,9): 35.
    let p = pos(
        "maka-dai-dai",
        &[(9, 9, "+K"), (12, 9, "R"), (0, 0, "+k")],
        'b',
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 35);
    assert_eq!(find(&ms, &p, (0, 9), &[]).len(), 1);
    // A prince anywhere (even White's) lifts the both-emperors rule.
    let p = pos(
        "maka-dai-dai",
        &[(9, 9, "+K"), (12, 9, "R"), (0, 0, "+k"), (0, 18, "+(de)")],
        'b',
    );
    let ms = from(&p, 9, 9);
    // Not strict now. Attacked by White: the prince's neighbours (0,17) (1,17) (1,18) (the White
    // emperor attacks nothing). Unprotected, the White emperor and prince can be captured.
    // 360 - 1 (own rook) - 3.
    assert_eq!(ms.len(), 360 - 1 - 3);
}

#[test]
fn distinct_moves_only() {
    // Every generated list is free of duplicates, captured squares sorted.
    for v in ["taikyoku", "dai-dai", "maka-dai-dai", "ko"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let ms = p.moves();
        let mut d = ms.clone();
        d.dedup();
        assert_eq!(d.len(), ms.len());
        assert_eq!(p.perft(1), ms.len() as u64);
        assert_eq!(p.perft(0), 1);
    }
}

#[test]
fn random_playouts_are_consistent() {
    for (v, plies) in [("taikyoku", 120), ("dai-dai", 200), ("maka-dai-dai", 200)] {
        let mut rng = Lcg(12345);
        let mut p = RefPosition::parse(v, "startpos").unwrap();
        for _ in 0..plies {
            let ms = p.moves();
            if ms.is_empty() {
                break;
            }
            let mut sorted = ms.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), ms.len());
            for m in &ms {
                let mut c = m.captured.clone();
                c.sort();
                c.dedup();
                assert_eq!(c, m.captured);
            }
            // Prefer captures, to reach promoted pieces and emperors.
            let caps: Vec<&RefMove> = ms.iter().filter(|m| !m.captured.is_empty()).collect();
            let m = if !caps.is_empty() && rng.next(3) > 0 {
                caps[rng.next(caps.len())].clone()
            } else {
                ms[rng.next(ms.len())].clone()
            };
            p = p.play(&m);
            let q = RefPosition::parse(v, &p.to_notation()).unwrap();
            assert_eq!(p, q);
        }
    }
}

// ================================================================== Ko shogi

// Ko test positions keep the two generals out of every line through the centre (9, 9):
// Black's on (18, 1) = 18s, White's on (0, 17) = 2a.
const KG: [(usize, usize, &str); 2] = [(18, 1, "G"), (0, 17, "g")];

/// A Ko position: the two generals of KG plus `rest`.
fn kpos(rest: &[(usize, usize, &'static str)], side: char, extra: &str) -> RefPosition {
    pos_x("ko", &with(&KG, rest), side, extra)
}

/// The four diagonal neighbours of (9, 9) held by Black shields (they stop a diagonal stepper
/// and block its diagonal shots).
const SHIELDED: [(usize, usize, &str); 4] = [
    (8, 8, "(SP)"),
    (8, 10, "(SP)"),
    (10, 8, "(SP)"),
    (10, 10, "(SP)"),
];

/// The number of distinct (destination, removed squares) among `ms`: moves counted once
/// whatever their promotion choices (a piece that can promote and reaches the zone has both).
fn effects(ms: &[RefMove]) -> usize {
    let mut v: Vec<(&String, &Vec<String>)> = ms.iter().map(|m| (&m.to, &m.captured)).collect();
    v.sort();
    v.dedup();
    v.len()
}

/// The first move (in sorted order) of the piece on `at` to `to` removing `cap`.
fn one(p: &RefPosition, at: (usize, usize), to: (usize, usize), cap: &[(usize, usize)]) -> RefMove {
    let ms = from(p, at.0, at.1);
    let found = find(&ms, p, to, cap);
    assert!(!found.is_empty(), "no move {at:?} -> {to:?} x {cap:?}");
    found[0].clone()
}

fn promos(ms: &[&RefMove]) -> Vec<RefPromotion> {
    let mut v: Vec<RefPromotion> = ms.iter().map(|m| m.promotion).collect();
    v.sort();
    v
}

/// The code (with `+` if promoted, lower case for White) of the piece on (r, c), or "".
fn token(p: &RefPosition, r: usize, c: usize) -> String {
    match p.sq[r * p.n + c] {
        None => String::new(),
        Some(q) => {
            let code = &p.v.kinds[q.kind as usize].code;
            format!(
                "{}{}",
                if q.promoted { "+" } else { "" },
                if q.color == 0 {
                    code.clone()
                } else {
                    code.to_ascii_lowercase()
                }
            )
        }
    }
}

#[test]
fn ko_startpos() {
    let p = RefPosition::parse("ko", "startpos").unwrap();
    let black = p.sq.iter().flatten().filter(|q| q.color == 0).count();
    let white = p.sq.iter().flatten().filter(|q| q.color == 1).count();
    assert_eq!((black, white), (90, 90));
    let at = |s: &str| {
        let i = parse_square(19, s).unwrap();
        token(&p, i / 19, i % 19)
    };
    assert_eq!(at("10s"), "G"); // back rank, tenth cell
    assert_eq!(at("10a"), "g");
    assert_eq!(at("11s"), "SC");
    assert_eq!(at("9s"), "PL");
    assert_eq!(at("2s"), "TB");
    assert_eq!(at("18s"), "SM");
    assert_eq!(at("10r"), "MA");
    assert_eq!(at("11r"), "D");
    assert_eq!(at("9r"), "B");
    assert_eq!(at("10q"), "FW");
    assert_eq!(at("18o"), "P"); // rank 5, file 18 holds a pawn (docs/rules-decisions.md)
    assert_eq!(at("2e"), "p"); // White's, rotated
    assert_eq!(at("10o"), "PU");
    assert_eq!(at("10n"), "SU"); // the diagram's three shield units
    assert_eq!(at("18n"), "SU");
    assert_eq!(at("2n"), "SU");
    assert_eq!(at("10m"), "VA");
    assert_eq!(at("10g"), "va");
    assert_eq!(at("19p"), "CA");
    assert_eq!(at("19n"), "CU");
    // Each of the legend's 34 kinds is in the setup.
    let kinds: std::collections::BTreeSet<String> =
        p.sq.iter()
            .flatten()
            .map(|q| p.v.kinds[q.kind as usize].code.clone())
            .collect();
    assert_eq!(kinds.len(), 34);
    let s = p.to_notation();
    assert!(s.ends_with(" b - 1"), "{s}");
    assert!(s.starts_with("(fd)(tb)(en)(cs)(gh)(sr)(wr)a(pl)g(sc)a(wr)(sr)(gh)(cs)(en)(sm)(fd)/"));
    assert_eq!(RefPosition::parse("ko", &s).unwrap(), p);
}

#[test]
fn ko_start_moves() {
    // Counted by hand from the setup (see the report's table): chariots 8 x 6, elephants 20,
    // shields 24, pawns 21, chariot units 2 x 10 (each up its file to White's chariot unit on
    // rank f, in the zone: capture with + or =), ...; 226 in all. White's are the same.
    let p = RefPosition::parse("ko", "startpos").unwrap();
    let ms = p.moves();
    assert_eq!(ms.len(), 226);
    let caps: Vec<_> = ms.iter().filter(|m| !m.captured.is_empty()).collect();
    assert_eq!(caps.len(), 4); // 19n19f and 1n1f, each + and =
    let w = RefPosition::parse("ko", &p.to_notation().replace(" b - 1", " w - 1")).unwrap();
    assert_eq!(w.moves().len(), 226);
}

#[test]
fn ko_extra_field() {
    let board = |extra: &str| format!("16g2/{}/1G17 b {extra} 1", ["19"; 17].join("/"));
    for good in [
        "-", "A", "R", "a", "r", "AR", "Ar", "Aa", "Rr", "ARar", "Rar", "ar",
    ] {
        let p = RefPosition::parse("ko", &board(good)).unwrap();
        assert_eq!(p.to_notation(), board(good), "{good}");
    }
    for bad in [
        "", "RA", "AA", "aR", "x", "-A", "A-", "ARarA", "rr", "Aa-", "AR ar", "--",
    ] {
        let t = board(bad);
        match std::panic::catch_unwind(|| RefPosition::parse("ko", &t)) {
            Ok(Err(e)) => assert!(!e.is_empty()),
            Ok(Ok(_)) => panic!("accepted extra field `{bad}`"),
            Err(_) => panic!("panicked on `{t}`"),
        }
    }
    // The other variants keep requiring `-`.
    let t = "16k/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K b A 1";
    assert!(RefPosition::parse("dai-dai", t).is_err());
    // Pieces that do not promote cannot be written with `+`; the others can.
    for (tok, ok) in [
        ("+G", false),
        ("+(WR)", false),
        ("+E", false),
        ("+(MA)", true),
        ("+(SC)", true),
        ("+(CU)", true),
        ("+(XY)", false),
    ] {
        let t = format!("{tok}15g2/{}/1G17 b - 1", ["19"; 17].join("/"));
        assert_eq!(RefPosition::parse("ko", &t).is_ok(), ok, "{tok}");
    }
}

// ------------------------------------------------------------------ Ko: moves that cannot capture

#[test]
fn ko_bows_step_without_capturing_and_shoot() {
    // Long bow on (9,9), enemy pawn on its diagonal neighbour (8,8). It may not step onto the
    // pawn: three steps. It shoots the pawn without moving (1), and after stepping to (8,10)
    // (pawn two squares left), (10,8) (two up) and (10,10) (two along the diagonal, across its
    // own empty start square): 3. Total 7.
    let p = kpos(&[(9, 9, "(LB)"), (8, 8, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 7);
    assert!(find(&ms, &p, (8, 8), &[(8, 8)]).is_empty());
    assert_eq!(find(&ms, &p, (9, 9), &[(8, 8)]).len(), 1);
    assert_eq!(find(&ms, &p, (10, 10), &[(8, 8)]).len(), 1);
    assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
    // Range: crossbow (5) and long bow (3) with their diagonals blocked by friends, enemy pawn
    // four squares up: the crossbow shoots it without moving, the long bow has no move.
    let p = kpos(&with(&SHIELDED, &[(9, 9, "(SB)"), (5, 9, "p")]), 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 1);
    assert_eq!(find(&ms, &p, (9, 9), &[(5, 9)]).len(), 1);
    let p = kpos(&with(&SHIELDED, &[(9, 9, "(LB)"), (5, 9, "p")]), 'b', "-");
    assert_eq!(from(&p, 9, 9).len(), 0);
}

#[test]
fn ko_bow_cavalrymen() {
    // Longbow cavalryman on (9,9), enemy pawn on the knight square (7,10): it may not jump
    // there (7 jumps), and shoots it from (7,8) (2 left... along the rank), (8,11) (diagonal
    // neighbour) and (10,7) (3 along the diagonal): 10. Crossbow cavalryman also from (11,10)
    // (4 up the file): 11. Neither can shoot from (9,9) (a knight's offset is no direction).
    let p = kpos(&[(9, 9, "+(LB)"), (7, 10, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 10);
    assert!(find(&ms, &p, (7, 10), &[(7, 10)]).is_empty());
    assert_eq!(find(&ms, &p, (10, 7), &[(7, 10)]).len(), 1);
    let p = kpos(&[(9, 9, "+(SB)"), (7, 10, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 11);
    assert_eq!(find(&ms, &p, (11, 10), &[(7, 10)]).len(), 1);
}

#[test]
fn ko_cannon_shoots_over_pieces() {
    // Cannon on (9,9), own pawn on (9,10), enemy pawns on (9,12), (9,13) (3 and 4 away, over
    // the pawn) and (9,15) (6 away, out of range). Four diagonal steps (no enemy in line from
    // any of them) and two shots without moving: 6.
    let p = kpos(
        &[
            (9, 9, "C"),
            (9, 10, "P"),
            (9, 12, "p"),
            (9, 13, "p"),
            (9, 15, "p"),
        ],
        'b',
        "-",
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 6);
    assert_eq!(find(&ms, &p, (9, 9), &[(9, 12)]).len(), 1);
    assert_eq!(find(&ms, &p, (9, 9), &[(9, 13)]).len(), 1);
}

#[test]
fn ko_gatling_gun_double_shot_and_fog_distance() {
    // Gatling gun on (9,9), diagonals blocked by own shields. First pieces: A = pawn (9,12) 3
    // right, B = pawn (5,9) 4 up, F = fog (9,2) 7 left (shootable from 6 or more), fog (13,9) 4
    // down (too near: it blocks). Behind A, C = pawn (9,14), 5 right. Shots: {A} {B} {F}, and
    // pairs {A,B} {A,F} {A,C} (C uncovered) {B,F}: 7 moves, all without moving.
    let p = kpos(
        &with(
            &SHIELDED,
            &[
                (9, 9, "(FW)"),
                (9, 12, "p"),
                (9, 14, "p"),
                (5, 9, "p"),
                (9, 2, "+(tb)"),
                (13, 9, "+(tb)"),
            ],
        ),
        'b',
        "-",
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 7);
    assert!(ms.iter().all(|m| m.to == name(&p, 9, 9)));
    assert_eq!(find(&ms, &p, (9, 9), &[(9, 12), (9, 14)]).len(), 1);
    assert_eq!(find(&ms, &p, (9, 9), &[(5, 9), (9, 2)]).len(), 1);
    assert!(find(&ms, &p, (9, 9), &[(9, 14)]).is_empty()); // C only behind A
    assert!(find(&ms, &p, (9, 9), &[(13, 9)]).is_empty());
    // The fog from 5, 6, 7 and 8 squares (alone on the rank): only 6 and 7.
    for (col, n) in [(14, 0), (15, 1), (16, 1), (17, 0)] {
        let p = kpos(
            &with(&SHIELDED, &[(9, 9, "(FW)"), (9, col, "+(tb)")]),
            'b',
            "-",
        );
        assert_eq!(from(&p, 9, 9).len(), n, "fog on column {col}");
    }
}

#[test]
fn ko_gun_carriage_and_chariot_of_the_gods() {
    // Gun carriage on (9,9), enemy pawn on (9,11). Slides (not capturing): right 1, left, up,
    // down 5 each: 16. Cannon shots (any enemy within 5 in line): from (9,9), (9,10), (9,8),
    // (9,7), (9,6) along the rank, (7,9) and (11,9) along a diagonal: 7. Total 23.
    let p = kpos(&[(9, 9, "+C"), (9, 11, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 23);
    assert!(find(&ms, &p, (9, 11), &[(9, 11)]).is_empty());
    // Chariot of the gods: the same slides; the gatling gun's shots reach 7: from the five
    // left squares (3..7 away, over its empty start), (9,9), (9,10), (7,9), (11,9): 16 + 9.
    let p = kpos(&[(9, 9, "+(FW)"), (9, 11, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 25);
    assert_eq!(find(&ms, &p, (9, 4), &[(9, 11)]).len(), 1);
    // Alone: 20 slides.
    let p = kpos(&[(9, 9, "+(FW)")], 'b', "-");
    assert_eq!(from(&p, 9, 9).len(), 20);
}

// ------------------------------------------------------------------ Ko: immunities

#[test]
fn ko_shot_immunities() {
    // A shooter on (9,9) whose diagonal neighbours are own shields (so it cannot step), target
    // two squares right (one for the priest): moves = shots without moving at that target.
    let cases: &[(&str, [usize; 4])] = &[
        // target: [long bow, cannon, gatling gun, Taoist priest]
        ("p", [1, 1, 1, 1]),
        ("(sp)", [0, 1, 1, 1]),  // shield: immune to bows
        ("+(sp)", [0, 0, 0, 1]), // its promoted form is a shield unit
        ("(su)", [0, 0, 0, 1]),  // shield unit: bows and guns
        ("+(su)", [0, 0, 0, 1]), // imperial base: bows and guns
        ("(ch)", [0, 1, 1, 1]),  // chariot: bows
        ("+(ch)", [0, 1, 1, 1]), // promoted chariot = a chariot unit: bows
        ("(cu)", [0, 1, 1, 1]),  // chariot unit: bows
        ("+(cu)", [1, 1, 1, 1]), // a chariot unit promoted to millenary: nothing
        ("+c", [0, 1, 1, 1]),    // gun carriage: bows
        ("c", [1, 1, 1, 1]),     // cannon
        ("+(tb)", [0, 0, 0, 0]), // twelve-mile fog, too near for anyone
        ("(tb)", [1, 1, 1, 1]),  // Taoist priest
        ("+(sm)", [1, 1, 1, 1]), // immaculate light
    ];
    for (target, expected) in cases {
        for (i, shooter) in ["(LB)", "C", "(FW)"].iter().enumerate() {
            let p = kpos(
                &with(&SHIELDED, &[(9, 9, shooter), (9, 11, target)]),
                'b',
                "-",
            );
            assert_eq!(from(&p, 9, 9).len(), expected[i], "{shooter} at {target}");
        }
        let p = kpos(&[(9, 9, "(TB)"), (9, 10, target)], 'b', "-");
        let shots = from(&p, 9, 9)
            .into_iter()
            .filter(|m| m.to == m.from && !m.captured.is_empty())
            .count();
        assert_eq!(shots, expected[3], "priest at {target}");
    }
    // An immune piece in front blocks the bow and the gatling gun, not the cannon.
    for (shooter, n) in [("(LB)", 0), ("(FW)", 0), ("C", 1), ("(SB)", 0)] {
        let p = kpos(
            &with(&SHIELDED, &[(9, 9, shooter), (9, 10, "(su)"), (9, 11, "p")]),
            'b',
            "-",
        );
        assert_eq!(from(&p, 9, 9).len(), n, "{shooter}");
    }
    // Own pieces block and are never shot.
    let p = kpos(
        &with(&SHIELDED, &[(9, 9, "(LB)"), (9, 10, "P"), (9, 11, "p")]),
        'b',
        "-",
    );
    assert_eq!(from(&p, 9, 9).len(), 0);
}

#[test]
fn ko_imperial_base_and_chariots() {
    // Enemy imperial base (+su) or shield unit (su) three squares right of (9,9).
    // Chariot (1-5 orthogonally): 15 + 2, or 15 + 3 capturing the shield unit.
    // Chariot unit (rook), promoted chariot (moves as a chariot unit): 27 + 2 / 27 + 3.
    // Promoted chariot unit (millenary; still "the chariot unit"): 63 + 2 / 63 + 3.
    // Quartermaster (dragon king) captures it: 27 + 3 + 4. (Moves counted once whatever their
    // promotion choices: the unpromoted pieces reach the zone, rows 0..5.)
    for (piece, base, unit) in [
        ("(CH)", 17, 18),
        ("(CU)", 29, 30),
        ("+(CH)", 29, 30),
        ("+(CU)", 65, 66),
        ("Q", 34, 34),
    ] {
        let p = kpos(&[(9, 9, piece), (9, 12, "+(su)")], 'b', "-");
        assert_eq!(effects(&from(&p, 9, 9)), base, "{piece} v imperial base");
        let p = kpos(&[(9, 9, piece), (9, 12, "(su)")], 'b', "-");
        assert_eq!(effects(&from(&p, 9, 9)), unit, "{piece} v shield unit");
    }
}

// ------------------------------------------------------------------ Ko: multiple moves

#[test]
fn ko_sumo_wrestler() {
    // Two king steps: the 24 squares within two, and the pass (out to an empty square and
    // back): 25.
    let p = kpos(&[(9, 9, "(WR)")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 25);
    assert_eq!(find(&ms, &p, (9, 9), &[]).len(), 1);
    // Enemy pawn on (8,9): the 24 squares without capturing; with the capture: (8,9) itself,
    // then on to its four neighbours that are also next to (9,9) ((8,8) (8,10) (9,8) (9,10)),
    // to the three squares beyond it ((7,8) (7,9) (7,10)), and back to (9,9) (igui): 33.
    let p = kpos(&[(9, 9, "(WR)"), (8, 9, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 33);
    assert_eq!(find(&ms, &p, (9, 9), &[(8, 9)]).len(), 1); // igui
    assert_eq!(find(&ms, &p, (7, 9), &[(8, 9)]).len(), 1);
    assert_eq!(find(&ms, &p, (7, 9), &[]).len(), 1);
    assert!(find(&ms, &p, (7, 7), &[(8, 9)]).is_empty());
    // Two enemies: both captured.
    let p = kpos(&[(9, 9, "(WR)"), (8, 9, "p"), (7, 9, "p")], 'b', "-");
    assert_eq!(
        find(&from(&p, 9, 9), &p, (7, 9), &[(8, 9), (7, 9)]).len(),
        1
    );
    // Surrounded by own pieces: it cannot jump over them, and has no pass.
    let mut v = vec![(9, 9, "(WR)")];
    for (dc, dr) in KING_STEPS {
        v.push(((9 + dr) as usize, (9 + dc) as usize, "P"));
    }
    let p = kpos(&v, 'b', "-");
    assert_eq!(from(&p, 9, 9).len(), 0);
}

#[test]
fn ko_step_multiple_movers_on_an_empty_board() {
    // Tiger wing (two diagonal steps): 4 + (2,2)x4 + (0,2)x4 + pass = 13.
    // War hawk (two orthogonal steps, or a bishop): 36 diagonal squares + (0,1)x4 + (0,2)x4 +
    // pass = 45 (two orthogonal steps reach the diagonal neighbours, already counted).
    // Master at arms (legs: diagonal step, orthogonal jump to 2): one leg 8; two legs (2,2)x4,
    // (1,3)-type x8, (0,4)x4; pass: 25.
    // Banner and drums (legs: orthogonal step, diagonal jump to 2): one leg 8; two legs (0,2)
    // and (1,1) x8, (2,1)/(2,3)-types x16, (4,4)/(0,4) x8; pass: 41.
    // Winged horse (two knight jumps): 8 + the 32 non-zero sums of two knight jumps + pass: 41.
    // Cavalry: 8, then the second jump with its long leg the same way: (0,4) and (2,4) types,
    // 3 per direction = 12; pass: 21.
    // Dragon ascending: 72 (free king) + the 8 knight-shaped squares of two king steps + pass.
    // (The cavalry and millenary reach the zone, rows 0..5: moves counted once whatever their
    // promotion choices.)
    for (piece, n) in [
        ("+Q", 13),
        ("+(FH)", 45),
        ("+(SC)", 25),
        ("+(PL)", 41),
        ("+(CA)", 41),
        ("(CA)", 21),
        ("+(DU)", 81),
        ("(DU)", 72),
    ] {
        let p = kpos(&[(9, 9, piece)], 'b', "-");
        assert_eq!(effects(&from(&p, 9, 9)), n, "{piece}");
    }
    // The cavalry on (9,9): its three moves to row 5 may promote, the 18 others not.
    let p = kpos(&[(9, 9, "(CA)")], 'b', "-");
    assert_eq!(from(&p, 9, 9).len(), 24);
}

#[test]
fn ko_cavalry_restriction() {
    // Knight jump (row -2, col +1) to (7,10), then (row +1, col +2) to (8,12): the winged horse
    // may, the cavalry may not (the second long leg points right, the first forward); both
    // reach (5,11) (forward twice) and (5,9).
    let horse = kpos(&[(9, 9, "+(CA)")], 'b', "-");
    let cav = kpos(&[(9, 9, "(CA)")], 'b', "-");
    assert_eq!(find(&from(&horse, 9, 9), &horse, (8, 12), &[]).len(), 1);
    assert!(find(&from(&cav, 9, 9), &cav, (8, 12), &[]).is_empty());
    for to in [(13, 9), (9, 5), (9, 13), (11, 13), (13, 11), (7, 5)] {
        assert_eq!(find(&from(&cav, 9, 9), &cav, to, &[]).len(), 1, "{to:?}");
    }
    for to in [(5, 11), (5, 9), (5, 7)] {
        // in the zone: + and =
        assert_eq!(find(&from(&cav, 9, 9), &cav, to, &[]).len(), 2, "{to:?}");
    }
    // Igui: capture on the first jump and jump back; double capture forward twice.
    let p = kpos(&[(9, 9, "(CA)"), (7, 10, "p"), (5, 11, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(find(&ms, &p, (9, 9), &[(7, 10)]).len(), 1);
    assert_eq!(find(&ms, &p, (5, 11), &[(7, 10), (5, 11)]).len(), 2);
    // A friend on the first landing square stops that path (no lion-like jump over it).
    let p = kpos(&[(9, 9, "(CA)"), (7, 10, "P"), (7, 8, "P")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert!(find(&ms, &p, (5, 11), &[]).is_empty());
    assert!(find(&ms, &p, (5, 9), &[]).is_empty());
    // Of the 21: the two forward first landings and the second jumps only they lead to ((5,7)
    // (5,9) (5,11)) are gone; the pass remains (through the six other landings): 21 - 2 - 3
    // = 16, none in the zone.
    assert_eq!(ms.len(), 16);
}

#[test]
fn ko_thunderclap() {
    // Exactly five orthogonal steps, turning at will: every square at Manhattan distance 1, 3
    // or 5 (4 + 12 + 20 = 36), never its own square or an even distance.
    let p = kpos(&[(9, 9, "+D"), (17, 17, "(TB)")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 36);
    assert!(find(&ms, &p, (9, 9), &[]).is_empty());
    assert!(find(&ms, &p, (8, 8), &[]).is_empty());
    // Enemy pawn on (9,10): reached on the 1st, 3rd or 5th step, so the capturing moves end on
    // the squares at distance 0, 2 or 4 from it (1 + 8 + 16 = 25). Without capturing, all 36
    // but (9,10) itself and (9,14), whose only five-step path runs through (9,10): 34.
    let p = kpos(&[(9, 9, "+D"), (9, 10, "p"), (17, 17, "(TB)")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 59);
    assert_eq!(find(&ms, &p, (9, 14), &[(9, 10)]).len(), 1);
    assert!(find(&ms, &p, (9, 14), &[]).is_empty());
    assert_eq!(find(&ms, &p, (8, 9), &[(9, 10)]).len(), 1); // out, capture, back, up, ...
                                                            // Two enemies on its path: both.
    let p = kpos(
        &[(9, 9, "+D"), (9, 10, "p"), (9, 12, "p"), (17, 17, "(TB)")],
        'b',
        "-",
    );
    assert_eq!(
        find(&from(&p, 9, 9), &p, (9, 14), &[(9, 10), (9, 12)]).len(),
        1
    );
}

#[test]
fn ko_roaming_assault() {
    // One to five steps in one orthogonal direction, capturing every enemy stepped on; a friend
    // stops it. Enemies (9,10) and (9,12), own pawn (9,14): right 4 moves ({A}, {A}, {A,B},
    // {A,B}), the other three directions 5 each: 19.
    let p = kpos(
        &[
            (9, 9, "+B"),
            (9, 10, "p"),
            (9, 12, "p"),
            (9, 14, "P"),
            (17, 17, "(TB)"),
        ],
        'b',
        "-",
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 19);
    assert_eq!(find(&ms, &p, (9, 13), &[(9, 10), (9, 12)]).len(), 1);
    assert_eq!(find(&ms, &p, (9, 11), &[(9, 10)]).len(), 1);
    assert!(find(&ms, &p, (8, 10), &[]).is_empty()); // no turning, no diagonal
}

#[test]
fn ko_taoist_priest() {
    // Taoist priest on (9,9): enemy pawn (8,10) diagonally adjacent, enemy priest (7,9) two up,
    // enemy pawn (9,11) two right. Shot without moving at (8,10): 1. Jumps: onto the priest
    // (captured) and on to (7,11): each alone or followed by the shot at (8,10) (both next to
    // it): 4; not onto the pawn on (9,11); the five other jumps, with nothing next to them: 5.
    // Total 10.
    let p = kpos(
        &[(9, 9, "(TB)"), (8, 10, "p"), (7, 9, "(tb)"), (9, 11, "p")],
        'b',
        "-",
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 10);
    assert_eq!(find(&ms, &p, (7, 9), &[(7, 9), (8, 10)]).len(), 1);
    assert_eq!(find(&ms, &p, (9, 9), &[(8, 10)]).len(), 1);
    assert!(find(&ms, &p, (9, 11), &[(9, 11)]).is_empty());
    // Alone: its eight jumps. The spiritual monk moves the same.
    for piece in ["(TB)", "(SM)"] {
        let p = kpos(&[(9, 9, piece)], 'b', "-");
        assert_eq!(from(&p, 9, 9).len(), 8);
    }
    // It captures an enemy spiritual monk or immaculate light by landing on it.
    let p = kpos(&[(9, 9, "(SM)"), (7, 9, "+(sm)")], 'b', "-");
    assert_eq!(find(&from(&p, 9, 9), &p, (7, 9), &[(7, 9)]).len(), 1);
}

#[test]
fn ko_fog_and_light_double_jump() {
    // Twelve-mile fog on (9,9), alone: two jumps to the second square reach the 24 squares with
    // even offsets up to 4; out and back is a pass, which a shooting piece does not have: 24.
    for piece in ["+(TB)", "+(SM)"] {
        let p = kpos(&[(9, 9, piece)], 'b', "-");
        let ms = from(&p, 9, 9);
        assert_eq!(ms.len(), 24, "{piece}");
        assert!(find(&ms, &p, (9, 9), &[]).is_empty());
    }
    // Enemy pawn on (9,10). The 24 plain jumps; the shot needs the fog next to (9,10): on
    // (9,9) (without moving, or after jumping out and back) or on (9,11) (after one jump, then
    // optionally a second jump: 8 more squares, (9,9) among them): 24 + 9 = 33.
    let p = kpos(&[(9, 9, "+(TB)"), (9, 10, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 33);
    assert_eq!(find(&ms, &p, (7, 13), &[(9, 10)]).len(), 1);
    assert!(find(&ms, &p, (7, 7), &[(9, 10)]).is_empty());
    // Two shots: pawns on (8,12) and (6,12). The fog jumps to (7,11), next to both, shoots
    // one, jumps on to (7,13), next to the other, and shoots it. The Taoist priest (one jump,
    // one shot) never removes both.
    let p = kpos(&[(9, 9, "+(TB)"), (8, 12, "p"), (6, 12, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert_eq!(find(&ms, &p, (7, 13), &[(8, 12), (6, 12)]).len(), 1);
    assert!(ms.iter().all(|m| m.captured.len() <= 2));
    let p = kpos(&[(9, 9, "(TB)"), (8, 12, "p"), (6, 12, "p")], 'b', "-");
    let ms = from(&p, 9, 9);
    assert!(ms.iter().all(|m| m.captured.len() <= 1));
    // (7,11) with one shot: either pawn.
    assert_eq!(find(&ms, &p, (7, 11), &[(8, 12)]).len(), 1);
    assert_eq!(find(&ms, &p, (7, 11), &[(6, 12)]).len(), 1);
}

// ------------------------------------------------------------------ Ko: burning

#[test]
fn ko_poison_flame_burns() {
    // Black poison flame (moves as a copper general) on (9,9); enemy pawns on (8,9) and (7,10);
    // own pawn on (9,10). To (8,9): captures it, burns (7,10). To (8,8): burns (8,9). To
    // (8,10): burns (8,9) and (7,10). To (10,9): nothing around. Own pieces do not burn.
    let p = kpos(
        &[(9, 9, "+(EN)"), (8, 9, "p"), (7, 10, "p"), (9, 10, "P")],
        'b',
        "-",
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 4);
    assert_eq!(find(&ms, &p, (8, 9), &[(8, 9), (7, 10)]).len(), 1);
    assert_eq!(find(&ms, &p, (8, 8), &[(8, 9)]).len(), 1);
    assert_eq!(find(&ms, &p, (8, 10), &[(8, 9), (7, 10)]).len(), 1);
    assert_eq!(find(&ms, &p, (10, 9), &[]).len(), 1);
    let q = p.play(find(&ms, &p, (8, 10), &[(8, 9), (7, 10)])[0]);
    assert_eq!(token(&q, 8, 10), "+EN");
    assert_eq!(token(&q, 7, 10), "");
    assert_eq!(token(&q, 9, 10), "P");
    // An unpromoted engineer does not burn.
    let p = kpos(&[(9, 9, "(EN)"), (8, 9, "p"), (7, 10, "p")], 'b', "-");
    assert_eq!(find(&from(&p, 9, 9), &p, (8, 8), &[]).len(), 1);
    // White's poison flame (on (7,9), moving down) arriving next to Black's burns it; a white
    // pawn moving next to Black's flame is not burned, nor is Black's flame.
    let p = kpos(&[(9, 9, "+(EN)"), (7, 9, "+(en)"), (9, 12, "p")], 'w', "-");
    let ms = from(&p, 7, 9);
    assert_eq!(find(&ms, &p, (8, 9), &[(9, 9)]).len(), 1);
    assert_eq!(find(&ms, &p, (8, 8), &[(9, 9)]).len(), 1);
    assert_eq!(find(&ms, &p, (6, 9), &[]).len(), 1);
    assert_eq!(find(&from(&p, 9, 12), &p, (9, 11), &[]).len(), 1);
}

// ------------------------------------------------------------------ Ko: promotion

#[test]
fn ko_zone_promotion() {
    // Aid de camp (any direction but back) outside the zone on rank g (row 6): its three forward
    // moves enter the zone (+ or =), its four others stay out: 3 x 2 + 4 = 10.
    let p = kpos(&[(6, 9, "A")], 'b', "-");
    let ms = from(&p, 6, 9);
    assert_eq!(ms.len(), 10);
    assert_eq!(
        promos(&find(&ms, &p, (5, 9), &[])),
        vec![RefPromotion::Promote, RefPromotion::Decline]
    );
    assert_eq!(
        promos(&find(&ms, &p, (6, 8), &[])),
        vec![RefPromotion::None]
    );
    // Within the zone (row 3) and out of it (row 5, backward moves to row 6): all 7 x 2.
    for row in [3, 5] {
        let p = kpos(&[(row, 9, "A")], 'b', "-");
        assert_eq!(from(&p, row, 9).len(), 14, "row {row}");
    }
    // White's zone is rows 13..18.
    let p = kpos(&[(12, 9, "a")], 'w', "-");
    assert_eq!(from(&p, 12, 9).len(), 10);
    let p = kpos(&[(6, 9, "a")], 'w', "-");
    assert_eq!(from(&p, 6, 9).len(), 7);
    // A shot without moving inside the zone may promote too.
    let p = kpos(
        &with(&SHIELDED_AT_3, &[(3, 9, "(LB)"), (3, 11, "p")]),
        'b',
        "-",
    );
    assert_eq!(
        promos(&from(&p, 3, 9).iter().collect::<Vec<_>>()),
        vec![RefPromotion::Promote, RefPromotion::Decline]
    );
    // The sumo wrestler, the elephant and promoted pieces do not promote.
    let p = kpos(&[(3, 9, "(WR)"), (3, 3, "E"), (3, 14, "+A")], 'b', "-");
    assert!(p.moves().iter().all(|m| m.promotion == RefPromotion::None));
    // Playing + turns it over.
    let p = kpos(&[(6, 9, "A")], 'b', "-");
    let ms = from(&p, 6, 9);
    let m = find(&ms, &p, (5, 9), &[])
        .into_iter()
        .find(|m| m.promotion == RefPromotion::Promote)
        .unwrap();
    let q = p.play(m);
    assert_eq!(token(&q, 5, 9), "+A");
    assert!(q.to_notation().contains("+A"));
    // The promoted aid de camp moves as a quartermaster (5 up, 13 down, 9 + 9 sideways, 4
    // diagonal steps), and never promotes again.
    let p = kpos(&[(5, 9, "+A")], 'b', "-");
    let ms = from(&p, 5, 9);
    assert_eq!(ms.len(), 40);
    assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
}

/// Own shields on the diagonal neighbours of (3,9).
const SHIELDED_AT_3: [(usize, usize, &str); 4] = [
    (2, 8, "(SP)"),
    (2, 10, "(SP)"),
    (4, 8, "(SP)"),
    (4, 10, "(SP)"),
];

#[test]
fn ko_special_promotions() {
    // (Black's drum on (17,17) lets its pawns move forward.)
    let capture_promos = |mover: &'static str, target: &'static str| {
        let p = kpos(&[(9, 9, mover), (8, 9, target), (17, 17, "D")], 'b', "-");
        let ms = from(&p, 9, 9);
        promos(&find(&ms, &p, (8, 9), &[(8, 9)]))
    };
    let promote = vec![RefPromotion::Promote];
    let none = vec![RefPromotion::None];
    // Capturing a commanding piece: general, governor, middle troop, banner (either side up).
    // (White keeps its general on (0,17), so the game goes on.)
    for target in ["g", "(ma)", "+(ma)", "b", "+b"] {
        assert_eq!(capture_promos("(SR)", target), promote, "aide x {target}");
        assert_eq!(
            capture_promos("Q", target),
            promote,
            "quartermaster x {target}"
        );
    }
    // A step mover capturing a sumo wrestler, dragon ascending, roaming assault or thunderclap.
    for target in ["(wr)", "+(du)", "+d"] {
        assert_eq!(capture_promos("(SR)", target), promote, "aide x {target}");
        assert_eq!(capture_promos("P", target), promote, "pawn x {target}");
        assert_eq!(
            capture_promos("Q", target),
            none,
            "quartermaster x {target}"
        );
    }
    // Not: a millenary, a drum, a pawn.
    for target in ["(du)", "d", "p"] {
        assert_eq!(capture_promos("(SR)", target), none, "aide x {target}");
    }
    // The general is a step mover but never promotes.
    let p = kpos(&[(17, 2, "(wr)")], 'b', "-");
    assert!(from(&p, 18, 1)
        .iter()
        .all(|m| m.promotion == RefPromotion::None));
    // A long bow (a step mover) shooting a sumo wrestler, without moving.
    let p = kpos(
        &with(&SHIELDED, &[(9, 9, "(LB)"), (7, 9, "(wr)")]),
        'b',
        "-",
    );
    let ms = from(&p, 9, 9);
    assert_eq!(ms.len(), 1);
    assert_eq!(ms[0].promotion, RefPromotion::Promote);
    // In the zone, the special promotion is still compulsory (no `=`).
    let p = kpos(&[(4, 9, "(SR)"), (3, 9, "(wr)")], 'b', "-");
    assert_eq!(
        promos(&find(&from(&p, 4, 9), &p, (3, 9), &[(3, 9)])),
        promote
    );
    // A cavalryman capturing a gatling gun (either side up); not a cavalry.
    for (mover, target, expected) in [
        ("(HS)", "(fw)", &promote),
        ("(HS)", "+(fw)", &promote),
        ("(HS)", "p", &none),
        ("(CA)", "(fw)", &none),
    ] {
        let p = kpos(&[(9, 9, mover), (7, 10, target)], 'b', "-");
        let ms = from(&p, 9, 9);
        assert_eq!(
            &promos(&find(&ms, &p, (7, 10), &[(7, 10)])),
            expected,
            "{mover} x {target}"
        );
    }
    // Playing it: the cavalryman turns into a cavalry.
    let p = kpos(&[(9, 9, "(HS)"), (7, 10, "(fw)")], 'b', "-");
    let q = p.play(find(&from(&p, 9, 9), &p, (7, 10), &[(7, 10)])[0]);
    assert_eq!(token(&q, 7, 10), "+HS");
}

#[test]
fn ko_clerk() {
    // Clerk on (6,9): diagonal steps (5,8) (5,10) (7,8) (7,10), orthogonal jumps (4,9) (8,9)
    // (6,7) (6,11); three end in the zone. It promotes there only once Black's advance guard and
    // rear guard have entered the zone (A and R in the extra field).
    for (extra, n) in [
        ("-", 8),
        ("A", 8),
        ("R", 8),
        ("Rar", 8),
        ("ar", 8),
        ("AR", 11),
        ("ARar", 11),
    ] {
        let p = kpos(&[(6, 9, "(SC)")], 'b', extra);
        assert_eq!(from(&p, 6, 9).len(), n, "extra {extra}");
    }
    // White's clerk (zone rows 13..18) needs `a` and `r`.
    for (extra, n) in [("AR", 8), ("ar", 11)] {
        let p = kpos(&[(12, 9, "(sc)")], 'w', extra);
        assert_eq!(from(&p, 12, 9).len(), n, "extra {extra}");
    }
    // When it promotes, its side's unpromoted advance and rear guards promote, and every enemy
    // poison flame is removed (an unpromoted enemy engineer stays); the promoting move lists
    // the flames among its captured squares, the declining one does not.
    let setup = [
        (6, 9, "(SC)"),
        (18, 5, "(FD)"),
        (17, 5, "R"),
        (18, 6, "+(FD)"),
        (17, 6, "(EN)"),
        (1, 1, "+(en)"),
        (2, 2, "+(en)"),
        (3, 3, "(en)"),
        (12, 12, "(fd)"),
    ];
    let p = kpos(&setup, 'b', "AR");
    let ms = from(&p, 6, 9);
    let promote: Vec<_> = ms
        .iter()
        .filter(|m| m.to == name(&p, 4, 9) && m.promotion == RefPromotion::Promote)
        .collect();
    assert_eq!(promote.len(), 1);
    assert_eq!(promote[0].captured, caps(&p, &[(1, 1), (2, 2)]));
    let decline = find(&ms, &p, (4, 9), &[]);
    assert_eq!(promos(&decline), vec![RefPromotion::Decline]);
    let q = p.play(promote[0]);
    assert_eq!(token(&q, 4, 9), "+SC");
    assert_eq!(token(&q, 18, 5), "+FD");
    assert_eq!(token(&q, 17, 5), "+R");
    assert_eq!(token(&q, 18, 6), "+FD");
    assert_eq!(token(&q, 17, 6), "EN");
    assert_eq!(token(&q, 1, 1), "");
    assert_eq!(token(&q, 2, 2), "");
    assert_eq!(token(&q, 3, 3), "en");
    assert_eq!(token(&q, 12, 12), "fd"); // White's guards are not Black's clerk's
    let q = p.play(decline[0]);
    assert_eq!(token(&q, 4, 9), "SC");
    assert_eq!(token(&q, 18, 5), "FD");
    assert_eq!(token(&q, 1, 1), "+en");
    // Without the guards it still promotes, compulsorily, by capturing a commanding piece,
    // anywhere; the flames go too.
    let mut setup2 = setup.to_vec();
    setup2.push((6, 11, "(ma)"));
    let p = kpos(&setup2, 'b', "-");
    let ms = from(&p, 6, 9);
    let cap: Vec<_> = ms.iter().filter(|m| m.to == name(&p, 6, 11)).collect();
    assert_eq!(cap.len(), 1);
    assert_eq!(cap[0].promotion, RefPromotion::Promote);
    assert_eq!(cap[0].captured, caps(&p, &[(1, 1), (2, 2), (6, 11)]));
    // ... and its other moves into the zone do not promote.
    assert_eq!(ms.len(), 8);
}

#[test]
fn ko_guards_enter_the_zone() {
    // An advance guard (ranges forward) from (8,9): to (7,9) and (6,9) the field stays `-`, to
    // (5,9)..(0,9) (the zone; + or =) it becomes `A`, for good.
    let p = kpos(&[(8, 9, "(FD)")], 'b', "-");
    let ms = from(&p, 8, 9);
    assert_eq!(ms.len(), 1 + 2 + 6 * 2); // back 1, forward 2 outside, 6 inside
    for m in &ms {
        let q = p.play(m);
        let row = parse_square(19, &m.to).unwrap() / 19;
        let expected = if row < 6 { " w A 2" } else { " w - 2" };
        assert!(
            q.to_notation().ends_with(expected),
            "{m:?}: {}",
            q.to_notation()
        );
    }
    // Black's rear guard stepping forward into the zone: `R`, kept with White's `a`.
    let p = kpos(&[(6, 9, "R")], 'b', "a");
    let m = &one(&p, (6, 9), (5, 9), &[]);
    assert!(p.play(m).to_notation().ends_with(" w Ra 2"));
    // White's rear guard (steps forward = down) into its zone (rows 13..18): `r`.
    let p = kpos(&[(12, 9, "r")], 'w', "A");
    let ms = from(&p, 12, 9);
    let m = &find(&ms, &p, (13, 9), &[])[0];
    assert!(p.play(m).to_notation().ends_with(" b Ar 2"));
    // A promoted advance guard (heaven's vengeance) counts too; another piece does not.
    let p = kpos(&[(7, 9, "+(FD)"), (7, 3, "(FH)")], 'b', "-");
    let m = &one(&p, (7, 9), (5, 11), &[]);
    assert!(p.play(m).to_notation().ends_with(" w A 2"));
    let m = &one(&p, (7, 3), (5, 1), &[]);
    assert!(p.play(m).to_notation().ends_with(" w - 2"));
}

#[test]
fn ko_taoist_priest_reversion() {
    // White's only Taoist priest on (9,10) is captured by Black's aide: White's thunderclap and
    // roaming assault revert to drum and banner.
    let setup = [
        (9, 9, "(SR)"),
        (9, 10, "(tb)"),
        (0, 5, "+d"),
        (0, 7, "+b"),
        (0, 9, "+(sm)"),
        (17, 17, "+D"),
        (16, 16, "(TB)"),
    ];
    let p = kpos(&setup, 'b', "-");
    let q = p.play(&one(&p, (9, 9), (9, 10), &[(9, 10)]));
    assert_eq!(token(&q, 0, 5), "d");
    assert_eq!(token(&q, 0, 7), "b");
    assert_eq!(token(&q, 0, 9), "+sm"); // the light is the monk, not a priest
    assert_eq!(token(&q, 17, 17), "+D"); // Black's thunderclap keeps its priest
                                         // A twelve-mile fog is a Taoist priest: capturing it reverts them too.
    let mut s2 = setup.to_vec();
    s2[1] = (9, 10, "+(tb)");
    let p = kpos(&s2, 'b', "-");
    let q = p.play(&one(&p, (9, 9), (9, 10), &[(9, 10)]));
    assert_eq!(token(&q, 0, 5), "d");
    // With a second priest left, nothing reverts.
    let mut s3 = setup.to_vec();
    s3.push((1, 1, "(tb)"));
    let p = kpos(&s3, 'b', "-");
    let q = p.play(&one(&p, (9, 9), (9, 10), &[(9, 10)]));
    assert_eq!(token(&q, 0, 5), "+d");
    assert_eq!(token(&q, 0, 7), "+b");
    // While a side has no Taoist priest its drum and banner cannot promote: drum on (3,9) in
    // the zone, 6 moves (4 diagonal, 2 sideways), each + or = with a priest, plain without.
    for piece in ["D", "B"] {
        let p = kpos(&[(3, 9, piece)], 'b', "-");
        let ms = from(&p, 3, 9);
        assert_eq!(ms.len(), 6);
        assert!(ms.iter().all(|m| m.promotion == RefPromotion::None));
        let p = kpos(&[(3, 9, piece), (17, 17, "+(TB)")], 'b', "-");
        assert_eq!(from(&p, 3, 9).len(), 12);
        // White's priest does not count for Black.
        let p = kpos(&[(3, 9, piece), (1, 1, "(tb)")], 'b', "-");
        assert_eq!(from(&p, 3, 9).len(), 6);
    }
    // Not even the compulsory promotions: a priestless drum capturing a middle troop.
    let p = kpos(&[(9, 9, "D"), (9, 10, "(ma)")], 'b', "-");
    assert_eq!(
        promos(&find(&from(&p, 9, 9), &p, (9, 10), &[(9, 10)])),
        vec![RefPromotion::None]
    );
}

#[test]
fn ko_fog_and_light_reversion() {
    // Black's fog on (9,9); after any move (here Black's general steps), it reverts to a Taoist
    // priest if an immaculate light of either side is within five squares along a line.
    for (light, reverts) in [
        ((9, 14, "+(sm)"), true),  // 5 along the rank
        ((9, 15, "+(sm)"), false), // 6
        ((4, 4, "+(sm)"), true),   // 5 along a diagonal
        ((3, 3, "+(sm)"), false),  // 6
        ((8, 14, "+(sm)"), false), // not on a line
        ((14, 9, "+(SM)"), true),  // Black's own light
        ((12, 9, "(sm)"), false),  // an unpromoted monk
    ] {
        let p = kpos(&[(9, 9, "+(TB)"), light], 'b', "-");
        let m = &one(&p, (18, 1), (17, 1), &[]);
        let q = p.play(m);
        let expected = if reverts { "TB" } else { "+TB" };
        assert_eq!(token(&q, 9, 9), expected, "light {light:?}");
        assert_eq!(token(&q, light.0, light.1), light.2.replace(['(', ')'], ""));
    }
    // A Taoist priest that promotes next to a light reverts at once: priest on (6,9) jumps into
    // the zone at (4,9), five from White's light on (4,14).
    let p = kpos(&[(6, 9, "(TB)"), (4, 14, "+(sm)")], 'b', "-");
    let all = from(&p, 6, 9);
    let ms = find(&all, &p, (4, 9), &[]);
    assert_eq!(
        promos(&ms),
        vec![RefPromotion::Promote, RefPromotion::Decline]
    );
    for m in ms {
        assert_eq!(token(&p.play(m), 4, 9), "TB");
    }
}

#[test]
fn ko_drum_and_pawns() {
    // Pawn on (9,9): four orthogonal steps while its side has a drum (or thunderclap), three
    // (not forward) without. White's drum does not count.
    for (drum, n) in [
        (Some((17, 17, "D")), 4),
        (Some((17, 17, "+D")), 4),
        (Some((1, 1, "d")), 3),
        (None, 3),
    ] {
        let mut v = vec![(9, 9, "P")];
        v.extend(drum);
        let p = kpos(&v, 'b', "-");
        let ms = from(&p, 9, 9);
        assert_eq!(ms.len(), n, "{drum:?}");
        assert_eq!(find(&ms, &p, (8, 9), &[]).len(), n - 3);
    }
    // White's pawn moves down; its forward move needs White's drum.
    let p = kpos(&[(9, 9, "p"), (1, 1, "d")], 'w', "-");
    assert_eq!(find(&from(&p, 9, 9), &p, (10, 9), &[]).len(), 1);
    let p = kpos(&[(9, 9, "p"), (17, 17, "D")], 'w', "-");
    assert!(find(&from(&p, 9, 9), &p, (10, 9), &[]).is_empty());
    // A promoted pawn (moves as a patrol unit: ranges forward and back, steps sideways) is
    // still a pawn: 9 + 9 + 2 with a drum, 9 + 2 without. A patrol unit from the setup is not.
    let p = kpos(&[(9, 9, "+P"), (17, 17, "D")], 'b', "-");
    assert_eq!(from(&p, 9, 9).len(), 20);
    let p = kpos(&[(9, 9, "+P")], 'b', "-");
    assert_eq!(from(&p, 9, 9).len(), 11);
    let p = kpos(&[(9, 9, "(PU)")], 'b', "-");
    assert_eq!(effects(&from(&p, 9, 9)), 20);
    // Capturing the last drum takes the pawns' forward move away: Black's pawn on (10,12) has
    // 4 moves after an unrelated White move, 3 after White's pawn takes the drum on (10,10).
    let p = kpos(
        &[(9, 10, "p"), (10, 10, "D"), (10, 12, "P"), (17, 17, "d")],
        'w',
        "-",
    );
    let q = p.play(&one(&p, (9, 10), (9, 9), &[]));
    assert_eq!(from(&q, 10, 12).len(), 4);
    let q = p.play(&one(&p, (9, 10), (10, 10), &[(10, 10)]));
    assert_eq!(from(&q, 10, 12).len(), 3);
}

#[test]
fn ko_game_end() {
    // A side stands while it has its general, or its governor, or both its middle troop and its
    // banner (either side up); otherwise there are no moves, for either side.
    let alive = |black: &[(usize, usize, &'static str)]| {
        let mut v = black.to_vec();
        v.push((0, 17, "g"));
        !pos("ko", &v, 'b').moves().is_empty()
    };
    assert!(alive(&[(18, 1, "G")]));
    assert!(alive(&[(18, 1, "+(MA)")]));
    assert!(alive(&[(18, 1, "(MA)"), (18, 3, "B")]));
    assert!(alive(&[(18, 1, "(MA)"), (18, 3, "+B")]));
    assert!(!alive(&[(18, 1, "(MA)")]));
    assert!(!alive(&[(18, 1, "B")]));
    assert!(!alive(&[(18, 1, "+B"), (18, 3, "D")]));
    assert!(!alive(&[(18, 1, "(WR)")]));
    // White lost: no moves for White to move either.
    let p = pos("ko", &[(18, 1, "G"), (0, 17, "b")], 'w');
    assert!(p.moves().is_empty());
    assert_eq!(p.perft(2), 0);
    // Capturing the last commanding piece ends the game: Black's aide takes White's general
    // (and promotes).
    let p = kpos(&[(9, 9, "(SR)"), (8, 9, "(ma)"), (1, 1, "b")], 'b', "-");
    assert!(!p.moves().is_empty());
    let p = pos(
        "ko",
        &[(18, 1, "G"), (9, 9, "(SR)"), (8, 9, "g"), (1, 1, "b")],
        'b',
    );
    let m = &one(&p, (9, 9), (8, 9), &[(8, 9)]);
    assert_eq!(m.promotion, RefPromotion::Promote);
    let q = p.play(m);
    assert!(q.moves().is_empty());
    assert_eq!(q.perft(1), 0);
    // With a middle troop left beside the banner, the game goes on.
    let p = pos(
        "ko",
        &[
            (18, 1, "G"),
            (9, 9, "(SR)"),
            (8, 9, "g"),
            (1, 1, "b"),
            (1, 3, "(ma)"),
        ],
        'b',
    );
    let q = p.play(&one(&p, (9, 9), (8, 9), &[(8, 9)]));
    assert!(!q.moves().is_empty());
}

#[test]
fn ko_random_playouts_are_consistent() {
    // Long playouts from the start preferring captures and promotions: every list free of
    // duplicates, positions round-trip through the notation, play never panics.
    let mut promoted_seen = 0;
    for seed in [1u64, 2, 3] {
        let mut rng = Lcg(seed);
        let mut p = RefPosition::parse("ko", "startpos").unwrap();
        for _ in 0..400 {
            let ms = p.moves();
            if ms.is_empty() {
                break;
            }
            let mut sorted = ms.clone();
            sorted.dedup();
            assert_eq!(sorted.len(), ms.len());
            for m in &ms {
                let mut c = m.captured.clone();
                c.sort();
                c.dedup();
                assert_eq!(c, m.captured);
                assert!(
                    !(m.from == m.to && m.captured.is_empty() && {
                        let q = p.sq[parse_square(19, &m.from).unwrap()].unwrap();
                        p.ty(q)
                            .atoms
                            .iter()
                            .any(|a| matches!(a, Atom::Shoot(_) | Atom::Priest { .. }))
                    })
                );
            }
            let pick: Vec<&RefMove> = ms
                .iter()
                .filter(|m| !m.captured.is_empty() || m.promotion == RefPromotion::Promote)
                .collect();
            let m = if !pick.is_empty() && rng.next(4) > 0 {
                pick[rng.next(pick.len())].clone()
            } else {
                ms[rng.next(ms.len())].clone()
            };
            p = p.play(&m);
            let q = RefPosition::parse("ko", &p.to_notation()).unwrap();
            assert_eq!(p, q);
        }
        promoted_seen += p.sq.iter().flatten().filter(|q| q.promoted).count();
    }
    assert!(promoted_seen > 0);
}

// ------------------------------------------------------------------ chu shogi (docs/chu.md)

// Kings in the corners, Black's on 1l, White's on 12a, each with a gold and a silver (so that
// neither side is a bare king, §8.3).
const CK: [(usize, usize, &str); 6] = [
    (11, 11, "K"),
    (11, 10, "G"),
    (11, 9, "S"),
    (0, 0, "k"),
    (0, 1, "g"),
    (0, 2, "s"),
];
const CKINGS: [(usize, usize, &str); 2] = [(11, 11, "K"), (0, 0, "k")];

fn chu_has(
    p: &RefPosition,
    from_sq: (usize, usize),
    to: (usize, usize),
    cap: &[(usize, usize)],
) -> bool {
    !find(&from(p, from_sq.0, from_sq.1), p, to, cap).is_empty()
}

#[test]
fn chu_startpos() {
    // §3: 46 pieces a side, 36 moves for Black and (mirror image) 36 for White after any of
    // Black's first moves, which cannot reach White's pieces.
    let p = RefPosition::parse("chu", "startpos").unwrap();
    let black = p.sq.iter().flatten().filter(|q| q.color == 0).count();
    let white = p.sq.iter().flatten().filter(|q| q.color == 1).count();
    assert_eq!((black, white), (46, 46));
    assert_eq!(p.moves().len(), 36);
    assert_eq!(p.perft(2), 1296);
    assert_eq!(RefPosition::parse("chu", &p.to_notation()).unwrap(), p);
    // The lion's five moves: 8h 7h 6h 5h (jumps over the pawns... steps and jumps to empty
    // squares within two) and 9k.
    let lion: Vec<String> = p
        .moves()
        .into_iter()
        .filter(|m| m.from == "7j")
        .map(|m| m.to)
        .collect();
    assert_eq!(lion, ["5h", "6h", "7h", "8h", "9k"]);
}

#[test]
fn chu_lone_lion_and_passes() {
    // §5.1: 24 single-leg moves and one pass.
    let p = pos("chu", &with(&CK, &[(5, 5, "(LN)")]), 'b');
    assert_eq!(from(&p, 5, 5).len(), 25);
    // §10.1: lishogi's 24 + 8x8 = 88 path strings.
    let paths: u64 = p
        .moves_with_paths()
        .iter()
        .filter(|(m, _)| m.from == name(&p, 5, 5))
        .map(|&(_, n)| n)
        .sum();
    assert_eq!(paths, 88);
    // A lion whose neighbours are all friendly has no pass (and no move to them).
    let mut pieces = with(&CK, &[(5, 5, "(LN)")]);
    for (r, c) in [
        (4, 4),
        (4, 5),
        (4, 6),
        (5, 4),
        (5, 6),
        (6, 4),
        (6, 5),
        (6, 6),
    ] {
        pieces.push((r, c, "G"));
    }
    let p = pos("chu", &pieces, 'b');
    let ms = from(&p, 5, 5);
    assert_eq!(ms.len(), 16);
    assert!(ms.iter().all(|m| m.to != m.from));
    // Falcon: pass only through an empty forward square; igui of an enemy there.
    let p = pos("chu", &with(&CK, &[(5, 5, "+(DH)"), (4, 5, "G")]), 'b');
    assert!(!chu_has(&p, (5, 5), (5, 5), &[]));
    let p = pos("chu", &with(&CK, &[(5, 5, "+(DH)")]), 'b');
    assert!(chu_has(&p, (5, 5), (5, 5), &[]));
    let p = pos(
        "chu",
        &with(&CK, &[(5, 5, "+(DH)"), (4, 5, "g"), (3, 5, "s")]),
        'b',
    );
    assert!(chu_has(&p, (5, 5), (5, 5), &[(4, 5)]));
    assert!(chu_has(&p, (5, 5), (3, 5), &[(4, 5), (3, 5)]));
    assert!(chu_has(&p, (5, 5), (3, 5), &[(3, 5)]));
    // Eagle: one pass although both forward diagonals are empty.
    let p = pos("chu", &with(&CK, &[(5, 5, "+(DK)")]), 'b');
    assert_eq!(find(&from(&p, 5, 5), &p, (5, 5), &[]).len(), 1);
}

#[test]
fn chu_lion_trading() {
    // §6.1: an unprotected lion two squares away may be taken.
    let p = pos("chu", &with(&CK, &[(6, 5, "(LN)"), (4, 5, "(ln)")]), 'b');
    assert!(chu_has(&p, (6, 5), (4, 5), &[(4, 5)]));
    // Protected by a gold behind it: refused.
    let p = pos(
        "chu",
        &with(&CK, &[(6, 5, "(LN)"), (4, 5, "(ln)"), (3, 5, "g")]),
        'b',
    );
    assert!(!chu_has(&p, (6, 5), (4, 5), &[(4, 5)]));
    // Protected by a rook behind the capturing lion (its origin counts as empty).
    let p = pos(
        "chu",
        &with(&CK, &[(6, 5, "(LN)"), (4, 5, "(ln)"), (9, 5, "r")]),
        'b',
    );
    assert!(!chu_has(&p, (6, 5), (4, 5), &[(4, 5)]));
    // An adjacent protected lion may always be taken, by a promoted kirin too.
    let p = pos(
        "chu",
        &with(&CK, &[(5, 5, "+(KR)"), (4, 5, "(ln)"), (3, 5, "g")]),
        'b',
    );
    assert!(chu_has(&p, (5, 5), (4, 5), &[(4, 5)]));
    assert!(chu_has(&p, (5, 5), (5, 5), &[(4, 5)]));
    // Pawn bridge: the pawn on 6f guards the lion on 6g; taking the pawn, then the lion, is
    // illegal, and so is the direct jump.
    let p = pos(
        "chu",
        &with(&CK, &[(4, 5, "(LN)"), (5, 6, "p"), (6, 6, "(ln)")]),
        'b',
    );
    assert!(!chu_has(&p, (4, 5), (6, 6), &[(5, 6), (6, 6)]));
    assert!(!chu_has(&p, (4, 5), (6, 6), &[(6, 6)]));
    assert!(chu_has(&p, (4, 5), (6, 7), &[(5, 6)]));
    // A gold bridge (guarding too): the double capture is legal, the jump is not.
    let p = pos(
        "chu",
        &with(&CK, &[(4, 5, "(LN)"), (5, 6, "g"), (6, 6, "(ln)")]),
        'b',
    );
    assert!(chu_has(&p, (4, 5), (6, 6), &[(5, 6), (6, 6)]));
    assert!(!chu_has(&p, (4, 5), (6, 6), &[(6, 6)]));
    // A tokin (it guards 6g as a gold) is a bridge; an unpromoted go-between (guarding 6g too)
    // is not, a promoted one is.
    for (bridge, legal) in [("+p", true), ("(gb)", false), ("+(gb)", true)] {
        let p = pos(
            "chu",
            &with(&CK, &[(4, 5, "(LN)"), (5, 6, bridge), (6, 6, "(ln)")]),
            'b',
        );
        assert_eq!(
            chu_has(&p, (4, 5), (6, 6), &[(5, 6), (6, 6)]),
            legal,
            "{bridge}"
        );
        assert!(!chu_has(&p, (4, 5), (6, 6), &[(6, 6)]), "{bridge}");
    }
    // A pawn that does not guard the lion: both legal.
    let p = pos(
        "chu",
        &with(&CK, &[(4, 5, "(LN)"), (5, 5, "p"), (6, 6, "(ln)")]),
        'b',
    );
    assert!(chu_has(&p, (4, 5), (6, 6), &[(5, 5), (6, 6)]));
    assert!(chu_has(&p, (4, 5), (6, 6), &[(6, 6)]));
    // A falcon may take a protected lion.
    let p = pos(
        "chu",
        &with(&CK, &[(6, 5, "+(DH)"), (4, 5, "(ln)"), (3, 5, "g")]),
        'b',
    );
    assert!(chu_has(&p, (6, 5), (4, 5), &[(4, 5)]));
}

#[test]
fn chu_counter_strike() {
    let cs = square_name(12, 6 * 12 + 5);
    let pieces = with(
        &CK,
        &[
            (6, 5, "+(KR)"),
            (6, 8, "(LN)"),
            (5, 5, "g"),
            (5, 8, "g"),
            (4, 8, "(ln)"),
        ],
    );
    // §6.2: the kirin that just took a lion (and promoted) on the recorded square may be
    // recaptured; the other lion may not be taken by a non-lion, but by a lion.
    let p = pos_x("chu", &pieces, 'w', &cs);
    assert!(chu_has(&p, (5, 5), (6, 5), &[(6, 5)]));
    assert!(!chu_has(&p, (5, 8), (6, 8), &[(6, 8)]));
    assert!(chu_has(&p, (4, 8), (6, 8), &[(6, 8)]));
    assert_eq!(p.to_notation().split(' ').nth(2).unwrap(), cs);
    let p = pos("chu", &pieces, 'w');
    assert!(chu_has(&p, (5, 8), (6, 8), &[(6, 8)]));
    // The record: a kirin takes a lion and promotes.
    let p = pos("chu", &with(&CK, &[(5, 5, "(KR)"), (3, 5, "(ln)")]), 'b');
    let kirin = from(&p, 5, 5);
    let ms = find(&kirin, &p, (3, 5), &[(3, 5)]);
    assert_eq!(ms.len(), 2); // enters the zone: + and =
    for m in ms {
        let q = p.play(m);
        assert_eq!(q.to_notation().split(' ').nth(2).unwrap(), name(&p, 3, 5));
    }
    // A lion takes a lion: nothing recorded. Any other move clears the record.
    let p = pos_x(
        "chu",
        &with(&CK, &[(5, 5, "(LN)"), (4, 5, "(ln)")]),
        'b',
        "1a",
    );
    let m = find(&from(&p, 5, 5), &p, (4, 5), &[(4, 5)])[0].clone();
    assert_eq!(p.play(&m).to_notation().split(' ').nth(2).unwrap(), "-");
    // Falcon igui of a lion: the first-step square is recorded.
    let p = pos("chu", &with(&CK, &[(6, 5, "+(DH)"), (5, 5, "(ln)")]), 'b');
    let m = find(&from(&p, 6, 5), &p, (6, 5), &[(5, 5)])[0].clone();
    assert_eq!(
        p.play(&m).to_notation().split(' ').nth(2).unwrap(),
        name(&p, 5, 5)
    );
}

#[test]
fn chu_promotion() {
    let p = pos(
        "chu",
        &with(
            &CK,
            &[
                (4, 3, "P"),
                (3, 6, "P"),
                (1, 9, "P"),
                (3, 1, "S"),
                (4, 0, "p"),
            ],
        ),
        'b',
    );
    assert_eq!(from(&p, 4, 3).len(), 2); // enters the zone
    assert_eq!(from(&p, 3, 6).len(), 1); // stays inside, no capture
    assert_eq!(from(&p, 1, 9).len(), 2); // to the last rank
                                         // Silver leaving the zone: promotion only with the capture on 12e.
    let s = from(&p, 3, 1);
    assert_eq!(find(&s, &p, (4, 0), &[(4, 0)]).len(), 2);
    assert_eq!(find(&s, &p, (4, 2), &[]).len(), 1);
    assert_eq!(find(&s, &p, (2, 1), &[]).len(), 1);
}

#[test]
fn chu_game_end() {
    // Bare king: Black has king, gold and silver, White a lone king: over for either side.
    let pieces = with(&CKINGS, &[(8, 8, "G"), (9, 9, "S")]);
    assert!(pos("chu", &pieces, 'b').moves().is_empty());
    assert!(pos("chu", &pieces, 'w').moves().is_empty());
    // King and gold against a king that is next to the gold: not yet bare.
    let pieces = with(&CKINGS, &[(1, 1, "G")]);
    assert!(!pos("chu", &pieces, 'w').moves().is_empty());
    // King and a pawn against a king: pawns do not count; with dead pawns on White's side too.
    let pieces = with(&CKINGS, &[(5, 5, "P"), (11, 0, "p")]);
    assert!(!pos("chu", &pieces, 'w').moves().is_empty());
    // Two bare kings: a draw.
    assert!(pos("chu", &with(&CKINGS, &[(11, 3, "p")]), 'b')
        .moves()
        .is_empty());
    // No royal for the side to move.
    assert!(pos("chu", &[(11, 11, "K"), (0, 0, "g"), (0, 1, "s")], 'w')
        .moves()
        .is_empty());
}

// ------------------------------------------------------------------ Dai shogi

const DAIK: [(usize, usize, &str); 2] = [(14, 0, "K"), (0, 14, "k")];

#[test]
fn dai_startpos() {
    // docs/rules-decisions.md's setup: 65 pieces a side; Black's 71 moves (counted by rank in
    // tests/tests/dai.rs) and White's 71 after any of them.
    let p = RefPosition::parse("dai", "startpos").unwrap();
    let black = p.sq.iter().flatten().filter(|q| q.color == 0).count();
    assert_eq!(black, 65);
    assert_eq!(p.moves().len(), 71);
    assert_eq!(p.perft(2), 71 * 71);
    assert_eq!(RefPosition::parse("dai", &p.to_notation()).unwrap(), p);
}

#[test]
fn dai_promotion() {
    // Black's zone is rows 0-4. A knight on row 3 jumping to row 1 (its last two rows): no
    // capture, no entry, no promotion; capturing there, it must promote. A knight on row 6
    // entering row 4 may decline. A pawn on row 1 stepping to row 0: no promotion; a lance from
    // row 5 sliding into the zone may decline on rows 1-4 and must promote on row 0.
    let p = pos(
        "dai",
        &with(
            &DAIK,
            &[
                (3, 7, "N"),
                (1, 6, "p"),
                (6, 2, "N"),
                (1, 10, "P"),
                (5, 12, "L"),
            ],
        ),
        'b',
    );
    let n = from(&p, 3, 7);
    let onto = |ms: &[RefMove], to: (usize, usize), cap: &[(usize, usize)]| -> Vec<RefPromotion> {
        find(ms, &p, to, cap).iter().map(|m| m.promotion).collect()
    };
    assert_eq!(onto(&n, (1, 8), &[]), [RefPromotion::None]);
    assert_eq!(onto(&n, (1, 6), &[(1, 6)]), [RefPromotion::Promote]);
    let n = from(&p, 6, 2);
    assert_eq!(
        onto(&n, (4, 1), &[]),
        [RefPromotion::Promote, RefPromotion::Decline]
    );
    assert_eq!(onto(&from(&p, 1, 10), (0, 10), &[]), [RefPromotion::None]);
    let l = from(&p, 5, 12);
    assert_eq!(l.len(), 2 * 4 + 1);
    assert_eq!(onto(&l, (0, 12), &[]), [RefPromotion::Promote]);
    // No lion trading: a lion takes a lion two squares away though a gold guards it.
    let p = pos(
        "dai",
        &with(&DAIK, &[(7, 7, "(LN)"), (5, 7, "(ln)"), (4, 7, "g")]),
        'b',
    );
    assert_eq!(find(&from(&p, 7, 7), &p, (5, 7), &[(5, 7)]).len(), 1);
}

// ------------------------------------------------------------------ Tai shogi

#[test]
fn tai_startpos() {
    // QBoard's setup: 177 pieces a side, among them an emperor and a prince each; White's camp is
    // Black's turned round, so each side has as many moves.
    let p = RefPosition::parse("tai", "startpos").unwrap();
    let black = p.sq.iter().flatten().filter(|q| q.color == 0).count();
    assert_eq!(black, 177);
    assert!(p.has_emperor());
    assert_eq!(RefPosition::parse("tai", &p.to_notation()).unwrap(), p);
}

#[test]
fn tai_peacock_turns_only_forward() {
    // A peacock on (12, 12) with friendly pawns on (10, 10) and (10, 14): its forward-left leg
    // reaches (11, 11) only, its forward-right leg (11, 13) only. From (11, 11) it turns into
    // the forward-right diagonal, (10, 12) .. (0, 22): 11 squares; from (11, 13) into the
    // forward-left one, (10, 12) .. (0, 2): 11 squares, (10, 12) counted twice. Backward: the
    // steps (13, 11), (13, 13) and the jumps (14, 10), (14, 14). 2 + 11 + 11 - 1 + 4 = 27.
    // (An ordinary hook would also turn back from (11, 11) and (11, 13).)
    let p = pos(
        "tai",
        &[
            (24, 0, "(EM)"),
            (0, 24, "(em)"),
            (12, 12, "(PC)"),
            (10, 10, "P"),
            (10, 14, "P"),
        ],
        'b',
    );
    let ms = from(&p, 12, 12);
    assert_eq!(ms.len(), 27);
    assert_eq!(find(&ms, &p, (0, 22), &[]).len(), 1);
    assert_eq!(find(&ms, &p, (12, 10), &[]).len(), 0);
}
