//! What the GUI server's tests share: a real server on a free port with a scripted engine (shell
//! scripts in `tests/engines/`), and a page's WebSocket.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use serde_json::{json, Value};
use taikyoku_gui::{Config, Server};
use tungstenite::{Message, WebSocket};

pub fn script(name: &str) -> String {
    format!("{}/tests/engines/{name}.sh", env!("CARGO_MANIFEST_DIR"))
}

/// A server for `variant` playing the script `engine` with `args`.
pub fn server(variant: &str, engine: &str, args: &[&str]) -> Server {
    let mut cmd = vec!["sh".to_string(), script(engine)];
    cmd.extend(args.iter().map(|a| a.to_string()));
    let mut cfg = Config::new(0, cmd, variant).unwrap();
    cfg.engine_timeout = Duration::from_secs(1);
    Server::start(cfg).unwrap()
}

/// One page's WebSocket.
pub struct Page {
    pub ws: WebSocket<TcpStream>,
    /// The last state received.
    pub state: Value,
}

impl Page {
    pub fn open(server: &Server) -> Page {
        let stream = TcpStream::connect(server.addr()).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let url = format!("ws://{}/ws", server.addr());
        let (ws, _) = tungstenite::client(url.as_str(), stream).unwrap();
        let mut p = Page {
            ws,
            state: Value::Null,
        };
        let welcome = p.next();
        assert_eq!(welcome["t"], "welcome");
        assert_eq!(welcome["protocol"], 1);
        p.until("state");
        p
    }

    pub fn send(&mut self, v: Value) {
        self.send_text(&v.to_string());
    }

    pub fn send_text(&mut self, s: &str) {
        self.ws.send(Message::text(s)).unwrap();
    }

    /// The next message (a read times out after 30 s: the test fails instead of hanging).
    pub fn next(&mut self) -> Value {
        loop {
            let message = match self.ws.read() {
                // A signal (the server reaping a scripted engine that exited) interrupted the
                // read; nothing was lost, read again.
                Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::Interrupted => {
                    continue
                }
                m => m.expect("a message from the server"),
            };
            match message {
                Message::Text(t) => {
                    let v: Value = serde_json::from_str(t.as_str()).unwrap();
                    if v["t"] == "state" {
                        self.state = v.clone();
                    }
                    return v;
                }
                Message::Close(_) => panic!("the server closed the page"),
                _ => continue,
            }
        }
    }

    /// Skips messages until one of type `t`.
    pub fn until(&mut self, t: &str) -> Value {
        loop {
            let v = self.next();
            if v["t"] == t {
                return v;
            }
        }
    }

    /// Skips messages until one satisfying `f`.
    pub fn until_with(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next();
            if f(&v) {
                return v;
            }
        }
    }

    /// Skips to the engine reporting `status`.
    pub fn engine(&mut self, status: &str) -> Value {
        self.until_with(|v| v["t"] == "engine" && v["status"] == status)
    }

    pub fn version(&self) -> u64 {
        self.state["version"].as_u64().unwrap()
    }

    pub fn play(&mut self, text: &str) {
        let v = self.version();
        self.send(json!({"t": "move", "text": text, "version": v}));
    }

    /// Asks for the state again (showing the same ply) and returns it.
    pub fn fresh_state(&mut self) -> Value {
        let (ply, v) = (self.state["ply"].as_u64().unwrap(), self.version());
        self.send(json!({"t": "goto", "ply": ply, "version": v}));
        self.until("state")
    }

    pub fn settings(&mut self, mode: &str, limit: Value, move_limit: u32) {
        self.send(json!({"t": "settings", "mode": mode, "limit": limit, "move_limit": move_limit}));
    }

    pub fn record_texts(&self) -> Vec<String> {
        self.state["record"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_string())
            .collect()
    }
}

/// An HTTP/1.1 request with this `Host` and extra header lines (each ending in CRLF; without
/// a `Connection` among them the connection closes after the answer); the answer's status line
/// and as much as came with it.
pub fn request(s: &Server, path: &str, host: &str, extra: &str) -> String {
    let mut c = TcpStream::connect(s.addr()).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let close = if extra.contains("Connection:") {
        ""
    } else {
        "Connection: close\r\n"
    };
    write!(
        c,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\n{extra}{close}\r\n"
    )
    .unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = c.read(&mut buf) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
        if close.is_empty() && out.windows(4).any(|w| w == b"\r\n\r\n") {
            break;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
