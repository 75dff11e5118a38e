import * as z from 'zod/mini';
import { fieldErrors } from '../../contracts/field-errors.ts';

/*
 * The body of `POST /api/simulations` as the server's `simulationSchema`
 * (server/modules/reports/simulation.ts) takes it: the same fields, defaults and messages, so
 * the demo answers the same 400s. The server module itself would bring the database and request
 * handling into the browser, so the schema is restated here, with zod/mini because it adds far
 * less to the demo bundle than zod; tests/web/demo-api checks that the two agree.
 */

const name = (label: string) => z.string({ error: `${label} must be text` }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(100, `${label} is too long`));
const roleList = (label: string) =>
  z._default(z.array(name(label), { error: `${label} must be a list of role names` }).check(z.maxLength(200, `At most 200 ${label.toLowerCase()}`)), []);
const authorisationValue = z.object({
  object: name('Object'),
  auth: name('Authorisation'),
  field: name('Field'),
  // Values are compared exactly with the stored rows (DESIGN 5.4), so they are not trimmed.
  low: z._default(z.string({ error: 'Low must be text' }).check(z.maxLength(100)), ''),
  high: z._default(z.string({ error: 'High must be text' }).check(z.maxLength(100)), ''),
});
const authorisationList = z._default(z.array(authorisationValue, { error: 'Must be a list of authorisation values' }).check(z.maxLength(1000)), []);

export const demoSimulationSchema = z
  .object({
    systemPeriodId: z.uuid({ error: 'System period is required' }),
    riskPeriodId: z.uuid({ error: 'Risk period is required' }),
    user: z.optional(name('User')),
    role: z.optional(name('Role')),
    addRoles: roleList('Roles to add'),
    removeRoles: roleList('Roles to remove'),
    addAuthorisations: authorisationList,
    removeAuthorisations: authorisationList,
    level: z._default(z.enum(['action', 'permission'], { error: 'Level must be action or permission' }), 'permission'),
    mode: z._default(z.enum(['same-instance', 'union'], { error: 'Mode must be same-instance or union' }), 'same-instance'),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.user === undefined && v.role === undefined) ctx.addIssue({ code: 'custom', path: ['user'], message: 'Choose a user or a role to simulate' });
      if (v.user !== undefined && v.role !== undefined) ctx.addIssue({ code: 'custom', path: ['role'], message: 'Simulate a user or a role, not both' });
      if (v.user !== undefined && (v.addAuthorisations.length > 0 || v.removeAuthorisations.length > 0)) {
        ctx.addIssue({ code: 'custom', path: ['addAuthorisations'], message: 'Authorisation values can be changed for a role only' });
      }
    }),
  );

export type DemoSimulationBody = z.infer<typeof demoSimulationSchema>;

/** The parsed body, or the server's 400 field errors. */
export function parseSimulationBody(body: unknown): { body: DemoSimulationBody } | { errors: Record<string, string> } {
  const parsed = demoSimulationSchema.safeParse(body);
  return parsed.success ? { body: parsed.data } : { errors: fieldErrors(parsed.error.issues) };
}
