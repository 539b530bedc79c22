"use strict";
// Tiles drawn as SVG: pips for circles and bamboo, numerals for characters, kanji for honours.
// A tile is its 136-id (the engine's): type = id >> 2; ids 16, 52 and 88 are the red fives
// under rules that play them (the game's red_fives), plain fives under the others.
const RED_FIVES = new Set([16, 52, 88]);
let redFivesPlayed = true;   // set from every view by app.js's draw()
function isRedFive(id) { return redFivesPlayed && RED_FIVES.has(id); }
const PIPS = {
  1: [[.5, .5]],
  2: [[.5, .22], [.5, .78]],
  3: [[.22, .2], [.5, .5], [.78, .8]],
  4: [[.27, .22], [.73, .22], [.27, .78], [.73, .78]],
  5: [[.25, .2], [.75, .2], [.5, .5], [.25, .8], [.75, .8]],
  6: [[.28, .17], [.72, .17], [.28, .5], [.72, .5], [.28, .83], [.72, .83]],
  7: [[.2, .12], [.5, .24], [.8, .36], [.28, .62], [.72, .62], [.28, .88], [.72, .88]],
  8: [[.28, .12], [.72, .12], [.28, .37], [.72, .37], [.28, .63], [.72, .63], [.28, .88], [.72, .88]],
  9: [[.2, .17], [.5, .17], [.8, .17], [.2, .5], [.5, .5], [.8, .5], [.2, .83], [.5, .83], [.8, .83]],
};
// Winds carry their index letter; the dragons and the characters' mark are drawn with strokes
// (a frame, a leaf, the 中 shape, the 万 shape), so no font with Chinese characters is needed.
const WIND_LETTERS = ["E", "S", "W", "N"];
const MAN_MARK = `<path d="M8 24.5H22M13.2 24.5Q13.2 32 8 36.2M13.2 28.5H20.2Q20.4 35.6 16.2 35.4" fill="none" stroke="#b22a2a" stroke-width="2.1" stroke-linecap="round" stroke-linejoin="round"/>`;
const DRAGONS = {
  31: `<rect x="7" y="8" width="16" height="24" rx="2" fill="none" stroke="#1d4f91" stroke-width="2"/>`,
  32: `<g fill="#1f7a3a"><ellipse cx="11" cy="17" rx="3.6" ry="8.5" transform="rotate(-32 11 17)"/>` +
      `<ellipse cx="19" cy="17" rx="3.6" ry="8.5" transform="rotate(32 19 17)"/></g>` +
      `<path d="M15 20V34M10 29H20" stroke="#1f7a3a" stroke-width="2.2" stroke-linecap="round"/>`,
  33: `<rect x="7.5" y="13" width="15" height="11" rx="1" fill="none" stroke="#c8102e" stroke-width="2.6"/>` +
      `<path d="M15 6V35" stroke="#c8102e" stroke-width="2.8" stroke-linecap="round"/>`,
};
// A red five is red and marked: a red frame and a red corner, large enough to see on the
// smallest tile drawn (a phone's pond), where the colour of the pips alone is not.
const RED_MARK = `<g class="red-mark"><rect x="2.3" y="2.3" width="25.4" height="35.4" rx="2.6" fill="none" ` +
  `stroke="#c8102e" stroke-width="1.9"/><path d="M2.3 4.9Q2.3 2.3 4.9 2.3H11.5L2.3 11.5Z" fill="#c8102e"/></g>`;

function tileType(id) { return id >> 2; }
function suitOf(type) { return type >= 27 ? "z" : "mps"[Math.floor(type / 9)]; }
function rankOf(type) { return type % 9 + 1; }

// The SVG markup of a tile face (viewBox 30 x 40).
function tileFace(id) {
  const type = tileType(id), suit = suitOf(type), rank = rankOf(type), red = isRedFive(id);
  let body = "";
  if (suit === "p") {
    const r = rank === 1 ? 8 : rank <= 4 ? 4.6 : rank <= 6 ? 3.9 : 3.2;
    for (const [x, y] of PIPS[rank]) {
      const cx = 4 + x * 22, cy = 5 + y * 30;
      const colour = red ? "#c8102e" : (rank === 1 || (rank >= 7 && y < .4)) ? "#b22a2a" : "#1d4f91";
      body += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colour}" stroke-width="1.6"/>` +
              `<circle cx="${cx}" cy="${cy}" r="${r * .38}" fill="${colour}"/>`;
    }
  } else if (suit === "s") {
    for (const [x, y] of PIPS[rank]) {
      const cx = 4 + x * 22, cy = 5 + y * 30, h = rank === 1 ? 18 : rank <= 6 ? 9 : 6.4;
      const colour = red ? "#c8102e" : (rank === 1 || (rank === 5 || rank === 9) && x === .5 && y === .5) ? "#b22a2a" : "#1f7a3a";
      body += `<rect x="${cx - 1.7}" y="${cy - h / 2}" width="3.4" height="${h}" rx="1.5" fill="${colour}"/>` +
              `<line x1="${cx - 1.7}" x2="${cx + 1.7}" y1="${cy}" y2="${cy}" stroke="#fff" stroke-width=".6"/>`;
    }
  } else if (suit === "m") {
    body = `<text x="15" y="19" text-anchor="middle" font-size="17" font-weight="700" fill="${red ? "#c8102e" : "#1b1b1b"}" font-family="Georgia, 'DejaVu Serif', serif">${rank}</text>` + MAN_MARK;
  } else if (type >= 31) {
    body = DRAGONS[type];
  } else {
    body = `<text x="15" y="28" text-anchor="middle" font-size="20" font-weight="700" fill="#1b1b1b" font-family="Georgia, 'DejaVu Serif', serif">${WIND_LETTERS[type - 27]}</text>`;
  }
  return `<svg class="face" viewBox="0 0 30 40" aria-hidden="true" focusable="false">` +
         `<rect x=".8" y=".8" width="28.4" height="38.4" rx="3.5" class="tile-body"/>${body}` +
         `${red ? RED_MARK : ""}</svg>`;
}

function tileBack() {
  return `<svg class="face" viewBox="0 0 30 40" aria-hidden="true" focusable="false">` +
         `<rect x=".8" y=".8" width="28.4" height="38.4" rx="3.5" class="tile-back"/></svg>`;
}

// An element showing one tile; `label` is its accessible name.
function tileElement(id, { tag = "span", classes = [], label = "" } = {}) {
  const el = document.createElement(tag);
  el.className = ["tile", ...(isRedFive(id) ? ["red-five"] : []), ...classes].join(" ");
  el.innerHTML = tileFace(id);
  el.dataset.tile = String(id);
  if (tag === "span") el.setAttribute("role", "img");
  if (label) el.setAttribute("aria-label", label);
  return el;
}
