import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider } from 'react-admin';
import { apiResource } from '../resources/resource-names.ts';
import { withAnalysisMethods } from './analysis-methods.ts';
import { errorKey, translateFieldErrors, type ApiErrorBody, type WriteOperation } from './api-errors.ts';
import { httpClient } from './httpClient.ts';

/** The API follows the ra-data-simple-rest contract (DESIGN 6), so the stock provider drives it. */
const rest = simpleRestProvider('/api', httpClient);

const WRITES: Record<string, WriteOperation> = {
  create: 'create',
  update: 'update',
  updateMany: 'update',
  delete: 'delete',
  deleteMany: 'delete',
};

/** A failed call as an HttpError whose message is a translation key and whose field errors are keys too. */
export function toTranslatedError(error: unknown, entity?: string, method?: string): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = (error.body ?? undefined) as ApiErrorBody | undefined;
  const key = errorKey(error.status, body, entity, method ? WRITES[method] : undefined);
  const errors = translateFieldErrors(body?.errors);
  return new HttpError(key, error.status, { ...body, ...(errors ? { errors } : {}) });
}

/**
 * Resource names are spec paths (resources/resource-names.ts); calls go to the API resource.
 * Errors carry catalogue keys so the notification shows them translated (spec 8).
 */
const crud: DataProvider = new Proxy(rest, {
  get(target, method: string) {
    const fn = (target as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function') return fn;
    return async (resource: string, params: unknown) => {
      const { api, entity } = apiResource(resource);
      try {
        return await (fn as (r: string, p: unknown) => Promise<unknown>).call(target, api, params);
      } catch (e) {
        throw toTranslatedError(e, entity, method);
      }
    };
  },
});

/** The provider the app uses: the CRUD calls above and the analysis API's other calls. */
export const dataProvider = withAnalysisMethods(crud);
