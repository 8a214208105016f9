//! Pieces and forms: what the mailbox stores and what per-form tables are indexed by. A *form*
//! is a kind in one of its two states (unpromoted, promoted); a [`Piece`] is a form with a
//! colour. The move generators, the attack tables and the compiled variant all name pieces, so
//! this module depends on nothing but the colours and the kinds.

use crate::board::geometry::Colour;
use crate::definition::variant_file::{KindId, MAX_KINDS};

/// A form: a kind in one of its two states, unpromoted or promoted (`kind * 2 + promoted`).
/// It indexes per-form tables (the compiled variant's form information, the evaluation's
/// values by form); [`Variant::form_of`](crate::Variant::form_of) makes one and
/// [`FormId::index`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u16);

impl FormId {
    /// The form at `index` (`kind * 2 + promoted`; a piece table has at most
    /// [`MAX_KINDS`] kinds, so the index fits).
    #[inline]
    pub(crate) const fn new(index: usize) -> FormId {
        debug_assert!(index < 2 * (MAX_KINDS + 1));
        FormId(index as u16)
    }

    /// The form of `kind` in the given state.
    #[inline]
    pub(crate) const fn of(kind: KindId, promoted: bool) -> FormId {
        FormId::new(kind.index() * 2 + promoted as usize)
    }

    /// The form's index (`kind * 2 + promoted`, `0..2 * Variant::kind_count()`), for tables
    /// indexed by form.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A table with one entry per form of a variant (two per kind), indexed by [`FormId`].
#[derive(Clone, Debug, Default)]
pub(crate) struct PerForm<T>(Vec<T>);

impl<T: Clone> PerForm<T> {
    /// `value` for each form of `kinds` kinds.
    pub(crate) fn new(kinds: usize, value: T) -> PerForm<T> {
        PerForm(vec![value; kinds * 2])
    }
}

impl<T> PerForm<T> {
    /// The table whose entries are `entries`, in form order (two per kind).
    pub(crate) fn from_vec(entries: Vec<T>) -> PerForm<T> {
        PerForm(entries)
    }

    /// The entries in form order, with their forms.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (FormId, &T)> {
        self.0.iter().enumerate().map(|(i, e)| (FormId::new(i), e))
    }

    /// The entry of `form`, if the table has one.
    #[inline]
    pub(crate) fn get(&self, form: FormId) -> Option<&T> {
        self.0.get(form.index())
    }
}

impl<T> std::ops::Index<FormId> for PerForm<T> {
    type Output = T;

    #[inline]
    fn index(&self, form: FormId) -> &T {
        &self.0[form.index()]
    }
}

impl<T> std::ops::IndexMut<FormId> for PerForm<T> {
    #[inline]
    fn index_mut(&mut self, form: FormId) -> &mut T {
        &mut self.0[form.index()]
    }
}

/// A mailbox cell: empty, off the board, or a piece (form and colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Piece(pub u16);

impl Piece {
    /// An empty square.
    pub(crate) const EMPTY: Piece = Piece(0);
    /// The border around the board.
    pub(crate) const OFFBOARD: Piece = Piece(1);

    /// The piece of `form` for `colour`.
    #[inline]
    pub fn new(form: FormId, colour: Colour) -> Piece {
        Piece((2 + form.index() * 2 + colour.index()) as u16)
    }

    /// Whether the cell holds a piece.
    #[inline]
    pub fn is_piece(self) -> bool {
        self.0 >= 2
    }

    /// The piece's colour (only meaningful for pieces).
    #[inline]
    pub fn colour(self) -> Colour {
        Colour::from_index((self.0 & 1) as usize)
    }

    /// The piece's form index (only meaningful for pieces).
    #[inline]
    pub(crate) fn form(self) -> FormId {
        FormId::new((self.0 as usize - 2) >> 1)
    }

    /// Index for per-piece tables (programs).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
