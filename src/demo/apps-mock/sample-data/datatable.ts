import { BREAD_CATEGORIES, DATATABLE_TAGS, type DatatableRow } from '../types.ts';
import { seededRandom } from './random.ts';

const BREADS = [
  'Rustic Loaf',
  'Country Bread',
  'Baguette',
  'Rye Roll',
  'Seeded Bun',
  'Ciabatta',
  'Bagel',
  'Focaccia',
  'Pita',
  'Simit',
];

/** 60 datatable rows (spec section 3): sales and stock are strings, tag may be empty. */
export function sampleDatatable(): DatatableRow[] {
  const rnd = seededRandom(60);
  return Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    name: `${BREADS[i % BREADS.length]} ${Math.floor(i / BREADS.length) + 1}`,
    sales: String(rnd.int(10, 2500)),
    stock: String(rnd.int(0, 400)),
    category: BREAD_CATEGORIES[i % BREAD_CATEGORIES.length],
    tag: DATATABLE_TAGS[rnd.int(0, DATATABLE_TAGS.length - 1)],
  }));
}
