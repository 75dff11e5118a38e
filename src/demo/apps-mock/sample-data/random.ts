/**
 * A seeded pseudo-random generator (mulberry32): the sample data must be the same on every
 * load and in every test, so nothing here may use Math.random.
 */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

const PALETTE = ['#1976d2', '#d32f2f', '#388e3c', '#7b1fa2', '#c2185b', '#f57c00', '#0097a7', '#5d4037'];

/**
 * An avatar as an inline SVG with the initials: the demo needs pictures but must not make
 * requests for image files that do not exist.
 */
export function avatarUri(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = PALETTE[hash % PALETTE.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${colour}"/>` +
    `<text x="32" y="40" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A coloured placeholder picture for attachments and notifications. */
export function pictureUri(label: string, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="${colour}"/>` +
    `<text x="80" y="56" font-family="sans-serif" font-size="14" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const PEOPLE = [
  'Ayşe Yılmaz',
  'Mehmet Demir',
  'Elif Kaya',
  'Can Öztürk',
  'Zeynep Arslan',
  'Emre Şahin',
  'Selin Aydın',
  'Burak Çelik',
  'Deniz Koç',
  'Hannah Weber',
  'Lukas Schmidt',
  'Emily Clarke',
  'James Turner',
  'Sofia Rossi',
  'Omar Haddad',
  'Ece Polat',
] as const;

/** Two-digit padding for times and dates. */
export const pad2 = (n: number) => String(n).padStart(2, '0');
