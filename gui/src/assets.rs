//! The page's files, embedded in the binary so that the server needs nothing else on disk
//! (plain JavaScript and CSS: no build step).

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// Its name under `/assets/` (`index.html` is served at `/`).
    pub name: &'static str,
    /// Its content type.
    pub mime: &'static str,
    /// Its content.
    pub body: &'static str,
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file of the page.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "index.html",
        mime: "text/html; charset=utf-8",
        body: include_str!("../assets/index.html"),
    },
    Asset {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        body: include_str!("../assets/style.css"),
    },
    Asset {
        name: "main.js",
        mime: JS,
        body: include_str!("../assets/main.js"),
    },
    Asset {
        name: "board.js",
        mime: JS,
        body: include_str!("../assets/board.js"),
    },
    Asset {
        name: "panel.js",
        mime: JS,
        body: include_str!("../assets/panel.js"),
    },
    Asset {
        name: "record.js",
        mime: JS,
        body: include_str!("../assets/record.js"),
    },
];

/// The file called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_the_page_imports_is_embedded() {
        for a in ASSETS {
            for line in a
                .body
                .lines()
                .filter(|l| l.trim_start().starts_with("import "))
            {
                let from = line.split(['"', '\'']).nth(1).unwrap_or("");
                let name = from.trim_start_matches("./");
                assert!(find(name).is_some(), "{}: imports {from}", a.name);
            }
        }
        let index = find("index.html").unwrap().body;
        for name in ["style.css", "main.js"] {
            assert!(index.contains(&format!("/assets/{name}")), "{name}");
        }
        assert!(find("../Cargo.toml").is_none());
    }
}
