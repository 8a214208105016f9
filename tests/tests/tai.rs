//! Tai shogi's rules, derived by hand from docs/rules-decisions.md ("Tai shogi"): QBoard's
//! setup, the nine kinds of Tai's own as QBoard moves them, QBoard's promotions (compulsory on a
//! piece's first capture), and the emperor and prince as objectives.
//!
//! Squares: 25 files, ranks a (White's back rank, Black's last) to y (Black's back rank). Black
//! moves towards rank a; Black's left is the higher file.

mod kit;

use std::collections::BTreeSet;
use std::sync::Arc;

use taikyoku_movegen::{Position, Variant};

type Tai = Position<12>;

fn tai() -> Arc<Variant> {
    Variant::builtin("tai").unwrap()
}

const RANKS: &[u8] = b"abcdefghijklmnopqrstuvwxy";

/// The emperors, off every line through 13m (Black's on 24y, White's on 2a).
fn with_emperors<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v = vec![("24y", "EM"), ("2a", "em")];
    v.extend_from_slice(extra);
    v
}

fn pos(pieces: &[(&str, &str)], white: bool) -> Tai {
    kit::build_in(
        tai(),
        if white { 'w' } else { 'b' },
        "-",
        &with_emperors(pieces),
    )
}

fn of(p: &Tai, from: &str) -> BTreeSet<String> {
    kit::move_strings(p, from)
}

/// The square `k` steps of (`df` files to the left, `dr` ranks towards rank y) from file `f`,
/// rank number `r` (a = 1), if on the board.
fn step(f: i32, r: i32, df: i32, dr: i32, k: i32) -> Option<(i32, i32)> {
    let (f, r) = (f + df * k, r + dr * k);
    ((1..=25).contains(&f) && (1..=25).contains(&r)).then_some((f, r))
}

fn name((f, r): (i32, i32)) -> String {
    format!("{f}{}", RANKS[r as usize - 1] as char)
}

/// Moves from 13m on an otherwise empty board (the emperors aside): slides of up to `max`
/// squares (0 = to the edge) along each of `slides`, and single leaps by each of `leaps`.
fn from_13m(slides: &[((i32, i32), i32)], leaps: &[(i32, i32)]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for &((df, dr), max) in slides {
        let max = if max == 0 { 25 } else { max };
        for k in 1..=max {
            match step(13, 13, df, dr, k) {
                Some(t) => out.insert(format!("13m{}", name(t))),
                None => break,
            };
        }
    }
    for &(df, dr) in leaps {
        if let Some(t) = step(13, 13, df, dr, 1) {
            out.insert(format!("13m{}", name(t)));
        }
    }
    out
}

// Directions as Black sees them: (files to the left, ranks back).
const F: (i32, i32) = (0, -1);
const B: (i32, i32) = (0, 1);
const L: (i32, i32) = (1, 0);
const R: (i32, i32) = (-1, 0);
const FL: (i32, i32) = (1, -1);
const FR: (i32, i32) = (-1, -1);
const BL: (i32, i32) = (1, 1);
const BR: (i32, i32) = (-1, 1);

#[test]
fn start_position() {
    let mut p = Tai::startpos(tai());
    // QBoard's setup: ranks 1-6 full (150 pieces), 25 pawns on rank 7 and two go-betweens on
    // rank 8: 177 a side, 354 in all, so 625 - 354 = 271 empty squares.
    assert_eq!(p.piece_count(taikyoku_movegen::Colour::Black), 177);
    assert_eq!(p.piece_count(taikyoku_movegen::Colour::White), 177);
    // Where QBoard puts the royals and a few pieces whose side matters (QBoard's row j is
    // Black's rank j+1, its column i file i+1): emperor 13y, prince 13x, deva 14y (the emperor's
    // left) and dark spirit 12y, left general 14x and right general 12x, lion 13v, lion dog 13t,
    // left chariot 25u and right chariot 1u, blue dragon 24u and vermilion sparrow 2u, white
    // tiger 2y and turtle-snake 24y, the go-betweens 18r and 8r; White's mirrored.
    for (sq, code) in [
        ("13y", "EM"),
        ("13x", "PR"),
        ("14y", "DV"),
        ("12y", "DS"),
        ("14x", "LG"),
        ("12x", "RG"),
        ("13v", "LN"),
        ("13t", "LD"),
        ("25u", "LC"),
        ("1u", "RC"),
        ("24u", "BL"),
        ("2u", "VI"),
        ("2y", "WT"),
        ("24y", "TS"),
        ("18r", "GB"),
        ("8r", "GB"),
        ("13a", "em"),
        ("13b", "pr"),
        ("12a", "dv"),
        ("1e", "lc"),
        ("2e", "bl"),
        ("24e", "vi"),
        ("18h", "gb"),
    ] {
        assert_eq!(kit::at(&p, sq), code, "{sq}");
    }
    // Black's moves, counted from the setup: the emperor may go to every empty square (it has
    // a prince, so attacked empty squares too), and every White piece is protected (so it
    // captures none): 271. The others, by rank: rank 8, the two go-betweens step forward (2);
    // rank 7, the 23 pawns not behind a go-between (23); rank 6, the donkeys on 22t and 4t jump
    // over their pawns to 22r and 4r (2), the lion dog on 13t jumps two or three squares
    // forward and along both forward diagonals over the pawns (6) and passes (1); rank 4, the
    // lion (13v) and the horned falcons (19v, 7v) pass, hemmed in (3); rank 2, the soaring
    // eagles (23x, 3x) pass (2). Nothing else has an empty square within reach.
    // 271 + 2 + 23 + 2 + 7 + 3 + 2 = 310.
    assert_eq!(p.moves().len(), 310);
    let emperor = of(&p, "13y");
    assert_eq!(emperor.len(), 271);
    assert!(emperor.contains("13y13m") && emperor.contains("13y1j"));
    assert_eq!(
        of(&p, "13t"),
        kit::set(&["13t13r", "13t13q", "13t15r", "13t16q", "13t11r", "13t10q", "13t13t"])
    );
    let text = p.to_notation();
    assert_eq!(Tai::parse(tai(), &text).unwrap().to_notation(), text);
    kit::play(&mut p, "13s13r");
    assert_eq!(p.moves().len(), 310);
}

#[test]
fn tai_own_pieces_move_as_qboard_moves_them() {
    // Each alone on 13m (the emperors on 24y and 2a, on none of its lines).
    let cases: &[(&str, BTreeSet<String>)] = &[
        // Turtle-snake: forward and forward diagonally to the edge, one square back, one square
        // back diagonally, a jump to the second square back diagonally.
        (
            "TS",
            from_13m(
                &[(F, 0), (FL, 0), (FR, 0), (B, 1), (BL, 1), (BR, 1)],
                &[(2, 2), (-2, 2)],
            ),
        ),
        // Vermilion sparrow: forward and forward diagonally to the edge, one square back, up to
        // two squares back diagonally.
        (
            "VI",
            from_13m(&[(F, 0), (FL, 0), (FR, 0), (B, 1), (BL, 2), (BR, 2)], &[]),
        ),
        // Golden deer: forward diagonally to the edge; one square back diagonally or a jump to
        // the second.
        (
            "GL",
            from_13m(&[(FL, 0), (FR, 0), (BL, 1), (BR, 1)], &[(2, 2), (-2, 2)]),
        ),
        // Silver hare: the golden deer turned round.
        (
            "SH",
            from_13m(&[(BL, 0), (BR, 0), (FL, 1), (FR, 1)], &[(2, -2), (-2, -2)]),
        ),
        // Soldier: orthogonally and backward diagonally to the edge.
        (
            "SO",
            from_13m(&[(F, 0), (B, 0), (L, 0), (R, 0), (BL, 0), (BR, 0)], &[]),
        ),
        // Ram's-head soldier: forward diagonally to the edge.
        ("HE", from_13m(&[(FL, 0), (FR, 0)], &[])),
        // Fierce eagle: one square diagonally or sideways, a jump to the second square
        // diagonally.
        (
            "EG",
            from_13m(
                &[(FL, 1), (FR, 1), (BL, 1), (BR, 1), (L, 1), (R, 1)],
                &[(2, 2), (2, -2), (-2, 2), (-2, -2)],
            ),
        ),
        // Side dragon: sideways and forward to the edge, one square back.
        ("SI", from_13m(&[(L, 0), (R, 0), (F, 0), (B, 1)], &[])),
    ];
    let sizes: Vec<usize> = cases.iter().map(|(_, s)| s.len()).collect();
    // 12 + 24 + 1 + 2 + 2; 12 + 24 + 1 + 4; 24 + 2 + 2 twice; 48 + 24; 24; 6 + 4; 24 + 12 + 1.
    assert_eq!(sizes, [41, 41, 28, 28, 72, 24, 10, 37]);
    for (code, expected) in cases {
        let p = pos(&[("13m", code)], false);
        assert_eq!(&of(&p, "13m"), expected, "{code}");
    }
}

#[test]
fn the_peacock_turns_only_into_the_other_forward_diagonal() {
    // A peacock on 13m with Black pawns on 15k and 11k: its forward-left leg reaches 14l only,
    // its forward-right leg 12l only. From 14l it may turn into the forward-right diagonal
    // (13k .. 3a, 11 squares), from 12l into the forward-left one (13k .. 23a, 11 squares), 13k
    // twice; never back (from 14l not to 15m, from 12l not to 11m). Backward: one square
    // diagonally (14n, 12n) or a jump to the second (15o, 11o). 2 + 11 + 11 - 1 + 4 = 27.
    let p = pos(&[("13m", "PC"), ("15k", "P"), ("11k", "P")], false);
    let ms = of(&p, "13m");
    assert_eq!(ms.len(), 27);
    for m in [
        "13m14l", "13m12l", "13m3a", "13m23a", "13m13k", "13m15o", "13m11o",
    ] {
        assert!(ms.contains(m), "{m}");
    }
    for m in ["13m15m", "13m11m", "13m15k", "13m11k"] {
        assert!(!ms.contains(m), "{m}");
    }
    // Alone on 13m, a peacock reaches every square that a forward-left leg of a squares and a
    // forward-right leg of b squares (in either order) reach, both legs inside the board: the
    // corners (13 + a, m - a) and (13 - b, m - b) are on the board whenever the end is. Plus
    // the four backward ones.
    let p = pos(&[("13m", "PC")], false);
    let mut expected = from_13m(&[(BL, 1), (BR, 1)], &[(2, 2), (-2, 2)]);
    for a in 0..=12 {
        for b in 0..=12 {
            if a + b == 0 {
                continue;
            }
            let (f, r) = (13 + a - b, 13 - a - b);
            if (1..=25).contains(&f) && r >= 1 {
                expected.insert(format!("13m{}", name((f, r))));
            }
        }
    }
    assert_eq!(of(&p, "13m"), expected);
}

#[test]
fn white_pieces_are_black_pieces_turned_round() {
    // A White golden deer on 13m ranges towards rank y diagonally and steps or jumps towards
    // rank a: the Black silver hare's moves.
    let black = pos(&[("13m", "SH")], false);
    let white = pos(&[("13m", "gl")], true);
    assert_eq!(of(&white, "13m"), of(&black, "13m"));
}

#[test]
fn promotion_is_compulsory_on_the_first_capture() {
    // A side dragon (promotes to gold) capturing a pawn on 13l promotes: only the `+` move.
    let mut p = pos(&[("13m", "SI"), ("13l", "p"), ("10m", "p")], false);
    let ms = of(&p, "13m");
    assert!(ms.contains("13m13l+") && !ms.contains("13m13l") && !ms.contains("13m13l="));
    assert!(ms.contains("13m10m+") && !ms.contains("13m13k"));
    kit::play(&mut p, "13m13l+");
    assert_eq!(kit::at(&p, "13l"), "+SI");
    kit::play(&mut p, "10m10n");
    // Promoted, it moves as a gold general.
    assert_eq!(
        of(&p, "13l"),
        kit::set(&["13l13k", "13l14k", "13l12k", "13l14l", "13l12l", "13l13m"])
    );
    // A kind with no promotion (the soldier) captures without one.
    let p = pos(&[("13m", "SO"), ("13l", "p")], false);
    assert!(of(&p, "13m").contains("13m13l"));
    // The drunk elephant promotes to a prince, a second royal piece: a side whose emperor is
    // taken plays on with it.
    let mut p = pos(&[("13m", "DE"), ("13l", "p")], false);
    kit::play(&mut p, "13m13l+");
    assert_eq!(kit::at(&p, "13l"), "+DE");
    let mut q = kit::build_in::<12>(
        tai(),
        'w',
        "-",
        &[("24y", "EM"), ("2a", "em"), ("13l", "+DE"), ("24x", "g")],
    );
    kit::play(&mut q, "24x24y");
    assert!(!q.moves().is_empty());
}

/// Tai with QBoard's emperor: `tai.var` with `emperor = all-but-protected-royals`.
fn tai_qboard_emperor() -> Arc<Variant> {
    let text =
        include_str!("../../movegen/variants/tai.var").replacen("id = tai", "id = tai-qboard", 1)
            + "\n[rules]\nemperor = all-but-protected-royals\n";
    Variant::from_text("tai-qboard", &text).unwrap()
}

#[test]
fn qboards_emperor_takes_anything_but_a_protected_royal() {
    // Black: emperor 13m, pawn 24x. White: emperor 2a, prince 20e guarded by a gold on 20d
    // (White moves towards rank y), pawn 5e guarded by a gold on 5d. Seven pieces, 618 empty
    // squares: the emperor goes to every one, and captures the pawn and both golds (guarded or
    // not: they are not royal) and the emperor on 2a (no White piece could take on 2a, and
    // White has no other emperor), but not the prince (guarded by the gold, and by White's
    // emperor, which may go to any empty square). 618 + 4 = 622.
    let v = tai_qboard_emperor();
    let pieces = [
        ("13m", "EM"),
        ("24x", "P"),
        ("2a", "em"),
        ("20e", "pr"),
        ("20d", "g"),
        ("5e", "p"),
        ("5d", "g"),
    ];
    let p: Tai = kit::build_in(v.clone(), 'b', "-", &pieces);
    let ms = of(&p, "13m");
    assert_eq!(ms.len(), 622);
    for m in ["13m5e", "13m20d", "13m5d", "13m2a", "13m12l", "13m1y"] {
        assert!(ms.contains(m), "{m}");
    }
    assert!(!ms.contains("13m20e"));
    // A White prince on 3b guards the emperor on 2a, and White's emperor guards the prince:
    // neither may be taken. 617 empty squares + 3 captures = 620.
    let mut more = pieces.to_vec();
    more.push(("3b", "pr"));
    let p: Tai = kit::build_in(v, 'b', "-", &more);
    let ms = of(&p, "13m");
    assert_eq!(ms.len(), 620);
    assert!(!ms.contains("13m2a") && !ms.contains("13m3b") && !ms.contains("13m20e"));
    // Under the default reading (Maka dai dai's), with no prince on either side and both
    // emperors on the board, the emperor may go only where its own side protects, and not
    // where the opponent attacks: its pawn guards 24w alone.
    let bare: Vec<_> = pieces.iter().filter(|(_, c)| *c != "pr").copied().collect();
    let p = kit::build_in::<12>(tai(), 'b', "-", &bare);
    assert_eq!(of(&p, "13m"), kit::set(&["13m24w"]));
}
