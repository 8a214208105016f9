//! Which requests the server answers: only those addressed to it by a name that cannot be
//! another site's (the `Host` check against DNS rebinding), and WebSockets only from its own
//! page (the `Origin` check against other sites' pages).
//!
//! A page on any web site can make the browser connect to 127.0.0.1 after rebinding its own
//! name there, but the browser still sends that name as `Host` and as the `Origin`'s host. So the
//! server answers only a `Host` that is a loopback name, an IP address literal (reaching the
//! server by address needs no name, so no name can be rebound), or the address it was told to
//! listen on, with the port it listens on.

use std::net::IpAddr;

use axum::http::{header, HeaderMap};

/// The names and port the server answers to.
#[derive(Clone, Debug)]
pub struct Allowed {
    /// `--host` as given (an address or a name of this computer).
    listen_host: String,
    /// The port it listens on.
    port: u16,
}

impl Allowed {
    /// The server listening on `listen_host` (as the user gave it) at `port`.
    pub fn new(listen_host: &str, port: u16) -> Allowed {
        Allowed {
            listen_host: listen_host.trim_matches(['[', ']']).to_ascii_lowercase(),
            port,
        }
    }

    /// Why a request with these headers is refused, or `None` when it is answered.
    pub fn refuse(&self, headers: &HeaderMap, websocket: bool) -> Option<&'static str> {
        let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
            return Some("a request without a Host is not answered");
        };
        if !self.host_ok(host) {
            return Some("this server answers only to this computer's names and addresses");
        }
        if websocket && !same_origin(headers, host) {
            return Some("this server serves its own page only");
        }
        None
    }

    /// Whether `host` (a `Host` header: `name[:port]`) names this server.
    fn host_ok(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else {
            return false;
        };
        if port.unwrap_or(80) != self.port {
            return false;
        }
        let name = name.to_ascii_lowercase();
        name == "localhost" || name.parse::<IpAddr>().is_ok() || name == self.listen_host
    }
}

/// `name[:port]` or `[v6]:port` into the name (without brackets) and the port.
fn split_host(host: &str) -> Option<(&str, Option<u16>)> {
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        let (name, after) = rest.split_once(']')?;
        match after {
            "" => (name, None),
            p => (name, Some(p.strip_prefix(':')?)),
        }
    } else {
        match host.rsplit_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (host, None),
        }
    };
    if name.is_empty() {
        return None;
    }
    let port = match port {
        None => None,
        Some(p) => Some(p.parse::<u16>().ok()?),
    };
    Some((name, port))
}

/// Whether the page that opens the WebSocket was served by this server: its `Origin`, when
/// the browser sends one, is `http://` and the `Host` it asked for. A client with no `Origin` is
/// no browser page.
fn same_origin(headers: &HeaderMap, host: &str) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    origin
        .to_str()
        .ok()
        .and_then(|o| o.strip_prefix("http://"))
        .is_some_and(|o| o.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(host: Option<&'static str>, origin: Option<&'static str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        if let Some(v) = host {
            h.insert(header::HOST, HeaderValue::from_static(v));
        }
        if let Some(v) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_this_computers_names_are_answered() {
        let a = Allowed::new("127.0.0.1", 8080);
        let ok = |h| a.refuse(&headers(Some(h), None), false).is_none();
        assert!(ok("127.0.0.1:8080"));
        assert!(ok("localhost:8080"));
        assert!(ok("LocalHost:8080"));
        assert!(ok("[::1]:8080"));
        assert!(
            ok("192.168.1.7:8080"),
            "an address literal cannot be rebound"
        );
        assert!(!ok("evil.example:8080"), "DNS rebinding");
        assert!(!ok("127.0.0.1:8081"), "another port");
        assert!(!ok("127.0.0.1"), "port 80 is not ours");
        assert!(!ok("127.0.0.1:"));
        assert!(!ok(":8080"));
        assert!(!ok("[::1"));
        assert!(a.refuse(&headers(None, None), false).is_some());
        let named = Allowed::new("myhost.lan", 80);
        assert!(named
            .refuse(&headers(Some("MyHost.lan"), None), false)
            .is_none());
        assert!(named
            .refuse(&headers(Some("other.lan"), None), false)
            .is_some());
    }

    #[test]
    fn only_our_own_page_may_open_the_websocket() {
        let a = Allowed::new("127.0.0.1", 8080);
        let ws = |h, o| a.refuse(&headers(Some(h), o), true);
        assert_eq!(
            ws("127.0.0.1:8080", None),
            None,
            "no Origin: not a browser page"
        );
        assert_eq!(ws("127.0.0.1:8080", Some("http://127.0.0.1:8080")), None);
        assert!(ws("127.0.0.1:8080", Some("http://evil.example")).is_some());
        assert!(ws("127.0.0.1:8080", Some("https://127.0.0.1:8080")).is_some());
        assert!(
            ws("evil.example:8080", Some("http://evil.example:8080")).is_some(),
            "a rebound name is refused even when Origin and Host agree"
        );
    }
}
