//! The text protocols that GUIs and match runners speak: USI ([`usi`]) today, CECP later.
//!
//! A protocol keeps the game (variant, position, history) and talks to the search through the
//! [`usi::Engine`] trait, so it knows nothing of the search's internals.

pub mod usi;
