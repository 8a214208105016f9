//! Loading and compiling variants: a variant file's text (built in, on disk or given) read and
//! checked ([`variant_file`]), then compiled into a [`Variant`]: forms, per-piece programs and
//! the tables derived from them. Each derived table is built by the module that owns and reads
//! it (the attacks' reach tables and immobile squares, zone promotion's rules), here called
//! with the compiled programs, so that `variant.rs` holds the tables without building them.

use std::sync::Arc;

use crate::board::geometry::{Colour, Geometry};
use crate::definition::betza::AtomKind;
use crate::definition::piece::{FormId, PerForm, Piece};
use crate::definition::program::{self, Op, Program};
use crate::definition::variant::{
    builtin_text, known_names, ChuRules, FormInfo, Variant, READINGS,
};
use crate::definition::variant_file::{self, KindId, PromotionRule, VariantDef, VariantError};
use crate::generation::attacks::{immobile_squares, reach_tables};
use crate::generation::zone_promotion::{
    candidate_bound, is_step_mover, unsupported, ShotLines, ZonePromotionRules,
};

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
    /// A built-in variant by id: one of [`BUILTIN`](crate::BUILTIN) (`taikyoku`,
    /// `maka-dai-dai`, `dai-dai`, `ko`, `chu`) or of [`READINGS`] (`chu-hachu`).
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
                    step_mover: is_step_mover(&m.atoms),
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
                    if let Some(why) = unsupported(&p) {
                        return Err(VariantError {
                            source: def.source.clone(),
                            line: kind.line,
                            message: format!("{}: {why}", kind.code),
                        });
                    }
                    let longest = geo.files().max(geo.ranks());
                    p.zone_cands = candidate_bound(&p, longest).map_err(|why| VariantError {
                        source: def.source.clone(),
                        line: kind.line,
                        message: format!("{}: {why}", kind.code),
                    })?;
                } else if matches!(def.promotion, PromotionRule::ZoneCompulsory(_))
                    && p.ops.iter().any(|o| matches!(o, Op::LionLine { .. }))
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
                            Op::Double { .. }
                                | Op::Steps { .. }
                                | Op::MultiLine { .. }
                                | Op::Priest { .. }
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
                let mut zp = ZonePromotionRules::new(&def.rules, def.kinds.len(), z);
                zp.shot_lines = ShotLines::new(
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
            forms: PerForm::from_vec(forms),
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
        v.reach = reach_tables(&v);
        let mut immobile = PerForm::new(v.def.kinds.len(), Vec::new());
        for (f, form) in v.forms.iter() {
            if form.must_promote_where_immobile {
                // `must-promote`: every square, for either side (the generators offer the
                // promotion only where the rule does; declining it is refused everywhere).
                immobile[f] = if v.def.kinds[form.kind.index()].must_promote {
                    vec![3; v.geo.padded_len()]
                } else {
                    immobile_squares(&v, f)
                };
            }
        }
        v.immobile = immobile;
        Ok(v)
    }

    /// This variant read with other chu rules (a new compiled copy, with the same id): its own
    /// keys for `lishogi`, HaChu's for `hachu` (the [`READING_KEYS`](crate::READING_KEYS) of the built-in
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
}
