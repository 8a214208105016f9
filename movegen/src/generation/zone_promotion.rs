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
use crate::definition::betza::{AtomKind, ShotClass};
use crate::definition::program::Op;
use crate::definition::variant::{FormId, PerForm, Piece, Variant};
use crate::definition::variant_file::{KindId, PerKind, RulesDef};
use crate::generation::interp::{CapInfo, Ctx, Visitor, Walker};

/// The rules of zone promotion (`promotion = zone N`) with the special promotions and
/// reversions of the `[rules]` section, compiled for fast lookup. Ko shogi is the built-in
/// variant that uses them.
#[derive(Clone, Debug, Default)]
pub(crate) struct ZonePromotionRules {
    /// Rows of the promotion zone.
    pub(crate) zone: u8,
    /// Commander groups (base kinds), besides royal pieces.
    pub(crate) commander_groups: Vec<Vec<KindId>>,
    /// By kind: capturing it (either side up) promotes the capturer.
    pub(crate) commanding: PerKind<bool>,
    /// By form: a step mover capturing it promotes.
    pub(crate) step_target: PerForm<bool>,
    /// By kind: the kinds whose capture promotes it.
    pub(crate) capture_promotes: PerKind<Vec<KindId>>,
    /// By kind: allied kinds promoting with it.
    pub(crate) promote_with: PerKind<Vec<KindId>>,
    /// By kind: enemy forms removed when it promotes.
    pub(crate) kill_on_promotion: PerKind<Vec<FormId>>,
    /// By kind: the zone-entry bits its side needs before it may promote in the zone.
    pub(crate) zone_needs: PerKind<u8>,
    /// By kind: its zone-entry bit (0 = not tracked).
    pub(crate) zone_bit: PerKind<u8>,
    /// Zone-entry letters by bit index.
    pub(crate) letters: Vec<char>,
    /// By kind: the kinds one of which its side needs to promote or stay promoted.
    pub(crate) needs_alive: PerKind<Option<Vec<KindId>>>,
    /// (form that reverts, form that makes it revert, distance).
    pub(crate) reverts_near: Vec<(FormId, FormId, u8)>,
    /// Promoted forms of the kinds in `needs_alive`, with the kinds they need.
    pub(crate) needs_alive_forms: Vec<(FormId, Vec<KindId>)>,
    /// Where shots can reach ([`ShotLines`]), for the shooters' ranges.
    pub(crate) shot_lines: ShotLines,
}

/// Per shooting range the variant's pieces have, per dense square: a board mask of the squares
/// on the eight king lines from it within that range. A shot hits only an enemy piece on one of
/// them, so a landing whose mask holds no enemy piece has no shot to look for; most landings
/// are far from the enemy, and the scan of up to 8 x 9 cells from each was a fifth of a Ko
/// search.
#[derive(Clone, Debug, Default)]
pub(crate) struct ShotLines {
    /// Words of a board mask.
    words: usize,
    /// By range: `words` words per dense square (empty for a range no piece has).
    by_range: Vec<Vec<u64>>,
}

impl ShotLines {
    /// The masks of `ranges` on the board of `geo`.
    pub(crate) fn new(
        geo: &crate::board::geometry::Geometry,
        ranges: impl Iterator<Item = u8>,
    ) -> Self {
        let words = geo.squares().div_ceil(64);
        let mut by_range: Vec<Vec<u64>> = Vec::new();
        for r in ranges {
            let r = r as usize;
            if by_range.len() <= r {
                by_range.resize(r + 1, Vec::new());
            }
            if !by_range[r].is_empty() {
                continue;
            }
            by_range[r] = crate::generation::attacks::square_masks(geo, |dr, dc| {
                (dr == 0 || dc == 0 || dr == dc) && (1..=r).contains(&dr.max(dc))
            });
        }
        ShotLines { words, by_range }
    }

    /// Whether `occupied` (a board mask's words) holds a square within `range` of the dense
    /// square `at` along a king line. True for a range without masks.
    #[inline]
    pub(crate) fn any_within(&self, at: usize, range: u8, occupied: &[u64]) -> bool {
        match self.by_range.get(range as usize) {
            Some(m) if !m.is_empty() => m[at * self.words..][..self.words]
                .iter()
                .zip(occupied)
                .any(|(a, b)| a & b != 0),
            _ => true,
        }
    }
}

impl ZonePromotionRules {
    /// Compiles the `[rules]` of a variant with `kinds` kinds.
    pub(crate) fn new(r: &RulesDef, kinds: usize, zone: u8) -> ZonePromotionRules {
        let form =
            |f: &crate::definition::variant_file::FormRef| Variant::form_of(f.kind, f.promoted);
        let mut k = ZonePromotionRules {
            zone,
            commander_groups: r.commanders.clone(),
            commanding: PerKind::new(kinds, false),
            step_target: PerForm::new(kinds, false),
            capture_promotes: PerKind::new(kinds, Vec::new()),
            promote_with: PerKind::new(kinds, Vec::new()),
            kill_on_promotion: PerKind::new(kinds, Vec::new()),
            zone_needs: PerKind::new(kinds, 0),
            zone_bit: PerKind::new(kinds, 0),
            letters: Vec::new(),
            needs_alive: PerKind::new(kinds, None),
            needs_alive_forms: Vec::new(),
            shot_lines: ShotLines::default(),
            reverts_near: r
                .reverts_near
                .iter()
                .map(|(a, b, d)| (form(a), form(b), *d))
                .collect(),
        };
        for &c in &r.commanding {
            k.commanding[c] = true;
        }
        for f in &r.step_capture_promotes {
            k.step_target[form(f)] = true;
        }
        for (a, b) in &r.capture_promotes {
            k.capture_promotes[*a].extend(b);
        }
        for (a, b) in &r.promote_with {
            k.promote_with[*a].extend(b);
        }
        for (a, b) in &r.kill_on_promotion {
            k.kill_on_promotion[*a].extend(b.iter().map(form));
        }
        for (i, &(kind, letter)) in r.zone_letters.iter().enumerate() {
            k.zone_bit[kind] = 1 << i;
            k.letters.push(letter);
        }
        for (a, b) in &r.zone_promotion_needs {
            k.zone_needs[*a] = b.iter().map(|&x| k.zone_bit[x]).fold(0, |x, y| x | y);
        }
        for (kinds_, needed) in &r.needs_alive {
            for &x in kinds_ {
                k.needs_alive[x] = Some(needed.clone());
                k.needs_alive_forms
                    .push((Variant::form_of(x, true), needed.clone()));
            }
        }
        k
    }
}

/// Why the zone-promotion generator cannot generate a compiled program, or `None` when it
/// can. It generates steps, slides and leaps, the lion's area move (`{lion}`) and igui (`i`),
/// the multi-leg moves (`{double}`, `{steps}`, `{line}`), the priests' jumps, and layers shots,
/// burning and the promotion choices on top of where a movement ends. `Variant::compile`
/// names the kind in front of the reason.
pub(crate) fn unsupported(prog: &crate::definition::program::Program) -> Option<String> {
    for op in &prog.ops {
        let why = match op {
            Op::Slide { .. }
            | Op::Leap { .. }
            | Op::Lion
            | Op::Pass { .. }
            | Op::Igui { .. }
            | Op::Double { .. }
            | Op::Steps { .. }
            | Op::MultiLine { .. }
            | Op::Priest { .. } => continue,
            Op::RangeCapture { .. } => {
                "range capture ('x') is not available with zone promotion: it removes any number \
                 of pieces, friend or foe, and a move there holds at most \
                 5 captured enemy pieces"
            }
            Op::LionLine { .. } => {
                "the lion line ('y') is not available with zone promotion: its legs stop on empty \
                 squares, which zone promotion counts as stops between legs, and the movement \
                 interpreter does not report them"
            }
            Op::Emperor => {
                "the emperor is not available with zone promotion: its jumps depend on attack \
                 maps, which that generator does not compute"
            }
            Op::JumpSlide { .. }
            | Op::PassOver { .. }
            | Op::JumpCapture { .. }
            | Op::Hook { .. } => {
                "jumping slides ('j'), passing over ('u'), jumping captures ('z') and hook moves \
                 ('h') are not available with zone promotion yet (its generator takes steps, \
                 slides, leaps, {lion}, igui ('i'), {double}, {steps}, {line}, {priest}, \
                 {shoot} and {burn})"
            }
        };
        return Some(why.into());
    }
    let captures_on_the_way = prog.ops.iter().any(|op| {
        matches!(
            op,
            Op::Lion
                | Op::Igui { .. }
                | Op::Double { .. }
                | Op::Steps { .. }
                | Op::MultiLine { .. }
        )
    });
    if prog.shoot.is_some() && captures_on_the_way {
        return Some(
            "a shooting piece cannot also have a move that captures on the way ({lion}, igui \
             ('i'), {double}, {steps}, {line}): a move records either shots or captures before \
             its last leg, not both"
                .into(),
        );
    }
    None
}

/// A bound on a supported program's candidate moves (before duplicates are removed), or why
/// it could overflow the generator's fixed buffers: its landings (distinct destination and
/// capture sets before shooting) or its candidates. `longest_line` bounds an unlimited slide.
pub(crate) fn candidate_bound(
    prog: &crate::definition::program::Program,
    longest_line: usize,
) -> Result<usize, String> {
    let mut landings = 0usize;
    let mut priest = 0usize;
    for op in &prog.ops {
        if let Op::Steps { n, .. } | Op::MultiLine { n, .. } = *op {
            if n as usize > MAX_LANDING_CAPTURES {
                return Err(format!(
                    "{n} steps in one move; a zone-promotion variant allows up to {MAX_LANDING_CAPTURES}"
                ));
            }
        }
        match *op {
            Op::Slide { max, .. } => {
                landings += if max == crate::definition::program::UNLIMITED {
                    longest_line
                } else {
                    max as usize
                }
            }
            Op::Leap { .. } => landings += 1,
            Op::Double { len, .. } => landings += len as usize * (len as usize + 2),
            Op::Steps { len, n, .. } => {
                landings = landings.saturating_add((len as usize).saturating_pow(n as u32))
            }
            Op::MultiLine { n, .. } => landings += n as usize,
            // One or two king steps (8 first legs, each followed by a return or 8 second
            // legs), 16 jumps, the pass.
            Op::Lion => landings += 8 * 10 + 16 + 1,
            Op::Igui { .. } | Op::Pass { .. } => landings += 1,
            Op::Priest { len, legs, .. } => {
                let l = len as usize;
                let second = if legs >= 2 { 9 * l * 9 } else { 0 };
                priest += 8 + l * (9 + second);
            }
            _ => {}
        }
    }
    if landings > MAX_LANDINGS {
        return Err(format!(
            "up to {landings} distinct landings; the generator holds {MAX_LANDINGS}"
        ));
    }
    // Shot choices from one square: none, one, or two (each of up to `targets`).
    let shots = prog.shoot.map_or(0, |sh| {
        let targets = if sh.class == ShotClass::Cannon {
            8 * sh.range as usize
        } else {
            8
        };
        targets + if sh.shots >= 2 { targets * targets } else { 0 }
    });
    // Each landing without or with shots, plus shots without moving.
    let cands = landings * (1 + shots) + shots + priest;
    if cands > MAX_CANDS {
        return Err(format!(
            "up to {cands} candidate moves per position; the generator holds {MAX_CANDS}"
        ));
    }
    Ok(cands)
}

/// Whether a kind's movement makes it a step mover (every move a single step; shooting and
/// burning allowed).
pub(crate) fn is_step_mover(atoms: &[crate::definition::betza::Atom]) -> bool {
    let mut any = false;
    for a in atoms {
        match a.kind {
            AtomKind::Slide { max: 1 } => {
                any = true;
                if a.dirs.iter().any(|&(x, y)| x.abs() > 1 || y.abs() > 1) {
                    return false;
                }
            }
            AtomKind::Shoot { .. } | AtomKind::Burn => {}
            _ => return false,
        }
    }
    any
}

/// Most pieces one movement of a zone-promotion piece captures (Ko's longest: five steps).
pub(crate) const MAX_LANDING_CAPTURES: usize = 5;
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

/// Bound on distinct landings: the thunderclap's five orthogonal steps have at most 4^5 paths.
const MAX_LANDINGS: usize = 1024;
/// Bound on candidates before duplicates are removed. The largest producer is the fog or light:
/// 8 shots in place, and for each of its 8 first jumps 1 + 8 (shot) ways to stand there and
/// 9 x 8 x 9 two-jump continuations: 8 + 8 x 657 = 5264. The chariot of the gods is next, at
/// 41 landings x (1 + 8 + 8 x 8) shot choices = 2993.
const MAX_CANDS: usize = 5376;
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

#[cfg(test)]
mod tests {
    use super::ShotLines;
    use crate::board::geometry::Geometry;

    /// On a 19x19 board, from 10j (the centre): a range-3 mask holds the 24 squares one to
    /// three steps away along the eight king lines, and nothing else (not the centre, not a
    /// knight's leap, not four along a line); a range-7 mask the 56 squares to seven away.
    /// Near a corner the lines are cut by the edge. A range without masks answers true.
    #[test]
    fn shot_lines_hold_the_king_lines_within_range() {
        let geo = Geometry::new(19, 19).unwrap();
        let lines = ShotLines::new(&geo, [3u8, 7, 3].into_iter());
        let words = geo.squares().div_ceil(64);
        let only = |col: usize, row: usize| {
            let mut occ = vec![0u64; words];
            let d = geo.dense(geo.square(col, row)).index();
            occ[d / 64] |= 1 << (d % 64);
            occ
        };
        let centre = geo.dense(geo.square(9, 9)).index();
        let count = |range: u8, at: usize| {
            geo.all_squares()
                .filter(|&s| lines.any_within(at, range, &only(geo.col(s), geo.row(s))))
                .count()
        };
        assert_eq!(count(3, centre), 24);
        assert_eq!(count(7, centre), 56);
        assert!(
            lines.any_within(centre, 3, &only(12, 12)),
            "three along a diagonal"
        );
        assert!(
            lines.any_within(centre, 3, &only(9, 6)),
            "three along a file"
        );
        assert!(
            !lines.any_within(centre, 3, &only(9, 5)),
            "four along a file"
        );
        assert!(
            !lines.any_within(centre, 3, &only(10, 11)),
            "a knight's leap"
        );
        assert!(
            !lines.any_within(centre, 3, &only(9, 9)),
            "the square itself"
        );
        assert!(
            lines.any_within(centre, 7, &only(16, 2)),
            "seven along a diagonal"
        );
        // From the corner 1a (col 0, row 0) the lines run only three ways.
        let corner = geo.dense(geo.square(0, 0)).index();
        assert_eq!(count(3, corner), 9);
        // No piece shoots at range 5 here: no mask, so no square is ruled out.
        assert!(lines.any_within(centre, 5, &only(0, 18)));
        assert!(lines.any_within(centre, 5, &vec![0u64; words]));
    }
}
