//! The text protocols that GUIs and match runners speak: USI ([`usi`]), the default, CECP
//! ([`cecp`], the XBoard protocol, chosen when the first command is `xboard`), with the CECP
//! GUIs' notation dialects in [`dialect`], and ATSI ([`atsi`], the Taikyoku site's protocol,
//! over standard input and output or WebSocket).
//!
//! A protocol keeps the game (variant, position, history) and talks to the search through the
//! [`engine::Engine`] trait, so it knows nothing of the search's internals.

#![forbid(unsafe_code)]

pub mod atsi;
pub mod cecp;
pub mod dialect;
pub mod engine;
pub mod game;
pub mod input;
pub mod joint;
pub mod usi;
