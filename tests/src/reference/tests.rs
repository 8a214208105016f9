//! Unit tests of the reference generator. Expected counts are derived by hand from the rules
//! text; each test says how.
//!
//! Coordinates in the helpers are (row, column): row 0 = rank a (top), column 0 = the leftmost
//! file as Black sees the board (file n). Black moves up (towards row 0).

use super::*;

/// A position of `variant` with the given pieces, `(row, col, token)`, token as in notation.md
/// ("K", "k", "+P", "(GG)", "+(ro)"), side to move `side` ('b' or 'w').
fn pos(variant: &str, pieces: &[(usize, usize, &str)], side: char) -> RefPosition {
    let n = super::variant(variant).unwrap().size;
    let mut grid: Vec<Option<&str>> = vec![None; n * n];
    for &(r, c, t) in pieces {
        assert!(grid[r * n + c].is_none(), "two pieces on ({r},{c})");
        grid[r * n + c] = Some(t);
    }
    let mut ranks = Vec::new();
    for r in 0..n {
        let mut s = String::new();
        let mut empty = 0;
        for c in 0..n {
            match grid[r * n + c] {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += t;
                }
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    let text = format!("{} {} - 1", ranks.join("/"), side);
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
    for (v, n) in [("taikyoku", 402), ("dai-dai", 96), ("maka-dai-dai", 96)] {
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
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
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
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let ms = p.moves();
        let mut d = ms.clone();
        d.dedup();
        assert_eq!(d.len(), ms.len());
        assert_eq!(p.perft(1), ms.len() as u64);
        assert_eq!(p.perft(0), 1);
    }
}

/// A tiny deterministic generator for the playout tests.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
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

#[test]
#[ignore]
fn print_perft() {
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let t = std::time::Instant::now();
        let m = p.moves();
        let el = t.elapsed();
        let t2 = std::time::Instant::now();
        let p2 = p.perft(2);
        println!(
            "{v}: perft1 {} ({el:?}) perft2 {p2} ({:?})",
            m.len(),
            t2.elapsed()
        );
    }
}

#[test]
#[ignore]
fn print_perft3() {
    println!("rayon threads {}", rayon::current_num_threads());
    for v in ["taikyoku", "dai-dai", "maka-dai-dai"] {
        let p = RefPosition::parse(v, "startpos").unwrap();
        let t = std::time::Instant::now();
        let p3 = p.perft(3);
        println!("{v}: perft3 {p3} ({:?})", t.elapsed());
    }
}

#[test]
#[ignore]
fn print_playout_timings() {
    for (v, plies) in [("taikyoku", 600), ("dai-dai", 400), ("maka-dai-dai", 400)] {
        let mut rng = Lcg(777);
        let mut p = RefPosition::parse(v, "startpos").unwrap();
        let mut worst = std::time::Duration::ZERO;
        let mut total = std::time::Duration::ZERO;
        let mut count = 0;
        let mut max_moves = 0;
        let mut emperor_positions = 0;
        for _ in 0..plies {
            let t = std::time::Instant::now();
            let ms = p.moves();
            let el = t.elapsed();
            worst = worst.max(el);
            total += el;
            count += 1;
            max_moves = max_moves.max(ms.len());
            if p.sq.iter().flatten().any(|&q| p.is_emperor(q)) {
                emperor_positions += 1;
            }
            if ms.is_empty() {
                break;
            }
            let m = ms[rng.next(ms.len())].clone();
            p = p.play(&m);
        }
        println!(
            "{v}: {count} positions, mean {:?}, worst {worst:?}, max moves {max_moves}, emperor positions {emperor_positions}",
            total / count as u32
        );
    }
}

#[test]
#[ignore]
fn print_emperor_timing() {
    let s = RefPosition::parse("maka-dai-dai", "startpos")
        .unwrap()
        .to_notation();
    // Both kings promoted: both sides have an emperor (strict rule), and Black's emperor lifted
    // out to the middle of the board.
    let mut p = RefPosition::parse("maka-dai-dai", &s.replacen("k", "+k", 1)).unwrap();
    let k =
        p.sq.iter()
            .position(
                |q| matches!(q, Some(q) if q.color == 0 && p.v.kinds[q.kind as usize].code == "K"),
            )
            .unwrap();
    let mut e = p.sq[k].unwrap();
    e.promoted = true;
    p.sq[k] = None;
    p.sq[9 * 19 + 9] = Some(e);
    let t = std::time::Instant::now();
    let ms = p.moves();
    println!(
        "{} moves in {:?}: {}",
        ms.len(),
        t.elapsed(),
        p.to_notation()
    );
}

#[test]
#[ignore]
fn print_start_moves_by_piece() {
    let p = RefPosition::parse("taikyoku", "startpos").unwrap();
    let mut by: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for m in p.moves() {
        let q = p.sq[parse_square(36, &m.from).unwrap()].unwrap();
        let code = p.v.kinds[q.kind as usize].code.clone();
        by.entry(format!("{code}@{}", m.from))
            .or_default()
            .push(format!(
                "{}{}{:?}{}",
                m.to,
                if m.captured.is_empty() { "" } else { "x" },
                m.captured,
                match m.promotion {
                    RefPromotion::Promote => "+",
                    _ => "",
                }
            ));
    }
    for (k, v) in by {
        println!("{k} ({}): {}", v.len(), v.join(" "));
    }
}
