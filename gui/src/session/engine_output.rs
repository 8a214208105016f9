//! What the engine says: its lines (the handshake, `info`, `bestmove`) read into the
//! session's state, and its lines of play translated for the page.

use super::*;

impl Session {
    /// A line or the end of output from an engine process.
    pub fn on_engine(&mut self, event: EngineEvent) {
        match event {
            EngineEvent::Line { generation, text } if generation == self.engine.generation => {
                self.on_line(&text)
            }
            EngineEvent::Closed { generation }
                if generation == self.engine.generation && self.engine.process().is_some() =>
            {
                let how = self
                    .engine
                    .process()
                    .and_then(|p| p.exit_status())
                    .map(|s| format!(" ({s})"))
                    .unwrap_or_default();
                self.fail(format!("the engine exited{how}"));
            }
            _ => {}
        }
    }

    fn on_line(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("");
        match self.engine.status.clone() {
            Status::AwaitingUsiOk(_) => match first {
                "id" if words.next() == Some("name") => {
                    self.engine.name = words.collect::<Vec<_>>().join(" ");
                }
                "option" => {
                    let name: Vec<&str> = words.skip(1).take_while(|w| *w != "type").collect();
                    let name = name.join(" ");
                    if name.eq_ignore_ascii_case("USI_Variant") {
                        self.engine.offers.variant = true;
                    } else if name.eq_ignore_ascii_case("Skill Level") {
                        self.engine.offers.skill = true;
                    } else if name.eq_ignore_ascii_case("MultiPV") {
                        self.engine.offers.multipv = true;
                    }
                }
                "usiok" => {
                    let c = self.cfg.variants[self.choice].clone();
                    if self.engine.offers.variant {
                        self.send(&format!("setoption name USI_Variant value {}", c.usi_value));
                    } else {
                        self.out.push(ServerMsg::Notice {
                            message: format!(
                                "the engine has no USI_Variant option: it is taken to play {}",
                                c.variant.name()
                            ),
                        });
                    }
                    for (name, value) in &c.options {
                        self.send(&format!("setoption name {name} value {value}"));
                    }
                    self.send("isready");
                    self.engine.status =
                        Status::AwaitingReadyOk(Instant::now() + self.cfg.engine_timeout);
                }
                _ => {}
            },
            Status::AwaitingReadyOk(_) => {
                if first == "readyok" {
                    self.engine.status = Status::Ready;
                    self.send("usinewgame");
                    self.push_engine();
                    self.schedule();
                } else if line.starts_with("info string error") {
                    self.out.push(ServerMsg::Notice {
                        message: format!("engine: {}", &line[12..]),
                    });
                }
            }
            Status::Ready => match first {
                "info" => self.on_info(line),
                "bestmove" => self.on_bestmove(words.next()),
                _ => {}
            },
            Status::Off | Status::Starting | Status::Failed(_) => {}
        }
    }

    fn on_info(&mut self, line: &str) {
        let Some(search) = self.engine.searches.front() else {
            return;
        };
        if search.cancelled {
            return;
        }
        let analysis = search.purpose == Purpose::Analyse;
        let Some(info) = info::parse(line) else {
            return;
        };
        if info.is_empty() {
            return;
        }
        let (pv_hodges, arrow) = self.translate(&info.pv);
        let k = info.multipv.unwrap_or(1);
        if !info.pv.is_empty() && (1..=u64::from(MAX_LINES)).contains(&k) {
            let line = Line {
                multipv: k,
                depth: info.depth,
                seldepth: info.seldepth,
                score: info.score,
                pv: info.pv.iter().take(MAX_PV).cloned().collect(),
                pv_hodges: pv_hodges.clone(),
                arrow,
            };
            // A line of an earlier iteration that starts with this line's move is stale (the
            // move has moved to this rank): it goes, so that no move is listed twice.
            let (first, depth) = (line.pv[0].clone(), line.depth);
            self.lines
                .retain(|l| l.multipv == k || l.pv[0] != first || l.depth >= depth);
            match self.lines.binary_search_by_key(&k, |l| l.multipv) {
                Ok(i) => self.lines[i] = line,
                Err(i) => self.lines.insert(i, line),
            }
        }
        let msg = ServerMsg::Info {
            info,
            pv_hodges,
            analysis,
            lines: self.lines.clone(),
        };
        let now = Instant::now();
        if self
            .last_info
            .is_none_or(|t| now.duration_since(t) >= INFO_INTERVAL)
        {
            self.last_info = Some(now);
            self.pending_info = None;
            self.out.push(msg);
        } else {
            self.pending_info = Some(msg);
        }
    }

    /// A principal variation from the shown position in Hodges notation (at most [`MAX_PV`]
    /// moves, as far as they are legal), and its first move's squares for an arrow.
    fn translate(&self, pv: &[String]) -> (Vec<String>, Vec<String>) {
        let mut pos = self.game.shown().clone();
        let mut hodges = Vec::new();
        let mut arrow = Vec::new();
        for text in pv.iter().take(MAX_PV) {
            let Ok(m) = pos.parse_move(text) else { break };
            if hodges.is_empty() {
                arrow = pos.move_squares(m).path;
            }
            hodges.push(pos.hodges(m));
            if pos.play_move(m).is_err() {
                break;
            }
        }
        (hodges, arrow)
    }

    fn on_bestmove(&mut self, word: Option<&str>) {
        let Some(search) = self.engine.searches.pop_front() else {
            return;
        };
        if let Some(m) = self.pending_info.take() {
            if !search.cancelled {
                self.out.push(m);
            }
        }
        if !search.cancelled && search.purpose == Purpose::Play && search.version == self.version {
            let now = Instant::now();
            if self.flag_fell(now) {
                self.push_engine();
                return;
            }
            let side = self.game.side_to_move();
            let live = self.clocks_live();
            match word {
                Some("resign") => {
                    self.game
                        .declare(Some(side.flip()), &format!("{side} (engine) resigned"));
                    self.out.push(ServerMsg::Notice {
                        message: format!("the engine resigned for {side}"),
                    });
                    self.changed();
                    self.push_engine();
                    return;
                }
                Some(w) => match self.game.play(w) {
                    Ok(_) => {
                        if live {
                            let _ = self.clocks.moved(side, now);
                        }
                        self.after_move();
                        self.push_engine();
                        return;
                    }
                    Err(e) => {
                        self.refused = Some(self.version);
                        self.error(format!("the engine's move was refused: {e}"));
                    }
                },
                None => {
                    self.refused = Some(self.version);
                    self.error("the engine answered 'bestmove' without a move");
                }
            }
        }
        self.push_engine();
        self.schedule();
    }
}
