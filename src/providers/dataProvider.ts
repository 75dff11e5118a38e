import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './httpClient.ts';

/** The API follows the ra-data-simple-rest contract (DESIGN 6), so the stock provider drives it. */
export const dataProvider = simpleRestProvider('/api', httpClient);
