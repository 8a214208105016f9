//! Compiled variants: the checked definition plus everything move generation needs per piece.
//!
//! A *form* is a kind in one of its two states (unpromoted, promoted); a [`Piece`] is a form with
//! a colour, and is what the mailbox stores. Each piece has a compiled [`Program`].

use std::sync::Arc;

use crate::betza::AtomKind;
use crate::geometry::{Colour, Geometry};
use crate::program::{self, Program};
use crate::variant_file::{self, KindId, PromotionRule, VariantDef, VariantError};

/// A mailbox cell: empty, off the board, or a piece (form and colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Piece(pub u16);

impl Piece {
    /// An empty square.
    pub const EMPTY: Piece = Piece(0);
    /// The border around the board.
    pub const OFFBOARD: Piece = Piece(1);

    /// The piece of `form` for `colour`.
    #[inline]
    pub fn new(form: usize, colour: Colour) -> Piece {
        Piece((2 + form * 2 + colour.index()) as u16)
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
    pub fn form(self) -> usize {
        (self.0 as usize - 2) >> 1
    }

    /// Index for per-piece tables (programs).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Everything about a form that the rules need.
#[derive(Clone, Debug)]
pub struct FormInfo {
    /// The kind whose code the piece carries (`+(FL)` carries FL).
    pub kind: KindId,
    /// Whether this is the promoted state.
    pub promoted: bool,
    /// The kind whose movement and role the piece has.
    pub moves_as: KindId,
    /// Whether the form exists (a promoted form exists only for kinds that promote).
    pub exists: bool,
    /// Whether a move may promote this piece.
    pub can_promote: bool,
    /// An objective piece.
    pub royal: bool,
    /// Range-capture rank of what it moves as (royal = `u8::MAX`).
    pub rank: u8,
    /// On the furthest rank, only captures.
    pub last_rank_capture_only: bool,
    /// A lion for the lion-trading rules (of what it moves as: a promoted kirin is one).
    pub lion: bool,
    /// An unpromoted worthless piece (chu's pawn, go-between): no bridge, not counted against
    /// a bare king.
    pub worthless: bool,
    /// An unpromoted piece that may promote on the last rank and is dead there (chu's pawn and
    /// lance).
    pub last_rank_promotes: bool,
    /// Capturing this piece converts the capturer (priority, 0 = no).
    pub converts: u8,
    /// Moves as the emperor.
    pub emperor: bool,
    /// Moves only one step at a time (Ko's step movers).
    pub step_mover: bool,
    /// Shot classes that cannot hit it (of what it moves as).
    pub shot_immune: u8,
    /// Shots from this many squares or nearer cannot hit it (0 = no limit).
    pub shot_min: u8,
    /// Kinds whose pieces cannot capture it by displacement.
    pub capture_immune: Vec<KindId>,
}

/// A variant ready for play: its definition, geometry, forms and programs.
#[derive(Debug)]
pub struct Variant {
    /// The checked definition.
    pub def: VariantDef,
    /// Board geometry.
    pub geo: Geometry,
    /// Forms, indexed `kind * 2 + promoted`.
    pub forms: Vec<FormInfo>,
    /// Programs, indexed by [`Piece::index`].
    pub programs: Vec<Program>,
    /// Padded offsets of the eight king steps.
    pub king_steps: [i32; 8],
    /// Padded offsets of the sixteen squares at distance two.
    pub ring_two: [i32; 16],
    /// Zone promotion and its special rules (`promotion = zone N`): the mechanism Ko shogi
    /// uses, kept under the name of the variant that introduced it (other crates read it).
    pub ko: Option<crate::zone_promotion::ZonePromotionRules>,
    /// Per padded square, for `promotion = zone-entry N`: bit 0 (1) in Black's zone, bit 1 (2)
    /// in White's, bit 2 (4) Black's last rank, bit 3 (8) White's; empty for other rules.
    pub zone_bits: Vec<u8>,
    /// How chu shogi's rules are read (see [`ChuRules`]).
    pub chu_rules: ChuRules,
    /// Whether generated moves pass through the rule filters (lion trading, bare king): a
    /// capability derived from the `[rules]` for the generator's hot path.
    pub filters_moves: bool,
    /// Kinds that move as a royal piece (their bitboards hold the royals).
    pub royal_kinds: Vec<KindId>,
    /// Where each program could capture (the attack questions' pre-filter).
    pub reach: crate::attacks::ReachTables,
}

/// Which reading of chu shogi's rules applies (docs/chu.md): lishogi's (the default), HaChu's,
/// the moves legal under both (what our engine plays against HaChu) or under either (what a
/// referee between the two accepts). Only the chu-specific rules depend on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChuRules {
    /// lishogi's rules.
    #[default]
    Lishogi,
    /// HaChu 0.21's rules.
    Hachu,
    /// Only moves legal under both.
    Both,
    /// Every move legal under either.
    Either,
}

impl ChuRules {
    /// The option value naming this reading.
    pub fn name(self) -> &'static str {
        match self {
            ChuRules::Lishogi => "lishogi",
            ChuRules::Hachu => "hachu",
            ChuRules::Both => "both",
            ChuRules::Either => "either",
        }
    }

    /// Parses an option value (`lishogi`, `hachu`, `both`, `either`).
    pub fn parse(s: &str) -> Result<ChuRules, String> {
        match s {
            "lishogi" => Ok(ChuRules::Lishogi),
            "hachu" => Ok(ChuRules::Hachu),
            "both" => Ok(ChuRules::Both),
            "either" => Ok(ChuRules::Either),
            _ => Err(format!(
                "chu rules '{s}' is not lishogi, hachu, both or either"
            )),
        }
    }
}

/// Names of the built-in variants, in the order `--help` lists them.
pub const BUILTIN: &[&str] = &["taikyoku", "maka-dai-dai", "dai-dai", "ko", "chu"];

/// The text of a built-in variant file.
pub fn builtin_text(id: &str) -> Option<&'static str> {
    match id {
        "taikyoku" => Some(include_str!("../../variants/taikyoku.var")),
        "maka-dai-dai" => Some(include_str!("../../variants/maka-dai-dai.var")),
        "dai-dai" => Some(include_str!("../../variants/dai-dai.var")),
        "ko" => Some(include_str!("../../variants/ko.var")),
        "chu" => Some(include_str!("../../variants/chu.var")),
        _ => None,
    }
}

/// The largest variant file read (Taikyoku's, the largest built-in, is about 34 KB).
pub const MAX_VARIANT_FILE: u64 = 1 << 20;

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
    /// A built-in variant by id (`taikyoku`, `maka-dai-dai`, `dai-dai`, `ko`).
    pub fn builtin(id: &str) -> Result<Arc<Variant>, VariantError> {
        let text = builtin_text(id).ok_or_else(|| VariantError {
            source: id.to_string(),
            line: 0,
            message: format!("unknown variant '{id}' (known: {})", BUILTIN.join(", ")),
        })?;
        Variant::from_text(&format!("builtin:{id}"), text)
    }

    /// A variant from a file on disk.
    ///
    /// Only a regular file of at most [`MAX_VARIANT_FILE`] bytes is read: a device (`/dev/zero`)
    /// would be read until memory runs out, and opening a FIFO would block.
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
    pub fn compile(def: VariantDef) -> Result<Variant, VariantError> {
        let geo = Geometry::new(def.files, def.ranks).map_err(|m| VariantError {
            source: def.source.clone(),
            line: 0,
            message: m,
        })?;
        let mut forms = Vec::with_capacity(def.kinds.len() * 2);
        for (k, kind) in def.kinds.iter().enumerate() {
            for promoted in [false, true] {
                let moves_as = if promoted {
                    kind.promotes.unwrap_or(k)
                } else {
                    k
                };
                let m = &def.kinds[moves_as];
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
                    converts: kind.converts,
                    emperor: m.atoms.iter().any(|a| a.kind == AtomKind::Emperor),
                    step_mover: crate::zone_promotion::is_step_mover(&m.atoms),
                    shot_immune: m.shot_immune,
                    shot_min: m.shot_min,
                    capture_immune: m.capture_immune.clone(),
                });
            }
        }
        let mut programs = vec![Program::default(); 2 + forms.len() * 2];
        for (f, form) in forms.iter().enumerate() {
            if !form.exists {
                continue;
            }
            let kind = &def.kinds[form.moves_as];
            for colour in [Colour::Black, Colour::White] {
                let mut p =
                    program::compile(&kind.atoms, colour, &geo).map_err(|m| VariantError {
                        source: def.source.clone(),
                        line: kind.line,
                        message: format!("{}: {m}", kind.code),
                    })?;
                p.emperor = form.emperor;
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
                    if let Some(why) = crate::zone_promotion::unsupported(&p) {
                        return Err(VariantError {
                            source: def.source.clone(),
                            line: kind.line,
                            message: format!("{}: {why}", kind.code),
                        });
                    }
                    let longest = geo.files().max(geo.ranks());
                    p.zone_cands =
                        crate::zone_promotion::candidate_bound(&p, longest).map_err(|why| {
                            VariantError {
                                source: def.source.clone(),
                                line: kind.line,
                                message: format!("{}: {why}", kind.code),
                            }
                        })?;
                } else if p.shoot.is_some()
                    || p.burns
                    || p.ops.iter().any(|o| {
                        matches!(
                            o,
                            crate::program::Op::Double { .. }
                                | crate::program::Op::Steps { .. }
                                | crate::program::Op::MultiLine { .. }
                                | crate::program::Op::Priest { .. }
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
        let ko = match def.promotion {
            PromotionRule::Zone(z) => Some(crate::zone_promotion::ZonePromotionRules::new(
                &def.rules,
                def.kinds.len(),
                z,
            )),
            _ => None,
        };
        let mut zone_bits = Vec::new();
        if let PromotionRule::Entry(z) = def.promotion {
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
            .collect();
        let mut v = Variant {
            def,
            geo,
            forms,
            programs,
            king_steps,
            ring_two,
            ko,
            filters_moves,
            zone_bits,
            chu_rules: ChuRules::Lishogi,
            royal_kinds,
            reach: Default::default(),
        };
        v.reach = crate::attacks::ReachTables::build(&v);
        Ok(v)
    }

    /// The variant's id.
    pub fn id(&self) -> &str {
        &self.def.id
    }

    /// The promotion rule.
    pub fn promotion(&self) -> PromotionRule {
        self.def.promotion
    }

    /// Whether a [`ChuRules`] reading can change this variant: the readings differ in the
    /// lion-trading rules and what goes with them (repetition, bare king), so only a variant
    /// with lion trading reads differently. The protocols and the command line ask this rather
    /// than which variant it is.
    pub fn has_rule_readings(&self) -> bool {
        self.def.rules.lion_trading
    }

    /// The repetition rule in force: the file's, except that HaChu's reading of chu (and the
    /// reading that keeps to both rule sets) forbids any repetition.
    pub fn repetition(&self) -> variant_file::RepetitionRule {
        match self.chu_rules {
            ChuRules::Hachu | ChuRules::Both if self.has_rule_readings() => {
                variant_file::RepetitionRule::Forbidden
            }
            _ => self.def.repetition,
        }
    }

    /// This variant read with other chu rules (a new compiled copy).
    pub fn with_chu_rules(&self, rules: ChuRules) -> Result<Arc<Variant>, VariantError> {
        let mut v = Variant::compile(self.def.clone())?;
        v.chu_rules = rules;
        Ok(Arc::new(v))
    }

    /// Form information of a piece.
    #[inline]
    pub fn form(&self, p: Piece) -> &FormInfo {
        &self.forms[p.form()]
    }

    /// The form index of `kind` in the given state.
    #[inline]
    pub fn form_of(kind: KindId, promoted: bool) -> usize {
        kind * 2 + promoted as usize
    }

    /// The piece a promoting piece becomes.
    #[inline]
    pub fn promoted(&self, p: Piece) -> Piece {
        Piece(p.0 + 2)
    }

    /// The code of a piece as positions write it, without colour (`+(FL)`, `P`).
    pub fn piece_code(&self, p: Piece) -> String {
        let f = self.form(p);
        let code = &self.def.kinds[f.kind].code;
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
        assert!(e.message.contains("unknown variant 'chess'"));
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
