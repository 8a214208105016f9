//! Compiled variants: the checked definition plus everything move generation needs per piece,
//! and the questions the other modules ask of it. `compile.rs` builds a [`Variant`] (and
//! reads variant files); this module holds it and answers.
//!
//! A *form* is a kind in one of its two states (unpromoted, promoted); a [`Piece`] is a form with
//! a colour, and is what the mailbox stores. Each piece has a compiled [`Program`].

use crate::board::geometry::{Colour, Geometry, Square};
use crate::board::moves::Move;
use crate::definition::betza::AtomKind;
use crate::definition::piece::{FormId, PerForm, Piece};
use crate::definition::program::Program;
use crate::definition::variant_file::{self, KindDef, KindId, PromotionRule, VariantDef};
use crate::generation::attacks::ReachTables;
use crate::generation::zone_promotion::ZonePromotionRules;

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
    pub(crate) zone_promotion: Option<ZonePromotionRules>,
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
    pub(crate) reach: ReachTables,
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

impl Variant {
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
        FormId::of(kind, promoted)
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
