//! The Taikyoku site's game host (`src/lib/atsi/GameHost.ts` and `src/lib/Game.ts` of
//! taikyoku-shogi.github.io) as an engine must see it (docs/atsa.md, "The site's host"): how a
//! move is written for it, which written moves it accepts, and what it does with them.
//!
//! On the site the host referees the game. Where it departs from the rules the engine plays
//! (docs/rules-decisions.md, "Modern Taikyoku"), the engine must neither play a move the host
//! would misjudge (it scores a refused move as a resignation, and a hook move off its line
//! hangs the page) nor lose track of what the host did with the opponent's move. This module
//! models the host's checks and its effect on the board; [`super::Session`] plays only the
//! moves on which the host and the rules agree, and applies the opponent's moves as the host
//! did.

use std::collections::BTreeSet;

use taikyoku_movegen::{AnyPosition, AtomKind, Colour, KindId, Move, Promotion, Square, Variant};

/// Kinds whose compound first jump the site does not offer as a move of its own: the rain
/// demon's `(fA-B)` (the site's `pieces.csv` gives no plain `fA`, tomatene and this project let
/// it stop there; docs/rules-decisions.md). The host's own move list lacks those landings, so
/// they are not among the kind's jumps here: the host's check of the slide then refuses the
/// landing over an occupied square, as the host does.
const JUMP_NOT_A_STOP: &[&str] = &["RAD"];

/// A kind's movement as the host's checks see it, in movement space (`x` toward the mover's
/// right, `y` toward the opponent).
#[derive(Debug, Default)]
struct SiteMovement {
    /// Directions of its plain slides (the site's `slides`, whatever their length).
    slides: Vec<(i8, i8)>,
    /// Its jumps (the site's `jumps`).
    jumps: Vec<(i8, i8)>,
    /// Directions of its triple-slashed arrows (the site's `{...}>`: `u3` here).
    arrows: Vec<(i8, i8)>,
    /// A range capturer: the host checks none of its moves and clears every square between
    /// the start and the end of each.
    range: bool,
}

fn site_movement(v: &Variant, kind: KindId) -> SiteMovement {
    let k = v.kind(kind);
    let mut s = SiteMovement::default();
    for (atom, dirs) in k.atom_directions() {
        match atom {
            AtomKind::Slide { .. } | AtomKind::Hook { .. } => s.slides.extend_from_slice(dirs),
            AtomKind::RangeCapture => {
                s.slides.extend_from_slice(dirs);
                s.range = true;
            }
            AtomKind::Leap => s.jumps.extend_from_slice(dirs),
            AtomKind::JumpSlide { from, to, .. } if !JUMP_NOT_A_STOP.contains(&k.code()) => {
                for &(x, y) in dirs {
                    for n in from..=to {
                        s.jumps.push((x * n as i8, y * n as i8));
                    }
                }
            }
            AtomKind::PassOver { .. } => s.arrows.extend_from_slice(dirs),
            // The site's lions (`KDAN(cK-aK)`, `WBDAN(...)`, `Q3DAN(...)`, `QDAN(...)`): king
            // steps, and jumps to the sixteen squares two away, which the host accepts before
            // it checks a slide.
            AtomKind::Lion => {
                for x in -2..=2i8 {
                    for y in -2..=2i8 {
                        match x.abs().max(y.abs()) {
                            1 => s.slides.push((x, y)),
                            2 => s.jumps.push((x, y)),
                            _ => {}
                        }
                    }
                }
            }
            _ => {}
        }
    }
    s
}

/// A movement-space vector on the board of `side` (columns grow toward file 1, rows toward
/// White's side): the host's `movementDirToBoardDir`.
fn to_board((x, y): (i8, i8), side: Colour) -> (i32, i32) {
    match side {
        Colour::Black => (x as i32, -(y as i32)),
        Colour::White => (-(x as i32), y as i32),
    }
}

/// What the host does with a move: where the piece ends, every square it empties besides the
/// start, and whether the piece promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostEffect {
    /// Where the piece ends.
    pub to: Square,
    /// Every square whose piece the move removes.
    pub removed: BTreeSet<Square>,
    /// The piece promotes.
    pub promotes: bool,
}

/// Whether the piece on `sq` can still promote.
fn can_promote(pos: &AnyPosition, sq: Square) -> bool {
    pos.piece_at(sq)
        .is_some_and(|p| !p.promoted && pos.variant().kind(p.kind).promotes_to().is_some())
}

/// What the host does with the move written as `squares` (`start [step...] end`) in `pos`, or
/// why it refuses it (including the moves that would hang its page).
pub fn host_effect(pos: &AnyPosition, squares: &[Square]) -> Result<HostEffect, String> {
    let v = pos.variant();
    let geo = v.geometry();
    let name = |s: Square| geo.square_name(s);
    let (&start, rest) = squares.split_first().ok_or("a move needs a start")?;
    let (&end, steps) = rest.split_last().ok_or("a move needs an end")?;
    let piece = pos
        .piece_at(start)
        .ok_or_else(|| format!("Square {} is empty", name(start)))?;
    let side = pos.side_to_move();
    if piece.colour != side {
        return Err(format!(
            "the piece on {} is not the side to move's",
            name(start)
        ));
    }
    let kind = v
        .form_moves_as(piece.kind, piece.promoted)
        .unwrap_or(piece.kind);
    let movement = site_movement(v, kind);
    let own = |s: Square| pos.piece_at(s).is_some_and(|p| p.colour == side);
    let captures_own = if steps.is_empty() {
        own(end)
    } else {
        steps.iter().any(|&s| own(s))
    };
    if captures_own && !movement.range {
        return Err("Cannot capture your own piece!".into());
    }
    let (sc, sr) = (geo.col(start) as i32, geo.row(start) as i32);
    let (ec, er) = (geo.col(end) as i32, geo.row(end) as i32);
    let delta = (ec - sc, er - sr);
    let dir = (delta.0.signum(), delta.1.signum());
    let on_board =
        |c: i32, r: i32| c >= 0 && r >= 0 && c < geo.files() as i32 && r < geo.ranks() as i32;
    // The squares from the start toward the end, one `dir` step at a time, if the line
    // reaches the end (the host's loops never stop otherwise).
    let between = || -> Option<Vec<Square>> {
        let mut out = Vec::new();
        let (mut c, mut r) = (sc + dir.0, sr + dir.1);
        while (c, r) != (ec, er) {
            if !on_board(c, r) {
                return None;
            }
            out.push(geo.square(c as usize, r as usize));
            c += dir.0;
            r += dir.1;
        }
        Some(out)
    };
    let exact_jump = movement.jumps.iter().any(|&j| to_board(j, side) == delta);
    // The host names the direction of the move in movement space without turning it for the
    // side (a quirk: some directions of asymmetric pieces escape the check).
    let slide_dir = movement
        .slides
        .iter()
        .any(|&(x, y)| (x as i32, y as i32) == dir);
    if !exact_jump && slide_dir && delta != (0, 0) && !movement.range {
        let threshold = if movement.arrows.iter().any(|&a| to_board(a, side) == dir) {
            3
        } else {
            0
        };
        let line = between().ok_or_else(|| {
            format!(
                "{} to {} is off the line of its slide: the host would not stop checking it",
                name(start),
                name(end)
            )
        })?;
        let in_the_way = line.iter().filter(|&&s| pos.piece_at(s).is_some()).count();
        if in_the_way > threshold {
            return Err(format!(
                "There is a piece in the way of the slide from {} to {}",
                name(start),
                name(end)
            ));
        }
    }
    let mut removed: BTreeSet<Square> = steps
        .iter()
        .copied()
        .filter(|&s| pos.piece_at(s).is_some() && s != start)
        .collect();
    if end != start && pos.piece_at(end).is_some() {
        removed.insert(end);
    }
    if movement.range && delta != (0, 0) {
        let line = between().ok_or_else(|| {
            format!(
                "{} to {} is off a line: the host would not stop clearing it",
                name(start),
                name(end)
            )
        })?;
        removed.extend(line.into_iter().filter(|&s| pos.piece_at(s).is_some()));
    }
    let in_zone = |s: Square| v.in_promotion_zone(s, side);
    let promotes = can_promote(pos, start) && (in_zone(end) || steps.iter().any(|&s| in_zone(s)));
    Ok(HostEffect {
        to: end,
        removed,
        promotes,
    })
}

/// What the rules' move `m` of `pos` does, in the host's terms.
fn rules_effect(pos: &AnyPosition, m: Move) -> HostEffect {
    let e = pos.effect(m);
    HostEffect {
        to: e.to,
        removed: e.captured.into_iter().collect(),
        promotes: e.promotion == Promotion::Promote,
    }
}

/// The squares `m`, a move of `pos`, is written with for the host (`start [step...] end`): the
/// squares it captures on before its end, and where the host needs one, the empty square a
/// step out and back or a promoting step goes through (a pass is written through an empty
/// neighbour; a lion's move that promotes by stopping in the zone through that square).
pub fn write_move(pos: &AnyPosition, m: Move) -> Vec<Square> {
    let path = pos.move_path(m);
    let (from, to) = (m.from(), m.to());
    if path.len() > 2 {
        return path;
    }
    let v = pos.variant();
    let geo = v.geometry();
    let side = pos.side_to_move();
    let in_zone = |s: Square| v.in_promotion_zone(s, side);
    let promotes = m.promotion() == Promotion::Promote;
    let stop_by_zone = promotes && !in_zone(to);
    if to != from && !stop_by_zone {
        return path;
    }
    let movable = can_promote(pos, from);
    let (fc, fr) = (geo.col(from) as i32, geo.row(from) as i32);
    for dr in -1..=1 {
        for dc in -1..=1 {
            let (c, r) = (fc + dc, fr + dr);
            if (dc, dr) == (0, 0)
                || c < 0
                || r < 0
                || c >= geo.files() as i32
                || r >= geo.ranks() as i32
            {
                continue;
            }
            let s = geo.square(c as usize, r as usize);
            if pos.piece_at(s).is_some() || s == to || (to != from && geo.king_distance(s, to) != 1)
            {
                continue;
            }
            let gives = movable && (in_zone(to) || in_zone(s));
            if !movable || gives == promotes {
                return vec![from, s, to];
            }
        }
    }
    path
}

/// The squares of a written move as the protocol writes them, separated by spaces.
pub fn squares_text(pos: &AnyPosition, squares: &[Square]) -> String {
    let geo = pos.variant().geometry();
    squares
        .iter()
        .map(|&s| geo.square_name(s))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the host accepts `m`, a move of `pos`, as [`write_move`] writes it, and does with
/// it exactly what the rules do.
pub fn host_agrees(pos: &AnyPosition, m: Move) -> bool {
    host_effect(pos, &write_move(pos, m)).is_ok_and(|e| e == rules_effect(pos, m))
}

/// How the opponent's move, as the host played it, is to be applied.
#[derive(Clone, Debug)]
pub enum Played {
    /// A move of the rules with the host's effect.
    Move(Move),
    /// The host did what no move of the rules does (a vice general's jump that removes the
    /// piece it jumps, a hook promoting at a corner): the position after it, without history.
    Edited(Box<AnyPosition>),
}

/// The opponent's move written as `squares`, as the host played it in `pos`.
pub fn opponent_move(pos: &AnyPosition, squares: &[Square]) -> Result<Played, String> {
    let e = host_effect(pos, squares).map_err(|why| format!("the host would refuse it: {why}"))?;
    let start = squares[0];
    let mine: Vec<Move> = pos
        .moves()
        .into_iter()
        .filter(|m| m.from() == start)
        .collect();
    if let Some(&m) = mine.iter().find(|&&m| rules_effect(pos, m) == e) {
        return Ok(Played::Move(m));
    }
    if !mine.iter().any(|m| m.to() == e.to) {
        return Err(format!(
            "the piece on {} cannot go to {}",
            pos.variant().geometry().square_name(start),
            pos.variant().geometry().square_name(e.to)
        ));
    }
    edited(pos, start, &e).map(|p| Played::Edited(Box::new(p)))
}

/// The position after the host's effect `e` of the move of the piece on `start`, the other
/// side to move (written out and read back: the board changes as no move of the rules does).
fn edited(pos: &AnyPosition, start: Square, e: &HostEffect) -> Result<AnyPosition, String> {
    let v = pos.variant();
    let geo = v.geometry();
    let mut codes = pos.piece_codes();
    let index = |s: Square| geo.row(s) * geo.files() + geo.col(s);
    let mut mover = codes[index(start)]
        .take()
        .ok_or("no piece on the start square")?;
    if e.promotes && !mover.starts_with('+') {
        mover.insert(0, '+');
    }
    for &s in &e.removed {
        codes[index(s)] = None;
    }
    codes[index(e.to)] = Some(mover);
    let mut board = String::new();
    for (row, cells) in codes.chunks(geo.files()).enumerate() {
        if row > 0 {
            board.push('/');
        }
        let mut empty = 0;
        for c in cells {
            match c {
                None => empty += 1,
                Some(code) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push_str(code);
                }
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
    }
    let text = format!(
        "{board} {} - {}",
        pos.side_to_move().flip().letter(),
        pos.move_number() + 1
    );
    AnyPosition::parse(v.clone(), &text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use taikyoku_tests::kit::position_text;

    fn atsa(pieces: &[(&str, &str)], side: char) -> AnyPosition {
        let v = Variant::builtin("taikyoku-atsa").unwrap();
        let mut all = vec![("1jj", "K"), ("36a", "k")];
        all.extend_from_slice(pieces);
        AnyPosition::parse(v, &position_text(36, 36, &all, side, "-")).unwrap()
    }

    fn sq(pos: &AnyPosition, s: &str) -> Square {
        pos.variant().geometry().parse_square(s).unwrap()
    }

    fn written(pos: &AnyPosition, mv: &str) -> String {
        squares_text(pos, &write_move(pos, pos.parse_move(mv).unwrap()))
    }

    fn effect(pos: &AnyPosition, text: &str) -> Result<HostEffect, String> {
        let squares: Vec<Square> = text.split(' ').map(|s| sq(pos, s)).collect();
        host_effect(pos, &squares)
    }

    #[test]
    fn passes_and_promoting_steps_are_written_through_a_square() {
        // A lion on 18l: its pass through a square outside the zone, its promoted pass through
        // one inside; the jump to 19l plainly, the promoting step to 19l through 19k or 18k.
        let pos = atsa(&[("18l", "L")], 'b');
        assert_eq!(written(&pos, "18l18l"), "18l 19l 18l");
        assert!(["18l 19k 18l", "18l 18k 18l", "18l 17k 18l"]
            .contains(&written(&pos, "18l18l+").as_str()));
        assert_eq!(written(&pos, "18l19l"), "18l 19l");
        assert!(["18l 19k 19l", "18l 18k 19l"].contains(&written(&pos, "18l19l+").as_str()));
        for mv in [
            "18l18l", "18l18l+", "18l19l", "18l19l+", "18l18k+", "18l16n",
        ] {
            assert!(host_agrees(&pos, pos.parse_move(mv).unwrap()), "{mv}");
        }
    }

    #[test]
    fn the_host_refuses_a_plain_pass_and_a_jump_then_slide_over_a_piece() {
        let pos = atsa(&[("18l", "L")], 'b');
        assert_eq!(
            effect(&pos, "18l 18l").unwrap_err(),
            "Cannot capture your own piece!"
        );
        // A great eagle (Q fj2B) on 18r: over a pawn on 17q to 16p it jumps (an exact jump of
        // the host's), on to 15o it slides over the pawn: refused.
        let pos = atsa(&[("18r", "GE"), ("17q", "p")], 'b');
        assert!(effect(&pos, "18r 16p").is_ok());
        assert!(effect(&pos, "18r 15o").unwrap_err().contains("in the way"));
        assert!(!host_agrees(&pos, pos.parse_move("18r15o").unwrap()));
        assert!(host_agrees(&pos, pos.parse_move("18r16p").unwrap()));
    }

    #[test]
    fn a_rain_demon_may_not_stop_on_its_jump_square_over_a_piece() {
        // Rain demon on 18r, a pawn on 17q: tomatene's reading lets it stop on 16p; the host's
        // move list lacks it (its slide over 17q is refused).
        let pos = atsa(&[("18r", "RAD"), ("17q", "P")], 'b');
        assert!(!host_agrees(&pos, pos.parse_move("18r16p").unwrap()));
        let pos = atsa(&[("18r", "RAD")], 'b');
        assert!(host_agrees(&pos, pos.parse_move("18r16p").unwrap()));
    }

    #[test]
    fn a_vice_generals_jump_over_a_piece_removes_it_on_the_host() {
        // Vice general on 18r jumps (D) over a White pawn on 18q to 18p: the host clears 18q.
        let pos = atsa(&[("18r", "VG"), ("18q", "p")], 'b');
        let m = pos.parse_move("18r18p").unwrap();
        assert!(!host_agrees(&pos, m));
        let e = effect(&pos, "18r 18p").unwrap();
        assert_eq!(e.removed, [sq(&pos, "18q")].into_iter().collect());
        // The opponent doing it: the position is edited as the host played it.
        let pos = atsa(&[("18r", "vg"), ("18s", "P")], 'w');
        match opponent_move(&pos, &[sq(&pos, "18r"), sq(&pos, "18t")]).unwrap() {
            Played::Edited(p) => {
                assert!(p.piece_at(sq(&p, "18s")).is_none());
                assert!(p.piece_at(sq(&p, "18t")).is_some());
                assert_eq!(p.side_to_move(), Colour::Black);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_capricorn_hook_off_a_diagonal_would_hang_the_host() {
        // Capricorn on 20m hooking to 15n (via 18k or 17p): the end is not on a diagonal from
        // the start, which the host's slide check would follow forever.
        let pos = atsa(&[("20m", "C")], 'b');
        assert!(effect(&pos, "20m 15n")
            .unwrap_err()
            .contains("off the line"));
        assert!(!host_agrees(&pos, pos.parse_move("20m15n").unwrap()));
        // Its plain diagonal slide is fine; a hook naming its corner in the zone promotes on
        // the host, which the rules do not (the opponent's move is edited in).
        assert!(host_agrees(&pos, pos.parse_move("20m17j+").unwrap()));
        // To 16m by a corner on 18k (in the zone) or 18o: the host promotes when the move
        // names 18k; no move of the rules does, so the position is edited.
        assert!(host_agrees(&pos, pos.parse_move("20m16m").unwrap()));
        let squares = [sq(&pos, "20m"), sq(&pos, "18k"), sq(&pos, "16m")];
        match opponent_move(&pos, &squares).unwrap() {
            Played::Edited(p) => {
                let c = p.piece_at(sq(&p, "16m")).unwrap();
                assert!(c.promoted);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_lions_jumps_two_away_are_the_hosts_jumps() {
        // A White lion on 24d jumps like a knight to 22c, and straight over a piece to 24f:
        // the host takes both as jumps (the site's lion is `KDAN(cK-aK)`), so they agree with
        // the rules. (A tomatene game on the site once ended in a resignation here.)
        let pos = atsa(&[("24d", "l"), ("22c", "FD"), ("24e", "P")], 'w');
        for mv in ["24d22c", "24d24f"] {
            let m = pos.parse_move(mv).unwrap();
            assert!(host_agrees(&pos, m), "{mv}");
            let squares = write_move(&pos, m);
            assert!(matches!(opponent_move(&pos, &squares), Ok(Played::Move(x)) if x == m));
        }
    }

    #[test]
    fn the_opponents_moves_are_found_by_their_effect() {
        let pos = atsa(&[("18l", "l"), ("18y", "P")], 'w');
        // White's lion (its zone is ranks z..jj) through 18m: a plain step.
        let three = |a: &str, b: &str, c: &str| [sq(&pos, a), sq(&pos, b), sq(&pos, c)];
        match opponent_move(&pos, &three("18l", "18m", "18l")).unwrap() {
            Played::Move(m) => assert_eq!(pos.move_to_string(m), "18l18l"),
            other => panic!("{other:?}"),
        }
        assert!(opponent_move(&pos, &[sq(&pos, "18l"), sq(&pos, "18r")]).is_err());
    }
}
