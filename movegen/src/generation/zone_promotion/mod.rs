//! Zone promotion (`promotion = zone N` in a variant file): the generator of the variants
//! that use it, and the promotion choices it layers on top of movement. Ko shogi is the
//! built-in variant that uses it (docs/ko.md); the rules themselves are data (`[rules]` and the
//! atoms of `movegen/variants/ko.var`), and this module interprets them.
//!
//! Generation of a piece first collects where its movement can end (landings, with the
//! squares captured on the way): the movement interpreter (`interp.rs`) walks the piece's
//! program for a `Landings` visitor, which only decides what is capturable (capture
//! immunity), merges the ways to one outcome and notes a stop in the promotion zone between
//! legs. It then adds the shots the piece may take from there (`shooting.rs`), removes
//! duplicate effects, and finally attaches the promotion choices: the zone's, and the special
//! promotions of the `[rules]` section. The priests' jumps are the exception, built by
//! `Position::priest_cands` (`shooting.rs`): they alternate with shots, each shot changing the
//! board the next jump starts on. What happens after the move is played (burning, the
//! promotions' side effects, reversions, zone entry) is `rules/promotion_effects.rs`.

use arrayvec::ArrayVec;

use crate::board::geometry::{Colour, Square};
use crate::board::moves::{Move, MoveSink, Promotion};
use crate::board::position::Position;
use crate::definition::piece::Piece;
use crate::definition::program::Op;
use crate::definition::variant_file::KindId;
use crate::generation::interp::{CapInfo, Ctx, Visitor, Walker};

mod rules;

pub(crate) use rules::{
    candidate_bound, is_step_mover, unsupported, ShotLines, ZonePromotionRules,
};
use rules::{MAX_CANDS, MAX_LANDINGS, MAX_LANDING_CAPTURES};

/// Most squares a movement stands on between its legs.
const MAX_LANDING_STOPS: usize = MAX_LANDING_CAPTURES - 1;

/// Where a movement can end, before shots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Landing {
    pub(crate) to: u16,
    pub(crate) stops: [u16; MAX_LANDING_STOPS],
    pub(crate) nstops: u8,
    pub(crate) caps: [u16; MAX_LANDING_CAPTURES],
    pub(crate) ncaps: u8,
    /// The piece stood in its promotion zone between two legs of a multiple move (docs/ko.md
    /// "Promotion": each leg is a move, so the turn may end in a promotion).
    pub(crate) zone: bool,
}

impl Landing {
    pub(crate) fn new(to: u16) -> Landing {
        Landing {
            to,
            stops: [0; MAX_LANDING_STOPS],
            nstops: 0,
            caps: [0; MAX_LANDING_CAPTURES],
            ncaps: 0,
            zone: false,
        }
    }

    pub(crate) fn caps(&self) -> &[u16] {
        &self.caps[..self.ncaps as usize]
    }

    pub(crate) fn with_capture(mut self, sq: u16) -> Landing {
        self.caps[self.ncaps as usize] = sq;
        self.ncaps += 1;
        self
    }
}

/// Collects a piece's landings from the movement interpreter ([`Walker`]): one per
/// destination and set of captured squares, promotion offered if any way to it allows.
struct Landings<'a, const N: usize> {
    pos: &'a Position<N>,
    /// The mover's kind, for the targets immune to it.
    kind: KindId,
    /// Whether landings that capture nothing are wanted: not in captures-only generation of
    /// a piece that neither shoots, burns nor kills by promoting (its quiet landings can only
    /// give quiet moves, which that generation drops; the walker then skips them).
    quiet: bool,
    lands: ArrayVec<Landing, MAX_LANDINGS>,
}

impl<const N: usize> Landings<'_, N> {
    fn push(&mut self, l: Landing) {
        let mut key = l.caps;
        key[..l.ncaps as usize].sort_unstable();
        let dup = self.lands.iter_mut().find(|o| {
            if o.to != l.to || o.ncaps != l.ncaps {
                return false;
            }
            let mut k2 = o.caps;
            k2[..o.ncaps as usize].sort_unstable();
            k2 == key
        });
        match dup {
            // One effect, several ways: promotion is offered if any way allows it.
            Some(o) => o.zone |= l.zone,
            // candidate_bound bounds the landings of every accepted program.
            None => self.lands.push(l),
        }
    }
}

impl<const N: usize> Visitor for Landings<'_, N> {
    const MOVES: bool = true;

    #[inline]
    fn may_capture(&self, _cx: &Ctx, p: Piece) -> bool {
        !self.pos.variant.form(p).capture_immune.contains(&self.kind)
    }

    #[inline(always)]
    fn quiet(&self) -> bool {
        self.quiet
    }

    #[inline]
    fn simple(&mut self, _cx: &Ctx, to: usize, target: Piece) {
        if !self.quiet && !target.is_piece() {
            return;
        }
        let l = Landing::new(to as u16);
        self.push(if target.is_piece() {
            l.with_capture(to as u16)
        } else {
            l
        });
    }

    /// Igui (`i`): the capture on an adjacent square and the return. The only compound move a
    /// zone-promotion variant has (`unsupported` refuses lion lines and range capture; the
    /// area lion is walked as paths): its stops are the squares it captured on and stood on.
    fn compound(&mut self, cx: &Ctx, m: Move, _info: CapInfo) {
        let mut caps: ArrayVec<u16, 4> = m.stops().map(|s| s.0).collect();
        let to = m.to();
        if to != m.from() && self.pos.board[to.index()].is_piece() {
            caps.push(to.0);
        }
        let via: ArrayVec<u16, 4> = m.stops().map(|s| s.0).collect();
        self.path(cx, to.index(), &caps, &via);
    }

    fn path(&mut self, cx: &Ctx, to: usize, caps: &[u16], via: &[u16]) {
        if !self.quiet && caps.is_empty() {
            return;
        }
        let to = to as u16;
        let mut l = Landing::new(to);
        for &c in caps {
            l = l.with_capture(c);
            // The move string names the squares captured on before the last leg.
            if c != to && (l.nstops as usize) < l.stops.len() {
                l.stops[l.nstops as usize] = c;
                l.nstops += 1;
            }
        }
        // Each leg is a move, so standing in the zone between legs allows promotion
        // (docs/ko.md "Promotion").
        l.zone = via.iter().any(|&s| self.pos.in_zone(Square(s), cx.us));
        self.push(l);
    }
}

/// A complete move before its promotion choices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cand {
    pub(crate) mv: Move,
    /// The removed squares (sorted when duplicates are removed).
    pub(crate) removed: [u16; 6],
    pub(crate) nrem: u8,
    /// How many squares the move string names between origin and destination: among ways to
    /// the same effect, the one naming fewest is the canonical one.
    pub(crate) stops: u8,
    /// Position in generation order (emission keeps it; it breaks ties between equal strings).
    pub(crate) seq: u16,
    /// A way to this effect stood in the zone between legs ([`Landing::zone`]).
    pub(crate) zone: bool,
}

impl Cand {
    pub(crate) fn new(mv: Move, removed: &[u16]) -> Cand {
        let mut c = Cand {
            mv,
            removed: [0; 6],
            nrem: removed.len() as u8,
            stops: 0,
            seq: 0,
            zone: false,
        };
        c.removed[..removed.len()].copy_from_slice(removed);
        c
    }

    pub(crate) fn via_zone(mut self, zone: bool) -> Cand {
        self.zone = zone;
        self
    }

    /// What makes two candidates the same move: destination and removed squares.
    pub(crate) fn key(&self) -> (u16, [u16; 6], u8) {
        (self.mv.to().0, self.removed, self.nrem)
    }
}
/// The buffer for pieces with few candidates (most of them): a small stack frame is faster.
const FEW_CANDS: usize = 512;
/// Bound on one shot's targets: a cannon of the longest range (9) sees up to 8 x 9.
pub(crate) const MAX_SHOT_TARGETS: usize = 72;

impl<const N: usize> Position<N> {
    /// Whether `sq` lies in `side`'s promotion zone.
    #[inline]
    pub(crate) fn in_zone(&self, sq: Square, side: Colour) -> bool {
        let v = &*self.variant;
        let Some(zp) = &v.zone_promotion else {
            return false;
        };
        let row = v.geo.row(sq);
        let z = zp.zone as usize;
        match side {
            Colour::Black => row < z,
            Colour::White => row >= v.geo.ranks() - z,
        }
    }

    /// Whether `side` has a piece of one of the given kinds (either side up).
    pub(crate) fn has_kind(&self, side: Colour, kinds: &[KindId]) -> bool {
        kinds
            .iter()
            .any(|&k| self.base_count[k.index() * 2 + side.index()] > 0)
    }

    /// Generates the moves of a piece of a zone-promotion variant.
    pub(crate) fn zone_piece_moves<S: MoveSink>(
        &self,
        from: Square,
        caps_only: bool,
        sink: &mut S,
    ) {
        let piece = self.board[from.index()];
        if self.variant.programs[piece.index()].zone_cands <= FEW_CANDS {
            self.zone_piece_moves_in::<S, FEW_CANDS>(from, caps_only, sink);
        } else {
            self.zone_piece_moves_in::<S, MAX_CANDS>(from, caps_only, sink);
        }
    }

    /// [`Self::zone_piece_moves`] with a candidate buffer of `C` entries, at least the
    /// piece's bound. Never inlined, so that each buffer lives only in its own frame.
    #[inline(never)]
    fn zone_piece_moves_in<S: MoveSink, const C: usize>(
        &self,
        from: Square,
        caps_only: bool,
        sink: &mut S,
    ) {
        let v = &*self.variant;
        let piece = self.board[from.index()];
        let us = piece.colour();
        let prog = &v.programs[piece.index()];
        let form = v.form(piece);
        let mut cands: ArrayVec<Cand, C> = ArrayVec::new();
        let forward_blocked = prog
            .forward_needs
            .as_ref()
            .is_some_and(|(_, needed)| !self.has_kind(us, needed));
        // Captures only, and no quiet landing can capture (by a shot from it, burning around
        // it, or a promotion that removes enemy pieces): the quiet landings are not collected.
        let quiet = !caps_only || v.reach.captures_afar(piece);
        let mut found = Landings {
            pos: self,
            kind: form.kind,
            quiet,
            lands: ArrayVec::new(),
        };
        let mut walker = Walker::new(v, &self.board[..], from, &mut found);
        for &op in &prog.ops {
            match op {
                // The forward step its side may have lost (Ko's pawns and drum).
                Op::Slide { d, .. }
                    if forward_blocked
                        && prog.forward_needs.as_ref().is_some_and(|(fd, _)| *fd == d) => {}
                Op::Priest { start, len, legs } => {
                    let vecs = &prog.vecs[start as usize..start as usize + len as usize];
                    self.priest_cands(from, piece, vecs, legs, &prog.priest_targets, &mut cands);
                }
                // The lion as paths, so that a stop in the zone between its steps counts.
                Op::Lion => walker.lion_paths(),
                _ => walker.op(op, prog),
            }
        }
        // The lion's pass (stepping out and back through an empty square is a path already).
        if found.quiet && prog.pass && self.may_pass(prog, from) {
            found.push(Landing::new(from.0));
        }
        let lands = &found.lands;
        // Shots from each landing (and from where the piece stands).
        for l in lands {
            if l.to != from.0 || l.ncaps > 0 || prog.shoot.is_none() {
                let mv = if l.nstops > 0 {
                    Move::with_path(
                        from,
                        &l.stops[..l.nstops as usize]
                            .iter()
                            .map(|&s| Square(s))
                            .collect::<ArrayVec<Square, 4>>(),
                        Square(l.to),
                    )
                } else {
                    Move::new(from, Square(l.to))
                };
                let c = Cand::new(mv, l.caps()).via_zone(l.zone);
                if !(l.to == from.0 && l.ncaps == 0 && prog.shoot.is_some()) {
                    push_cand(&mut cands, c);
                }
            }
            if let Some(sh) = prog.shoot {
                self.shot_cands(from, piece, l, sh, &mut cands);
            }
        }
        if let Some(sh) = prog.shoot {
            self.shot_cands(from, piece, &Landing::new(from.0), sh, &mut cands);
        }
        // Distinct landings give distinct moves; only shots (in either order, or from
        // different squares) and the priests' jumps reach one effect in several ways.
        if prog.shoot.is_some() || prog.ops.iter().any(|o| matches!(o, Op::Priest { .. })) {
            dedup_cands(&mut cands);
        }
        // A burning piece with moves that capture on the way: a capture on the way and the
        // burning at the end can remove the same piece, so different landings can have one
        // effect (a lion jumping to a square next to an enemy, or capturing it on the way).
        if prog.burns
            && prog.ops.iter().any(|o| {
                matches!(
                    o,
                    Op::Lion
                        | Op::Igui { .. }
                        | Op::Double { .. }
                        | Op::Steps { .. }
                        | Op::MultiLine { .. }
                )
            })
        {
            self.dedup_burned(&mut cands, us);
        }
        for c in &cands {
            let removed = &c.removed[..c.nrem as usize];
            let captures = !removed.is_empty() || (prog.burns && self.burn_count(c.mv, us) > 0);
            if caps_only && !captures {
                // Only a promotion that removes enemy pieces (the clerk's) can still capture.
                let kills = &v
                    .zone_promotion
                    .as_ref()
                    .expect("zone-promotion rules")
                    .kill_on_promotion[form.kind];
                if kills.iter().any(|&f| self.has_form(f, us.flip())) {
                    let mut only_promote = PromoteOnly(sink);
                    self.emit_promotions(piece, c.mv, removed, c.zone, &mut only_promote);
                }
                continue;
            }
            self.emit_promotions(piece, c.mv, removed, c.zone, sink);
        }
    }
}

impl<const N: usize> Position<N> {
    /// Keeps one candidate per effect when the mover burns: the effect's removed squares are
    /// the candidate's and the ones burned where it ends. Among ways to one effect the one
    /// naming fewest squares is kept (the earliest among equals), and promotion is offered if
    /// any way allows it; generation order is kept.
    fn dedup_burned<const C: usize>(&self, cands: &mut ArrayVec<Cand, C>, us: Colour) {
        let mut keyed: Vec<((u16, Vec<u16>), u8, usize)> = cands
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut gone: Vec<u16> = c.removed[..c.nrem as usize].to_vec();
                self.for_each_burned(c.mv, us, |s, _| gone.push(s.0));
                gone.sort_unstable();
                gone.dedup();
                ((c.mv.to().0, gone), c.mv.stops().count() as u8, i)
            })
            .collect();
        keyed.sort_unstable();
        let mut keep = vec![false; cands.len()];
        let mut k = 0;
        while k < keyed.len() {
            let first = keyed[k].2;
            keep[first] = true;
            let mut j = k + 1;
            while j < keyed.len() && keyed[j].0 == keyed[k].0 {
                let zone = cands[keyed[j].2].zone;
                cands[first].zone |= zone;
                j += 1;
            }
            k = j;
        }
        let mut i = 0;
        cands.retain(|_| {
            i += 1;
            keep[i - 1]
        });
    }

    /// Emits a move of a zone-promotion variant with its promotion choices (the zone's, the
    /// special promotions). `zone`: a way to this move stood in the
    /// promotion zone between legs (so that it may promote though it starts and ends outside).
    fn emit_promotions<S: MoveSink>(
        &self,
        piece: Piece,
        mv: Move,
        removed: &[u16],
        zone: bool,
        sink: &mut S,
    ) {
        let v = &*self.variant;
        let zp = v.zone_promotion.as_ref().expect("zone-promotion rules");
        let f = v.form(piece);
        let us = piece.colour();
        if !f.can_promote {
            sink.push(mv);
            return;
        }
        if let Some(needed) = &zp.needs_alive[f.kind] {
            if !self.has_kind(us, needed) {
                sink.push(mv);
                return;
            }
        }
        let mut special = false;
        for &sq in removed {
            let q = self.board[sq as usize];
            if !q.is_piece() || q.colour() == us {
                continue;
            }
            let qf = v.form(q);
            if zp.commanding[qf.kind]
                || (f.step_mover && zp.step_target[q.form()])
                || zp.capture_promotes[f.kind].contains(&qf.kind)
            {
                special = true;
            }
        }
        if special {
            sink.push(mv.with_promotion(Promotion::Promote));
            return;
        }
        if zone || self.in_zone(mv.from(), us) || self.in_zone(mv.to(), us) {
            let need = zp.zone_needs[f.kind];
            if need & !self.extra_bits(us) != 0 {
                sink.push(mv);
                return;
            }
            sink.push(mv.with_promotion(Promotion::Promote));
            if !f.must_promote_where_immobile || !v.must_promote_at(piece, mv.to()) {
                sink.push(mv.with_promotion(Promotion::Decline));
            }
            return;
        }
        sink.push(mv);
    }

    /// The zone-entry bits of a side.
    #[inline]
    pub(crate) fn extra_bits(&self, side: Colour) -> u8 {
        (self.extra >> (4 * side.index())) & 0xf
    }
}

/// Passes on only the promoting moves (captures-only generation of a promotion that kills).
struct PromoteOnly<'a, S>(&'a mut S);

impl<S: MoveSink> MoveSink for PromoteOnly<'_, S> {
    fn push(&mut self, m: Move) {
        if m.promotion() == Promotion::Promote {
            self.0.push(m);
        }
    }
}

/// Adds a candidate (duplicates are removed later by [`dedup_cands`]).
#[inline]
pub(crate) fn push_cand<const C: usize>(cands: &mut ArrayVec<Cand, C>, mut c: Cand) {
    c.seq = cands.len() as u16;
    // The buffer holds the piece's bound (Program::zone_cands), so this cannot fail.
    cands.push(c);
}

/// Keeps one candidate per effect, the one naming fewest squares (the earliest among equals),
/// in generation order.
fn dedup_cands<const C: usize>(cands: &mut ArrayVec<Cand, C>) {
    if cands.len() < 2 {
        return;
    }
    for c in cands.iter_mut() {
        c.removed[..c.nrem as usize].sort_unstable();
        c.stops = c.mv.stops().count() as u8;
    }
    cands.sort_unstable_by_key(|c| (c.key(), c.stops, c.seq));
    let mut kept = 0;
    for i in 0..cands.len() {
        if kept == 0 || cands[kept - 1].key() != cands[i].key() {
            cands[kept] = cands[i];
            kept += 1;
        } else {
            // One effect, several ways: promotion is offered if any way allows it.
            cands[kept - 1].zone |= cands[i].zone;
        }
    }
    cands.truncate(kept);
    cands.sort_unstable_by_key(|c| c.seq);
}
