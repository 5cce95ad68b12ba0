/**
 * Draws the demo units' pictures as SVG illustrations: exteriors under a sky that changes with
 * the time of day, and interiors with a window onto the tropics. Everything is made here, so the
 * demo needs no downloaded or licensed photos. Deterministic: the same seed draws the same scene.
 */

/** The scenes pictures are drawn from: demo units, the site itself and blog posts use them. */
export const SCENE_KINDS = [
  "villa-pool",
  "condo-tower",
  "living",
  "bedroom",
  "bathroom",
  "kitchen",
  "terrace",
  "office",
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export const PICTURE_WIDTH = 1600;
export const PICTURE_HEIGHT = 1000;
const W = PICTURE_WIDTH;
const H = PICTURE_HEIGHT;

interface Sky {
  top: string;
  bottom: string;
  sun: string;
  sea: string;
  hills: string;
}

const SKIES: Sky[] = [
  { top: "#6cc3ef", bottom: "#dff3ff", sun: "#fff8d6", sea: "#1595b8", hills: "#2f6b4f" },
  { top: "#f89a5b", bottom: "#ffe2b3", sun: "#fff3cf", sea: "#2a84a6", hills: "#3c5f45" },
  { top: "#ef6f6c", bottom: "#ffc98b", sun: "#ffe9b8", sea: "#36678f", hills: "#3b4f46" },
  { top: "#8fb9e8", bottom: "#f2f7fb", sun: "#ffffff", sea: "#2aa6c4", hills: "#356f55" },
];

const ACCENTS = ["#c9774f", "#4f7c8a", "#8a9a5b", "#b5838d", "#d4a373", "#5e7f6b"];
const WALLS = ["#efe6da", "#f4efe8", "#e9e4dc", "#f1e8df"];
const WOODS = ["#b07d52", "#9c6b43", "#c49a6c", "#8a5a3b"];

/** Small deterministic pseudo-random generator (mulberry32) seeded from a string. */
function randomFrom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length) % items.length] as T;
}

function skyDefs(sky: Sky): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.sea}"/><stop offset="1" stop-color="#0d5f7a"/></linearGradient>
<linearGradient id="pool" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5fe0e6"/><stop offset="1" stop-color="#1aa6c6"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cfe9f3"/><stop offset="0.5" stop-color="#7fb6cc"/><stop offset="1" stop-color="#3f7891"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
}

function landscape(sky: Sky, horizon: number, rand: () => number): string {
  const sunX = 200 + rand() * (W - 400);
  const sunY = horizon - 120 - rand() * 160;
  const hill = (x0: number, peak: number, width: number, color: string, opacity: number) =>
    `<path d="M${x0} ${horizon} Q${x0 + width / 2} ${horizon - peak} ${x0 + width} ${horizon} Z" fill="${color}" opacity="${opacity}"/>`;
  return `<rect width="${W}" height="${horizon}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="170" fill="url(#glow)"/>
<circle cx="${sunX}" cy="${sunY}" r="62" fill="${sky.sun}"/>
${hill(-200, 260 + rand() * 120, 900, sky.hills, 0.55)}
${hill(500, 200 + rand() * 100, 1000, sky.hills, 0.7)}
${hill(1100, 280 + rand() * 100, 800, sky.hills, 0.5)}
<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>
<g stroke="#ffffff" stroke-opacity="0.35" stroke-width="3">${Array.from({ length: 8 }, (_, i) => {
    const y = horizon + 14 + i * 18;
    const x = 80 + ((i * 211) % 1200);
    return `<line x1="${x}" y1="${y}" x2="${x + 160}" y2="${y}"/>`;
  }).join("")}</g>`;
}

function palm(x: number, baseY: number, height: number, lean: number, color = "#2e5e3a"): string {
  const topX = x + lean;
  const topY = baseY - height;
  const fronds = [-150, -110, -70, -30, 10, 50, 200, 240]
    .map((deg) => {
      const r = (deg * Math.PI) / 180;
      const ex = topX + Math.cos(r) * 170;
      const ey = topY + Math.sin(r) * 90 + 60;
      const cx = topX + Math.cos(r) * 90;
      const cy = topY + Math.sin(r) * 70 - 40;
      return `<path d="M${topX} ${topY} Q${cx} ${cy} ${ex} ${ey}" stroke="${color}" stroke-width="26" stroke-linecap="round" fill="none"/>`;
    })
    .join("");
  return `<path d="M${x} ${baseY} Q${x + lean * 0.2} ${baseY - height / 2} ${topX} ${topY}" stroke="#7a5a3c" stroke-width="22" fill="none" stroke-linecap="round"/>${fronds}<circle cx="${topX}" cy="${topY}" r="16" fill="#5b4026"/>`;
}

function shrubs(y: number, count: number, rand: () => number): string {
  return Array.from({ length: count }, (_, i) => {
    const x = (i + rand() * 0.6) * (W / count);
    const r = 40 + rand() * 50;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${rand() > 0.5 ? "#3f7d4e" : "#2f6a40"}"/>`;
  }).join("");
}

function lounger(x: number, y: number, color: string): string {
  return `<g transform="translate(${x} ${y})"><rect x="0" y="30" width="180" height="18" rx="8" fill="#f7f3ea"/><path d="M130 30 L190 -20 L200 -12 L150 38 Z" fill="#f7f3ea"/><rect x="10" y="46" width="8" height="26" fill="#6d5a48"/><rect x="160" y="46" width="8" height="26" fill="#6d5a48"/><rect x="20" y="22" width="60" height="12" rx="6" fill="${color}"/></g>`;
}

function villaPool(rand: () => number, accent: string, wood: string, sky: Sky): string {
  const horizon = 430;
  const house = `<g>
<rect x="330" y="250" width="940" height="330" fill="#fbfaf7"/>
<rect x="300" y="230" width="1000" height="34" fill="#3b3a36"/>
<rect x="400" y="300" width="380" height="260" fill="url(#glass)"/>
<rect x="820" y="300" width="380" height="260" fill="url(#glass)"/>
<g stroke="#3b3a36" stroke-width="8"><line x1="527" y1="300" x2="527" y2="560"/><line x1="653" y1="300" x2="653" y2="560"/><line x1="947" y1="300" x2="947" y2="560"/><line x1="1073" y1="300" x2="1073" y2="560"/></g>
<rect x="250" y="580" width="1100" height="40" fill="${wood}"/>
<rect x="330" y="150" width="420" height="80" fill="#fbfaf7"/><rect x="310" y="134" width="460" height="24" fill="#3b3a36"/>
<rect x="370" y="170" width="340" height="50" fill="url(#glass)"/>
</g>`;
  return `${landscape(sky, horizon, rand)}
<rect y="${horizon + 80}" width="${W}" height="${H - horizon}" fill="#d9cfbf"/>
${shrubs(horizon + 90, 9, rand)}
${house}
<rect y="620" width="${W}" height="380" fill="#e8dfd0"/>
<rect x="140" y="660" width="1320" height="260" rx="24" fill="url(#pool)"/>
<g stroke="#ffffff" stroke-opacity="0.5" stroke-width="5" fill="none">${Array.from({ length: 7 }, (_, i) => `<path d="M${220 + i * 170} ${720 + (i % 3) * 60} q40 -18 80 0 t80 0"/>`).join("")}</g>
${lounger(180, 560, accent)}${lounger(1240, 560, accent)}
${palm(110, 700, 520, 60)}${palm(1500, 720, 560, -80)}`;
}

function condoTower(rand: () => number, accent: string, _wood: string, sky: Sky): string {
  const horizon = 560;
  const floors = 9;
  const rows = Array.from({ length: floors }, (_, i) => {
    const y = 140 + i * 46;
    return `<rect x="560" y="${y}" width="480" height="30" fill="url(#glass)"/><rect x="548" y="${y + 30}" width="504" height="10" fill="#ffffff"/><rect x="548" y="${y + 22}" width="504" height="4" fill="${accent}" opacity="0.6"/>`;
  }).join("");
  return `${landscape(sky, horizon, rand)}
<rect x="540" y="110" width="520" height="470" fill="#f3f1ec"/>
<rect x="520" y="96" width="560" height="22" fill="#3b3a36"/>
${rows}
<rect x="1080" y="300" width="260" height="280" fill="#ebe7df"/>
${Array.from({ length: 5 }, (_, i) => `<rect x="1100" y="${320 + i * 50}" width="220" height="28" fill="url(#glass)"/>`).join("")}
<rect x="260" y="340" width="260" height="240" fill="#ebe7df"/>
${Array.from({ length: 4 }, (_, i) => `<rect x="280" y="${360 + i * 52}" width="220" height="30" fill="url(#glass)"/>`).join("")}
<rect y="580" width="${W}" height="420" fill="#e6ddcc"/>
${shrubs(600, 11, rand)}
<path d="M120 760 Q400 660 800 720 T1480 740 L1480 930 Q800 990 120 920 Z" fill="url(#pool)"/>
<g stroke="#ffffff" stroke-opacity="0.5" stroke-width="5" fill="none">${Array.from({ length: 6 }, (_, i) => `<path d="M${240 + i * 190} ${800 + (i % 2) * 50} q40 -18 80 0 t80 0"/>`).join("")}</g>
${palm(90, 820, 560, 70)}${palm(1520, 800, 520, -60)}${lounger(900, 930, accent)}`;
}

function windowView(
  x: number,
  y: number,
  w: number,
  h: number,
  sky: Sky,
  rand: () => number,
): string {
  const horizon = y + h * 0.62;
  return `<clipPath id="win"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>
<g clip-path="url(#win)"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${x + w * (0.2 + rand() * 0.6)}" cy="${y + h * 0.3}" r="40" fill="${sky.sun}"/>
<path d="M${x - 50} ${horizon} Q${x + w * 0.3} ${horizon - h * 0.35} ${x + w * 0.7} ${horizon} Z" fill="${sky.hills}" opacity="0.7"/>
<rect x="${x}" y="${horizon}" width="${w}" height="${h}" fill="url(#sea)"/>
${palm(x + w * 0.85, y + h + 20, h * 0.9, -40)}</g>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#3b3a36" stroke-width="14"/>
<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#3b3a36" stroke-width="10"/>`;
}

function room(wall: string, wood: string, floorY = 720): string {
  const planks = Array.from(
    { length: 9 },
    (_, i) =>
      `<line x1="${i * 200 - 100}" y1="${H}" x2="${W / 2 + (i - 4) * 60}" y2="${floorY}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>`,
  ).join("");
  return `<rect width="${W}" height="${floorY}" fill="${wall}"/><rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${wood}"/>${planks}<rect y="${floorY - 14}" width="${W}" height="14" fill="#000" opacity="0.06"/>`;
}

function plant(x: number, y: number): string {
  const leaves = [-60, -30, 0, 30, 60]
    .map(
      (deg) =>
        `<ellipse cx="${x}" cy="${y - 110}" rx="26" ry="100" fill="#3f7d4e" transform="rotate(${deg} ${x} ${y - 30})"/>`,
    )
    .join("");
  return `${leaves}<path d="M${x - 50} ${y - 40} L${x + 50} ${y - 40} L${x + 38} ${y + 40} L${x - 38} ${y + 40} Z" fill="#e7dccb"/>`;
}

function pendant(x: number, color: string): string {
  return `<line x1="${x}" y1="0" x2="${x}" y2="150" stroke="#3b3a36" stroke-width="3"/><path d="M${x - 60} 210 Q${x} 120 ${x + 60} 210 Z" fill="${color}"/><ellipse cx="${x}" cy="215" rx="50" ry="10" fill="#fff3c4" opacity="0.8"/>`;
}

function living(rand: () => number, accent: string, wood: string, sky: Sky, wall: string): string {
  return `${room(wall, wood)}
${windowView(220, 120, 760, 470, sky, rand)}
<rect x="1080" y="200" width="300" height="200" fill="${accent}" opacity="0.85"/><rect x="1100" y="220" width="260" height="160" fill="none" stroke="#fff" stroke-width="4" opacity="0.7"/>
<ellipse cx="800" cy="900" rx="560" ry="70" fill="#e9dfcf"/>
<g><rect x="300" y="640" width="800" height="170" rx="40" fill="${accent}"/><rect x="330" y="580" width="740" height="120" rx="40" fill="${accent}" opacity="0.85"/><rect x="280" y="660" width="80" height="170" rx="30" fill="${accent}"/><rect x="1040" y="660" width="80" height="170" rx="30" fill="${accent}"/>
<rect x="400" y="600" width="140" height="110" rx="26" fill="#f7f3ea"/><rect x="860" y="600" width="140" height="110" rx="26" fill="#f7f3ea"/></g>
<rect x="560" y="860" width="360" height="40" rx="10" fill="${wood}" stroke="#3b3a36" stroke-width="4"/>
${plant(1320, 820)}${pendant(1180, "#3b3a36")}`;
}

function bedroom(rand: () => number, accent: string, wood: string, sky: Sky, wall: string): string {
  return `${room(wall, wood, 760)}
${windowView(1040, 130, 420, 440, sky, rand)}
<rect x="1010" y="110" width="40" height="500" fill="${accent}" opacity="0.5"/><rect x="1450" y="110" width="40" height="500" fill="${accent}" opacity="0.5"/>
<rect x="260" y="360" width="660" height="300" rx="20" fill="${wood}"/>
<rect x="220" y="600" width="740" height="220" rx="24" fill="#fbfaf7"/><rect x="220" y="700" width="740" height="120" rx="20" fill="${accent}" opacity="0.75"/>
<rect x="290" y="540" width="250" height="110" rx="40" fill="#ffffff"/><rect x="640" y="540" width="250" height="110" rx="40" fill="#ffffff"/>
<rect x="60" y="640" width="140" height="160" rx="10" fill="${wood}"/><rect x="980" y="640" width="140" height="160" rx="10" fill="${wood}"/>
<path d="M100 640 L160 640 L150 560 L110 560 Z" fill="#f2e2b8"/><path d="M1020 640 L1080 640 L1070 560 L1030 560 Z" fill="#f2e2b8"/>`;
}

function bathroom(
  rand: () => number,
  accent: string,
  wood: string,
  sky: Sky,
  _wall: string,
): string {
  const tiles =
    Array.from(
      { length: 16 },
      (_, i) =>
        `<line x1="${i * 100}" y1="0" x2="${i * 100}" y2="760" stroke="#ffffff" stroke-width="3"/>`,
    ).join("") +
    Array.from(
      { length: 8 },
      (_, i) =>
        `<line x1="0" y1="${i * 100}" x2="${W}" y2="${i * 100}" stroke="#ffffff" stroke-width="3"/>`,
    ).join("");
  return `<rect width="${W}" height="760" fill="#dfe6e4"/>${tiles}<rect y="760" width="${W}" height="240" fill="#cfc7bb"/>
${windowView(180, 140, 520, 360, sky, rand)}
<path d="M160 640 Q160 860 420 860 L760 860 Q980 860 980 640 Z" fill="#ffffff" stroke="#d5d5d0" stroke-width="6"/>
<rect x="150" y="620" width="840" height="40" rx="20" fill="#ffffff"/>
<rect x="1120" y="160" width="300" height="380" rx="150" fill="#d7ecf2" stroke="${wood}" stroke-width="16"/>
<rect x="1060" y="600" width="420" height="70" rx="8" fill="${wood}"/><rect x="1080" y="670" width="380" height="150" fill="${accent}" opacity="0.8"/>
<ellipse cx="1270" cy="600" rx="90" ry="18" fill="#ffffff"/>
${plant(1000, 900)}`;
}

function kitchen(rand: () => number, accent: string, wood: string, sky: Sky, wall: string): string {
  const stools = [520, 760, 1000]
    .map(
      (x) =>
        `<rect x="${x}" y="760" width="120" height="24" rx="12" fill="#3b3a36"/><rect x="${x + 54}" y="784" width="12" height="150" fill="#3b3a36"/>`,
    )
    .join("");
  return `${room(wall, wood, 800)}
${windowView(620, 120, 560, 300, sky, rand)}
<rect x="80" y="150" width="480" height="240" fill="${accent}"/><rect x="1240" y="150" width="300" height="240" fill="${accent}"/>
<rect x="80" y="430" width="1460" height="26" fill="#f3f1ec"/><rect x="80" y="456" width="1460" height="220" fill="${accent}" opacity="0.9"/>
${[220, 420, 1300].map((x) => `<rect x="${x}" y="480" width="4" height="160" fill="#ffffff" opacity="0.6"/>`).join("")}
<rect x="380" y="640" width="840" height="36" fill="#f7f5f0"/><rect x="400" y="676" width="800" height="140" fill="${wood}"/>
${stools}${pendant(560, accent)}${pendant(800, accent)}${pendant(1040, accent)}
<circle cx="700" cy="620" r="30" fill="#f29e4c"/><circle cx="750" cy="626" r="24" fill="#9bc53d"/>`;
}

function terrace(rand: () => number, accent: string, wood: string, sky: Sky): string {
  const horizon = 520;
  return `${landscape(sky, horizon, rand)}
<rect y="700" width="${W}" height="300" fill="${wood}"/>
${Array.from({ length: 12 }, (_, i) => `<line x1="0" y1="${720 + i * 24}" x2="${W}" y2="${720 + i * 24}" stroke="#000" stroke-opacity="0.1" stroke-width="3"/>`).join("")}
<rect y="600" width="${W}" height="10" fill="#f7f3ea"/>
${Array.from({ length: 17 }, (_, i) => `<rect x="${i * 100}" y="600" width="8" height="100" fill="#f7f3ea" opacity="0.9"/>`).join("")}
<path d="M520 180 L800 90 L1080 180 Z" fill="#6d4c33"/><rect x="560" y="180" width="16" height="560" fill="#6d4c33"/><rect x="1024" y="180" width="16" height="560" fill="#6d4c33"/>
<ellipse cx="800" cy="800" rx="150" ry="34" fill="#f7f3ea"/><rect x="792" y="800" width="16" height="110" fill="#3b3a36"/>
<rect x="560" y="740" width="120" height="110" rx="20" fill="${accent}"/><rect x="920" y="740" width="120" height="110" rx="20" fill="${accent}"/>
${plant(300, 860)}${plant(1340, 870)}${palm(1500, 720, 540, -90)}`;
}

function office(rand: () => number, accent: string, wood: string, sky: Sky): string {
  const horizon = 520;
  const slats = Array.from(
    { length: 14 },
    (_, i) => `<rect x="${880 + i * 26}" y="250" width="12" height="300" fill="${wood}"/>`,
  ).join("");
  return `${landscape(sky, horizon, rand)}
<rect y="560" width="${W}" height="440" fill="#d9d2c3"/>
<rect x="300" y="230" width="1000" height="360" fill="#fbfaf7"/>
<rect x="280" y="212" width="1040" height="26" fill="#3b3a36"/>
<rect x="340" y="280" width="500" height="120" fill="url(#glass)"/>
<rect x="340" y="430" width="500" height="150" fill="url(#glass)"/>
<rect x="300" y="405" width="560" height="14" fill="#3b3a36"/>
${slats}
<rect x="880" y="560" width="380" height="30" fill="#3b3a36"/>
<rect x="420" y="130" width="380" height="70" rx="10" fill="${accent}"/>
<rect x="450" y="155" width="320" height="20" rx="6" fill="#ffffff" opacity="0.9"/>
<rect y="590" width="${W}" height="410" fill="#e8dfd0"/>
<rect x="540" y="590" width="240" height="410" fill="#cfc4b1"/>
${shrubs(600, 10, rand)}
${plant(230, 700)}${plant(1380, 710)}
${palm(120, 720, 560, 70)}${palm(1490, 730, 540, -70)}`;
}

/** The SVG markup of one demo picture. */
export function drawScene(kind: SceneKind, seed: string): string {
  const rand = randomFrom(seed);
  const sky = pick(rand, SKIES);
  const accent = pick(rand, ACCENTS);
  const wood = pick(rand, WOODS);
  const wall = pick(rand, WALLS);
  const body = {
    "villa-pool": () => villaPool(rand, accent, wood, sky),
    "condo-tower": () => condoTower(rand, accent, wood, sky),
    living: () => living(rand, accent, wood, sky, wall),
    bedroom: () => bedroom(rand, accent, wood, sky, wall),
    bathroom: () => bathroom(rand, accent, wood, sky, wall),
    kitchen: () => kitchen(rand, accent, wood, sky, wall),
    terrace: () => terrace(rand, accent, wood, sky),
    office: () => office(rand, accent, wood, sky),
  }[kind]();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${skyDefs(sky)}</defs>${body}</svg>`;
}
