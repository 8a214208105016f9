//! Modern Taikyoku (`taikyoku-atsa`, the Taikyoku site's "ATSA" rules, docs/atsa.md): the
//! mechanisms its variant file needs, each in a small hand-built position with the expected
//! moves worked out by hand from the rules (docs/rules-decisions.md, "Modern Taikyoku").
//!
//! Conventions: Black moves up (toward rank a); Black's left is toward the higher file numbers.
//! A square `<file><rank>` sits in column `36 - file` and row `rank` (a = 0, ..., z = 25, aa =
//! 26, ..., jj = 35). Black's promotion zone is ranks a..k (rows 0..10). Black's king stands on
//! 1jj and White's on 36a unless a test says otherwise.

mod kit;

use std::collections::BTreeSet;

use kit::{build, move_strings as moves_from, play, set, square};
use taikyoku_movegen::{EndReason, Outcome, Position, Promotion};

const N: usize = 21;

/// Modern Taikyoku with the two kings in opposite corners, plus `pieces`.
fn atsa(side: char, pieces: &[(&str, &str)]) -> Position<N> {
    let mut all = vec![("1jj", "K"), ("36a", "k")];
    all.extend_from_slice(pieces);
    build::<N>("taikyoku-atsa", side, &all)
}

/// What the move written `mv` does: `<to>[ x<captured,...>][+]`.
fn effect(pos: &Position<N>, mv: &str) -> String {
    let m = pos.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    let geo = pos.variant().geometry();
    let e = pos.effect(m);
    let mut caps: Vec<String> = e.captured.iter().map(|&s| geo.square_name(s)).collect();
    caps.sort();
    let mut s = geo.square_name(e.to);
    if !caps.is_empty() {
        s.push_str(" x");
        s.push_str(&caps.join(","));
    }
    if e.promotion == Promotion::Promote {
        s.push('+');
    }
    s
}

/// `from` followed by each of `dests`, each with `suffix`.
fn to_each(from: &str, dests: &[&str], suffix: &str) -> BTreeSet<String> {
    dests.iter().map(|d| format!("{from}{d}{suffix}")).collect()
}

/// The moves of `from` that end on one of `dests` (any suffix).
fn moves_to(pos: &Position<N>, from: &str, dests: &[&str]) -> BTreeSet<String> {
    let f = square(pos, from);
    let dests: Vec<_> = dests.iter().map(|d| square(pos, d)).collect();
    pos.moves()
        .into_iter()
        .filter(|m| m.from() == f && dests.contains(&m.to()))
        .map(|m| pos.move_to_string(m))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Range capture by rank (`range-capture = lower-rank`).

#[test]
fn a_range_capturer_lands_on_lower_ranks_of_either_side_and_stops_at_its_own_rank() {
    // Great general (rank 3) on 18r looking up file 18: its own pawn on 18q (rank 0), 18p
    // empty, a White vice general (rank 2) on 18o, a White great general (rank 3) on 18n. It
    // may land on its own pawn (removing it), on 18p (flying over and removing the pawn), on
    // the vice general (removing the pawn and the vice general); the great general blocks the
    // file and cannot be taken.
    let pos = atsa(
        'b',
        &[("18r", "GG"), ("18q", "P"), ("18o", "vg"), ("18n", "gg")],
    );
    let up = [
        "18q", "18p", "18o", "18n", "18m", "18l", "18k", "18j", "18a",
    ];
    assert_eq!(
        moves_to(&pos, "18r", &up),
        to_each("18r", &["18q", "18p", "18o"], "")
    );
    assert_eq!(effect(&pos, "18r18q"), "18q x18q");
    assert_eq!(effect(&pos, "18r18p"), "18p x18q");
    assert_eq!(effect(&pos, "18r18o"), "18o x18o,18q");
    // Taking its own pawn alone captures no enemy: captures-only generation leaves it out.
    let mut caps = Vec::new();
    pos.generate_captures(&mut caps);
    let caps: BTreeSet<String> = caps.iter().map(|&m| pos.move_to_string(m)).collect();
    assert!(caps.contains("18r18o") && !caps.contains("18r18q") && !caps.contains("18r18p"));
}

#[test]
fn a_range_capturer_never_takes_a_royal() {
    // Great general on 36k, White's king on 36a at the end of file 36: the general flies up to
    // 36b and stops; the king (royal, rank 4) blocks it. (The great general never promotes.)
    let pos = atsa('b', &[("36k", "GG")]);
    let file: Vec<String> = "bcdefghij"
        .chars()
        .map(|r| format!("36{r}"))
        .chain(["36a".to_string()])
        .collect();
    let file: Vec<&str> = file.iter().map(String::as_str).collect();
    assert_eq!(
        moves_to(&pos, "36k", &file),
        to_each(
            "36k",
            &["36b", "36c", "36d", "36e", "36f", "36g", "36h", "36i", "36j"],
            ""
        )
    );
}

#[test]
fn a_range_capture_into_the_zone_promotes() {
    // Angle general (rank 1, promotes to rain demon) on 18n flying up and to the right (toward
    // file 1): 17m, its own pawn on 16l, then 15k (rank k: the zone) to 5a. Landing on the
    // pawn removes it; every landing beyond flies over it; from 15k on the general promotes.
    let pos = atsa('b', &[("18n", "AG"), ("16l", "P")]);
    let ray = [
        "17m", "16l", "15k", "14j", "13i", "12h", "11g", "10f", "9e", "8d", "7c", "6b", "5a",
    ];
    let mut want = to_each("18n", &["17m", "16l"], "");
    want.extend(to_each("18n", &ray[2..], "+"));
    assert_eq!(moves_to(&pos, "18n", &ray), want);
    assert_eq!(effect(&pos, "18n16l"), "16l x16l");
    assert_eq!(effect(&pos, "18n15k+"), "15k x16l+");
    assert_eq!(effect(&pos, "18n17m"), "17m");
}

#[test]
fn a_range_capturer_of_rank_one_cannot_take_another_of_rank_one() {
    // Flying general (rank 1) on 18r; on file 18 above it a White angle general (rank 1) on
    // 18o: the flying general stops below it (18q, 18p), without capturing.
    let pos = atsa('b', &[("18r", "FLG"), ("18o", "ag")]);
    assert_eq!(
        moves_to(&pos, "18r", &["18q", "18p", "18o", "18n"]),
        to_each("18r", &["18q", "18p"], "")
    );
}

// ---------------------------------------------------------------------------------------------
// Compulsory promotion on the far 11 ranks (`promotion = zone-compulsory 11`).

#[test]
fn a_move_ending_in_the_zone_promotes_and_has_no_other_choice() {
    // Pawn (fW, promotes to gold general) on 18l steps to 18k, the zone's last rank.
    let pos = atsa('b', &[("18l", "P")]);
    assert_eq!(moves_from(&pos, "18l"), set(&["18l18k+"]));
    // A flying chariot (R, promotes to dragon king) on 18m: 18l stays outside, 18k to 18b
    // promote (the king on 36a is not on file 18).
    let pos = atsa('b', &[("18m", "FCH")]);
    let up = [
        "18l", "18k", "18j", "18i", "18h", "18g", "18f", "18e", "18d", "18c", "18b", "18a",
    ];
    let mut want = to_each("18m", &["18l"], "");
    want.extend(to_each("18m", &up[1..], "+"));
    assert_eq!(moves_to(&pos, "18m", &up), want);
}

#[test]
fn passing_over_pieces_into_the_zone_promotes() {
    // Gold bird (u3fB: the site's triple-slashed arrow on the forward diagonals; promotes to
    // free bird) on 18n, looking up and to the left: a White pawn on 19m, its own pawn on 20l,
    // 21k empty (the zone), a White pawn on 22j, 23i empty, its own pawn on 24h, the fourth
    // piece, where the line ends. It takes 19m (outside the zone), passes over 20l, and stops
    // on or takes in the zone: 21k, 22j, 23i, promoting.
    let pos = atsa(
        'b',
        &[
            ("18n", "GBI"),
            ("19m", "p"),
            ("20l", "P"),
            ("22j", "p"),
            ("24h", "P"),
        ],
    );
    let ray = ["19m", "20l", "21k", "22j", "23i", "24h", "25g"];
    let mut want = to_each("18n", &["19m"], "");
    want.extend(to_each("18n", &["21k", "22j", "23i"], "+"));
    assert_eq!(moves_to(&pos, "18n", &ray), want);
}

#[test]
fn a_promoted_piece_never_promotes_again() {
    // A promoted gold general moves as a flying chariot but keeps its own kind: it does not
    // promote again (an unpromoted flying chariot would become a dragon king in the zone).
    let pos = atsa('b', &[("18m", "+GLG")]);
    let up = ["18l", "18k", "18j", "18b", "18a"];
    assert_eq!(
        moves_to(&pos, "18m", &up),
        to_each("18m", &["18l", "18k", "18j", "18b", "18a"], "")
    );
}

#[test]
fn the_start_square_does_not_count() {
    // An unpromoted gold general (WfF) standing on 18k, in the zone: every move that ends in
    // the zone promotes; the step back to 18l leaves the zone and does not.
    let pos = atsa('b', &[("18k", "GLG")]);
    assert_eq!(
        moves_from(&pos, "18k"),
        set(&["18k18j+", "18k19j+", "18k17j+", "18k19k+", "18k17k+", "18k18l",])
    );
    // A treacherous fox (promotes to mountain crane) on 18j jumping back out of the zone
    // diagonally to 20l (two squares): its landing is outside, so it does not promote.
    let pos = atsa('b', &[("18j", "TF")]);
    assert!(moves_from(&pos, "18j").contains("18j20l"));
    assert!(!moves_from(&pos, "18j").contains("18j20l+"));
}

#[test]
fn a_hook_corner_in_the_zone_does_not_promote() {
    // Capricorn (hB, promotes to hook mover) on 20m reaches 15n two ways: up-right to 18k (a
    // corner in the zone) then down-right, or down-right to 17p then up-right. Only the
    // destination counts: one move, unpromoted.
    let pos = atsa('b', &[("20m", "C")]);
    assert_eq!(moves_to(&pos, "20m", &["15n"]), set(&["20m15n"]));
}

/// The lion on 18l (row 11, one rank outside the zone) on an empty neighbourhood: its moves.
fn lion_moves() -> BTreeSet<String> {
    // Squares within two: files 20..16, ranks j..n. Ranks l, m, n: 14 plain moves; ranks j and
    // k (the zone): 10 promoting moves. Through an empty square of the zone (19k, 18k, 17k) it
    // may also end one step away on rank l: 20l, 19l, 17l, 16l promoted (18l is the origin).
    // Passes: through a square of the zone (promoted) and through any other empty neighbour.
    let mut want = BTreeSet::new();
    for rank in ['l', 'm', 'n'] {
        for file in 16..=20 {
            let sq = format!("{file}{rank}");
            if sq != "18l" {
                want.insert(format!("18l{sq}"));
            }
        }
    }
    for rank in ['j', 'k'] {
        for file in 16..=20 {
            want.insert(format!("18l{file}{rank}+"));
        }
    }
    want.extend(to_each("18l", &["20l", "19l", "17l", "16l"], "+"));
    want.extend(set(&["18l18l", "18l18l+"]));
    want
}

#[test]
fn a_lion_stopping_in_the_zone_between_its_steps_promotes() {
    let pos = atsa('b', &[("18l", "L")]);
    let got = moves_from(&pos, "18l");
    assert_eq!(got.len(), 30);
    assert_eq!(got, lion_moves());
    // The promoting move to 19l is written through the zone, or with '+'; without either it
    // is the jump, which does not promote (as the Taikyoku site's protocol reads it).
    assert_eq!(effect(&pos, "18l19k19l"), "19l+");
    assert_eq!(effect(&pos, "18l19l+"), "19l+");
    assert_eq!(effect(&pos, "18l19l"), "19l");
    assert_eq!(effect(&pos, "18l19m19l"), "19l");
    assert_eq!(effect(&pos, "18l18k18l"), "18l+");
    assert_eq!(effect(&pos, "18l18m18l"), "18l");
    // Played, the promoting step leaves a promoted lion (a furious fiend) on 19l.
    let mut p = pos.clone();
    play(&mut p, "18l18k19l");
    assert_eq!(kit::at(&p, "19l"), "+L");
}

#[test]
fn a_lion_counts_each_path_for_the_sites_perft() {
    // tomatene and the site count every path: the direct step and one per empty first-step
    // square. To 19l: through 19k or 18k (the zone: promoted), or directly, through 19m or 18m
    // (not promoted). The passes: through 19k, 18k, 17k (promoted) or the other five.
    let pos = atsa('b', &[("18l", "L")]);
    let paths = |mv: &str| pos.path_count(pos.parse_move(mv).unwrap());
    assert_eq!(paths("18l19l+"), 2);
    assert_eq!(paths("18l19l"), 3);
    assert_eq!(paths("18l18l+"), 3);
    assert_eq!(paths("18l18l"), 5);
    // A lone lion in the open: 24 squares, 88 paths (24 direct, 64 through a first step).
    let pos = atsa('b', &[("18r", "L")]);
    let f = square(&pos, "18r");
    let total: u64 = pos
        .moves()
        .into_iter()
        .filter(|m| m.from() == f)
        .map(|m| pos.path_count(m))
        .sum();
    assert_eq!(total, 88);
}

#[test]
fn lion_igui_and_double_captures_in_the_zone_promote() {
    // Lion on 18l, a White pawn on 18k (the zone): taking it and returning (igui) promotes, as
    // does taking it and stepping on to 19l; the pass through 18k no longer exists (18k is not
    // empty), so the only promoting passes go through 19k or 17k.
    let pos = atsa('b', &[("18l", "L"), ("18k", "p")]);
    assert_eq!(effect(&pos, "18l18k18l"), "18l x18k+");
    assert_eq!(effect(&pos, "18l18k19l"), "19l x18k+");
    assert_eq!(pos.path_count(pos.parse_move("18l18l+").unwrap()), 2);
    // Only an empty neighbour lets a lion pass: one surrounded by its own pieces cannot.
    let around = ["19k", "18k", "17k", "19l", "17l", "19m", "18m", "17m"];
    let mut pieces: Vec<(&str, &str)> = around.iter().map(|&s| (s, "GB")).collect();
    pieces.push(("18l", "L"));
    let pos = atsa('b', &pieces);
    assert!(moves_to(&pos, "18l", &["18l"]).is_empty());
}

// ---------------------------------------------------------------------------------------------
// The free eagle's igui and pass (`iK {pass K}`).

#[test]
fn the_free_eagle_passes_through_an_empty_neighbour_and_igui_on_an_enemy() {
    // Free eagle on 18r, all neighbours empty: one pass.
    let pos = atsa('b', &[("18r", "FE")]);
    assert_eq!(moves_to(&pos, "18r", &["18r"]), set(&["18r18r"]));
    assert_eq!(pos.path_count(pos.parse_move("18r18r").unwrap()), 8);
    // Written through a neighbour, as the site writes a pass.
    assert_eq!(effect(&pos, "18r18q18r"), "18r");
    // Surrounded by its own pieces but for a White pawn on 18q: no pass, igui on 18q.
    let around = ["19q", "17q", "19r", "17r", "19s", "18s", "17s"];
    let mut pieces: Vec<(&str, &str)> = around.iter().map(|&s| (s, "GB")).collect();
    pieces.extend([("18r", "FE"), ("18q", "p")]);
    let pos = atsa('b', &pieces);
    assert_eq!(moves_to(&pos, "18r", &["18r"]), set(&["18r18q18r"]));
    assert_eq!(effect(&pos, "18r18q18r"), "18r x18q");
    // All neighbours its own: neither.
    let mut pieces: Vec<(&str, &str)> = around.iter().map(|&s| (s, "GB")).collect();
    pieces.extend([("18r", "FE"), ("18q", "GB")]);
    let pos = atsa('b', &pieces);
    assert!(moves_to(&pos, "18r", &["18r"]).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Movements the site spells differently.

#[test]
fn the_rain_demon_may_stop_where_its_diagonal_jump_lands() {
    // Rain demon (fR3 sR2 bB2 bR fB fj2B: tomatene's reading of the site's (fA-B)) on 18r, its
    // own pawn on 17q blocking the forward-right diagonal: it jumps to 16p and may stop there
    // or slide on to 1a.
    let pos = atsa('b', &[("18r", "RAD"), ("17q", "P")]);
    let ray = [
        "17q", "16p", "15o", "14n", "13m", "12l", "11k", "10j", "9i", "8h", "7g", "6f", "5e", "4d",
        "3c", "2b", "1a",
    ];
    assert_eq!(moves_to(&pos, "18r", &ray), to_each("18r", &ray[1..], ""));
}

#[test]
fn fs_on_a_king_step_keeps_all_four_diagonals() {
    // The site expands K to W and F before applying modifiers: the drunken elephant's fsK is
    // forward and sideways steps plus all four diagonals (7 squares, not the backward one).
    let pos = atsa('b', &[("18r", "DE")]);
    assert_eq!(
        moves_from(&pos, "18r"),
        to_each(
            "18r",
            &["18q", "19r", "17r", "19q", "17q", "19s", "17s"],
            ""
        )
    );
}

// ---------------------------------------------------------------------------------------------
// The game layer: the fifth occurrence is a draw (tomatene's rule).

#[test]
fn the_fifth_occurrence_of_a_position_is_a_draw() {
    let mut p = atsa('b', &[("18r", "GLG"), ("18e", "glg")]);
    let cycle = ["18r18s", "18e18d", "18s18r", "18d18e"];
    let mut checks = Vec::new();
    for _ in 0..4 {
        assert!(p.game_result(&checks).is_none());
        for m in cycle {
            play(&mut p, m);
            checks.push(false);
        }
    }
    let r = p.game_result(&checks).unwrap();
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!(r.reason, EndReason::FivefoldRepetition);
}

#[test]
fn the_start_position_has_the_sites_move_counts() {
    // tomatene's perft from the start: 488, 237,797 counting every path; 237,750 moves when
    // one move per effect (47 lion-hawk paths through an empty square are one jump each).
    let mut p =
        Position::<N>::startpos(taikyoku_movegen::Variant::builtin("taikyoku-atsa").unwrap());
    assert_eq!(p.perft(1), 488);
    assert_eq!(p.perft(2), 237_750);
    let mut buf = Vec::new();
    assert_eq!(p.perft_paths_with(2, &mut buf), 237_797);
}
