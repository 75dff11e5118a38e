import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider } from 'react-admin';
import { apiResource } from '../resources/resource-names.ts';
import { withAnalysisMethods, type AnalysisMethods } from './analysis-methods.ts';
import { errorKey, translateFieldErrors, type ApiErrorBody, type WriteOperation } from './api-errors.ts';
import { httpClient } from './httpClient.ts';
import { i18nProvider } from './i18nProvider.ts';
import { localizeApiError } from '../i18n/localize-server.ts';

/** The API follows the ra-data-simple-rest contract (DESIGN 6), so the stock provider drives it. */
const rest = simpleRestProvider('/api', httpClient);

const WRITES: Record<string, WriteOperation> = {
  create: 'create',
  update: 'update',
  updateMany: 'update',
  delete: 'delete',
  deleteMany: 'delete',
};

/**
 * A failed call as an HttpError whose message is a translation key and whose field errors are keys too.
 * The server's own field messages stay in `serverErrors`, for screens that word the failure themselves.
 */
export function toTranslatedError(error: unknown, entity?: string, method?: string): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = (error.body ?? undefined) as ApiErrorBody | undefined;
  const key = errorKey(error.status, body, entity, method ? WRITES[method] : undefined);
  const errors = translateFieldErrors(body?.errors);
  // A code with params is worded here, with its values: react-admin's notification translates a bare key only.
  const worded = body?.params && body.code ? localizeApiError(body, (k, o) => i18nProvider.translate(k, o)) : null;
  return new HttpError(worded ?? key, error.status, { ...body, ...(errors ? { errors, serverErrors: body?.errors } : {}) });
}

/** Files of an upload and its progress (0–100, null when the size is unknown). */
export interface UploadParams {
  /** The record that takes the files; none for a whole register's import. */
  id?: string;
  /** The sub-path that takes the files: a record's `extract`, `ruleset`, `usage`; a register's `import`. */
  path: string;
  files: readonly File[];
  onProgress: (percent: number | null) => void;
  /** Form fields sent along with the files (the extract's `assumeUsersValid`, DESIGN 4.1b). */
  fields?: Record<string, string>;
}

/** The API path `<resource>[/<id>]/<path>`. */
// An empty path: the resource's own address (`/api/user-map`).
const subPath = (api: string, id: string | undefined, path: string) => [`/api/${api}`, ...(id === undefined ? [] : [encodeURIComponent(id)]), ...(path === '' ? [] : [path])].join('/');

/**
 * What the screens do beyond CRUD, as data provider methods (issue 14): each takes the
 * react-admin resource name like the CRUD methods and calls the API under its API path.
 */
const actions = {
  /** POST files (multipart `files`) to `<resource>[/<id>]/<path>` with upload progress. */
  uploadFiles: async (api: string, { id, path, files, onProgress, fields }: UploadParams) => ({
    data: await (await import('./file-transfer.ts')).uploadFiles(subPath(api, id, path), files, onProgress, undefined, fields),
  }),
  /** Saves an export (`<resource>[/<id>]/<path>?<query>`) as a file; the server names it, else `name`. */
  downloadFile: async (api: string, { id, path, query = {}, name }: { id?: string; path: string; query?: Record<string, string>; name: string }) => {
    const q = new URLSearchParams(query).toString();
    const at = subPath(api, id, path);
    await (await import('./file-transfer.ts')).downloadFile(q ? `${at}?${q}` : at, name);
    return { data: null };
  },
  /** POST `<resource>/<id>/<path>` with a JSON body (copy a ruleset, run a stored query, cancel…). */
  postAction: async (api: string, { id, path, data = {} }: { id: string; path: string; data?: unknown }) => ({
    data: (await httpClient(subPath(api, id, path), { method: 'POST', body: JSON.stringify(data) })).json as unknown,
  }),
  /** GET `<resource>/<id>/<path>` (a record's own sub-resource that is not a list, e.g. a period's tables). */
  getDetail: async (api: string, { id, path }: { id: string; path: string }) => ({
    data: (await httpClient(subPath(api, id, path))).json as unknown,
  }),
};

/**
 * The app's data provider with everything it does beyond CRUD (the actions above and the
 * analysis methods), as the screens get it from `useSegraDataProvider()`.
 */
export type SegraDataProvider = DataProvider & AnalysisMethods & {
  [K in keyof typeof actions]: (resource: string, params: Parameters<(typeof actions)[K]>[1]) => ReturnType<(typeof actions)[K]>;
};

/**
 * Resource names are spec paths (resources/resource-names.ts); calls go to the API resource
 * (nested ones filled in from `meta`). Errors carry catalogue keys so the notification shows
 * them translated (spec 8).
 */
const crud = new Proxy({ ...rest, ...actions }, {
  get(target, method: string) {
    const fn = (target as unknown as Record<string, unknown>)[method];
    if (typeof fn !== 'function') return fn;
    return async (resource: string, params: { meta?: Record<string, unknown> } | undefined) => {
      const { api, entity } = apiResource(resource, params?.meta);
      try {
        return await (fn as (r: string, p: unknown) => Promise<unknown>).call(target, api, params);
      } catch (e) {
        throw toTranslatedError(e, entity, method);
      }
    };
  },
}) as unknown as SegraDataProvider;

/** The provider the app uses: the CRUD calls and actions above and the analysis API's other calls. */
export const dataProvider = withAnalysisMethods(crud);

