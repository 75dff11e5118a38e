import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PageOperation } from '../../auth/pages.ts';
import type { Database } from '../../db/database.ts';
import { badRequest } from '../../errors.ts';
import { resourceContext, type ResourceContext, type ResourceSpec } from '../../resources/define-resource.ts';

const ROLES = ['Admin', 'User', 'SuperAdmin'] as const;

/**
 * A tenant-scoped action gated by one group page, as a resource's custom routes are: the
 * caller's role, its group's flag on the page, and the customer of the call.
 */
export function pageGate(name: string, page: string): ResourceSpec {
  return {
    name,
    table: name.replace(/-/g, '_'),
    columns: { id: 'id' },
    createSchema: z.object({}),
    updateSchema: z.object({}),
    sortable: [],
    filterable: {},
    tenantScoped: true,
    access: { read: [...ROLES], write: [...ROLES], page },
  };
}

export const gate = (db: Database, spec: ResourceSpec, request: FastifyRequest, op: PageOperation): Promise<ResourceContext> =>
  resourceContext(db, spec, request, op);

/** A JSON query parameter (simple-rest `range`, `filter`), or undefined when absent. */
export function jsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`The ${name} parameter must be given once, as JSON`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid JSON`);
  }
}

/** `range=[start,end]` (inclusive, at most `max` long); the whole list when absent. */
export function rangeParam(raw: unknown, max = 1000): [number, number] | null {
  const range = jsonParam('range', raw);
  if (range === undefined) return null;
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0) || range[0] > range[1]) {
    throw badRequest('The range parameter must be [start,end]: two non-negative integers with start <= end');
  }
  if (range[1] - range[0] + 1 > max) throw badRequest(`The range parameter may span at most ${max} records`);
  return range as [number, number];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function formatParam(raw: unknown): 'csv' | 'xlsx' {
  const format = raw ?? 'csv';
  if (format !== 'csv' && format !== 'xlsx') throw badRequest('The format parameter must be csv or xlsx');
  return format;
}

export const fileName = (name: string, fallback: string): string => name.replace(/[^\w.-]+/g, '_') || fallback;
