import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RISK_LEVELS, RISK_TYPES } from '../../../engine/model/ruleset.ts';
import type { Database } from '../../db/database.ts';
import { defineResource, type ResourceSpec } from '../../resources/define-resource.ts';
import { TEXT_LIMITS } from '../../../contracts/text-limits.ts';
import { nameText } from '../../resources/fields.ts';
import { checkRiskFunctions } from './ruleset-references.ts';
import { sizedRuleset } from './ruleset-size.ts';

const code = (label: string) =>
  nameText(label, TEXT_LIMITS.code).regex(/^[^\s;:,>]+$/, `${label} may not contain spaces or ; : , >`);
const ROLES = ['Admin', 'User', 'SuperAdmin'] as const;

// jsonb parameters go to the database as JSON text: a JS array would be sent as a SQL array.
const asJson = <T extends z.ZodType>(schema: T) => schema.transform((v) => JSON.stringify(v));

/** RISKS.ORG_FIELDS (DESIGN 5.15): org-level field names, such as BUKRS, or BUKRS and WERKS. */
const orgFields = z
  .array(code('Org field'), { error: 'Org fields must be a list of field names' })
  .max(5, 'A risk has at most 5 org fields')
  .refine((fields) => new Set(fields).size === fields.length, 'An org field may be named only once');

const functionIds = z.array(code('Function'), { error: 'Functions must be a list of function ids' }).max(50, 'A risk has at most 50 functions');

/** Risks of a risk period (spec: riskId, definition, type, level, module, functions, description, manually created). */
export const risksResource: ResourceSpec = {
  name: 'risks',
  table: 'risks',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    riskPeriodId: 'risk_period_id',
    riskId: 'risk_id',
    description: 'description',
    type: 'risk_type',
    level: 'risk_level',
    businessProcess: 'business_process',
    active: 'active',
    functionIds: 'function_ids',
    orgFields: 'org_fields',
    manual: 'manual',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({
    riskPeriodId: z.uuid({ error: 'Risk period is required' }),
    riskId: code('Risk id'),
    description: z.string().trim().max(TEXT_LIMITS.description).default(''),
    type: z.enum(RISK_TYPES, { error: `Type must be one of ${RISK_TYPES.join(', ')}` }),
    level: z.enum(RISK_LEVELS, { error: `Level must be one of ${RISK_LEVELS.join(', ')}` }),
    businessProcess: z.string().trim().max(TEXT_LIMITS.code).default(''),
    active: z.boolean().default(true),
    functionIds: functionIds.min(1, 'A risk needs at least one function'),
    orgFields: orgFields.default([]),
  }),
  updateSchema: z.object({
    description: z.string().trim().max(TEXT_LIMITS.description).optional(),
    type: z.enum(RISK_TYPES, { error: `Type must be one of ${RISK_TYPES.join(', ')}` }).optional(),
    level: z.enum(RISK_LEVELS, { error: `Level must be one of ${RISK_LEVELS.join(', ')}` }).optional(),
    businessProcess: z.string().trim().max(TEXT_LIMITS.code).optional(),
    active: z.boolean().optional(),
    functionIds: functionIds.min(1, 'A risk needs at least one function').optional(),
    orgFields: orgFields.optional(),
  }),
  sortable: ['id', 'riskId', 'type', 'level', 'businessProcess', 'active', 'manual', 'createdAt', 'updatedAt'],
  defaultSort: ['riskId', 'ASC'],
  filterable: { riskPeriodId: 'eq', riskId: 'ilike', type: 'eq', level: 'eq', businessProcess: 'eq', active: 'eq', manual: 'eq' },
  q: ['riskId', 'description', 'businessProcess'],
  tenantScoped: true,
  access: { read: [...ROLES], write: [...ROLES], page: 'risk/modules' },
  touchOnUpdate: ['updated_at'],
  // A ruleset's risks are listed by every screen that picks one (issue 11: the bench's
  // "risks of the ruleset" was the one list endpoint dearer than before that issue).
  pageAsJson: true,
  jsonTimestamps: ['createdAt', 'updatedAt'],
  stamp: (_ctx, op) => (op === 'create' ? { manual: true } : {}),
  conflictMessage: 'A risk with this id already exists in the risk period',
  checkReferences: sizedRuleset('risk', checkRiskFunctions),
};

const action = z.object({ action: code('Action'), active: z.boolean().default(true) });
const permission = z.object({
  action: z.string().trim().max(TEXT_LIMITS.code).default(''),
  object: code('Object'),
  field: code('Field'),
  low: z.string().max(200).default(''),
  high: z.string().max(200).default(''),
  operator: z.enum(['OR', 'AND', 'NOT']).default('OR'),
  active: z.boolean().default(true),
});

/** Functions of a risk period with their actions (tcodes) and permission lines. */
export const functionsResource: ResourceSpec = {
  name: 'functions',
  table: 'functions',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    riskPeriodId: 'risk_period_id',
    functionId: 'function_id',
    description: 'description',
    businessProcess: 'business_process',
    actions: 'actions',
    permissions: 'permissions',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  createSchema: z.object({
    riskPeriodId: z.uuid({ error: 'Risk period is required' }),
    functionId: code('Function id'),
    description: z.string().trim().max(TEXT_LIMITS.description).default(''),
    businessProcess: z.string().trim().max(TEXT_LIMITS.code).default(''),
    actions: asJson(z.array(action).max(2000).default([])),
    permissions: asJson(z.array(permission).max(20000).default([])),
  }),
  updateSchema: z.object({
    description: z.string().trim().max(TEXT_LIMITS.description).optional(),
    businessProcess: z.string().trim().max(TEXT_LIMITS.code).optional(),
    actions: asJson(z.array(action).max(2000)).optional(),
    permissions: asJson(z.array(permission).max(20000)).optional(),
  }),
  sortable: ['id', 'functionId', 'businessProcess', 'createdAt', 'updatedAt'],
  defaultSort: ['functionId', 'ASC'],
  filterable: { riskPeriodId: 'eq', functionId: 'ilike', businessProcess: 'eq' },
  q: ['functionId', 'description', 'businessProcess'],
  tenantScoped: true,
  access: { read: [...ROLES], write: [...ROLES], page: 'risk/modules' },
  touchOnUpdate: ['updated_at'],
  conflictMessage: 'A function with this id already exists in the risk period',
  // DESIGN 7b: the ruleset's bounds hold for what is added in the app too.
  checkReferences: sizedRuleset('function'),
};

export function registerRulesetResources(app: FastifyInstance, db: Database): void {
  defineResource(app, risksResource, { db });
  defineResource(app, functionsResource, { db });
}
