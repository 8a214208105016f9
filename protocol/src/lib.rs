//! The text protocols that GUIs and match runners speak (USI first, then CECP).
//!
//! Not written yet: it arrives with the playable engine (issue 4).
