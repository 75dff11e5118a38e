import type { TranslateFunction } from 'react-admin';

/** A stored value's key in the catalogue: Whole Wheat → whole_wheat, '' → none. */
export const valueKey = (value: string) =>
  value.trim() === '' ? 'none' : value.trim().toLowerCase().replace(/\s+/g, '_');

/**
 * The translated label of a stored value (category, tag, folder, status …). Unknown values, such
 * as tags typed by a user, are shown as stored.
 */
export function valueLabel(translate: TranslateFunction, group: string, value: string): string {
  return translate(`segra.apps.values.${group}.${valueKey(value)}`, { _: value });
}
