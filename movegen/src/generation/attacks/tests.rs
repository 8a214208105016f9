use std::sync::Arc;

use super::reach::{near_masks, NEAR};
use super::reach_build::captures_afar;
use super::*;
use crate::board::geometry::Square;
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::definition::variant::Variant;

/// One empty board asked about every kind of chu and of Taikyoku on several squares, each
/// question twice in a row, answers as a fresh board does: what the previous question
/// reached is forgotten (a rook in a chu corner reaches 22 squares, a king in the middle
/// 8).
#[test]
fn a_reused_empty_board_answers_as_a_fresh_one() {
    for id in ["chu", "taikyoku"] {
        let v = Variant::builtin(id).unwrap();
        let mut board = EmptyBoardReach::new(&v);
        let (files, ranks) = (v.geo.files(), v.geo.ranks());
        for kind in v.kind_ids() {
            let form = Variant::form_of(kind, false);
            for (col, row) in [(0, 0), (files / 2, ranks / 2), (files - 1, 2)] {
                let fresh = empty_board_reach(&v, form, col, row);
                for _ in 0..2 {
                    let mut again = Vec::new();
                    board.reach(form, col, row, |dc, dr| again.push((dc, dr)));
                    assert_eq!(
                        again,
                        fresh,
                        "{id} {} at ({col}, {row})",
                        v.kind(kind).code()
                    );
                }
            }
        }
    }
    let v = Variant::builtin("chu").unwrap();
    let count = |code: &str, col, row| {
        let form = Variant::form_of(v.kind_by_code(code).unwrap(), false);
        empty_board_reach(&v, form, col, row).len()
    };
    assert_eq!(count("R", 0, 0), 22);
    assert_eq!(count("K", 5, 5), 8);
}

/// Along a seeded random playout of `id`, on every square and for both sides, the board
/// masks' candidates hold every piece the reach tables name (the whole piece list
/// filtered by the tables, as the attack questions asked before the masks), and no piece
/// of the other side. Returns how many far-reaching kind bitboards the variant has.
fn candidates_cover_reach<const N: usize>(id: &str, seed: u64, plies: usize) -> usize {
    let v = Variant::builtin(id).unwrap();
    playout::<N>(&v, seed, plies, |ply, p| {
        if ply % 5 == 0 {
            for side in [Colour::Black, Colour::White] {
                for to in v.geo.all_squares() {
                    let bb = p.reach_candidates(side, to);
                    for &s in &p.plist[side.index()] {
                        let piece = p.board[s as usize];
                        if !v.form(piece).emperor
                            && v.reach.may_reach(piece, s as usize, to.index())
                        {
                            assert!(
                                bb.has(v.geo.dense(Square(s))),
                                "{id}: {} on {} misses {}",
                                v.kind(v.form(piece).kind).code(),
                                v.geo.square_name(Square(s)),
                                v.geo.square_name(to)
                            );
                        }
                    }
                    for &s in &p.plist[side.flip().index()] {
                        assert!(!bb.has(v.geo.dense(Square(s))));
                    }
                }
            }
        }
    });
    v.reach.far_kinds[0].len() + v.reach.far_kinds[1].len()
}

/// Plays a seeded random game of `v` for up to `plies` plies (a small linear congruential
/// generator picks the moves), showing `visit` each position with its ply.
fn playout<const N: usize>(
    v: &Arc<Variant>,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(usize, &Position<N>),
) {
    let mut p = Position::<N>::startpos(v.clone());
    let mut state = seed;
    for ply in 0..plies {
        visit(ply, &p);
        let moves = p.moves();
        if moves.is_empty() || p.winner().is_some() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        p.make(moves[(state >> 33) as usize % moves.len()]);
    }
}

/// Whether the piece on `at` reaches `target` by its whole program (the interpreter alone).
fn walks_to<const N: usize>(p: &Position<N>, board: &[Piece], at: u16, target: Square) -> bool {
    let v = &*p.variant;
    let mut hit = AnyHit {
        target: target.index(),
        hit: false,
    };
    let piece = board[at as usize];
    Walker::new(v, board, Square(at), &mut hit).program(&v.programs[piece.index()]);
    hit.hit
}

/// Along a seeded random playout of `id`, for every piece and square, `reaches_in` (the
/// tables, then only the ops of the target's region) says what walking the whole program
/// says, on the position's board and on a copy with every third piece lifted (as in an
/// exchange).
fn reaches_agrees_with_whole_programs<const N: usize>(
    id: &str,
    seed: u64,
    plies: usize,
    every: usize,
) {
    let v = Variant::builtin(id).unwrap();
    playout::<N>(&v, seed, plies, |ply, p| {
        if ply % every == every - 1 {
            let mut lifted = p.board.clone();
            for (k, &s) in p.plist[0].iter().chain(&p.plist[1]).enumerate() {
                if k % 3 == 2 {
                    lifted[s as usize] = Piece::EMPTY;
                }
            }
            for board in [&p.board, &lifted] {
                for &at in p.plist[0].iter().chain(&p.plist[1]) {
                    let piece = board[at as usize];
                    if !piece.is_piece() || v.form(piece).emperor {
                        continue;
                    }
                    for to in v.geo.all_squares() {
                        if to.0 == at {
                            continue;
                        }
                        assert_eq!(
                            p.reaches_in(&board[..], Square(at), to),
                            walks_to(p, board, at, to),
                            "{id}: {} on {} to {} in {}",
                            v.kind(v.form(piece).kind).code(),
                            v.geo.square_name(Square(at)),
                            v.geo.square_name(to),
                            p.to_notation()
                        );
                    }
                }
            }
        }
    });
}

#[test]
fn reaches_agrees_with_the_interpreter() {
    reaches_agrees_with_whole_programs::<3>("chu", 11, 120, 30);
    reaches_agrees_with_whole_programs::<5>("dai-dai", 12, 120, 40);
    reaches_agrees_with_whole_programs::<6>("maka-dai-dai", 13, 120, 40);
    reaches_agrees_with_whole_programs::<6>("ko", 14, 120, 40);
    reaches_agrees_with_whole_programs::<21>("taikyoku", 15, 60, 30);
}

/// Along a seeded random playout of `id`, every piece (of either side) that
/// `may_capture_near` rules out reaches no enemy piece by its whole program and has none
/// within [`NEAR`] squares; returns how many were ruled out, so that the caller can see
/// that the test is not vacuous.
fn ruled_out_pieces_capture_nothing<const N: usize>(id: &str, seed: u64, plies: usize) -> usize {
    let v = Variant::builtin(id).unwrap();
    let mut ruled_out = 0;
    playout::<N>(&v, seed, plies, |ply, p| {
        if ply % 4 != 3 {
            return;
        }
        for side in [Colour::Black, Colour::White] {
            for &at in &p.plist[side.index()] {
                let piece = p.board[at as usize];
                if p.may_capture_near(piece, Square(at)) {
                    continue;
                }
                ruled_out += 1;
                for &e in &p.plist[side.flip().index()] {
                    assert!(
                        !walks_to(p, &p.board, at, Square(e)),
                        "{id}: {} on {} captures on {} in {}",
                        v.kind(v.form(piece).kind).code(),
                        v.geo.square_name(Square(at)),
                        v.geo.square_name(Square(e)),
                        p.to_notation()
                    );
                    assert!(v.geo.king_distance(Square(at), Square(e)) > NEAR);
                }
            }
        }
    });
    ruled_out
}

#[test]
fn pieces_without_a_near_enemy_capture_nothing() {
    assert!(ruled_out_pieces_capture_nothing::<3>("chu", 21, 120) > 100);
    assert!(ruled_out_pieces_capture_nothing::<5>("dai-dai", 22, 120) > 100);
    assert!(ruled_out_pieces_capture_nothing::<6>("maka-dai-dai", 23, 120) > 100);
    assert!(ruled_out_pieces_capture_nothing::<21>("taikyoku", 24, 40) > 100);
}

/// Ko's captures are not all in the reach tables (shots, burns, priests' jumps, killing
/// promotions): along seeded playouts, no move of a piece that `may_capture_near` rules out
/// removes an enemy piece, by the whole move list (not the walker of
/// `ruled_out_pieces_capture_nothing`, which knows none of those captures). It failed
/// while the shooters, burners and priests could count as near-only.
#[test]
fn ko_pieces_ruled_out_capture_nothing() {
    let v = Variant::builtin("ko").unwrap();
    let (mut ruled_out, mut afar) = (0, 0);
    for seed in [31, 32, 33] {
        playout::<6>(&v, seed, 160, |ply, p| {
            if ply % 4 != 3 {
                return;
            }
            let us = p.side;
            let ruled: Vec<u16> = p.plist[us.index()]
                .iter()
                .copied()
                .filter(|&at| !p.may_capture_near(p.board[at as usize], Square(at)))
                .collect();
            ruled_out += ruled.len();
            afar += p.plist[us.index()]
                .iter()
                .filter(|&&at| {
                    captures_afar(&v, p.board[at as usize])
                        && p.plist[us.flip().index()]
                            .iter()
                            .all(|&e| v.geo.king_distance(Square(at), Square(e)) > NEAR)
                })
                .count();
            for m in p.moves() {
                if !ruled.contains(&m.from().0) {
                    continue;
                }
                let mut takes = false;
                p.for_each_captured(m, |_, q| takes |= q.colour() != us);
                assert!(
                    !takes,
                    "ko: {} removes an enemy piece in {}",
                    p.move_to_string(m),
                    p.to_notation()
                );
            }
        });
    }
    assert!(ruled_out > 1000, "{ruled_out} ruled out");
    // Pieces that capture afar stood with no enemy piece near (where a near-only piece is
    // ruled out) among the positions looked at.
    assert!(
        afar > 100,
        "{afar} pieces that capture afar with no enemy near"
    );
}

#[test]
fn near_masks_hold_the_squares_within_three() {
    for id in ["chu", "dai-dai", "taikyoku"] {
        let v = Variant::builtin(id).unwrap();
        let (masks, spans) = near_masks(&v.geo);
        let words = v.geo.squares().div_ceil(64);
        for a in v.geo.all_squares() {
            let da = v.geo.dense(a).index();
            let (first, last) = spans[da];
            for b in v.geo.all_squares() {
                let db = v.geo.dense(b).index();
                let set = masks[da * words + db / 64] >> (db % 64) & 1 != 0;
                assert_eq!(set, v.geo.king_distance(a, b) <= NEAR, "{id}");
                if set {
                    assert!(
                        (first as usize..=last as usize).contains(&(db / 64)),
                        "{id}"
                    );
                }
            }
        }
    }
    // The reach tables' flag: a chu gold general, kirin and lion capture only near, a rook
    // and a bishop do not.
    let chu = Variant::builtin("chu").unwrap();
    let near_only = |v: &Variant, code: &str| {
        let kind = (0..v.programs.len())
            .map(|i| Piece(i as u16))
            .find(|&p| p.is_piece() && v.form(p).exists && v.kind(v.form(p).kind).code() == code)
            .unwrap();
        v.reach.near_only[kind.index()]
    };
    assert!(near_only(&chu, "G") && near_only(&chu, "KR") && near_only(&chu, "LN"));
    assert!(!near_only(&chu, "R") && !near_only(&chu, "B"));
    // Ko: a pawn and an engineer capture only near; a long bow (its own move captures
    // nothing: it shoots), a clerk (its promotion removes enemy pieces), a Taoist priest
    // and a poison flame (it burns) step only near but are not near-only.
    let ko = Variant::builtin("ko").unwrap();
    assert!(near_only(&ko, "P") && near_only(&ko, "EN"));
    for code in ["LB", "SC", "TB", "PF"] {
        assert!(!near_only(&ko, code), "ko: {code} counts as near-only");
    }
}

#[test]
fn reach_candidates_cover_every_possible_attacker() {
    assert_eq!(candidates_cover_reach::<3>("chu", 1, 150), 0);
    candidates_cover_reach::<5>("dai-dai", 2, 150);
    candidates_cover_reach::<6>("maka-dai-dai", 3, 150);
    candidates_cover_reach::<6>("ko", 4, 150);
    let far = candidates_cover_reach::<21>("taikyoku", 5, 60);
    // Taikyoku's hook movers (hook mover, long-nosed goblin, capricorn) and the like
    // reach squares off every king line through their own.
    assert!(far > 0, "Taikyoku has far-reaching pieces");
}
