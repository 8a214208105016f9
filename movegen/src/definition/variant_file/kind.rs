//! Piece kinds of a variant file: the [`KindId`] that names a row of the `[pieces]` table,
//! the [`PerKind`] tables indexed by it, and the checked row itself ([`KindDef`]). The lowest
//! layer of the variant file's types, used by everything that handles kinds.

use crate::definition::betza::Atom;

/// A piece kind of a variant: its index in the variant's `[pieces]` table.
///
/// Only the variant makes one (from its file, [`Variant::kind_by_code`](crate::Variant::kind_by_code),
/// [`Variant::kind_ids`](crate::Variant::kind_ids), ...), so a `KindId` is never a square, a form
/// or a piece code by mistake. Tables indexed by kind use [`KindId::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(u16);

/// The most kinds a piece table may have: a [`Piece`](crate::Piece) (16 bits) numbers two
/// forms of each kind in two colours after the empty and off-board cells.
pub(crate) const MAX_KINDS: usize = (u16::MAX as usize - 2) / 4;

impl KindId {
    /// The kind at `index` of the piece table (at most [`MAX_KINDS`] rows, which the file
    /// reader checks).
    #[inline]
    pub(crate) const fn new(index: usize) -> KindId {
        debug_assert!(index <= MAX_KINDS);
        KindId(index as u16)
    }

    /// The kind's index in the piece table (`0..Variant::kind_count()`), for tables indexed by
    /// kind.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A table with one entry per piece kind of a variant, indexed by [`KindId`].
#[derive(Clone, Debug, Default)]
pub(crate) struct PerKind<T>(Vec<T>);

impl<T: Clone> PerKind<T> {
    /// `value` for each of `kinds` kinds.
    pub(crate) fn new(kinds: usize, value: T) -> PerKind<T> {
        PerKind(vec![value; kinds])
    }
}

impl<T> PerKind<T> {
    /// The entry of `kind`, if the table has one.
    #[inline]
    pub(crate) fn get(&self, kind: KindId) -> Option<&T> {
        self.0.get(kind.index())
    }
}

impl<T> std::ops::Index<KindId> for PerKind<T> {
    type Output = T;

    #[inline]
    fn index(&self, kind: KindId) -> &T {
        &self.0[kind.index()]
    }
}

impl<T> std::ops::IndexMut<KindId> for PerKind<T> {
    #[inline]
    fn index_mut(&mut self, kind: KindId) -> &mut T {
        &mut self.0[kind.index()]
    }
}

/// One row of the `[pieces]` table.
#[derive(Clone, Debug)]
pub(crate) struct KindDef {
    /// Code used in positions (1-3 upper-case letters).
    pub(crate) code: String,
    /// English name as the seed spells it.
    pub(crate) name: String,
    /// Kanji, if known.
    pub(crate) kanji: Option<String>,
    /// The kind this piece moves as once promoted.
    pub(crate) promotes: Option<KindId>,
    /// The movement as written in the file.
    pub(crate) moves_text: String,
    /// The parsed movement.
    pub(crate) atoms: Vec<Atom>,
    /// An objective piece.
    pub(crate) royal: bool,
    /// Range-capture rank (0 = none).
    pub(crate) rank: u8,
    /// On the furthest rank, may only make capturing moves.
    pub(crate) last_rank_capture_only: bool,
    /// A lion for the lion-trading rules (chu shogi).
    pub(crate) lion: bool,
    /// The piece's value for the evaluation, when the file gives one (`value=N`) instead of
    /// letting it be derived from the movement.
    pub(crate) value: Option<u32>,
    /// Unpromoted, not a bridge for the lion-trading rules nor counted against a bare king
    /// (chu shogi's pawn and go-between).
    pub(crate) worthless: bool,
    /// Unpromoted, may promote on reaching the last rank, and is dead there for the bare-king
    /// rule (chu shogi's pawn and lance).
    pub(crate) last_rank_promotes: bool,
    /// Unpromoted, may not decline a promotion on a move ending where its own movement has no
    /// move on the empty board (Dai shogi's knight on its last two ranks, the forward-only
    /// pieces on the last rank): the promotion offered there is compulsory.
    pub(crate) must_promote_where_immobile: bool,
    /// Unpromoted, may not decline a promotion anywhere: every promotion offered is compulsory
    /// (`must-promote`; Dai shogi's pawn, as HaChu plays it).
    pub(crate) must_promote: bool,
    /// Capturers of this piece turn into its promoted form (priority; 0 = no).
    pub(crate) converts: u8,
    /// Appears only as a promotion.
    pub(crate) promoted_only: bool,
    /// Shot classes that cannot hit this piece (bits of [`crate::definition::betza::ShotClass::bit`]).
    pub(crate) shot_immune: u8,
    /// Shots from this many squares or nearer cannot hit this piece (0 = no limit).
    pub(crate) shot_min: u8,
    /// Kinds whose pieces (moving as them) cannot capture this piece by displacement.
    pub(crate) capture_immune: Vec<KindId>,
    /// Line of the file the row came from.
    pub(crate) line: usize,
}
