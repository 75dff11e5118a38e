import type { DemoState } from '../state.ts';
import type { Product } from '../types.ts';
import { activeTerm, type Params } from './params.ts';

/**
 * Spec section 5: products match on name, description and category; an empty term (and, by
 * the general demo rule, a one-character term) returns all. Case-insensitive, as a shop
 * search is expected to be; the spec does not say.
 */
export function getProducts(state: DemoState, params: Params): Product[] {
  const term = activeTerm(params.term)?.toLowerCase();
  if (term === undefined) return state.products;
  return state.products.filter((p) => [p.name, p.description, p.category].some((v) => v.toLowerCase().includes(term)));
}
