//! The movement interpreter: the one place that gives meaning to a compiled movement
//! [`Op`](crate::definition::program::Op).
//!
//! A [`Walker`] runs a piece's program on a mailbox and tells a [`Visitor`] what it finds. Two
//! kinds of visitor exist:
//!
//! - *move visitors* (`MOVES = true`): the walker applies the move/capture modalities (a move to
//!   an empty square, a capture of an enemy piece the visitor allows) and builds the compound
//!   moves (range capture, lion moves, igui) with what they capture, and the paths of the
//!   multi-leg moves (double moves, exact step counts, lines capturing all they pass) with the
//!   squares captured and stood on between legs; the visitor attaches what follows a landing
//!   (promotion choices; in zone-promotion variants also shots and burning) and emits. This is
//!   move generation: [`crate::movegen`]'s `Gen`, and [`crate::generation::zone_promotion`]'s landings.
//! - *reach visitors* (`MOVES = false`): the walker reports every on-board square a path reaches,
//!   with its occupant and the modality the op has there, whoever stands there; compound atoms
//!   report the squares they could capture on. Attack maps, attack questions, the reach tables
//!   behind them ([`crate::generation::attacks`]) and the evaluation's empty-board mobility are reach
//!   visitors.
//!
//! Being generic over the visitor (and the board view), each use compiles to its own loops.

use arrayvec::ArrayVec;

use crate::board::geometry::{Colour, Square};
use crate::board::moves::Move;
use crate::definition::piece::Piece;
use crate::definition::program::{Op, Program, CAPTURE, MOVE, UNLIMITED};
use crate::definition::variant::Variant;
use crate::definition::variant_file::{KindId, PromotionRule, RangeCaptureRule};

/// Most legs of one multi-leg move: step counts and line lengths are at most 9
/// (`betza.rs`).
const MAX_LEGS: usize = 9;

/// A read-only view of a mailbox: the position's own, or one with some squares lifted.
pub(crate) trait Cells {
    /// The cell at a padded index.
    fn cell(&self, i: usize) -> Piece;
}

impl Cells for [Piece] {
    #[inline(always)]
    fn cell(&self, i: usize) -> Piece {
        self[i]
    }
}

/// A mailbox with one square seen as empty (attack maps "as if the piece there had moved").
pub(crate) struct Lifted<'a> {
    /// The mailbox.
    pub(crate) board: &'a [Piece],
    /// The padded index seen as empty (`usize::MAX`: none).
    pub(crate) lifted: usize,
}

impl Cells for Lifted<'_> {
    #[inline(always)]
    fn cell(&self, i: usize) -> Piece {
        if i == self.lifted {
            Piece::EMPTY
        } else {
            self.board[i]
        }
    }
}

/// What a move captured, as far as promotion is concerned.
#[derive(Clone, Copy)]
pub(crate) struct CapInfo {
    /// At least one enemy piece.
    pub(crate) enemy: bool,
    /// At least one promoted enemy piece.
    pub(crate) promoted: bool,
    /// Best converting capture: (priority, kind).
    pub(crate) convert: (u8, KindId),
}

impl Default for CapInfo {
    /// Nothing captured (the kind of `convert` means nothing while its priority is 0).
    #[inline]
    fn default() -> CapInfo {
        CapInfo {
            enemy: false,
            promoted: false,
            convert: (0, KindId::new(0)),
        }
    }
}

impl CapInfo {
    /// Records the capture of `p`.
    #[inline]
    pub(crate) fn add(&mut self, v: &Variant, p: Piece) {
        self.enemy = true;
        if !v.capture_forms_matter {
            return;
        }
        let f = v.form(p);
        self.promoted |= f.promoted;
        if f.converts > self.convert.0 {
            self.convert = (f.converts, f.kind);
        }
    }

    /// What a move of `us` that removes `removed` captured (its own pieces do not count), as
    /// far as [`CapInfo::conversion`] and [`CapInfo::compelled`] read it: only Maka dai dai's
    /// rule (`promotion = capture-optional`) compels anything by what is taken, so under the
    /// other rules nothing is walked and the result is empty (`make` and the static exchange
    /// ask this of every capture, in every variant).
    #[inline]
    pub(crate) fn for_compulsion(
        v: &Variant,
        us: Colour,
        removed: impl IntoIterator<Item = Piece>,
    ) -> CapInfo {
        let mut info = CapInfo::default();
        if v.promotion() != PromotionRule::CaptureOptional {
            return info;
        }
        for p in removed.into_iter().filter(|p| p.colour() != us) {
            info.add(v, p);
        }
        info
    }

    /// The piece `mover` turns into by these captures under Maka dai dai's rule (`promotion =
    /// capture-optional`): the promoted form of the strongest converting piece taken (a deva
    /// or teaching king makes a teaching king, a dark spirit or Buddhist spirit a Buddhist
    /// spirit), in `mover`'s colour. Royal pieces are never converted; other rules convert
    /// nothing.
    #[inline]
    pub(crate) fn conversion(&self, v: &Variant, mover: Piece) -> Option<Piece> {
        (v.promotion() == PromotionRule::CaptureOptional
            && self.convert.0 > 0
            && !v.form(mover).royal)
            .then(|| Piece::new(Variant::form_of(self.convert.1, true), mover.colour()))
    }

    /// What these captures compel `mover` to become under Maka dai dai's rule: its
    /// [`CapInfo::conversion`], else its promoted form where it takes a promoted piece and can
    /// promote. None where the rule leaves the choice to the mover, and under the other rules
    /// (Dai dai and Taikyoku compel every promotion by capture, which the caller knows from
    /// [`Variant::capture_compels_promotion`]).
    #[inline]
    pub(crate) fn compelled(&self, v: &Variant, mover: Piece) -> Option<Piece> {
        self.conversion(v, mover).or_else(|| {
            (v.promotion() == PromotionRule::CaptureOptional
                && self.promoted
                && v.form(mover).can_promote)
                .then(|| v.promoted(mover))
        })
    }
}

/// The piece being walked.
pub(crate) struct Ctx<'a> {
    /// The variant.
    pub(crate) v: &'a Variant,
    /// Where it stands.
    pub(crate) from: Square,
    /// The piece.
    pub(crate) piece: Piece,
    /// Its colour.
    pub(crate) us: Colour,
}

/// What a [`Walker`] reports to.
pub(crate) trait Visitor {
    /// Move visitor (true) or reach visitor (false); see the module documentation.
    const MOVES: bool;

    /// Move visitors: whether moves to empty squares are wanted (not in captures-only
    /// generation).
    #[inline(always)]
    fn quiet(&self) -> bool {
        true
    }

    /// Move visitors: a move to `to`, capturing the enemy `target` there if it is a piece.
    #[inline(always)]
    fn simple(&mut self, _cx: &Ctx, _to: usize, _target: Piece) {}

    /// Move visitors: a compound move and what it captures.
    #[inline(always)]
    fn compound(&mut self, _cx: &Ctx, _m: Move, _info: CapInfo) {}

    /// Move visitors: whether the piece may capture the enemy `p` where a move or a leg ends
    /// (one it may not blocks it like a friend: Ko's capture immunity). The compound moves of
    /// [`Op::Lion`] (zone promotion walks the lion with [`Walker::lion_paths`], which asks),
    /// lion lines and range capturers do not ask (`Variant::compile` refuses those two with
    /// zone promotion, the only rule with capture immunity).
    #[inline(always)]
    fn may_capture(&self, _cx: &Ctx, _p: Piece) -> bool {
        true
    }

    /// Move visitors: one path of a multi-leg move ([`Op::Double`], [`Op::Steps`],
    /// [`Op::MultiLine`]) ending on `to` (possibly the origin). `caps`: the squares it captured
    /// on, in order (`to` among them when it captured there); `via`: the squares it stood on
    /// between legs, in order. Several paths may reach one outcome; the visitor merges them.
    /// Only zone-promotion variants have these ops (`Variant::compile` refuses them elsewhere),
    /// so `Gen` ignores this. Zone promotion's generator also walks the area lion this way
    /// ([`Walker::lion_paths`]).
    #[inline(always)]
    fn path(&mut self, _cx: &Ctx, _to: usize, _caps: &[u16], _via: &[u16]) {}

    /// Reach visitors: the path reached the on-board square `to`, holding `p`; `modality` is
    /// what the op allows there ([`MOVE`], [`CAPTURE`] bits).
    #[inline(always)]
    fn reach(&mut self, _cx: &Ctx, _to: usize, _p: Piece, _modality: u8) {}
}

/// Runs movement programs on a mailbox for a visitor.
pub(crate) struct Walker<'a, V: ?Sized, B: Cells + ?Sized> {
    /// The piece being walked.
    pub(crate) cx: Ctx<'a>,
    /// The mailbox.
    pub(crate) board: &'a B,
    /// Who is told.
    pub(crate) vis: &'a mut V,
}

impl<'a, V: Visitor, B: Cells + ?Sized> Walker<'a, V, B> {
    /// A walker for the piece on `from` (read from `board`).
    #[inline]
    pub(crate) fn new(v: &'a Variant, board: &'a B, from: Square, vis: &'a mut V) -> Self {
        let piece = board.cell(from.index());
        Walker {
            cx: Ctx {
                v,
                from,
                piece,
                us: piece.colour(),
            },
            board,
            vis,
        }
    }

    /// Moves the walker to another piece.
    #[inline]
    pub(crate) fn set_piece(&mut self, from: Square, piece: Piece) {
        self.cx.from = from;
        self.cx.piece = piece;
        self.cx.us = piece.colour();
    }

    #[inline(always)]
    fn enemy(&self, p: Piece) -> bool {
        p.is_piece() && p.colour() != self.cx.us
    }

    /// Move visitors: an enemy piece the visitor lets this piece capture.
    #[inline(always)]
    fn capturable(&self, p: Piece) -> bool {
        self.enemy(p) && self.vis.may_capture(&self.cx, p)
    }

    /// Move visitors: where a leg of a multi-leg move may end: `Some(false)` on an empty
    /// square, `Some(true)` capturing there, `None` if it may not end there.
    #[inline(always)]
    fn leg_end(&self, p: Piece) -> Option<bool> {
        if p == Piece::EMPTY {
            Some(false)
        } else if self.capturable(p) {
            Some(true)
        } else {
            None
        }
    }

    /// A square on a path: what the modality allows there (move visitors), or the raw finding
    /// (reach visitors).
    #[inline(always)]
    fn at(&mut self, t: i32, p: Piece, modality: u8) {
        if V::MOVES {
            if p == Piece::EMPTY {
                if modality & MOVE != 0 && self.vis.quiet() {
                    self.vis.simple(&self.cx, t as usize, p);
                }
            } else if modality & CAPTURE != 0 && self.capturable(p) {
                self.vis.simple(&self.cx, t as usize, p);
            }
        } else if p != Piece::OFFBOARD {
            self.vis.reach(&self.cx, t as usize, p, modality);
        }
    }

    /// The whole program of the current piece: slides, leaps, then the rest.
    #[inline]
    pub(crate) fn program(&mut self, prog: &Program) {
        let f = self.cx.from.0 as i32;
        for s in &prog.slides {
            self.slide(f, s.d, s.max, s.modality);
        }
        for l in &prog.leaps {
            self.leap(f + l.d, l.modality);
        }
        for &op in &prog.rest {
            self.op(op, prog);
        }
    }

    /// Slides from `start` (exclusive) along `d` for up to `max` squares, stopping on the first
    /// occupied square.
    #[inline]
    pub(crate) fn slide(&mut self, start: i32, d: i32, max: u8, modality: u8) {
        let board = self.board;
        let mut t = start + d;
        let mut n = 0u8;
        if V::MOVES {
            // The hot path of move generation: the modality and the visitor's wish for quiet
            // moves are fixed for the whole ray.
            let quiet = modality & MOVE != 0 && self.vis.quiet();
            loop {
                let p = board.cell(t as usize);
                if p != Piece::EMPTY {
                    if modality & CAPTURE != 0 && self.capturable(p) {
                        self.vis.simple(&self.cx, t as usize, p);
                    }
                    return;
                }
                if quiet {
                    self.vis.simple(&self.cx, t as usize, p);
                }
                n += 1;
                if n == max {
                    return;
                }
                t += d;
            }
        }
        loop {
            let p = board.cell(t as usize);
            self.at(t, p, modality);
            if p != Piece::EMPTY {
                return;
            }
            n += 1;
            if n == max {
                return;
            }
            t += d;
        }
    }

    /// A leap to `t`.
    #[inline]
    pub(crate) fn leap(&mut self, t: i32, modality: u8) {
        let p = self.board.cell(t as usize);
        self.at(t, p, modality);
    }

    /// One instruction of the current piece (`prog` holds the vectors of the multi-leg ones).
    pub(crate) fn op(&mut self, op: Op, prog: &Program) {
        let from = self.cx.from.0 as i32;
        match op {
            Op::Slide { d, max, modality } => self.slide(from, d, max, modality),
            Op::Leap { d, modality } => self.leap(from + d, modality),
            Op::JumpSlide {
                d,
                from: a,
                to: b,
                cont,
                modality,
            } => {
                let mut t = from;
                for k in 1..=b {
                    t += d;
                    let p = self.board.cell(t as usize);
                    if p == Piece::OFFBOARD {
                        return;
                    }
                    if k < a {
                        continue;
                    }
                    self.at(t, p, modality);
                    if p == Piece::EMPTY {
                        self.slide(t, d, cont, modality);
                    }
                }
            }
            Op::PassOver {
                d,
                n,
                max,
                modality,
            } => {
                let mut t = from + d;
                let mut passed = 0u8;
                let mut dist = 0u8;
                loop {
                    let p = self.board.cell(t as usize);
                    if p == Piece::OFFBOARD {
                        return;
                    }
                    self.at(t, p, modality);
                    if p != Piece::EMPTY {
                        if passed == n {
                            return;
                        }
                        passed += 1;
                    }
                    dist += 1;
                    if dist == max {
                        return;
                    }
                    t += d;
                }
            }
            Op::RangeCapture { d } => self.range_capture(d),
            Op::JumpCapture { d } => {
                let mut t = from + d;
                loop {
                    let p = self.board.cell(t as usize);
                    if p == Piece::OFFBOARD {
                        return;
                    }
                    self.at(t, p, CAPTURE);
                    t += d;
                }
            }
            Op::Hook { d, p1, p2 } => {
                let mut t = from + d;
                loop {
                    let p = self.board.cell(t as usize);
                    self.at(t, p, MOVE | CAPTURE);
                    if p != Piece::EMPTY {
                        return;
                    }
                    for p in [p1, p2] {
                        if p != 0 {
                            self.slide(t, p, UNLIMITED, MOVE | CAPTURE);
                        }
                    }
                    t += d;
                }
            }
            Op::LionLine { d, n, skip_area } => {
                if V::MOVES {
                    self.lion_line(d, n, skip_area);
                } else {
                    for k in 1..=n as i32 {
                        let t = from + d * k;
                        if self.board.cell(t as usize) == Piece::OFFBOARD {
                            break;
                        }
                        self.at(t, self.board.cell(t as usize), MOVE | CAPTURE);
                    }
                }
            }
            Op::Igui { d } => {
                let t = from + d;
                let p = self.board.cell(t as usize);
                if !V::MOVES {
                    self.at(t, p, CAPTURE);
                } else if self.capturable(p) {
                    let mut info = CapInfo::default();
                    info.add(self.cx.v, p);
                    let m = Move::with_mids(self.cx.from, Square(t as u16), None, self.cx.from);
                    self.vis.compound(&self.cx, m, info);
                }
            }
            Op::Lion => {
                if V::MOVES {
                    self.lion();
                } else {
                    let v = self.cx.v;
                    for &d in v.king_steps.iter().chain(v.ring_two.iter()) {
                        self.at(
                            from + d,
                            self.board.cell((from + d) as usize),
                            MOVE | CAPTURE,
                        );
                    }
                }
            }
            Op::Pass { d } => {
                // The pass itself is the generator's, emitted once per piece. Visitors that
                // count stops between legs (zone promotion's) see it as a path through the
                // empty square and back.
                let t = from + d;
                if V::MOVES && self.board.cell(t as usize) == Piece::EMPTY && self.vis.quiet() {
                    self.vis.path(&self.cx, from as usize, &[], &[t as u16]);
                }
            }
            Op::Emperor => {
                // Anywhere on the board; the position generates the emperor's moves (they
                // depend on attacks), so only reach visitors see this.
                if !V::MOVES {
                    let v = self.cx.v;
                    for sq in v.geo.all_squares() {
                        if sq != self.cx.from {
                            let t = sq.0 as i32;
                            self.at(t, self.board.cell(sq.index()), MOVE | CAPTURE);
                        }
                    }
                }
            }
            Op::Double {
                start,
                len,
                same_dir,
            } => {
                let (s, e) = (start as usize, start as usize + len as usize);
                if V::MOVES {
                    self.double(&prog.vecs[s..e], &prog.vec_group[s..e], same_dir);
                } else {
                    self.two_leg_reach(prog, s..e, same_dir, true);
                }
            }
            Op::Steps { start, len, n } => {
                let vecs = &prog.vecs[start as usize..start as usize + len as usize];
                if V::MOVES {
                    let (mut caps, mut via) = (ArrayVec::new(), ArrayVec::new());
                    self.step_paths(from, vecs, n, &mut caps, &mut via);
                } else {
                    // Every square a path of exactly `n` steps on the board can end on.
                    self.steps(from, vecs, n);
                }
            }
            Op::MultiLine { d, n } => {
                if V::MOVES {
                    self.multi_line(d, n);
                } else {
                    for k in 1..=n as i32 {
                        let t = from + d * k;
                        let p = self.board.cell(t as usize);
                        if p == Piece::OFFBOARD {
                            break;
                        }
                        self.at(t, p, MOVE | CAPTURE);
                    }
                }
            }
            Op::Priest { start, len, legs } => {
                // Reach only: the priest's jumps alternate with shots, so zone promotion's
                // generator builds its moves (`Position::priest_cands`, `shooting.rs`).
                if !V::MOVES {
                    let (s, e) = (start as usize, start as usize + len as usize);
                    self.two_leg_reach(prog, s..e, false, legs >= 2);
                }
            }
        }
    }

    /// Reach visitors: where a first leg by `prog.vecs[legs]` can land (on the board), and
    /// with `second`, a second leg from there (with `same_dir`, in the first leg's major
    /// direction group), never back on the origin: the double move and the priest's jumps.
    fn two_leg_reach(
        &mut self,
        prog: &Program,
        legs: std::ops::Range<usize>,
        same_dir: bool,
        second: bool,
    ) {
        let from = self.cx.from.0 as i32;
        for i in legs.clone() {
            let t1 = from + prog.vecs[i];
            let p1 = self.board.cell(t1 as usize);
            if p1 == Piece::OFFBOARD {
                continue;
            }
            self.at(t1, p1, MOVE | CAPTURE);
            if !second {
                continue;
            }
            for j in legs.clone() {
                if same_dir && prog.vec_group[j] != prog.vec_group[i] {
                    continue;
                }
                let t2 = t1 + prog.vecs[j];
                if t2 != from {
                    self.at(t2, self.board.cell(t2 as usize), MOVE | CAPTURE);
                }
            }
        }
    }

    /// Move visitors: the double move (up to two legs by `vecs`; with `same_dir`, the second
    /// leg in the first one's major direction, `groups`). Each first leg ends on an empty
    /// square or captures; then the piece may return to its origin (igui, or a pass through
    /// the first square) or take a second leg to another square.
    fn double(&mut self, vecs: &[i32], groups: &[u8], same_dir: bool) {
        let from = self.cx.from.0 as i32;
        let mut caps = [0u16; 2];
        for (i, &d1) in vecs.iter().enumerate() {
            let t1 = from + d1;
            let Some(took) = self.leg_end(self.board.cell(t1 as usize)) else {
                continue;
            };
            let (t1u, n1) = (t1 as u16, took as usize);
            caps[0] = t1u;
            self.vis.path(&self.cx, t1 as usize, &caps[..n1], &[]);
            self.vis.path(&self.cx, from as usize, &caps[..n1], &[t1u]);
            for (j, &d2) in vecs.iter().enumerate() {
                if same_dir && groups[j] != groups[i] {
                    continue;
                }
                let t2 = t1 + d2;
                if t2 == from {
                    continue;
                }
                // Neither the origin nor the first square: the board as it stands.
                let Some(took) = self.leg_end(self.board.cell(t2 as usize)) else {
                    continue;
                };
                caps[n1] = t2 as u16;
                let n2 = n1 + took as usize;
                self.vis.path(&self.cx, t2 as usize, &caps[..n2], &[t1u]);
            }
        }
    }

    /// Move visitors: every path of exactly `left` more steps by `vecs` from `at`, depth first
    /// in the order of `vecs`. A step ends on an empty square (the vacated origin and the
    /// squares captured on the way are empty) or captures.
    fn step_paths(
        &mut self,
        at: i32,
        vecs: &[i32],
        left: u8,
        caps: &mut ArrayVec<u16, MAX_LEGS>,
        via: &mut ArrayVec<u16, MAX_LEGS>,
    ) {
        if left == 0 {
            self.vis.path(&self.cx, at as usize, caps, via);
            return;
        }
        let from = self.cx.from.0 as i32;
        for &d in vecs {
            let t = at + d;
            let tu = t as u16;
            let p = if t == from || caps.contains(&tu) {
                Piece::EMPTY
            } else {
                self.board.cell(t as usize)
            };
            let Some(took) = self.leg_end(p) else {
                continue;
            };
            if took {
                caps.push(tu);
            }
            if left > 1 {
                via.push(tu);
            }
            self.step_paths(t, vecs, left - 1, caps, via);
            if left > 1 {
                via.pop();
            }
            if took {
                caps.pop();
            }
        }
    }

    /// Move visitors: one to `n` single steps along `d`, each ending on an empty square or
    /// capturing (and going on), stopped by anything else.
    fn multi_line(&mut self, d: i32, n: u8) {
        let mut caps: ArrayVec<u16, MAX_LEGS> = ArrayVec::new();
        let mut via: ArrayVec<u16, MAX_LEGS> = ArrayVec::new();
        let mut t = self.cx.from.0 as i32;
        for _ in 0..n {
            t += d;
            let Some(took) = self.leg_end(self.board.cell(t as usize)) else {
                break;
            };
            if took {
                caps.push(t as u16);
            }
            self.vis.path(&self.cx, t as usize, &caps, &via);
            via.push(t as u16);
        }
    }

    /// Reach of exactly `n` steps by `vecs` from `from` (each path staying on the board):
    /// breadth-first over sets of squares, small enough for a stack (the thunderclap: n = 5).
    fn steps(&mut self, from: i32, vecs: &[i32], n: u8) {
        const MAX: usize = 256;
        let mut cur = [0i32; MAX];
        let mut next = [0i32; MAX];
        let (mut nc, mut nn);
        cur[0] = from;
        nc = 1;
        for _ in 0..n {
            nn = 0;
            for &s in &cur[..nc] {
                for &d in vecs {
                    let t = s + d;
                    if self.board.cell(t as usize) == Piece::OFFBOARD
                        || next[..nn].contains(&t)
                        || nn == MAX
                    {
                        continue;
                    }
                    next[nn] = t;
                    nn += 1;
                }
            }
            cur[..nn].copy_from_slice(&next[..nn]);
            nc = nn;
        }
        for &t in &cur[..nc] {
            if t != from {
                self.at(t, self.board.cell(t as usize), MOVE | CAPTURE);
            }
        }
    }

    /// Range capture along `d` (`x`): the piece flies over pieces of lower rank than its own,
    /// removing them. Under `range-capture = any-enemy` it lands on an empty square or an
    /// enemy piece of any rank; under `lower-rank` on an empty square or any piece of lower
    /// rank (a friend too, removed with the rest), while a piece of its rank or higher blocks
    /// it and cannot be taken. A move that lands on a friend, or flies over pieces, is a
    /// [`Move::range`]; only enemy pieces make it a capture.
    fn range_capture(&mut self, d: i32) {
        let from = self.cx.from.0 as i32;
        let v = self.cx.v;
        let rank = v.piece_rank[self.cx.piece.index()];
        let by_rank = v.def.rules.range_capture == RangeCaptureRule::LowerRank;
        if !V::MOVES {
            let mut t = from + d;
            loop {
                let p = self.board.cell(t as usize);
                if p == Piece::OFFBOARD {
                    return;
                }
                let blocks = p != Piece::EMPTY && v.piece_rank[p.index()] >= rank;
                // A blocker under the rank reading can be neither taken nor landed on.
                let modality = if blocks && by_rank { 0 } else { MOVE | CAPTURE };
                self.at(t, p, modality);
                if blocks {
                    return;
                }
                t += d;
            }
        }
        let quiet = self.vis.quiet();
        let mut info = CapInfo::default();
        let mut flown = false;
        let mut t = from + d;
        loop {
            let p = self.board.cell(t as usize);
            if p == Piece::OFFBOARD {
                return;
            }
            let to = Square(t as u16);
            if p == Piece::EMPTY {
                if !flown {
                    if quiet {
                        self.vis.simple(&self.cx, t as usize, p);
                    }
                } else if quiet || info.enemy {
                    self.vis
                        .compound(&self.cx, Move::range(self.cx.from, to), info);
                }
                t += d;
                continue;
            }
            let blocks = v.piece_rank[p.index()] >= rank;
            if by_rank {
                if blocks {
                    return;
                }
                if self.enemy(p) && !flown {
                    self.vis.simple(&self.cx, t as usize, p);
                } else {
                    let mut i = info;
                    if self.enemy(p) {
                        i.add(v, p);
                    }
                    if quiet || i.enemy {
                        self.vis
                            .compound(&self.cx, Move::range(self.cx.from, to), i);
                    }
                }
            } else {
                if self.enemy(p) {
                    if !flown {
                        self.vis.simple(&self.cx, t as usize, p);
                    } else {
                        let mut i = info;
                        i.add(v, p);
                        self.vis
                            .compound(&self.cx, Move::range(self.cx.from, to), i);
                    }
                }
                if blocks {
                    return;
                }
            }
            if self.enemy(p) {
                info.add(v, p);
            }
            flown = true;
            t += d;
        }
    }

    /// Lion moves along one line (`y` in `docs/variant-format.md`, rules in `docs/rules.md`):
    /// single steps forward or back along the line (never beyond the origin), the first leg
    /// optionally a jump from the origin to the k-th square; every square landed on must be
    /// empty, hold an enemy piece (captured) or be the origin.
    fn lion_line(&mut self, d: i32, n: u8, skip_area: bool) {
        let from = self.cx.from.0 as i32;
        let mut sq = [0i32; 4];
        let mut p = [Piece::EMPTY; 4];
        let mut len = 0usize;
        for k in 1..=n as usize {
            let t = from + d * k as i32;
            let q = self.board.cell(t as usize);
            if q == Piece::OFFBOARD {
                break;
            }
            sq[k] = t;
            p[k] = q;
            len = k;
        }
        // End states (final position, bit set of captured positions).
        let mut found = [(0u8, 0u8); 32];
        let mut nf = 0usize;
        let us = self.cx.us;
        #[allow(clippy::too_many_arguments)]
        fn walk(
            p: &[Piece; 4],
            len: usize,
            us: Colour,
            pos: usize,
            left: u8,
            first: bool,
            mask: u8,
            found: &mut [(u8, u8); 32],
            nf: &mut usize,
        ) {
            let mut legs = [(0usize, 0u8); 5];
            let mut nl = 0;
            legs[nl] = (pos + 1, 1);
            nl += 1;
            if pos > 0 {
                legs[nl] = (pos - 1, 1);
                nl += 1;
            }
            if first {
                for k in 2..=left as usize {
                    legs[nl] = (k, k as u8);
                    nl += 1;
                }
            }
            for &(next, cost) in &legs[..nl] {
                if cost > left || next > len {
                    continue;
                }
                let mut m = mask;
                if next > 0 && mask & (1 << next) == 0 {
                    let q = p[next];
                    if q.is_piece() {
                        if q.colour() == us {
                            continue;
                        }
                        m |= 1 << next;
                    }
                }
                let state = (next as u8, m);
                if !found[..*nf].contains(&state) {
                    found[*nf] = state;
                    *nf += 1;
                }
                walk(p, len, us, next, left - cost, false, m, found, nf);
            }
        }
        walk(&p, len, us, 0, n, true, 0, &mut found, &mut nf);
        let quiet = self.vis.quiet();
        for &(f, mask) in &found[..nf] {
            let f = f as usize;
            if f == 0 && mask == 0 {
                continue; // the pass, emitted once per piece
            }
            if skip_area && (f == 0 || f == 2 || (f == 1 && mask & 0b100 == 0)) {
                continue; // the area lion yields these
            }
            let extra = mask & !(1u8 << f);
            if extra == 0 {
                if p[f] == Piece::EMPTY && !quiet {
                    continue;
                }
                self.vis.simple(&self.cx, sq[f] as usize, p[f]);
                continue;
            }
            let mut info = CapInfo::default();
            let mut mids = [0u16; 2];
            let mut nm = 0;
            for k in 1..=len {
                if mask & (1 << k) != 0 {
                    info.add(self.cx.v, p[k]);
                    if k != f {
                        mids[nm] = sq[k] as u16;
                        nm += 1;
                    }
                }
            }
            let to = if f == 0 {
                self.cx.from
            } else {
                Square(sq[f] as u16)
            };
            let mid2 = (nm == 2).then_some(Square(mids[1]));
            self.vis.compound(
                &self.cx,
                Move::with_mids(self.cx.from, Square(mids[0]), mid2, to),
                info,
            );
        }
    }

    /// Move visitors: the area lion as paths, for visitors that must see where it stood
    /// between legs (zone promotion counts a stop in the zone): one or two king steps as a
    /// double move ([`Visitor::path`]: every landing empty, capturable, or the origin, so igui
    /// and a pass through an empty square are paths back to the origin), and the jumps to the
    /// sixteen squares two away ([`Visitor::simple`]). The pass that needs no empty
    /// neighbour is the generator's, as in [`Self::lion`].
    pub(crate) fn lion_paths(&mut self) {
        let v = self.cx.v;
        self.double(&v.king_steps, &[0; 8], false);
        let from = self.cx.from.0 as i32;
        for &d in &v.ring_two {
            let t = from + d;
            self.at(t, self.board.cell(t as usize), MOVE | CAPTURE);
        }
    }

    /// The area lion: every square within two (steps or jump), captures on the first step
    /// followed by a second step (igui when it returns).
    fn lion(&mut self) {
        let from = self.cx.from.0 as i32;
        let v = self.cx.v;
        for &d in v.king_steps.iter().chain(v.ring_two.iter()) {
            let t = from + d;
            self.at(t, self.board.cell(t as usize), MOVE | CAPTURE);
        }
        for &d1 in &v.king_steps {
            let m1 = from + d1;
            let p1 = self.board.cell(m1 as usize);
            if !self.enemy(p1) {
                continue;
            }
            let mut base = CapInfo::default();
            base.add(v, p1);
            // Igui.
            self.vis.compound(
                &self.cx,
                Move::with_mids(self.cx.from, Square(m1 as u16), None, self.cx.from),
                base,
            );
            for &d2 in &v.king_steps {
                let t = m1 + d2;
                if t == from {
                    continue;
                }
                let p2 = self.board.cell(t as usize);
                let mut info = base;
                if p2 == Piece::EMPTY {
                } else if self.enemy(p2) {
                    info.add(v, p2);
                } else {
                    continue;
                }
                let m = Move::with_mids(self.cx.from, Square(m1 as u16), None, Square(t as u16));
                self.vis.compound(&self.cx, m, info);
            }
        }
    }
}
