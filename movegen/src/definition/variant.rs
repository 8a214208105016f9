//! Compiled variants: the checked definition plus everything move generation needs per piece.
//!
//! A *form* is a kind in one of its two states (unpromoted, promoted); a [`Piece`] is a form with
//! a colour, and is what the mailbox stores. Each piece has a compiled [`Program`].

use std::sync::Arc;

use crate::board::geometry::{Colour, Geometry, Square};
use crate::board::moves::Move;
use crate::definition::betza::AtomKind;
use crate::definition::program::{self, Program};
use crate::definition::variant_file::{
    self, KindDef, KindId, PromotionRule, VariantDef, VariantError,
};

/// A form: a kind in one of its two states, unpromoted or promoted (`kind * 2 + promoted`).
/// It indexes per-form tables (the compiled variant's form information, the evaluation's
/// values by form); [`Variant::form_of`] makes one and [`FormId::index`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u16);

impl FormId {
    /// The form at `index` (`kind * 2 + promoted`; a piece table has at most
    /// [`MAX_KINDS`](crate::definition::variant_file::MAX_KINDS) kinds, so the index fits).
    #[inline]
    pub(crate) const fn new(index: usize) -> FormId {
        debug_assert!(index < 2 * (crate::definition::variant_file::MAX_KINDS + 1));
        FormId(index as u16)
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

/// Everything about a form that the rules need.
#[derive(Clone, Debug)]
pub(crate) struct FormInfo {
    /// The kind whose code the piece carries (`+(FL)` carries FL).
    pub(crate) kind: KindId,
    /// Whether this is the promoted state.
    pub(crate) promoted: bool,
    /// The kind whose movement and role the piece has.
    pub(crate) moves_as: KindId,
    /// Whether the form exists (a promoted form exists only for kinds that promote).
    pub(crate) exists: bool,
    /// Whether a move may promote this piece.
    pub(crate) can_promote: bool,
    /// An objective piece.
    pub(crate) royal: bool,
    /// Range-capture rank of what it moves as (royal = `u8::MAX`).
    pub(crate) rank: u8,
    /// On the furthest rank, only captures.
    pub(crate) last_rank_capture_only: bool,
    /// A lion for the lion-trading rules (of what it moves as: a promoted kirin is one).
    pub(crate) lion: bool,
    /// An unpromoted worthless piece (chu's pawn, go-between): no bridge, not counted against
    /// a bare king.
    pub(crate) worthless: bool,
    /// An unpromoted piece that may promote on the last rank and is dead there (chu's pawn and
    /// lance).
    pub(crate) last_rank_promotes: bool,
    /// An unpromoted piece that may not decline a promotion where it would have no move
    /// (`must-promote-where-immobile`), or anywhere (`must-promote`); the squares are
    /// [`Variant::must_promote_at`]'s table.
    pub(crate) must_promote_where_immobile: bool,
    /// Capturing this piece converts the capturer (priority, 0 = no).
    pub(crate) converts: u8,
    /// Moves as the emperor.
    pub(crate) emperor: bool,
    /// Moves only one step at a time (Ko's step movers).
    pub(crate) step_mover: bool,
    /// Shot classes that cannot hit it (of what it moves as).
    pub(crate) shot_immune: u8,
    /// Shots from this many squares or nearer cannot hit it (0 = no limit).
    pub(crate) shot_min: u8,
    /// Kinds whose pieces cannot capture it by displacement.
    pub(crate) capture_immune: Vec<KindId>,
}

/// A piece kind of a [`Variant`] ([`Variant::kind`]): what the variant file says of it.
#[derive(Clone, Copy, Debug)]
pub struct PieceKind<'v>(&'v KindDef);

impl<'v> PieceKind<'v> {
    /// The code positions write (1-3 upper-case letters, `FL`).
    pub fn code(self) -> &'v str {
        &self.0.code
    }

    /// The English name.
    pub fn name(self) -> &'v str {
        &self.0.name
    }

    /// The kanji, if the file gives them.
    pub fn kanji(self) -> Option<&'v str> {
        self.0.kanji.as_deref()
    }

    /// The kind it moves as once promoted, if it promotes.
    pub fn promotes_to(self) -> Option<KindId> {
        self.0.promotes
    }

    /// The movement as the file writes it (Betza-style).
    pub fn movement(self) -> &'v str {
        &self.0.moves_text
    }

    /// The movement's atoms: for each, what kind of move it is and in how many directions.
    pub fn atoms(self) -> impl Iterator<Item = (AtomKind, usize)> + 'v {
        self.0.atoms.iter().map(|a| (a.kind, a.dirs.len()))
    }

    /// The movement's atoms with their directions, relative to the moving side (`x` toward its
    /// right, `y` toward the opponent; for leapers the whole offset, otherwise a unit step).
    pub fn atom_directions(self) -> impl Iterator<Item = (AtomKind, &'v [(i8, i8)])> + 'v {
        self.0.atoms.iter().map(|a| (a.kind, a.dirs.as_slice()))
    }

    /// Whether it is an objective (royal) piece.
    pub fn is_royal(self) -> bool {
        self.0.royal
    }

    /// Its range-capture rank (0 = none).
    pub fn rank(self) -> u8 {
        self.0.rank
    }

    /// Whether on the furthest rank it may only capture.
    pub fn last_rank_capture_only(self) -> bool {
        self.0.last_rank_capture_only
    }

    /// The priority with which capturing it converts the capturer (0 = it does not).
    pub fn converts(self) -> u8 {
        self.0.converts
    }

    /// Whether it appears only as a promotion.
    pub fn promoted_only(self) -> bool {
        self.0.promoted_only
    }

    /// The value the file gives it for the evaluation (`value=N`), if any.
    pub fn value(self) -> Option<u32> {
        self.0.value
    }
}

/// A variant ready for play: its definition, geometry, forms and programs.
#[derive(Debug)]
pub struct Variant {
    /// The checked definition.
    pub(crate) def: VariantDef,
    /// Board geometry.
    pub(crate) geo: Geometry,
    /// Forms, indexed by [`FormId`] (`kind * 2 + promoted`).
    pub(crate) forms: PerForm<FormInfo>,
    /// Programs, indexed by [`Piece::index`].
    pub(crate) programs: Vec<Program>,
    /// Padded offsets of the eight king steps.
    pub(crate) king_steps: [i32; 8],
    /// Padded offsets of the sixteen squares at distance two.
    pub(crate) ring_two: [i32; 16],
    /// Zone promotion and its special rules (`promotion = zone N`; Ko shogi's).
    pub(crate) zone_promotion: Option<crate::generation::zone_promotion::ZonePromotionRules>,
    /// Per padded square, for `promotion = zone-entry N`: bit 0 (1) in Black's zone, bit 1 (2)
    /// in White's, bit 2 (4) Black's last rank, bit 3 (8) White's; empty for other rules.
    pub(crate) zone_bits: Vec<u8>,
    /// Which reading of chu shogi's rules this variant was made for ([`Variant::with_chu_rules`]):
    /// a label for the protocols; the rules themselves are the definition's `[rules]` keys, and
    /// move generation never reads this.
    pub(crate) chu_rules: ChuRules,
    /// The definition a [`ChuRules`] reading was applied to (the variant file's own keys) when
    /// this variant is such a reading ([`Variant::with_chu_rules`]); `None` for the file itself.
    /// A reading of a reading starts again from it, so readings never compound (`both` read as
    /// `either` is `either`, not `either` of `both`'s keys).
    pub(crate) reading_of: Option<Box<VariantDef>>,
    /// Whether generated moves pass through the rule filters (lion trading, bare king): a
    /// capability derived from the `[rules]` for the generator's hot path.
    pub(crate) filters_moves: bool,
    /// Kinds that move as a royal piece (their bitboards hold the royals).
    pub(crate) royal_kinds: Vec<KindId>,
    /// Whether capturing some kind converts the capturer into a royal form: then any capture
    /// may leave its side with one more royal piece. A capability derived from the kinds'
    /// `converts=` flags and promoted forms; false in every built-in variant (Maka dai dai's
    /// deva and dark spirit convert into the teaching king and the Buddhist spirit).
    pub(crate) conversion_makes_royal: bool,
    /// Where each program could capture (the attack questions' pre-filter).
    pub(crate) reach: crate::generation::attacks::ReachTables,
    /// Range-capture rank by [`Piece::index`] (royal pieces `u8::MAX`, empty and off-board
    /// cells 0): the range capturer's walk reads it for every piece it meets.
    pub(crate) piece_rank: Vec<u8>,
    /// Whether a move's promotion depends on the forms it captures (`promotion =
    /// capture-optional`: promoted pieces and converters); under the other rules only whether
    /// it captured an enemy matters ([`crate::generation::interp::CapInfo::add`]).
    pub(crate) capture_forms_matter: bool,
    /// The kinds (as moved as) whose programs have a pass: the only pieces whose moves can have
    /// several paths (`perft --paths`).
    pub(crate) pass_kinds: Vec<KindId>,
    /// Per form with `must-promote-where-immobile` (empty for the others): per padded square,
    /// bit 0 (1) when a Black piece of the form has no move from there on the empty board, bit
    /// 1 (2) for White ([`crate::generation::attacks::immobile_squares`]).
    pub(crate) immobile: PerForm<Vec<u8>>,
}

/// Which reading of chu shogi's rules applies (docs/chu.md §11): lishogi's (the default, the
/// variant file's own keys) or HaChu's (the keys of `chu-hachu.var`, [`READING_KEYS`]).
/// [`Variant::with_chu_rules`] turns it into `[rules]` keys. Playing by the moves both readings
/// allow, or judging by the moves either allows, joins two positions' move sets and is not a
/// reading of its own: the protocols and the referee do it (`taikyoku_protocol::joint`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChuRules {
    /// lishogi's rules.
    #[default]
    Lishogi,
    /// HaChu 0.21's rules.
    Hachu,
}

impl ChuRules {
    /// Parses a reading's name (`lishogi`, `hachu`).
    pub fn parse(s: &str) -> Result<ChuRules, String> {
        match s {
            "lishogi" => Ok(ChuRules::Lishogi),
            "hachu" => Ok(ChuRules::Hachu),
            _ => Err(format!("chu rules '{s}' is not lishogi or hachu")),
        }
    }

    /// The other reading.
    pub fn other(self) -> ChuRules {
        match self {
            ChuRules::Lishogi => ChuRules::Hachu,
            ChuRules::Hachu => ChuRules::Lishogi,
        }
    }
}

/// Names of the built-in variants, in the order `--help` lists them.
pub const BUILTIN: &[&str] = &[
    "taikyoku",
    "maka-dai-dai",
    "dai-dai",
    "ko",
    "chu",
    "taikyoku-atsa",
    "dai",
    "tai",
];

/// Built-in variant files that are another reading of a [`BUILTIN`] variant's rules rather than
/// a game of their own: `chu-hachu` (HaChu's reading of chu, docs/chu.md §11). They have no
/// perft suite of their own; `tests/tests/chu.rs` checks them against the reading's figures.
pub const READINGS: &[&str] = &["chu-hachu"];

/// The variant-file keys in which a rule reading differs from the game's own file:
/// `chu-hachu.var` differs from `chu.var` in these and in `id` and `name` only
/// (docs/chu.md §11, docs/variant-format.md).
pub const READING_KEYS: &[&str] = &[
    "repetition",
    "bare-king",
    "lion-protection",
    "counter-strike-from",
    "counter-strike-recapture",
    "last-rank-promotion",
];

/// Every name [`Variant::builtin`] accepts: the [`BUILTIN`] variants, then the [`READINGS`].
pub fn known_names() -> Vec<&'static str> {
    BUILTIN.iter().chain(READINGS).copied().collect()
}

/// The text of a built-in variant file.
pub fn builtin_text(id: &str) -> Option<&'static str> {
    match id {
        "taikyoku" => Some(include_str!("../../variants/taikyoku.var")),
        "maka-dai-dai" => Some(include_str!("../../variants/maka-dai-dai.var")),
        "dai-dai" => Some(include_str!("../../variants/dai-dai.var")),
        "ko" => Some(include_str!("../../variants/ko.var")),
        "chu" => Some(include_str!("../../variants/chu.var")),
        "chu-hachu" => Some(include_str!("../../variants/chu-hachu.var")),
        "taikyoku-atsa" => Some(include_str!("../../variants/taikyoku-atsa.var")),
        "dai" => Some(include_str!("../../variants/dai.var")),
        "tai" => Some(include_str!("../../variants/tai.var")),
        _ => None,
    }
}

/// The largest variant file read (Taikyoku's, the largest built-in, is about 34 KB).
pub(crate) const MAX_VARIANT_FILE: u64 = 1 << 20;

/// Reads a variant file's text: a regular file only (checked before opening, since opening a
/// FIFO blocks, and again on the open file), at most [`MAX_VARIANT_FILE`] bytes, UTF-8.
fn read_variant_file(path: &str) -> Result<String, String> {
    use std::io::Read;
    let regular = |m: &std::fs::Metadata| -> Result<(), String> {
        if !m.is_file() {
            return Err("cannot read: not a regular file".into());
        }
        if m.len() > MAX_VARIANT_FILE {
            return Err(format!(
                "cannot read: {} bytes is more than a variant file may have ({MAX_VARIANT_FILE})",
                m.len()
            ));
        }
        Ok(())
    };
    regular(&std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?)?;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    regular(&file.metadata().map_err(|e| format!("cannot read: {e}"))?)?;
    let mut bytes = Vec::new();
    file.take(MAX_VARIANT_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_VARIANT_FILE {
        return Err(format!(
            "cannot read: more than {MAX_VARIANT_FILE} bytes (a variant file may not be longer)"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "cannot read: not UTF-8 text (byte {} is invalid)",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

impl Variant {
    /// A built-in variant by id: one of [`BUILTIN`] (`taikyoku`, `maka-dai-dai`, `dai-dai`,
    /// `ko`, `chu`) or of [`READINGS`] (`chu-hachu`).
    pub fn builtin(id: &str) -> Result<Arc<Variant>, VariantError> {
        let text = builtin_text(id).ok_or_else(|| VariantError {
            source: id.to_string(),
            line: 0,
            message: format!(
                "unknown variant '{id}' (known: {})",
                known_names().join(", ")
            ),
        })?;
        Variant::from_text(&format!("builtin:{id}"), text)
    }

    /// A variant from a file on disk.
    ///
    /// Only a regular file of at most `MAX_VARIANT_FILE` (1 MiB) bytes is read: a device
    /// (`/dev/zero`) would be read until memory runs out, and opening a FIFO would block.
    pub fn from_file(path: &str) -> Result<Arc<Variant>, VariantError> {
        let text = read_variant_file(path).map_err(|message| VariantError {
            source: path.to_string(),
            line: 0,
            message,
        })?;
        Variant::from_text(path, &text)
    }

    /// A variant from the text of a variant file; `source` names it in errors.
    pub fn from_text(source: &str, text: &str) -> Result<Arc<Variant>, VariantError> {
        let def = variant_file::parse(source, text)?;
        Variant::compile(def).map(Arc::new)
    }

    /// Compiles a checked definition.
    pub(crate) fn compile(def: VariantDef) -> Result<Variant, VariantError> {
        let geo = Geometry::new(def.files, def.ranks).map_err(|m| VariantError {
            source: def.source.clone(),
            line: 0,
            message: m,
        })?;
        let mut forms = Vec::with_capacity(def.kinds.len() * 2);
        for (k, kind) in def.kinds.iter().enumerate() {
            let k = KindId::new(k);
            for promoted in [false, true] {
                let moves_as = if promoted {
                    kind.promotes.unwrap_or(k)
                } else {
                    k
                };
                let m = &def.kinds[moves_as.index()];
                forms.push(FormInfo {
                    kind: k,
                    promoted,
                    moves_as,
                    exists: !promoted || kind.promotes.is_some(),
                    can_promote: !promoted && kind.promotes.is_some(),
                    royal: m.royal,
                    rank: if m.royal { u8::MAX } else { m.rank },
                    last_rank_capture_only: m.last_rank_capture_only,
                    lion: m.lion,
                    worthless: !promoted && kind.worthless,
                    last_rank_promotes: !promoted && kind.last_rank_promotes,
                    must_promote_where_immobile: !promoted
                        && kind.promotes.is_some()
                        && (kind.must_promote_where_immobile || kind.must_promote),
                    converts: kind.converts,
                    emperor: m.atoms.iter().any(|a| a.kind == AtomKind::Emperor),
                    step_mover: crate::generation::zone_promotion::is_step_mover(&m.atoms),
                    shot_immune: m.shot_immune,
                    shot_min: m.shot_min,
                    capture_immune: m.capture_immune.clone(),
                });
            }
        }
        let mut programs = vec![Program::default(); 2 + forms.len() * 2];
        for (f, form) in forms.iter().enumerate() {
            let f = FormId::new(f);
            if !form.exists {
                continue;
            }
            let kind = &def.kinds[form.moves_as.index()];
            for colour in [Colour::Black, Colour::White] {
                let mut p =
                    program::compile(&kind.atoms, colour, &geo).map_err(|m| VariantError {
                        source: def.source.clone(),
                        line: kind.line,
                        message: format!("{}: {m}", kind.code),
                    })?;
                p.emperor = form.emperor;
                p.can_promote = form.can_promote;
                for a in &kind.atoms {
                    for code in &a.args {
                        let t = def.kind_by_code(code).ok_or_else(|| VariantError {
                            source: def.source.clone(),
                            line: kind.line,
                            message: format!(
                                "{}: '{}' names {code}, which is not in the table",
                                kind.code, a.text
                            ),
                        })?;
                        p.priest_targets.push(t);
                    }
                }
                if let Some((_, needed)) = def
                    .rules
                    .forward_needs
                    .iter()
                    .find(|(k, _)| *k == form.kind)
                {
                    let fwd = match colour {
                        Colour::Black => geo.delta(0, -1),
                        Colour::White => geo.delta(0, 1),
                    };
                    p.forward_needs = Some((fwd, needed.clone()));
                }
                if let PromotionRule::Zone(_) = def.promotion {
                    if let Some(why) = crate::generation::zone_promotion::unsupported(&p) {
                        return Err(VariantError {
                            source: def.source.clone(),
                            line: kind.line,
                            message: format!("{}: {why}", kind.code),
                        });
                    }
                    let longest = geo.files().max(geo.ranks());
                    p.zone_cands = crate::generation::zone_promotion::candidate_bound(&p, longest)
                        .map_err(|why| VariantError {
                            source: def.source.clone(),
                            line: kind.line,
                            message: format!("{}: {why}", kind.code),
                        })?;
                } else if matches!(def.promotion, PromotionRule::ZoneCompulsory(_))
                    && p.ops
                        .iter()
                        .any(|o| matches!(o, crate::definition::program::Op::LionLine { .. }))
                {
                    return Err(VariantError {
                        source: def.source.clone(),
                        line: kind.line,
                        message: format!(
                            "{}: the lion line ('y') is not available with 'promotion = zone-compulsory': its legs stop on squares between its ends, which that rule counts, and the movement interpreter does not report them",
                            kind.code
                        ),
                    });
                } else if p.shoot.is_some()
                    || p.burns
                    || p.ops.iter().any(|o| {
                        matches!(
                            o,
                            crate::definition::program::Op::Double { .. }
                                | crate::definition::program::Op::Steps { .. }
                                | crate::definition::program::Op::MultiLine { .. }
                                | crate::definition::program::Op::Priest { .. }
                        )
                    })
                {
                    return Err(VariantError {
                        source: def.source.clone(),
                        line: kind.line,
                        message: format!(
                            "{}: shooting, burning, {{double}}, {{steps}}, {{line}} and {{priest}} need 'promotion = zone <ranks>' (they are generated by zone promotion's generator)",
                            kind.code
                        ),
                    });
                }
                if form.last_rank_capture_only {
                    let row = geo.last_row(colour);
                    let lo = geo.square(0, row).0;
                    let hi = geo.square(geo.files() - 1, row).0 + 1;
                    p.capture_only_zone = (lo, hi);
                }
                programs[Piece::new(f, colour).index()] = p;
            }
        }
        let mut king_steps = [0; 8];
        let mut ring_two = [0; 16];
        let (mut a, mut b) = (0, 0);
        for dr in -2..=2i32 {
            for dc in -2..=2i32 {
                let d = geo.delta(dc, dr);
                match dr.abs().max(dc.abs()) {
                    1 => {
                        king_steps[a] = d;
                        a += 1;
                    }
                    2 => {
                        ring_two[b] = d;
                        b += 1;
                    }
                    _ => {}
                }
            }
        }
        let zone_promotion = match def.promotion {
            PromotionRule::Zone(z) => {
                let mut zp = crate::generation::zone_promotion::ZonePromotionRules::new(
                    &def.rules,
                    def.kinds.len(),
                    z,
                );
                zp.shot_lines = crate::generation::zone_promotion::ShotLines::new(
                    &geo,
                    programs.iter().filter_map(|p| p.shoot).map(|sh| sh.range),
                );
                Some(zp)
            }
            _ => None,
        };
        let mut zone_bits = Vec::new();
        if let PromotionRule::Entry(z) | PromotionRule::ZoneCompulsory(z) = def.promotion {
            zone_bits = vec![0u8; geo.padded_len()];
            for sq in geo.all_squares() {
                let row = geo.row(sq);
                let mut b = 0;
                if row < z as usize {
                    b |= 1;
                }
                if row >= geo.ranks() - z as usize {
                    b |= 2;
                }
                if row == geo.last_row(Colour::Black) {
                    b |= 4;
                }
                if row == geo.last_row(Colour::White) {
                    b |= 8;
                }
                zone_bits[sq.index()] = b;
            }
        }
        let filters_moves = def.rules.lion_trading || def.rules.bare_king;
        let royal_kinds = (0..def.kinds.len())
            .filter(|&k| def.kinds[k].royal)
            .map(KindId::new)
            .collect();
        let conversion_makes_royal = def
            .kinds
            .iter()
            .filter(|k| k.converts > 0)
            .filter_map(|k| k.promotes)
            .any(|p| def.kinds[p.index()].royal);
        let mut piece_rank = vec![0u8; programs.len()];
        let mut pass_kinds: Vec<KindId> = Vec::new();
        for (f, form) in forms.iter().enumerate() {
            if !form.exists {
                continue;
            }
            for colour in [Colour::Black, Colour::White] {
                let i = Piece::new(FormId::new(f), colour).index();
                piece_rank[i] = form.rank;
                if programs[i].pass && !pass_kinds.contains(&form.moves_as) {
                    pass_kinds.push(form.moves_as);
                }
            }
        }
        let capture_forms_matter = def.promotion == PromotionRule::CaptureOptional;
        let mut v = Variant {
            piece_rank,
            capture_forms_matter,
            pass_kinds,
            def,
            geo,
            forms: PerForm(forms),
            programs,
            king_steps,
            ring_two,
            zone_promotion,
            filters_moves,
            zone_bits,
            chu_rules: ChuRules::Lishogi,
            reading_of: None,
            royal_kinds,
            conversion_makes_royal,
            reach: Default::default(),
            immobile: PerForm::new(0, Vec::new()),
        };
        v.reach = crate::generation::attacks::ReachTables::build(&v);
        let mut immobile = PerForm::new(v.def.kinds.len(), Vec::new());
        for (f, form) in v.forms.0.iter().enumerate() {
            if form.must_promote_where_immobile {
                let f = FormId::new(f);
                // `must-promote`: every square, for either side (the generators offer the
                // promotion only where the rule does; declining it is refused everywhere).
                immobile[f] = if v.def.kinds[form.kind.index()].must_promote {
                    vec![3; v.geo.padded_len()]
                } else {
                    crate::generation::attacks::immobile_squares(&v, f)
                };
            }
        }
        v.immobile = immobile;
        Ok(v)
    }

    /// The variant's id.
    pub fn id(&self) -> &str {
        &self.def.id
    }

    /// The variant's name for people (`Chu shogi`).
    pub fn name(&self) -> &str {
        &self.def.name
    }

    /// The board: its size, its squares and their names.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The promotion rule.
    pub fn promotion(&self) -> PromotionRule {
        self.def.promotion
    }

    /// Whether `sq` is in `side`'s promotion zone (the far ranks of `promotion = zone`,
    /// `zone-entry` and `zone-compulsory`); false under the rules without a zone.
    #[inline]
    pub fn in_promotion_zone(&self, sq: Square, side: Colour) -> bool {
        if let Some(b) = self.zone_bits.get(sq.index()) {
            return b & (1 << side.index()) != 0;
        }
        let depth = match self.def.promotion {
            PromotionRule::Zone(n) | PromotionRule::Entry(n) | PromotionRule::ZoneCompulsory(n) => {
                n as usize
            }
            PromotionRule::Capture | PromotionRule::CaptureOptional => return false,
        };
        let row = self.geo.row(sq);
        match side {
            Colour::Black => row < depth,
            Colour::White => row + depth >= self.geo.ranks(),
        }
    }

    /// Whether the move `m` of a piece of `side` ends in `side`'s promotion zone or stops there
    /// between legs (`promotion = zone-compulsory`; the start square does not count, unless the
    /// piece returns to it).
    #[inline]
    pub(crate) fn stops_in_zone(&self, m: Move, side: Colour) -> bool {
        let zone = 1u8 << side.index();
        self.zone_bits[m.to().index()] & zone != 0
            || (m.has_stops() && m.stops().any(|s| self.zone_bits[s.index()] & zone != 0))
    }

    /// Whether a capture compels promotion (`promotion = capture`: Dai dai, Taikyoku), so that
    /// every capture by a piece that can promote gains its promotion (what the static exchange
    /// and the search count as material won with the capture).
    #[inline]
    pub fn capture_compels_promotion(&self) -> bool {
        self.def.promotion == PromotionRule::Capture
    }

    /// Whether promotion is by zone with its special rules (`promotion = zone N`): pieces
    /// promote in the zone and the `[rules]` section's promotions, reversions and zone-entry
    /// record apply (Ko shogi's).
    #[inline]
    pub fn has_zone_promotion(&self) -> bool {
        self.zone_promotion.is_some()
    }

    /// Under zone promotion, the letters of the position's extra field that record which
    /// kinds have entered the promotion zone, in the order the field writes them; empty
    /// otherwise.
    pub fn zone_entry_letters(&self) -> &[char] {
        self.zone_promotion.as_ref().map_or(&[], |z| &z.letters)
    }

    /// Under zone promotion, the letter of the extra field that records that a piece of `kind`
    /// (either side up) has entered the promotion zone, if its entry is recorded.
    pub fn zone_entry_letter(&self, kind: KindId) -> Option<char> {
        let z = self.zone_promotion.as_ref()?;
        let bit = *z.zone_bit.get(kind)?;
        (bit != 0).then(|| z.letters[bit.trailing_zeros() as usize])
    }

    /// Which reading of chu shogi's rules this variant was made for
    /// ([`Variant::with_chu_rules`]; [`ChuRules::Lishogi`] for a variant file as read). A
    /// label: the rules themselves are the `[rules]` keys the reading chose.
    pub fn rule_reading(&self) -> ChuRules {
        self.chu_rules
    }

    /// The piece kind `kind` (of [`Variant::kind_count`]): its code, name and movement.
    #[inline]
    pub fn kind(&self, kind: KindId) -> PieceKind<'_> {
        PieceKind(&self.def.kinds[kind.index()])
    }

    /// The kind at `index` of the piece table (`0..kind_count()`), if there is one: for a kind
    /// number that comes from outside, such as a page's message.
    pub fn kind_id(&self, index: usize) -> Option<KindId> {
        (index < self.kind_count()).then(|| KindId::new(index))
    }

    /// Every piece kind's id, in table order (the order of [`Variant::kinds`]).
    pub fn kind_ids(&self) -> impl ExactSizeIterator<Item = KindId> {
        (0..self.kind_count()).map(KindId::new)
    }

    /// Every piece kind, in [`KindId`] order.
    pub fn kinds(&self) -> impl ExactSizeIterator<Item = PieceKind<'_>> + '_ {
        self.def.kinds.iter().map(PieceKind)
    }

    /// The kind whose code is `code` (`LN`), if there is one.
    pub fn kind_by_code(&self, code: &str) -> Option<KindId> {
        self.def.kind_by_code(code)
    }

    /// The kind a piece carries the code of and whether it is promoted (`+(FL)` carries `FL`).
    #[inline]
    pub fn piece_kind(&self, p: Piece) -> (KindId, bool) {
        let f = self.form(p);
        (f.kind, f.promoted)
    }

    /// The kind whose movement and role the piece has (a promoted piece's promotion).
    #[inline]
    pub fn moves_as(&self, p: Piece) -> KindId {
        self.form(p).moves_as
    }

    /// The kind whose movement `kind` has in the given state, if that form exists (a kind that
    /// never promotes has no promoted form).
    pub fn form_moves_as(&self, kind: KindId, promoted: bool) -> Option<KindId> {
        let f = self.forms.get(Variant::form_of(kind, promoted))?;
        f.exists.then_some(f.moves_as)
    }

    /// Whether the piece is an objective (royal) piece.
    #[inline]
    pub fn is_royal(&self, p: Piece) -> bool {
        self.form(p).royal
    }

    /// Whether the piece moves as the emperor.
    #[inline]
    pub fn is_emperor(&self, p: Piece) -> bool {
        self.form(p).emperor
    }

    /// Whether the piece is a lion for the lion-trading rules.
    #[inline]
    pub fn is_lion(&self, p: Piece) -> bool {
        self.form(p).lion
    }

    /// Whether capturing the piece converts the capturer.
    #[inline]
    pub fn converts_capturer(&self, p: Piece) -> bool {
        self.form(p).converts > 0
    }

    /// Whether the piece may make only captures on its furthest rank.
    #[inline]
    pub fn last_rank_capture_only(&self, p: Piece) -> bool {
        self.form(p).last_rank_capture_only
    }

    /// Whether a [`ChuRules`] reading can change this variant: the readings differ in the
    /// lion-trading rules and what goes with them (repetition, bare king), so only a variant
    /// with lion trading reads differently. The protocols and the command line ask this rather
    /// than which variant it is.
    pub fn has_rule_readings(&self) -> bool {
        self.def.rules.lion_trading
    }

    /// The repetition rule in force (the definition's).
    pub fn repetition(&self) -> variant_file::RepetitionRule {
        self.def.repetition
    }

    /// This variant read with other chu rules (a new compiled copy, with the same id): its own
    /// keys for `lishogi`, HaChu's for `hachu` (the [`READING_KEYS`] of the built-in
    /// `chu-hachu.var`).
    ///
    /// The reading is always applied to the variant file's own keys (kept in the private field
    /// `reading_of`), also when `self` is already a reading. For `chu-hachu`, whose own keys are
    /// HaChu's, every reading has HaChu's keys.
    pub fn with_chu_rules(&self, rules: ChuRules) -> Result<Arc<Variant>, VariantError> {
        let base = self.reading_of.as_deref().unwrap_or(&self.def);
        let mut def = base.clone();
        if rules == ChuRules::Hachu {
            let hachu = Variant::builtin(READINGS[0])?;
            def.repetition = hachu.def.repetition;
            let (o, h) = (&mut def.rules, &hachu.def.rules);
            o.bare_king = h.bare_king;
            o.lion_protection = h.lion_protection;
            o.counter_strike_from = h.counter_strike_from;
            o.counter_strike_recapture = h.counter_strike_recapture;
            o.last_rank_promotion = h.last_rank_promotion;
        }
        let mut v = Variant::compile(def)?;
        v.chu_rules = rules;
        v.reading_of = Some(Box::new(base.clone()));
        Ok(Arc::new(v))
    }

    /// Whether `piece` may not decline a promotion on a move ending on `to`: it has
    /// `must-promote-where-immobile` and would have no move from `to` unpromoted, or it has
    /// `must-promote`.
    #[inline]
    pub(crate) fn must_promote_at(&self, piece: Piece, to: Square) -> bool {
        match self.immobile.get(piece.form()) {
            Some(t) if !t.is_empty() => t[to.index()] & (1 << piece.colour().index()) != 0,
            _ => false,
        }
    }

    /// Form information of a piece.
    #[inline]
    pub(crate) fn form(&self, p: Piece) -> &FormInfo {
        &self.forms[p.form()]
    }

    /// The form index of `kind` in the given state.
    #[inline]
    pub fn form_of(kind: KindId, promoted: bool) -> FormId {
        FormId::new(kind.index() * 2 + promoted as usize)
    }

    /// The piece a promoting piece becomes (the same kind and colour, promoted). Meaningful
    /// only for a piece whose form can promote.
    #[inline]
    pub fn promoted(&self, p: Piece) -> Piece {
        Piece(p.0 + 2)
    }

    /// The code of a piece as positions write it, without colour (`+(FL)`, `P`).
    pub fn piece_code(&self, p: Piece) -> String {
        let f = self.form(p);
        let code = &self.def.kinds[f.kind.index()].code;
        let mut s = String::new();
        if f.promoted {
            s.push('+');
        }
        let code = if p.colour() == Colour::White {
            code.to_lowercase()
        } else {
            code.clone()
        };
        if code.len() == 1 {
            s.push_str(&code);
        } else {
            s.push('(');
            s.push_str(&code);
            s.push(')');
        }
        s
    }

    /// Number of kinds (for per-kind tables).
    pub fn kind_count(&self) -> usize {
        self.def.kinds.len()
    }

    /// Number of [`Piece::index`] values (for per-piece tables).
    pub fn piece_index_count(&self) -> usize {
        self.programs.len()
    }

    /// Whether the piece `p` burns the enemy pieces around where it ends its move.
    pub fn burns(&self, p: Piece) -> bool {
        self.programs[p.index()].burns
    }

    /// Whether the piece `p` standing on padded square index `from` might capture on `to`: a
    /// cheap pre-filter of the attack questions (false means it cannot).
    #[inline(always)]
    pub fn may_reach(&self, p: Piece, from: usize, to: usize) -> bool {
        self.reach.may_reach(p, from, to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_variants_load() {
        for id in BUILTIN {
            let v = Variant::builtin(id).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(v.id(), *id);
        }
        let e = Variant::builtin("chess").unwrap_err();
        assert_eq!(
            e.message,
            "unknown variant 'chess' (known: taikyoku, maka-dai-dai, dai-dai, ko, chu, taikyoku-atsa, dai, tai, chu-hachu)"
        );
        for id in READINGS {
            let v = Variant::builtin(id).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(v.id(), *id);
        }
    }

    /// `conversion_makes_royal` is derived from the converting kinds' promoted forms: Maka dai
    /// dai's deva and dark spirit make a teaching king and a Buddhist spirit, no royal form; a
    /// deva that made a prince would.
    #[test]
    fn conversions_into_royal_forms_are_flagged() {
        let maka = builtin_text("maka-dai-dai").unwrap();
        assert!(
            !Variant::from_text("maka.var", maka)
                .unwrap()
                .conversion_makes_royal
        );
        let deva = "DV  | Deva                 | 提婆     | TK ";
        assert!(maka.contains(deva));
        let royal = maka.replacen(deva, "DV  | Deva                 | 提婆     | PR ", 1);
        let v = Variant::from_text("maka.var", &royal).unwrap();
        assert!(v.conversion_makes_royal);
    }

    /// The reading keys: their values, a bad value refused naming the line, the chasing rule
    /// following `bare-king` unless stated, and how `with_chu_rules` combines the two readings.
    #[test]
    fn reading_keys_parse_and_combine() {
        use variant_file::{
            CounterStrikeFrom as From, CounterStrikeRecapture as Recapture,
            LastRankPromotion as Last, LionProtection as Lp, RepetitionRule as Rep,
        };
        let chu = builtin_text("chu").unwrap();
        for (key, bad) in [
            ("lion-protection = before", "lion-protection = during"),
            (
                "counter-strike-from = any-step",
                "counter-strike-from = anywhere",
            ),
            (
                "counter-strike-recapture = recorded",
                "counter-strike-recapture = yes",
            ),
            (
                "last-rank-promotion = optional",
                "last-rank-promotion = never",
            ),
        ] {
            assert!(chu.contains(key), "{key}");
            let e = Variant::from_text("chu.var", &chu.replacen(key, bad, 1)).unwrap_err();
            assert!(e.message.contains("expected"), "{e}");
            assert_eq!(
                e.line,
                chu.lines().position(|l| l.contains(key)).unwrap() + 1
            );
        }
        let unstated = chu.replacen("perpetual-chasing = yes", "", 1);
        let v = Variant::from_text("chu.var", &unstated).unwrap();
        assert!(v.def.rules.perpetual_chasing);
        let v = Variant::from_text("chu.var", &unstated.replacen("bare-king = yes", "", 1));
        assert!(!v.unwrap().def.rules.perpetual_chasing);
        let chu = Variant::builtin("chu").unwrap();
        let keys_of = |v: &Variant| {
            let d = &v.def.rules;
            (
                v.def.repetition,
                d.bare_king,
                d.perpetual_chasing,
                d.lion_protection,
                d.counter_strike_from,
                d.counter_strike_recapture,
                d.last_rank_promotion,
            )
        };
        let keys = |r: ChuRules| {
            let v = chu.with_chu_rules(r).unwrap();
            assert_eq!((v.id(), v.chu_rules), ("chu", r));
            keys_of(&v)
        };
        let all = [ChuRules::Lishogi, ChuRules::Hachu];
        // A reading of a reading starts again from the file's keys: a game kept in HaChu's
        // reading is read as lishogi's to join the two readings' moves.
        for a in all {
            let first = chu.with_chu_rules(a).unwrap();
            for b in all {
                let v = first.with_chu_rules(b).unwrap();
                assert_eq!((keys_of(&v), v.chu_rules), (keys(b), b), "{a:?} then {b:?}");
            }
        }
        // chu-hachu's own keys are HaChu's: every reading of it is HaChu's.
        let hachu = Variant::builtin("chu-hachu").unwrap();
        assert_eq!(keys_of(&hachu), keys(ChuRules::Hachu));
        for r in all {
            let v = hachu.with_chu_rules(r).unwrap();
            assert_eq!((v.id(), keys_of(&v)), ("chu-hachu", keys(ChuRules::Hachu)));
        }
        assert_eq!(
            keys(ChuRules::Lishogi),
            (
                Rep::Fourfold,
                true,
                true,
                Lp::Before,
                From::AnyStep,
                Recapture::Recorded,
                Last::Optional
            )
        );
        assert_eq!(
            keys(ChuRules::Hachu),
            (
                Rep::Forbidden,
                false,
                true,
                Lp::After,
                From::Destination,
                Recapture::None,
                Last::Compulsory
            )
        );
    }

    /// Ko pieces whose moves could overflow the generator's buffers are refused when the variant
    /// loads, naming the piece's line, rather than losing moves during play.
    #[test]
    fn ko_pieces_beyond_the_generator_bounds_are_refused() {
        let ko = builtin_text("ko").unwrap();
        for (from, to, says) in [
            ("{steps W 5}", "{steps K 5}", "distinct landings"),
            ("{steps W 5}", "{steps W 6}", "6 steps in one move"),
            (
                "mR5 {shoot cannon 5}",
                "mR5 {shoot cannon 9 2}",
                "candidate moves",
            ),
            ("{priest 2 TB SM}", "{priest 2 TB SM} Q", "candidate moves"),
        ] {
            assert!(ko.contains(from), "{from}");
            let e = Variant::from_text("ko.var", &ko.replacen(from, to, 1)).unwrap_err();
            assert!(e.message.contains(says), "{from} -> {to}: {e}");
            let line = ko.lines().position(|l| l.contains(from)).unwrap() + 1;
            assert_eq!(e.line, line, "{e}");
        }
    }
}
