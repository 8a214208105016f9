//! ATSI over WebSocket (`taikyoku atsi --listen ADDR:PORT`): the Taikyoku site's page connects
//! to the engine at `ws://ADDR:PORT`, one [`super::Session`] per connection, one command per
//! message, so that a user needs only this binary (no websocketd).
//!
//! The server takes a page's connection only when the request names this machine (`Host` a
//! loopback name or the listening address: a page that rebinds its own name to 127.0.0.1 is
//! refused) and comes from an allowed page (`Origin`: the Taikyoku site, a page served on
//! loopback, or one given with `--allow-origin`; a client that sends no `Origin` is no browser
//! page). Resources are bounded: a connection must finish its handshake within
//! [`HANDSHAKE_TIMEOUT`], messages are at most [`MAX_MESSAGE`] bytes, and at most
//! `max_sessions` sessions run at once (each with its own search and hash table).

use std::cell::Cell;
use std::io::{BufReader, Write};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

use tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Message, WebSocket};

use super::{HostReading, Session};
use crate::engine::{Engine, Output};

/// The page of the Taikyoku site, always allowed.
pub const SITE_ORIGIN: &str = "https://taikyoku-shogi.github.io";

/// How long a connection may take to send its handshake.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest message accepted, in bytes (a 36x36 TSFEN is under 10 KB).
pub const MAX_MESSAGE: usize = 64 * 1024;

/// How often an idle connection looks for the engine's output.
const POLL: Duration = Duration::from_millis(10);

/// Where and for whom the server listens.
#[derive(Clone, Debug)]
pub struct Listen {
    /// The address to listen on (loopback by default).
    pub addr: SocketAddr,
    /// Origins allowed besides [`SITE_ORIGIN`] and pages served on loopback.
    pub allowed_origins: Vec<String>,
    /// Most sessions at once; further connections are refused (503).
    pub max_sessions: usize,
    /// How the sessions read the host ([`HostReading`]).
    pub reading: HostReading,
}

/// Whether a `Host` header names this server: a loopback name or address, or the address it
/// listens on (any port: a browser writes the port it connected to).
pub fn host_allowed(host: &str, listen: &SocketAddr) -> bool {
    let name = match host.rsplit_once(':') {
        Some((h, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !h.ends_with(':') => h,
        _ => host,
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    if name.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match name.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback() || ip == listen.ip(),
        Err(_) => false,
    }
}

/// Whether an `Origin` header is a page allowed to connect: the Taikyoku site, a page served
/// on loopback (`http://localhost:PORT`, `http://127.0.0.1:PORT`, `http://[::1]:PORT`), or one
/// of `extra` (exact match).
pub fn origin_allowed(origin: &str, extra: &[String]) -> bool {
    if origin == SITE_ORIGIN || extra.iter().any(|o| o == origin) {
        return true;
    }
    let Some(rest) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    if rest.contains('/') || rest.contains('@') {
        return false;
    }
    let dummy: SocketAddr = ([127, 0, 0, 1], 0).into();
    // A loopback name only: the listening address does not make a page trustworthy.
    host_allowed(rest, &dummy) && !rest.starts_with("0.")
}

/// A writer that sends each complete line to a channel (the engine's output, one message per
/// line).
struct LineSender {
    buf: Vec<u8>,
    tx: Sender<String>,
}

impl Write for LineSender {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        while let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=i).collect();
            let text = String::from_utf8_lossy(&line[..i]).into_owned();
            if self.tx.send(text).is_err() {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Serves ATSI sessions on `listen.addr` until the listener fails; `engine` makes each
/// session's engine. Announces the address on standard error.
pub fn serve<E, F>(listen: Listen, engine: F) -> std::io::Result<()>
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    let listener = TcpListener::bind(listen.addr)?;
    serve_on(listener, listen, engine)
}

/// [`serve`] on a listener already bound (tests bind port 0).
pub fn serve_on<E, F>(listener: TcpListener, listen: Listen, engine: F) -> std::io::Result<()>
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    let local = listener.local_addr()?;
    eprintln!("ATSI on ws://{local} (Taikyoku site: enter this address for an engine player)");
    let listen = Arc::new(Listen {
        addr: local,
        ..listen
    });
    let engine = Arc::new(engine);
    let sessions = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let (listen, engine, sessions) = (listen.clone(), engine.clone(), sessions.clone());
        std::thread::spawn(move || {
            if let Err(e) = connection(stream, &listen, &*engine, &sessions) {
                eprintln!("ATSI connection: {e}");
            }
        });
    }
    Ok(())
}

/// Decrements the session count when a session ends, however it ends.
struct Slot<'a>(&'a AtomicUsize);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn reject(status: u16, why: &str) -> ErrorResponse {
    let mut r = ErrorResponse::new(Some(why.to_string()));
    *r.status_mut() = tungstenite::http::StatusCode::from_u16(status)
        .unwrap_or(tungstenite::http::StatusCode::FORBIDDEN);
    r
}

fn connection<E: Engine + Send + 'static>(
    stream: TcpStream,
    listen: &Listen,
    engine: &(dyn Fn() -> E + Send + Sync),
    sessions: &AtomicUsize,
) -> Result<(), String> {
    stream
        .set_read_timeout(Some(HANDSHAKE_TIMEOUT))
        .map_err(|e| e.to_string())?;
    // Only a connection that passes the Host and Origin checks takes a session slot, so a
    // refused one cannot hold a slot while its thread winds down after the refusal was sent.
    let slot: Cell<Option<Slot>> = Cell::new(None);
    // The callback's type is tungstenite's, large error and all.
    #[allow(clippy::result_large_err)]
    let check = |req: &Request, resp: Response| -> Result<Response, ErrorResponse> {
        let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
        match header("host") {
            Some(h) if host_allowed(h, &listen.addr) => {}
            _ => return Err(reject(403, "the Host header does not name this machine")),
        }
        if let Some(o) = header("origin") {
            if !origin_allowed(o, &listen.allowed_origins) {
                return Err(reject(
                    403,
                    "this page's Origin is not allowed (--allow-origin)",
                ));
            }
        }
        let max = listen.max_sessions;
        if sessions
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max).then_some(n + 1)
            })
            .is_err()
        {
            return Err(reject(503, "all sessions are taken (--max-sessions)"));
        }
        slot.set(Some(Slot(sessions)));
        Ok(resp)
    };
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE));
    let mut ws = tungstenite::accept_hdr_with_config(stream, check, Some(config))
        .map_err(|e| format!("handshake: {e}"))?;
    ws.get_ref()
        .set_read_timeout(Some(POLL))
        .map_err(|e| e.to_string())?;
    let (from_host, to_session) = std::io::pipe().map_err(|e| e.to_string())?;
    let (tx, rx) = channel();
    let out = Output::new(Box::new(LineSender {
        buf: Vec::new(),
        tx,
    }));
    let eng = engine();
    let reading = listen.reading;
    let session = std::thread::spawn(move || {
        Session::new(eng, out, reading).run(BufReader::new(from_host));
    });
    pump(&mut ws, to_session, &rx);
    let _ = ws.close(None);
    let _ = ws.flush();
    let _ = session.join();
    Ok(())
}

/// Relays the host's messages to the session (one line each) and the session's lines to the
/// host, until the session ends or the host goes away.
fn pump(ws: &mut WebSocket<TcpStream>, to_session: std::io::PipeWriter, rx: &Receiver<String>) {
    // `None` once the host has closed: the session then reads the end of its input.
    let mut to_session = Some(to_session);
    loop {
        // The session's lines first: its last words (`resign`) must reach the host.
        loop {
            match rx.try_recv() {
                Ok(line) => {
                    if ws.send(Message::text(line)).is_err() {
                        return;
                    }
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => break,
                // The session has ended (`quit`, or the end of its input).
                Err(std::sync::mpsc::TryRecvError::Disconnected) => return,
            }
        }
        let Some(writer) = to_session.as_mut() else {
            std::thread::sleep(POLL);
            continue;
        };
        match ws.read() {
            Ok(Message::Text(t)) => {
                for line in t.as_str().lines() {
                    if writeln!(writer, "{line}").is_err() {
                        return;
                    }
                }
            }
            Ok(Message::Binary(_)) => {
                if writeln!(writer, "binary-message").is_err() {
                    return;
                }
            }
            Ok(Message::Close(_)) => to_session = None,
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return,
        }
    }
}
