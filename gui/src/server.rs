//! The web server: the page and its assets, and one WebSocket per page, each served by its own
//! task that owns the page's [`Session`]. Built on axum, with its own accept loop on hyper.
//!
//! Limits (docs/security.md): only requests addressed to this computer's names are answered
//! ([`crate::access`]); a WebSocket only from this server's own page; a page's messages are at
//! most [`MAX_CLIENT_MESSAGE`] bytes; at most `max_sessions` pages at once, each with at most one
//! engine; at most `max_connections` connections (256), and a request's header must arrive
//! within `header_timeout` (10 s). A page's work (building its legal moves, reading its records) runs off the
//! server's async workers, so one busy page does not stall the others.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use tokio::sync::{mpsc, oneshot, watch, Semaphore};

use crate::access::Allowed;
use crate::assets;
use crate::config::Config;
use crate::engine::EngineRegistry;
use crate::messages::MAX_CLIENT_MESSAGE;
use crate::session::Session;

/// How often a session's clock ticks (stall detection, withheld engine output).
const TICK: Duration = Duration::from_millis(100);

/// Engine output lines waiting for the session.
const EVENT_QUEUE: usize = 256;

struct Shared {
    cfg: Arc<Config>,
    allowed: Allowed,
    sessions: AtomicUsize,
    engines: Arc<EngineRegistry>,
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    engines: Arc<EngineRegistry>,
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
        let engines = Arc::new(EngineRegistry::default());
        let shared = Arc::new(Shared {
            allowed: Allowed::new(&cfg.host, addr.port()),
            cfg: Arc::new(cfg),
            sessions: AtomicUsize::new(0),
            engines: engines.clone(),
        });
        let (stop, stopped) = oneshot::channel::<()>();
        let limits = (shared.cfg.max_connections.max(1), shared.cfg.header_timeout);
        let app = router(shared);
        let killer = engines.clone();
        let thread = std::thread::spawn(move || {
            runtime.block_on(serve(listener, app, limits, stopped));
            // The pages' tasks end with the runtime; their engines go at once.
            killer.kill_all();
            runtime.shutdown_timeout(Duration::from_secs(1));
            killer.kill_all();
        });
        Ok(Server {
            addr,
            engines,
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

    /// How many engine processes the server's pages have running (started, not yet reaped).
    pub fn live_engines(&self) -> usize {
        self.engines.live()
    }

    /// Serves until the process is ended.
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Stops serving, ends every engine (their process groups) and waits for the server's
    /// thread.
    pub fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The accept loop: each connection is served by hyper with a header timeout, a bounded number
/// at once (`limits`: connections, header timeout), until `stopped`; then open connections
/// are closed gracefully.
async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    (max_connections, header_timeout): (usize, Duration),
    mut stopped: oneshot::Receiver<()>,
) {
    let slots = Arc::new(Semaphore::new(max_connections));
    let (closing, closing_rx) = watch::channel(false);
    loop {
        let stream = tokio::select! {
            _ = &mut stopped => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of descriptors or a connection reset before it was taken: go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(app.clone());
        let mut closing = closing_rx.clone();
        tokio::spawn(async move {
            let mut builder = auto::Builder::new(TokioExecutor::new());
            builder
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let conn = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = async { closing.wait_for(|c| *c).await.is_ok() } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(Duration::from_secs(1), conn).await;
                }
            }
            drop(slot);
        });
    }
    let _ = closing.send(true);
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route(
            "/assets/{*name}",
            get(|Path(name): Path<String>| async move { asset(&name) }),
        )
        .route("/ws", get(websocket))
        .layer(middleware::from_fn_with_state(shared.clone(), only_ours))
        .with_state(shared)
}

/// Answers only requests addressed to this computer (see [`crate::access`]).
async fn only_ours(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let websocket = request.uri().path() == "/ws";
    match shared.allowed.refuse(request.headers(), websocket) {
        Some(why) => (StatusCode::FORBIDDEN, why).into_response(),
        None => next.run(request).await,
    }
}

fn asset(name: &str) -> Response {
    match assets::find(name) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, a.cache),
            ],
            a.body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

async fn websocket(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    let Some(slot) = PageSlot::take(&shared) else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "too many pages are open on this server",
        )
            .into_response();
    };
    ws.max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| async move {
            serve_page(socket, slot.0.cfg.clone(), slot.0.engines.clone()).await;
        })
}

/// One of the server's `max_sessions` page slots, given back when dropped: when the page's
/// session ends, or when the upgrade fails and the callback holding it is dropped unrun.
struct PageSlot(Arc<Shared>);

impl PageSlot {
    fn take(shared: &Arc<Shared>) -> Option<PageSlot> {
        let max = shared.cfg.max_sessions;
        shared
            .sessions
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| PageSlot(shared.clone()))
    }
}

impl Drop for PageSlot {
    fn drop(&mut self) {
        self.0.sessions.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serves one page until it goes: page messages, engine events and clock ticks, one at a
/// time, each followed by sending the session's answers. The session's work runs in
/// [`tokio::task::block_in_place`]: a page that asks for heavy work (a position with tens of
/// thousands of legal moves) holds one thread, not one of the workers every page shares.
async fn serve_page(mut socket: WebSocket, cfg: Arc<Config>, engines: Arc<EngineRegistry>) {
    let (events_tx, mut events) = mpsc::channel(EVENT_QUEUE);
    let mut session = tokio::task::block_in_place(|| Session::new(cfg, events_tx, engines));
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
                Some(Ok(Message::Text(t))) => {
                    tokio::task::block_in_place(|| session.on_client(t.as_str()));
                }
                Some(Ok(Message::Binary(_))) => {
                    session.on_client("binary message");
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
            Some(ev) = events.recv() => tokio::task::block_in_place(|| session.on_engine(ev)),
            _ = tick.tick() => session.on_tick(Instant::now()),
        }
    }
    session.close();
}
