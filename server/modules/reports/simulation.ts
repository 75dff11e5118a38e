import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseDate8, type Date8 } from '../../../engine/model/dates.ts';
import { findingRecords, type SimulatedFinding } from '../../../engine/output/finding-records.ts';
import { loadAcceptances } from '../../analyses/acceptances.ts';
import { loadMitigations } from '../../analyses/mitigations.ts';
import type { Database } from '../../db/database.ts';
import { bodyNotObject, coded, invalidInput, recordNotFound } from '../../errors.ts';
import type { PreparedCache } from '../../reports/prepared-cache.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { SIMULATION_SLOT, withUserSlot } from '../../http/user-slots.ts';
import { gate, pageGate } from './gate.ts';

export const simulationGate = pageGate('simulations', 'simulation');

const name = (label: string) => z.string({ error: `${label} must be text` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);
const roleList = (label: string) => z.array(name(label), { error: `${label} must be a list of role names` }).max(200, `At most 200 ${label.toLowerCase()}`).default([]);
const authorisationValue = z.object({
  object: name('Object'),
  auth: name('Authorisation'),
  field: name('Field'),
  // Values are compared exactly with the stored rows (DESIGN 5.4), so they are not trimmed.
  low: z.string({ error: 'Low must be text' }).max(100).default(''),
  high: z.string({ error: 'High must be text' }).max(100).default(''),
});
const authorisationList = z.array(authorisationValue, { error: 'Must be a list of authorisation values' }).max(1000).default([]);

export const simulationSchema = z
  .object({
    systemPeriodId: z.uuid({ error: 'System period is required' }),
    riskPeriodId: z.uuid({ error: 'Risk period is required' }),
    user: name('User').optional(),
    role: name('Role').optional(),
    addRoles: roleList('Roles to add'),
    removeRoles: roleList('Roles to remove'),
    addAuthorisations: authorisationList,
    removeAuthorisations: authorisationList,
    level: z.enum(['action', 'permission'], { error: 'Level must be action or permission' }).default('permission'),
    mode: z.enum(['same-instance', 'union'], { error: 'Mode must be same-instance or union' }).default('same-instance'),
  })
  .superRefine((v, ctx) => {
    if (v.user === undefined && v.role === undefined) ctx.addIssue({ code: 'custom', path: ['user'], message: 'Choose a user or a role to simulate' });
    if (v.user !== undefined && v.role !== undefined) ctx.addIssue({ code: 'custom', path: ['role'], message: 'Simulate a user or a role, not both' });
    if (v.user !== undefined && (v.addAuthorisations.length > 0 || v.removeAuthorisations.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['addAuthorisations'], message: 'Authorisation values can be changed for a role only' });
    }
  });

export type SimulationBody = z.infer<typeof simulationSchema>;

export type { SimulatedFinding };

/** Findings as records, in the order of the CSV (level, holder, risk id; code points). */
export const records = findingRecords;

/** `POST /api/simulations` (DESIGN 5.14): what-if for one user or role, nothing stored. */
export function registerSimulation(app: FastifyInstance, db: Database, cache: PreparedCache, perUser: number): void {
  app.post('/api/simulations', { preHandler: app.authenticate, config: { page: 'simulation' } }, async (request) => {
    const started = performance.now();
    // Nothing is written: any flag on the simulation page allows it.
    const ctx = await gate(db, simulationGate, request, 'read');
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) throw bodyNotObject();
    const parsed = simulationSchema.safeParse(request.body);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const body = parsed.data;

    const sp = await findScoped<{ customer_id: string; period_date: string; data_import_id: string | null }>(
      db, 'system_periods', ctx, body.systemPeriodId, 'customer_id, period_date, data_import_id', 'system period',
    );
    const rp = await findScoped<{ customer_id: string; status: string }>(db, 'risk_periods', ctx, body.riskPeriodId, 'customer_id, status', 'risk period');
    if (rp.customer_id !== sp.customer_id) throw recordNotFound('risk period', body.riskPeriodId);
    if (!sp.data_import_id) throw coded(409, 'PERIOD_EMPTY', {}, 'The system period has no imported data; upload an extract first');
    if (rp.status !== 'ready') throw coded(409, 'PERIOD_EMPTY', {}, 'The risk period has no imported ruleset; upload one first');
    const date = parseDate8(sp.period_date) as Date8;
    const dataImportId = sp.data_import_id;

    // At most USER_RUNNING_SIMULATIONS of one user at once (DESIGN 7b); 429 beyond.
    const { entry, answer } = await withUserSlot(db, request.user.id, SIMULATION_SLOT, perUser, async () => {
      const entry = await cache.get({ dataImportId, riskPeriodId: body.riskPeriodId, customerId: sp.customer_id, level: body.level, mode: body.mode, date });
      // The prepared analysis lives in its own thread: the simulation runs there (DESIGN 10).
      const ask = {
        user: body.user,
        role: body.role,
        addRoles: body.addRoles,
        removeRoles: body.removeRoles,
        addAuthorisations: body.addAuthorisations,
        removeAuthorisations: body.removeAuthorisations,
      };
      const [acceptances, mitigations] = await Promise.all([loadAcceptances(db, sp.customer_id), loadMitigations(db, sp.customer_id)]);
      return { entry, answer: await entry.thread.simulate(ask, acceptances, mitigations) };
    });
    if (!answer.ok) throw coded(404, answer.notFound.code, { name: answer.notFound.name }, answer.notFound.message);
    const { summary, before, after, added, removed, changed, simulateMs, prepareMs } = answer;

    return {
      systemPeriodId: body.systemPeriodId,
      riskPeriodId: body.riskPeriodId,
      holder: body.user !== undefined ? { kind: 'user', name: body.user } : { kind: 'role', name: body.role },
      analysisDate: sp.period_date,
      level: body.level,
      mode: body.mode,
      addRoles: body.addRoles,
      removeRoles: body.removeRoles,
      summary,
      before,
      after,
      added,
      removed,
      changed,
      timings: {
        cached: entry.cached,
        loadMs: entry.cached ? 0 : entry.loadMs,
        simulateMs: Math.round(simulateMs * 10) / 10,
        // Decoding and preparing the holder's rows of the period (server/reports/holder-slice.ts).
        prepareMs: Math.round((prepareMs ?? 0) * 10) / 10,
        totalMs: Math.round((performance.now() - started) * 10) / 10,
      },
    };
  });
}
