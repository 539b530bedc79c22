"use strict";
// The page's side of the game: the socket to the server (with the session id that brings a
// reloaded page back to its game), the player's clicks and keys (a discard is chosen, then
// confirmed), the tabs and the browser's history. Loaded last; uses app.js's state and drawing.

const TABS = ["table", "rules"];
const SESSION = "riichi.session";   // sessionStorage: one id per tab, kept across reloads
const MAX_SEED = 2n ** 63n;
const RETRIES = [500, 1000, 2000, 4000, 8000];   // ms before each reconnection attempt

const link = {
  retries: 0,
  newPending: false,      // a "new" message sent, its game not shown yet
  started: false,         // this page has shown a game
  error: null,            // the banner: [key, params], redrawn in the page's language
  notice: null,           // a banner to show with the next new game's first view
  answered: null,         // the view the player's answer was sent to
};

// ------------------------------------------------------------------ server
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  state.socket = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    if (state.socket !== socket) return;
    state.socket = null;
    if (link.retries < RETRIES.length) {
      showError("reconnecting");
      setTimeout(connect, RETRIES[link.retries++]);
    } else {
      showError("connection_lost");
    }
  };
}

function send(message) { sendText(JSON.stringify(message)); }
function sendText(text) { if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(text); }

function receive(message) {
  if (message.type === "hello") {
    link.retries = 0;
    state.presets = message.presets;
    state.threePlayer = message.three_player_presets;
    state.opponents = message.opponents;
    state.defaultOpponent = message.default_opponent;
    fillMenu();
    if (!link.started) fillMenuFromAddress();
    const session = sessionStorage.getItem(SESSION);
    if (session) send({ type: "resume", session });
    else newGame();
  } else if (message.type === "session") {
    sessionStorage.setItem(SESSION, message.id);
    if (message.resumed) hideError();
  } else if (message.type === "rules") {
    state.presetRules[message.rules] = message.text;
  } else if (message.type === "view") {
    shown(message);
  } else if (message.type === "error") {
    refused(message);
  }
}

// A view from the server: a new decision (or a new game) starts with nothing chosen.
function shown(view) {
  const before = state.view;
  const fresh = !before || before.move !== view.move || before.game.seed !== view.game.seed || link.newPending;
  if (link.newPending) {
    hideError();
    if (link.notice) showError(link.notice);
    link.notice = null;
  }
  if (link.newPending && link.started) history.pushState({ tab: "table" }, "", `#hand-${handNumber() + 1}`);
  link.newPending = false;
  link.started = true;
  state.view = view;
  if (state.riichiMove !== view.move) state.riichiMode = false;
  if (fresh) {
    state.chosen = null;
    if (view.you.drawn !== null) state.focus = view.you.hand.length - 1;
  }
  draw();
  drawRules();
}

function refused(message) {
  link.newPending = false;
  if (message.code === "session") {   // the game of this tab's id is gone: deal a new one
    sessionStorage.removeItem(SESSION);
    link.notice = "error_session";
    newGame();
  } else if (message.code === "moved") {
    sessionStorage.removeItem(SESSION);
    showError("error_moved");
    letGo();
  } else if (message.code === "seed") {
    showError("error_seed", { seed: (/^seed (.*?): /.exec(message.message) || [0, "?"])[1] });
  } else if (["stale", "turn", "ai"].includes(message.code)) {
    showError(`error_${message.code}`);
  } else {
    showError("error_refused", { detail: message.message });
  }
  $("error").title = message.message;   // the server's own words, in English
}

// The game went on in another tab: its last view stays in sight, with nothing left to press
// here but a new game (the server would refuse any answer, and its refusal hide why).
function letGo() {
  if (!state.view) return;
  state.view = { ...state.view, actions: [], hint: [], hint_tsumo: false, turn: null, over: true, more_summaries: false };
  draw();
}

function handNumber() { return Number((/^#hand-(\d+)$/.exec(location.hash) || [0, 1])[1]); }

function fillMenuFromAddress() {
  const params = new URLSearchParams(location.search);
  if (params.get("rules") && state.presets.includes(params.get("rules"))) $("mode").value = params.get("rules");
  const opponents = params.get("opponents") || "";
  if (opponents.includes(",") && opponents.split(",").every((name) => state.opponents.includes(name))) {
    state.opponentsByName = opponents;  // one for each AI: an entry of the list of its own
    fillMenu();
  }
  if (state.opponents.includes(opponents) || opponents === state.opponentsByName) $("opponents").value = opponents;
  if (params.get("seed")) $("seed").value = params.get("seed");
}

// Start a game with the menu's choices; a seed that is not a whole number from 0 to 2**63-1 is
// refused here, in the page's language, and the game on the table goes on.
function newGame() {
  const seedText = $("seed").value.trim();
  const message = JSON.stringify({ type: "new", rules: $("mode").value || "cardavia", opponents: $("opponents").value || state.defaultOpponent });
  if (seedText === "") return startGame(message);
  if (!/^\d{1,19}$/.test(seedText) || BigInt(seedText) >= MAX_SEED) {
    showError("error_seed", { seed: seedText });
    return;
  }
  // written as digits, not through a JavaScript number, which would round a large seed
  startGame(`${message.slice(0, -1)},"seed":${BigInt(seedText)}}`);
}

function startGame(text) {
  link.newPending = true;
  sendText(text);
}

// The player's answer, one per view (a double click would send it again, to be refused as too
// late); a banner about an earlier one goes.
function act(index) {
  if (!state.view || link.answered === state.view) return;
  link.answered = state.view;
  hideError();
  send({ type: "act", move: state.view.move, action: index });
}

function showError(key, params = {}) { link.error = [key, params]; redrawError(); }
function hideError() { link.error = null; $("error").removeAttribute("title"); redrawError(); }
function redrawError() {
  const el = $("error");
  el.hidden = link.error === null;
  el.textContent = link.error === null ? "" : tr(link.error[0], link.error[1]);
}

// ------------------------------------------------------------------ choosing a discard
// A click chooses a tile; a second click on it, Enter or the Discard button discards it (one
// click with the "one click discards" option).
function pickTile(id, k) {
  if (!state.view || !legalTiles().has(id)) return;
  state.focus = k;
  if (state.chosen === id || $("one-click").checked) confirmDiscard(id);
  else choose(id);
}

function choose(id) {
  state.chosen = id;
  drawHand();
  drawActions();
}

function confirmDiscard(id = state.chosen) {
  const index = id === null ? undefined : legalTiles().get(id);
  if (index === undefined) return;
  state.chosen = null;
  act(index);
}

function focusHand() {
  const tiles = [...$("hand").querySelectorAll("button.tile")];
  if (!tiles.length) return;
  tiles[Math.min(Math.max(0, state.focus), tiles.length - 1)].focus();
}

// ------------------------------------------------------------------ keys
const CONTROL_KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"];

// Whether a key pressed in `target` belongs to that form control rather than to the table: all
// keys of a text field or a list, the arrows of a slider.
function capturedBy(target, key) {
  if (target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement) || target.type === "checkbox") return false;
  return target.type !== "range" || CONTROL_KEYS.includes(key);
}

function onKey(event) {
  if (!state.view || $("panel-table").hidden) return;
  const target = event.target;
  if (capturedBy(target, event.key)) {
    if (event.key === "Escape") { target.blur(); focusHand(); cue(null); event.preventDefault(); }
    return;
  }
  // held with Ctrl, Alt or Meta a key is the browser's (Ctrl+H history, Alt+1 a tab, Alt+Left back)
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  const tiles = [...$("hand").querySelectorAll("button.tile")];
  const discards = legalTiles();
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    if (!tiles.length) return;
    const step = event.key === "ArrowLeft" ? -1 : 1;
    state.focus = Math.min(tiles.length - 1, Math.max(0, (state.focus < 0 ? tiles.length - 1 : state.focus) + step));
    const id = state.view.you.hand[state.focus];
    if (discards.has(id)) choose(id);    // the keys choose as they move
    else drawHand();
    focusHand();
    event.preventDefault();
  } else if (event.key === "Enter" && !(target instanceof HTMLButtonElement)) {
    const summaryButton = $("summary").querySelector("button");
    if (!$("summary").hidden && summaryButton) summaryButton.click();
    else if (state.chosen !== null) confirmDiscard();
    else if (tiles.length) tiles[Math.max(0, state.focus)].click();
    event.preventDefault();
  } else if (/^[1-9]$/.test(event.key)) {
    const b = $("actions").querySelectorAll("button")[Number(event.key) - 1];
    if (b) { b.click(); event.preventDefault(); }
  } else if (event.key === "Escape") {
    const pass = $("actions").querySelector(".act-pass");
    if (state.chosen !== null) { state.chosen = null; drawHand(); drawActions(); }
    else if (pass) pass.click();
  } else if (event.key === "h") {
    $("hint-on").checked = !$("hint-on").checked;
    draw();
  }
}

// While a text field, a list or a slider has the focus, the keys are its own: say so, and how
// to give them back to the table.
function cue(target) {
  const el = $("keys-cue");
  const captured = target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type !== "checkbox");
  el.hidden = !captured;
  if (!captured) { el.textContent = ""; return; }
  const name = target.closest("label").querySelector("span").textContent.replace(/:$/, "");
  el.textContent = tr("keys_cue", { control: name });
}

// ------------------------------------------------------------------ tabs and history
// The rules tab and every new hand are entries of the browser's history: Back goes from the
// rules to the table and from a hand to the table of the one before, never off the game.
function selectTab(name, remember) {
  const now = $("panel-rules").hidden ? "table" : "rules";
  for (const tab of TABS) {
    $(`tab-${tab}`).setAttribute("aria-selected", String(tab === name));
    $(`tab-${tab}`).tabIndex = tab === name ? 0 : -1;   // one tab stop: the arrows move within
    $(`panel-${tab}`).hidden = tab !== name;
  }
  if (remember && name !== now) {
    const hand = handNumber();
    history.pushState({ tab: name }, "", name === "rules" ? "#rules" : hand > 1 ? `#hand-${hand}` : location.pathname + location.search);
  }
}

// The tabs' keys, as the WAI-ARIA tabs pattern has them: left and right go to the tab before or
// after (round the ends), Home and End to the first and last; the tab reached is shown at once.
function onTabKey(event) {
  const steps = { ArrowLeft: -1, ArrowRight: 1 };
  const at = TABS.indexOf(event.target.id.replace("tab-", ""));
  let next;
  if (event.key in steps) next = (at + steps[event.key] + TABS.length) % TABS.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = TABS.length - 1;
  else return;
  event.preventDefault();
  event.stopPropagation();   // not the table's arrows, which move through the hand
  selectTab(TABS[next], true);
  $(`tab-${TABS[next]}`).focus();
}

function tabOfAddress() { return location.hash === "#rules" ? "rules" : "table"; }

function init() {
  applyLook();
  for (const name of LOOKS) {
    $(name).addEventListener("input", () => {
      localStorage.setItem(`riichi.${name}`, $(name).value);
      applyLook();
    });
  }
  $("lang").addEventListener("change", () => {
    state.lang = $("lang").value;
    localStorage.setItem("riichi.lang", state.lang);
    applyLanguage();
    cue(document.activeElement);
  });
  $("one-click").checked = localStorage.getItem("riichi.one-click") === "1";
  $("one-click").addEventListener("change", () => localStorage.setItem("riichi.one-click", $("one-click").checked ? "1" : "0"));
  $("tab-table").addEventListener("click", () => selectTab("table", true));
  $("tab-rules").addEventListener("click", () => selectTab("rules", true));
  $("tab-table").parentElement.addEventListener("keydown", onTabKey);
  window.addEventListener("popstate", () => selectTab(tabOfAddress(), false));
  window.addEventListener("pageshow", (event) => { if (event.persisted && !state.socket) connect(); });
  $("menu").addEventListener("submit", (event) => { event.preventDefault(); newGame(); });
  $("hint-on").addEventListener("change", () => { if (state.view) draw(); });
  document.addEventListener("keydown", onKey);
  document.addEventListener("focusin", (event) => cue(event.target));
  document.addEventListener("focusout", () => cue(null));
  selectTab(tabOfAddress(), false);
  applyLanguage();
  connect();
}

init();
