//! The web server: the page and its assets, and one WebSocket per page, each served by its own
//! task that owns the page's [`Session`]. Built on axum and tokio.
//!
//! Limits: a page's messages are at most [`MAX_CLIENT_MESSAGE`] bytes; at most
//! `max_sessions` pages are served at once; a WebSocket opened from another site's page (an
//! `Origin` that is not this server) is refused.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::sync::{mpsc, oneshot};

use crate::assets;
use crate::config::Config;
use crate::messages::MAX_CLIENT_MESSAGE;
use crate::session::Session;

/// How often a session's clock ticks (stall detection, withheld engine output).
const TICK: Duration = Duration::from_millis(100);

/// Engine output lines waiting for the session.
const EVENT_QUEUE: usize = 256;

struct Shared {
    cfg: Arc<Config>,
    sessions: AtomicUsize,
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Binds the address and serves on a thread of its own until [`Server::stop`].
    pub fn start(cfg: Config) -> Result<Server, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
        let bind = format!("{}:{}", cfg.host, cfg.port);
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(&bind))
            .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        let (stop, stopped) = oneshot::channel::<()>();
        let app = router(cfg);
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let _ = axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await;
            });
            runtime.shutdown_timeout(Duration::from_secs(1));
        });
        Ok(Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves until the process ends.
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Stops serving and waits for the server's thread.
    pub fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn router(cfg: Config) -> Router {
    let shared = Arc::new(Shared {
        cfg: Arc::new(cfg),
        sessions: AtomicUsize::new(0),
    });
    Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route(
            "/assets/{*name}",
            get(|Path(name): Path<String>| async move { asset(&name) }),
        )
        .route("/ws", get(websocket))
        .with_state(shared)
}

fn asset(name: &str) -> Response {
    match assets::find(name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            a.body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// Whether the page that opens the WebSocket was served by this server (its `Origin`, when
/// the browser sends one, names the `Host` it asked for), so that other sites' pages cannot
/// drive the engine.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin = origin.to_str().ok().map(|o| {
        o.trim_start_matches("http://")
            .trim_start_matches("https://")
            .to_string()
    });
    matches!((origin, host), (Some(o), Some(h)) if o == h)
}

async fn websocket(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&headers) {
        return (
            StatusCode::FORBIDDEN,
            "this server serves its own page only",
        )
            .into_response();
    }
    let n = shared.sessions.fetch_add(1, Ordering::SeqCst);
    if n >= shared.cfg.max_sessions {
        shared.sessions.fetch_sub(1, Ordering::SeqCst);
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "too many pages are open on this server",
        )
            .into_response();
    }
    ws.max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| async move {
            serve_page(socket, shared.cfg.clone()).await;
            shared.sessions.fetch_sub(1, Ordering::SeqCst);
        })
}

/// Serves one page until it goes: page messages, engine events and clock ticks, one at a
/// time, each followed by sending the session's answers.
async fn serve_page(mut socket: WebSocket, cfg: Arc<Config>) {
    let (events_tx, mut events) = mpsc::channel(EVENT_QUEUE);
    let mut session = Session::new(cfg, events_tx);
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        for msg in session.take_messages() {
            let Ok(json) = serde_json::to_string(&msg) else {
                continue;
            };
            if socket.send(Message::Text(json.into())).await.is_err() {
                session.close();
                return;
            }
        }
        tokio::select! {
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(t))) => session.on_client(t.as_str()),
                Some(Ok(Message::Binary(_))) => {
                    session.on_client("binary message");
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
            Some(ev) = events.recv() => session.on_engine(ev),
            _ = tick.tick() => session.on_tick(Instant::now()),
        }
    }
    session.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn only_our_own_page_may_open_the_websocket() {
        let mut h = HeaderMap::new();
        assert!(same_origin(&h), "no Origin: not a browser page");
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert!(same_origin(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(!same_origin(&h));
    }
}
