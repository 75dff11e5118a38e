import type { Product } from '../types.ts';
import { pad2, seededRandom } from './random.ts';

const ITEMS: [string, string, string][] = [
  ['Sourdough Loaf', 'Slow-fermented bread with a crisp crust', 'Sourdough'],
  ['Whole Wheat Sandwich', 'Soft sandwich bread from whole wheat flour', 'Whole Wheat'],
  ['Multigrain Rolls', 'Six rolls with oats, flax and sunflower seeds', 'Multigrain'],
  ['Rye Sourdough', 'Dense rye bread with caraway', 'Sourdough'],
  ['Wheat Baguette', 'Classic French baguette', 'Whole Wheat'],
  ['Seeded Multigrain', 'Loaf with pumpkin and sesame seeds', 'Multigrain'],
  ['Olive Sourdough', 'Sourdough with green and black olives', 'Sourdough'],
  ['Honey Whole Wheat', 'Sweet whole wheat loaf with honey', 'Whole Wheat'],
  ['Ancient Grain Loaf', 'Spelt, einkorn and emmer', 'Multigrain'],
  ['Walnut Sourdough', 'Sourdough with roasted walnuts', 'Sourdough'],
  ['Whole Wheat Pita', 'Pocket bread, pack of eight', 'Whole Wheat'],
  ['Multigrain Bagel', 'Boiled and baked, with poppy seeds', 'Multigrain'],
];
const TAGS = ['', 'New', 'Sale', 'Done'];

/** Products (spec section 3): dates dd.mm.yyyy, createdDate an ISO timestamp. */
export function sampleProducts(): Product[] {
  const rnd = seededRandom(12);
  return ITEMS.map(([name, description, category], i) => {
    const day = rnd.int(1, 28);
    const month = rnd.int(1, 12);
    const year = 2020 + (i % 3);
    return {
      id: String(i + 1),
      name,
      description,
      sales: rnd.int(50, 5000),
      stock: rnd.int(0, 300),
      category,
      tag: TAGS[i % TAGS.length],
      check: i % 2 === 0,
      date: `${pad2(day)}.${pad2(month)}.${year}`,
      createdDate: new Date(Date.UTC(year, month - 1, day, 8 + (i % 9), 0, 0)).toISOString(),
    };
  });
}
