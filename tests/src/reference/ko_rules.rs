//! Ko shogi's rules, as docs/ko.md settles them: move generation (multiple moves, shots and
//! their immunities, burning, the pawns and the drum), promotion (zone, special promotions, the
//! clerk), play (the clerk's side effects, the Taoist priest's and the fog's reversions, the
//! guards' zone state in the extra field) and the end of the game.
//!
//! A piece's moves are found on a scratch copy of the board with the piece lifted off its square
//! (so its start square is empty for the rest of its move, ko.md "Multiple moves"); each is a
//! (destination, removed squares) pair, then the promotion choices are attached.

use super::pieces::{Atom, Dir, Shot, ShotKind};
use super::{IMove, Piece, Raw, RefPosition, RefPromotion, KING_STEPS};

/// Extra-field bits (ko.md "State in the position's extra field"), in the order `ARar`.
pub const EXTRA_LETTERS: [(char, u8); 4] = [('A', 1), ('R', 2), ('a', 4), ('r', 8)];

/// Bit of `color`'s advance guard (`rear` false) or rear guard in the extra field.
fn guard_bit(color: u8, rear: bool) -> u8 {
    match (color, rear) {
        (0, false) => 1,
        (0, true) => 2,
        (_, false) => 4,
        (_, true) => 8,
    }
}

/// Parses the extra field: `-`, or a non-empty subset of `ARar` written in that order.
pub fn parse_extra(s: &str) -> Result<u8, String> {
    if s == "-" {
        return Ok(0);
    }
    let mut bits = 0u8;
    let mut next = 0; // index in EXTRA_LETTERS the next letter may start from
    for ch in s.chars() {
        match EXTRA_LETTERS[next..].iter().position(|&(c, _)| c == ch) {
            Some(i) => {
                bits |= EXTRA_LETTERS[next + i].1;
                next += i + 1;
            }
            None => {
                return Err(format!(
                    "extra field must be `-` or letters of `ARar` in that order, each at most \
                     once, found `{s}`"
                ))
            }
        }
    }
    if bits == 0 {
        return Err("empty extra field (write `-`)".into());
    }
    Ok(bits)
}

pub fn extra_string(bits: u8) -> String {
    let s: String = EXTRA_LETTERS
        .iter()
        .filter(|&&(_, b)| bits & b != 0)
        .map(|&(c, _)| c)
        .collect();
    if s.is_empty() {
        "-".into()
    } else {
        s
    }
}

/// Who shoots, for the immunities (ko.md "What shots cannot hit").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shooter {
    /// Long bow, crossbow and their cavalrymen.
    Bow,
    /// Cannon, gun carriage, gatling gun, chariot of the gods.
    Gun,
    /// Taoist priest, spiritual monk, twelve-mile fog, immaculate light.
    Priest,
}

const NONE: &[RefPromotion] = &[RefPromotion::None];
const PROMOTE: &[RefPromotion] = &[RefPromotion::Promote];
const BOTH: &[RefPromotion] = &[RefPromotion::Promote, RefPromotion::Decline];

const FORWARD: Dir = Dir { dc: 0, dr: -1 };

impl RefPosition {
    fn ko(&self) -> &'static super::ko::KoKinds {
        self.v.ko.as_ref().expect("Ko rules outside Ko shogi")
    }

    /// Does `color` have a piece of `kind` (either side up)?
    fn ko_has(&self, color: u8, kind: u16) -> bool {
        self.sq
            .iter()
            .flatten()
            .any(|p| p.color == color && p.kind == kind)
    }

    /// ko.md "Game end": lost when a side has neither its general, nor its governor, nor both
    /// its middle troop and its banner (each either side up).
    pub(super) fn ko_lost(&self, color: u8) -> bool {
        let k = self.ko();
        let (mut general, mut governor, mut middle, mut banner) = (false, false, false, false);
        for p in self.sq.iter().flatten().filter(|p| p.color == color) {
            if p.kind == k.general {
                general = true;
            }
            if p.kind == k.middle_troop {
                middle = true;
                governor |= p.promoted;
            }
            if p.kind == k.banner {
                banner = true;
            }
        }
        !(general || governor || (middle && banner))
    }

    /// A side's promotion zone: the six ranks farthest from it.
    fn in_zone(&self, color: u8, sq: usize) -> bool {
        let row = sq / self.n;
        if color == 0 {
            row < 6
        } else {
            row >= self.n - 6
        }
    }

    /// Can a shot of `by` from `dist` squares away hit `q`? (ko.md "What shots cannot hit"; the
    /// lists name forms as they stand.)
    fn ko_shootable(&self, q: Piece, by: Shooter, dist: u32) -> bool {
        let k = self.ko();
        let form = |kind: u16, promoted: bool| q.kind == kind && q.promoted == promoted;
        // The twelve-mile fog cannot be shot from five squares or nearer.
        if form(k.priest, true) && dist <= 5 {
            return false;
        }
        let shield = form(k.shield, false);
        let shield_unit = form(k.shield_unit, false) || form(k.shield, true);
        let imperial_base = form(k.shield_unit, true);
        let chariot = form(k.chariot, false);
        let chariot_unit = form(k.chariot_unit, false) || form(k.chariot, true);
        let gun_carriage = form(k.cannon, true);
        match by {
            Shooter::Bow => {
                !(shield || chariot || chariot_unit || gun_carriage || shield_unit || imperial_base)
            }
            Shooter::Gun => !(shield_unit || imperial_base),
            Shooter::Priest => true,
        }
    }

    /// May `mover` capture `q` by displacement? The imperial base cannot be captured so by a
    /// chariot or chariot unit (either side up: names by setup name).
    fn ko_can_displace(&self, mover: Piece, q: Piece) -> bool {
        let k = self.ko();
        let imperial_base = q.kind == k.shield_unit && q.promoted;
        !(imperial_base && (mover.kind == k.chariot || mover.kind == k.chariot_unit))
    }

    // ------------------------------------------------------------------ move generation

    /// All distinct moves of the side to move (none once a side is lost).
    pub(super) fn ko_gen_moves(&self) -> Vec<IMove> {
        let mut out = Vec::new();
        if self.ko_lost(0) || self.ko_lost(1) {
            return out;
        }
        let n = self.n;
        let mut board = self.sq.clone();
        let mut raw = Vec::new();
        let mut via_zone = Vec::new();
        for from in 0..n * n {
            let p = match self.sq[from] {
                Some(p) if p.color == self.side => p,
                _ => continue,
            };
            raw.clear();
            via_zone.clear();
            self.ko_gen_piece(from, &mut board, &mut raw, &mut via_zone);
            debug_assert_eq!(board, self.sq);
            raw.sort_unstable();
            raw.dedup();
            via_zone.sort_unstable();
            for r in raw.drain(..) {
                // Some way to this effect stood in the zone between legs.
                let stood = via_zone.binary_search(&r).is_ok();
                for &promo in self.ko_promotion_options(p, from, &r, stood) {
                    let mut caps = r.caps.clone();
                    if promo == RefPromotion::Promote && p.kind == self.ko().clerk {
                        // The clerk promotes: every enemy poison flame is removed.
                        caps.extend(self.ko_enemy_flames(p.color));
                        caps.sort_unstable();
                        caps.dedup();
                    }
                    out.push(IMove {
                        from: from as u16,
                        to: r.to,
                        caps,
                        promo,
                    });
                }
            }
        }
        // Two ways to the same effect are one move.
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Squares of the poison flames of `color`'s opponent.
    fn ko_enemy_flames(&self, color: u8) -> Vec<u16> {
        let k = self.ko();
        (0..self.n * self.n)
            .filter(|&i| {
                matches!(self.sq[i], Some(q) if q.color != color && q.kind == k.engineer && q.promoted)
            })
            .map(|i| i as u16)
            .collect()
    }

    /// The promotion choices of `mover`'s move from `from` with effect `r` (ko.md "Promotion");
    /// `stood`: some way of making it stopped in the zone between two legs.
    fn ko_promotion_options(
        &self,
        mover: Piece,
        from: usize,
        r: &Raw,
        stood: bool,
    ) -> &'static [RefPromotion] {
        let k = self.ko();
        // The general, sumo wrestler, elephant and promoted pieces do not promote.
        if mover.promoted || self.v.kinds[mover.kind as usize].promo.is_none() {
            return NONE;
        }
        // While a side has no Taoist priest, its drum and banner cannot promote.
        if (mover.kind == k.drum || mover.kind == k.banner) && !self.ko_has(mover.color, k.priest) {
            return NONE;
        }
        let removed: Vec<Piece> = r
            .caps
            .iter()
            .filter_map(|&c| self.sq[c as usize])
            .filter(|q| q.color != mover.color)
            .collect();
        // Special promotions, compulsory.
        let commanding = removed
            .iter()
            .any(|q| q.kind == k.general || q.kind == k.middle_troop || q.kind == k.banner);
        let mighty = removed.iter().any(|q| {
            q.kind == k.sumo
                || (q.promoted && (q.kind == k.millenary || q.kind == k.banner || q.kind == k.drum))
        });
        let step_mover = k.step_movers.contains(&mover.kind);
        let gatling = removed.iter().any(|q| q.kind == k.gatling);
        if commanding || (step_mover && mighty) || (mover.kind == k.cavalryman && gatling) {
            return PROMOTE;
        }
        // The zone: a move starting or ending there, or a multiple move one of whose legs
        // starts or ends there (each leg is a move; the promotion comes at the end of the turn).
        if stood || self.in_zone(mover.color, from) || self.in_zone(mover.color, r.to as usize) {
            if mover.kind == k.clerk {
                let both = guard_bit(mover.color, false) | guard_bit(mover.color, true);
                if self.extra & both != both {
                    return NONE;
                }
            }
            return BOTH;
        }
        NONE
    }

    /// Every (destination, removed squares) of the piece on `from`, possibly with duplicates;
    /// those reached by a way that stood in the mover's zone between two legs also go to
    /// `via_zone`. `board` is a copy of the position's squares; it is restored before returning.
    fn ko_gen_piece(
        &self,
        from: usize,
        board: &mut [Option<Piece>],
        out: &mut Vec<Raw>,
        via_zone: &mut Vec<Raw>,
    ) {
        let k = self.ko();
        let p = self.sq[from].expect("ko_gen_piece on an empty square");
        let color = p.color;
        // Directions are written for Black; White's are rotated by 180 degrees.
        let s = if color == 0 { 1 } else { -1 };
        // While a side has no drum (drum or thunderclap), its pawns may not move forward.
        let no_forward = p.kind == k.pawn && !self.ko_has(color, k.drum);
        // The mover leaves its square.
        board[from] = None;
        let mut moves: Vec<Raw> = Vec::new();
        let mut via: Vec<Raw> = Vec::new();
        let mut shot: Option<Shot> = None;
        let mut burn = false;
        for atom in &self.ty(p).atoms {
            match atom {
                Atom::Slide { dirs, max } => {
                    for d in dirs {
                        if no_forward && *d == FORWARD {
                            continue;
                        }
                        let (dc, dr) = (d.dc * s, d.dr * s);
                        for j in 1..=(*max).min(self.n as u32) {
                            let t = match self.at(from, dc, dr, j as i32) {
                                Some(t) => t,
                                None => break,
                            };
                            match board[t] {
                                None => push(&mut moves, t, &[]),
                                Some(q) if q.color == color => break,
                                Some(q) => {
                                    if self.ko_can_displace(p, q) {
                                        push(&mut moves, t, &[t]);
                                    }
                                    break;
                                }
                            }
                        }
                    }
                }
                Atom::MoveOnly { dirs, max } => {
                    for d in dirs {
                        let (dc, dr) = (d.dc * s, d.dr * s);
                        for j in 1..=(*max).min(self.n as u32) {
                            match self.at(from, dc, dr, j as i32) {
                                Some(t) if board[t].is_none() => push(&mut moves, t, &[]),
                                _ => break,
                            }
                        }
                    }
                }
                Atom::Jump {
                    dirs,
                    first,
                    last,
                    cont,
                } => {
                    assert_eq!(*cont, 0, "Ko has no jump-then-continue");
                    for d in dirs {
                        for j in *first..=*last {
                            if let Some(t) = self.at(from, d.dc * s, d.dr * s, j as i32) {
                                self.ko_land(board, p, t, true, &mut moves);
                            }
                        }
                    }
                }
                Atom::Leap { offsets } => {
                    for o in offsets {
                        if let Some(t) = self.at(from, o.dc * s, o.dr * s, 1) {
                            self.ko_land(board, p, t, true, &mut moves);
                        }
                    }
                }
                Atom::LeapMoveOnly { offsets } => {
                    for o in offsets {
                        if let Some(t) = self.at(from, o.dc * s, o.dr * s, 1) {
                            self.ko_land(board, p, t, false, &mut moves);
                        }
                    }
                }
                Atom::Legs { legs, count, exact } => {
                    let mut caps = Vec::new();
                    let mut ways = Ways {
                        out: &mut moves,
                        via_zone: &mut via,
                    };
                    self.ko_legs(
                        board, p, from, legs, *count, *exact, &mut caps, false, &mut ways,
                    );
                }
                Atom::Cavalry => self.ko_cavalry(board, p, from, &mut moves, &mut via),
                Atom::Roam { dirs, max } => {
                    for d in dirs {
                        let mut caps = Vec::new();
                        for j in 1..=*max {
                            let t = match self.at(from, d.dc * s, d.dr * s, j as i32) {
                                Some(t) => t,
                                None => break,
                            };
                            match board[t] {
                                None => {}
                                Some(q) if q.color == color => break,
                                Some(q) => {
                                    if !self.ko_can_displace(p, q) {
                                        break;
                                    }
                                    caps.push(t);
                                }
                            }
                            push(&mut moves, t, &caps);
                        }
                    }
                }
                Atom::Priest { jumps } => {
                    let mut found = Vec::new();
                    // One shot without moving.
                    for t in self.ko_adjacent_targets(board, from, color) {
                        push(&mut found, from, &[t]);
                    }
                    let mut caps = Vec::new();
                    let mut ways = Ways {
                        out: &mut found,
                        via_zone: &mut via,
                    };
                    self.ko_priest_jumps(board, p, from, *jumps, &mut caps, false, &mut ways);
                    // No pass by shooting pieces (out and back with nothing removed).
                    found.retain(|r| !(r.to as usize == from && r.caps.is_empty()));
                    moves.extend(found);
                }
                Atom::Shoot(sh) => shot = Some(*sh),
                Atom::Burn => burn = true,
                other => panic!("{other:?} is not a Ko shogi move"),
            }
        }
        if let Some(sh) = shot {
            // A shooting piece may shoot after its move, or without moving; a move need not
            // shoot; a move that neither moves nor shoots does not exist.
            let mut with_shots = Vec::new();
            // Shots after a way that stood in the zone keep that.
            let mut via_shots = Vec::new();
            for m in &via {
                let saved: Vec<(usize, Option<Piece>)> = m
                    .caps
                    .iter()
                    .map(|&c| (c as usize, board[c as usize].take()))
                    .collect();
                for set in self.ko_shots(board, m.to as usize, color, sh) {
                    let mut caps: Vec<usize> = m.caps.iter().map(|&c| c as usize).collect();
                    caps.extend(set);
                    push(&mut via_shots, m.to as usize, &caps);
                }
                for (c, q) in saved {
                    board[c] = q;
                }
            }
            via.extend(via_shots);
            for m in moves.drain(..) {
                let saved: Vec<(usize, Option<Piece>)> = m
                    .caps
                    .iter()
                    .map(|&c| (c as usize, board[c as usize].take()))
                    .collect();
                for set in self.ko_shots(board, m.to as usize, color, sh) {
                    let mut caps: Vec<usize> = m.caps.iter().map(|&c| c as usize).collect();
                    caps.extend(set);
                    push(&mut with_shots, m.to as usize, &caps);
                }
                for (c, q) in saved {
                    board[c] = q;
                }
                with_shots.push(m);
            }
            for set in self.ko_shots(board, from, color, sh) {
                push(&mut with_shots, from, &set);
            }
            moves = with_shots;
        }
        if burn {
            // Wherever the poison flame ends a move, every enemy piece around it is removed.
            for m in moves.iter_mut().chain(via.iter_mut()) {
                let mut caps: Vec<usize> = m.caps.iter().map(|&c| c as usize).collect();
                for (dc, dr) in KING_STEPS {
                    if let Some(a) = self.at(m.to as usize, dc, dr, 1) {
                        if matches!(board[a], Some(q) if q.color != color) {
                            caps.push(a);
                        }
                    }
                }
                let mut fresh = Vec::new();
                push(&mut fresh, m.to as usize, &caps);
                *m = fresh.pop().unwrap();
            }
        }
        board[from] = Some(p);
        out.extend(moves);
        via_zone.extend(via);
    }

    /// A single jump or leap landing on `t`: an empty square, or (when `capture`) an enemy piece
    /// that the mover may displace.
    fn ko_land(
        &self,
        board: &[Option<Piece>],
        p: Piece,
        t: usize,
        capture: bool,
        out: &mut Vec<Raw>,
    ) {
        match board[t] {
            None => push(out, t, &[]),
            Some(q) if capture && q.color != p.color && self.ko_can_displace(p, q) => {
                push(out, t, &[t])
            }
            Some(_) => {}
        }
    }

    /// Multiple move: from `cur`, up to `left` more legs (exactly `left` when `exact`). Every leg
    /// ends on an empty square (the start square is empty, the mover having left it) or on an
    /// enemy piece, which it captures; never on a friendly piece.
    /// `stood`: the piece already stopped in its zone between two legs on the way to `cur`.
    #[allow(clippy::too_many_arguments)]
    fn ko_legs(
        &self,
        board: &mut [Option<Piece>],
        p: Piece,
        cur: usize,
        legs: &[Dir],
        left: u32,
        exact: bool,
        caps: &mut Vec<usize>,
        stood: bool,
        out: &mut Ways,
    ) {
        let s = if p.color == 0 { 1 } else { -1 };
        for o in legs {
            let t = match self.at(cur, o.dc * s, o.dr * s, 1) {
                Some(t) => t,
                None => continue,
            };
            let taken = match board[t] {
                None => None,
                Some(q) if q.color == p.color => continue,
                Some(q) if !self.ko_can_displace(p, q) => continue,
                Some(q) => Some(q),
            };
            if taken.is_some() {
                caps.push(t);
                board[t] = None;
            }
            if !exact || left == 1 {
                out.push(t, caps, stood);
            }
            if left > 1 {
                let stood = stood || self.in_zone(p.color, t);
                self.ko_legs(board, p, t, legs, left - 1, exact, caps, stood, out);
            }
            if taken.is_some() {
                board[t] = taken;
                caps.pop();
            }
        }
    }

    /// Cavalry: a knight jump, then optionally a second knight jump whose long leg points the
    /// same way as the first one's (forward, backward, left or right), or back to its start.
    /// A second jump (or the jump back) after a first that stopped in the zone also goes to
    /// `via_zone`.
    fn ko_cavalry(
        &self,
        board: &mut [Option<Piece>],
        p: Piece,
        from: usize,
        out: &mut Vec<Raw>,
        via_zone: &mut Vec<Raw>,
    ) {
        const KNIGHT: [(i32, i32); 8] = [
            (-1, -2),
            (1, -2),
            (-1, 2),
            (1, 2),
            (-2, -1),
            (-2, 1),
            (2, -1),
            (2, 1),
        ];
        // The way a knight jump's long leg points.
        let long_leg = |(dc, dr): (i32, i32)| {
            if dr.abs() == 2 {
                (0, dr.signum())
            } else {
                (dc.signum(), 0)
            }
        };
        // A leg to t: None if it may not land there, Some(captured piece or None) otherwise.
        let land = |board: &[Option<Piece>], t: usize| match board[t] {
            None => Some(None),
            Some(q) if q.color != p.color && self.ko_can_displace(p, q) => Some(Some(q)),
            Some(_) => None,
        };
        for o1 in KNIGHT {
            let t1 = match self.at(from, o1.0, o1.1, 1) {
                Some(t) => t,
                None => continue,
            };
            let taken1 = match land(board, t1) {
                Some(x) => x,
                None => continue,
            };
            let mut caps = Vec::new();
            if taken1.is_some() {
                caps.push(t1);
                board[t1] = None;
            }
            push(out, t1, &caps);
            let seconds: Vec<(i32, i32)> = KNIGHT
                .iter()
                .copied()
                .filter(|&o2| long_leg(o2) == long_leg(o1))
                .chain(std::iter::once((-o1.0, -o1.1)))
                .collect();
            let stood = self.in_zone(p.color, t1);
            for o2 in seconds {
                let t2 = match self.at(t1, o2.0, o2.1, 1) {
                    Some(t) => t,
                    None => continue,
                };
                let mut c = caps.clone();
                match land(board, t2) {
                    None => continue,
                    Some(None) => {}
                    Some(Some(_)) => c.push(t2),
                }
                push(out, t2, &c);
                if stood {
                    push(via_zone, t2, &c);
                }
            }
            if taken1.is_some() {
                board[t1] = taken1;
            }
        }
    }

    /// Enemy pieces next to `at` that a priest's shot may hit.
    fn ko_adjacent_targets(&self, board: &[Option<Piece>], at: usize, color: u8) -> Vec<usize> {
        KING_STEPS
            .iter()
            .filter_map(|&(dc, dr)| self.at(at, dc, dr, 1))
            .filter(|&a| {
                matches!(board[a], Some(q) if q.color != color && self.ko_shootable(q, Shooter::Priest, 1))
            })
            .collect()
    }

    /// Taoist priest / spiritual monk (one jump) and fog / light (up to two): from `cur`, a
    /// jump to the second square in any direction, onto an empty square or an enemy Taoist
    /// priest or spiritual monk (captured), then optionally a shot at an adjacent enemy piece.
    #[allow(clippy::too_many_arguments)]
    fn ko_priest_jumps(
        &self,
        board: &mut [Option<Piece>],
        p: Piece,
        cur: usize,
        left: u32,
        caps: &mut Vec<usize>,
        stood: bool,
        out: &mut Ways,
    ) {
        let k = self.ko();
        for (dc, dr) in KING_STEPS {
            let t = match self.at(cur, dc, dr, 2) {
                Some(t) => t,
                None => continue,
            };
            let taken = match board[t] {
                None => None,
                Some(q) if q.color != p.color && (q.kind == k.priest || q.kind == k.monk) => {
                    Some(q)
                }
                Some(_) => continue,
            };
            if taken.is_some() {
                caps.push(t);
                board[t] = None;
            }
            // The jump alone, and what may follow it (a further jump stops here first).
            out.push(t, caps, stood);
            let next = stood || self.in_zone(p.color, t);
            if left > 1 {
                self.ko_priest_jumps(board, p, t, left - 1, caps, next, out);
            }
            // The jump and a shot.
            for a in self.ko_adjacent_targets(board, t, p.color) {
                let shot = board[a].take();
                caps.push(a);
                out.push(t, caps, stood);
                if left > 1 {
                    self.ko_priest_jumps(board, p, t, left - 1, caps, next, out);
                }
                caps.pop();
                board[a] = shot;
            }
            if taken.is_some() {
                board[t] = taken;
                caps.pop();
            }
        }
    }

    /// Every set of squares a shooter standing on `at` may shoot (each set non-empty).
    fn ko_shots(
        &self,
        board: &mut [Option<Piece>],
        at: usize,
        color: u8,
        sh: Shot,
    ) -> Vec<Vec<usize>> {
        // The first piece in each direction within range, if it is an enemy piece this shooter
        // may hit.
        let first = |board: &[Option<Piece>], by: Shooter| -> Vec<usize> {
            let mut v = Vec::new();
            for (dc, dr) in KING_STEPS {
                for j in 1..=sh.range {
                    let t = match self.at(at, dc, dr, j as i32) {
                        Some(t) => t,
                        None => break,
                    };
                    if let Some(q) = board[t] {
                        if q.color != color && self.ko_shootable(q, by, j) {
                            v.push(t);
                        }
                        break;
                    }
                }
            }
            v
        };
        let mut sets = Vec::new();
        match sh.kind {
            ShotKind::Bow => {
                for t in first(board, Shooter::Bow) {
                    sets.push(vec![t]);
                }
            }
            ShotKind::Cannon => {
                // Any enemy piece within range, whatever stands between.
                for (dc, dr) in KING_STEPS {
                    for j in 1..=sh.range {
                        let t = match self.at(at, dc, dr, j as i32) {
                            Some(t) => t,
                            None => break,
                        };
                        if matches!(board[t], Some(q) if q.color != color && self.ko_shootable(q, Shooter::Gun, j))
                        {
                            sets.push(vec![t]);
                        }
                    }
                }
            }
            ShotKind::Gatling => {
                // One shot, or two: the second in any direction on the board without the first
                // target (so possibly at the piece the first uncovered).
                for t1 in first(board, Shooter::Gun) {
                    sets.push(vec![t1]);
                    let q = board[t1].take();
                    for t2 in first(board, Shooter::Gun) {
                        sets.push(vec![t1, t2]);
                    }
                    board[t1] = q;
                }
            }
        }
        sets
    }

    // ------------------------------------------------------------------ play

    pub(super) fn ko_play(&self, m: &IMove) -> RefPosition {
        let k = self.ko();
        let mut next = self.clone();
        let from = m.from as usize;
        let to = m.to as usize;
        let mut mover = self.sq[from].expect("play: no piece on the origin square");
        // Removals: displaced, shot, burned, and the enemy poison flames of a promoting clerk.
        let mut lost_priest = [false; 2];
        for &c in &m.caps {
            if let Some(q) = self.sq[c as usize] {
                if q.kind == k.priest {
                    lost_priest[q.color as usize] = true;
                }
            }
            next.sq[c as usize] = None;
        }
        next.sq[from] = None;
        if m.promo == RefPromotion::Promote {
            mover.promoted = true;
            if mover.kind == k.clerk {
                // The clerk promotes: its side's unpromoted advance and rear guards promote too.
                for q in next.sq.iter_mut().flatten() {
                    if q.color == mover.color
                        && (q.kind == k.advance_guard || q.kind == k.rear_guard)
                    {
                        q.promoted = true;
                    }
                }
            }
        }
        next.sq[to] = Some(mover);
        // When a side's last Taoist priest is captured, its thunderclap and roaming assault
        // revert to drum and banner.
        for c in 0..2u8 {
            if lost_priest[c as usize] && !next.ko_has(c, k.priest) {
                for q in next.sq.iter_mut().flatten() {
                    if q.color == c && (q.kind == k.drum || q.kind == k.banner) {
                        q.promoted = false;
                    }
                }
            }
        }
        // A twelve-mile fog with an immaculate light (either side) within five squares along one
        // of the eight directions reverts to a Taoist priest.
        let n = self.n as i32;
        let lights: Vec<(i32, i32)> = (0..self.n * self.n)
            .filter(|&i| matches!(next.sq[i], Some(q) if q.kind == k.monk && q.promoted))
            .map(|i| ((i as i32) / n, (i as i32) % n))
            .collect();
        for i in 0..self.n * self.n {
            if let Some(q) = next.sq[i] {
                if q.kind == k.priest && q.promoted {
                    let (r, c) = ((i as i32) / n, (i as i32) % n);
                    let near = lights.iter().any(|&(lr, lc)| {
                        let (dr, dc) = ((lr - r).abs(), (lc - c).abs());
                        (dr == 0 || dc == 0 || dr == dc) && dr.max(dc) <= 5
                    });
                    if near {
                        next.sq[i] = Some(Piece {
                            promoted: false,
                            ..q
                        });
                    }
                }
            }
        }
        // An advance or rear guard ending its move in its zone sets its letter for good.
        if (mover.kind == k.advance_guard || mover.kind == k.rear_guard)
            && self.in_zone(mover.color, to)
        {
            next.extra |= guard_bit(mover.color, mover.kind == k.rear_guard);
        }
        next.side = 1 - self.side;
        next.move_number = self.move_number + 1;
        next
    }
}

/// Records (to, caps) with caps sorted and without duplicates.
/// Where the legs of a multiple move lead: every effect, and separately those reached by a way
/// that stopped in the mover's promotion zone between two legs.
struct Ways<'a> {
    out: &'a mut Vec<Raw>,
    via_zone: &'a mut Vec<Raw>,
}

impl Ways<'_> {
    fn push(&mut self, to: usize, caps: &[usize], stood: bool) {
        push(self.out, to, caps);
        if stood {
            push(self.via_zone, to, caps);
        }
    }
}

fn push(out: &mut Vec<Raw>, to: usize, caps: &[usize]) {
    let mut caps: Vec<u16> = caps.iter().map(|&c| c as u16).collect();
    caps.sort_unstable();
    caps.dedup();
    out.push(Raw {
        to: to as u16,
        caps,
    });
}
