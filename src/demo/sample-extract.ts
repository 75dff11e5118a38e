import type { SystemExtract } from '../../engine/model/extract.ts';
import { emptyExtract } from '../../engine/model/extract.ts';
import { addInstance, functionInstances, literalInstance, toValues, type Instance } from '../../generator/authorisations.ts';
import { FIRST_NAMES, LAST_NAMES, asciiName } from '../../generator/people.ts';
import { Random } from '../../generator/random.ts';
import { ROLE_TEMPLATES, type AuthValue, type RoleTemplate } from '../../generator/role-templates.ts';
import { defaultRuleset } from '../../engine/rulesets/default-ruleset.ts';

/** The demo system's analysis date (the period date of its one system period). */
export const DEMO_PERIOD_DATE = 20261031;

/** Single roles of the demo system, built from the generator's business templates (pure data). */
const SINGLE_ROLES = [
  'FI_AP_CLERK',
  'FI_AP_PAYMENTS',
  'FI_AP_MASTERDATA',
  'FI_AR_CLERK',
  'FI_GL_ACCOUNTANT',
  'FI_GL_MASTERDATA',
  'MM_PURCHASER',
  'MM_PO_APPROVER',
  'MM_GOODS_RECEIPT',
  'MM_INVOICE_VERIFICATION',
  'MM_VENDOR_MASTER',
  'SD_SALES_REP',
  'SD_BILLING',
  'BC_USER_ADMIN',
  'AUDIT_DISPLAY',
] as const;

/** Composite roles (AGR_AGRS) over the single ones. */
const COMPOSITES: Record<string, { text: string; children: string[] }> = {
  Z_C_FI_ACCOUNTING: { text: 'Accounting team (composite)', children: ['Z_FI_GL_ACCOUNTANT', 'Z_FI_AP_CLERK'] },
  Z_C_PROCUREMENT: { text: 'Procurement team (composite)', children: ['Z_MM_PURCHASER', 'Z_MM_GOODS_RECEIPT'] },
  Z_C_FI_AP_FULL: { text: 'Accounts payable, all tasks (composite)', children: ['Z_FI_AP_CLERK', 'Z_FI_AP_PAYMENTS', 'Z_FI_AP_MASTERDATA'] },
};

/** Who holds what: role sets by persona, cycled over the users (some meet SoD risks on purpose). */
const PERSONAS: { department: string; group: string; roles: string[] }[] = [
  { department: 'Finance', group: 'FI', roles: ['Z_C_FI_ACCOUNTING'] },
  { department: 'Finance', group: 'FI', roles: ['Z_FI_AP_CLERK'] },
  { department: 'Finance', group: 'FI', roles: ['Z_C_FI_AP_FULL'] },
  { department: 'Finance', group: 'FI', roles: ['Z_FI_AR_CLERK', 'Z_FI_GL_MASTERDATA'] },
  { department: 'Procurement', group: 'MM', roles: ['Z_C_PROCUREMENT'] },
  { department: 'Procurement', group: 'MM', roles: ['Z_MM_PURCHASER', 'Z_MM_VENDOR_MASTER'] },
  { department: 'Procurement', group: 'MM', roles: ['Z_MM_PO_APPROVER'] },
  { department: 'Procurement', group: 'MM', roles: ['Z_MM_INVOICE_VERIFICATION', 'Z_MM_GOODS_RECEIPT'] },
  { department: 'Sales', group: 'SD', roles: ['Z_SD_SALES_REP'] },
  { department: 'Sales', group: 'SD', roles: ['Z_SD_SALES_REP', 'Z_SD_BILLING'] },
  { department: 'IT', group: 'IT', roles: ['Z_BC_USER_ADMIN'] },
  { department: 'Internal audit', group: 'AUDIT', roles: ['Z_AUDIT_DISPLAY'] },
  { department: 'Finance', group: 'FI', roles: ['Z_FI_AP_PAYMENTS', 'Z_FI_AP_MASTERDATA'] },
];

export const DEMO_USER_COUNT = 40;

const byKey = new Map(ROLE_TEMPLATES.map((t) => [t.key, t]));

/** `$BUKRS`-style org variables as the demo company code/plant values. */
function resolveOrg(v: AuthValue): AuthValue {
  return v.low.startsWith('$') ? { low: v.low === '$BUKRS' ? '1000' : '*', high: '' } : v;
}

function roleContent(t: RoleTemplate, rng: Random): { tcodes: AuthValue[]; instances: Instance[] } {
  const tcodes: AuthValue[] = [];
  const instances: Instance[] = [];
  const addTcode = (v: AuthValue) => {
    if (!tcodes.some((x) => x.low === v.low && x.high === v.high)) tcodes.push(v);
  };
  for (const use of t.uses) {
    const fn = defaultRuleset.functions.find((f) => f.id === use.fn);
    if (!fn) continue;
    const built = functionInstances(fn, use, rng);
    for (const tc of built.tcodes) addTcode({ low: tc, high: '' });
    for (const inst of built.instances) addInstance(instances, inst, true);
  }
  for (const tc of toValues(t.tcodes ?? [])) addTcode(tc);
  for (const spec of t.instances ?? []) addInstance(instances, literalInstance(spec), false);
  return { tcodes, instances };
}

/**
 * A small, realistic SAP landscape built in the browser: 15 single roles from the generator's
 * templates (their authorisations come from the shipped ruleset's functions), 3 composites,
 * 40 users (two locked, one expired) with addresses. Deterministic: the same on every load.
 */
export function buildDemoExtract(): SystemExtract {
  const rng = new Random(7, 'demo');
  const x = emptyExtract();
  for (const key of SINGLE_ROLES) {
    const t = byKey.get(key);
    if (!t) continue;
    const role = `Z_${key}`;
    const profile = `T-DEMO${String(x.roleDefinitions.length + 1).padStart(3, '0')}`;
    x.roleDefinitions.push({ role, parent: '' });
    x.roleTexts.push({ role, text: t.text });
    x.roleProfiles.push({ role, profile });
    const content = roleContent(t, rng);
    const auth = (n: number) => `${profile}${String(n).padStart(2, '0')}`;
    for (const tc of content.tcodes) {
      x.roleAuthorisations.push({ role, object: 'S_TCODE', auth: auth(0), field: 'TCD', low: tc.low, high: tc.high, deleted: false });
    }
    content.instances.forEach((inst, i) => {
      for (const f of inst.fields) {
        for (const v of f.values.map(resolveOrg)) {
          x.roleAuthorisations.push({ role, object: inst.object, auth: auth(i + 1), field: f.field, low: v.low, high: v.high, deleted: inst.deleted });
        }
      }
    });
  }
  for (const [role, c] of Object.entries(COMPOSITES)) {
    x.roleDefinitions.push({ role, parent: '' });
    x.roleTexts.push({ role, text: c.text });
    for (const child of c.children) x.compositeRoles.push({ role, child });
  }
  const used = new Set<string>();
  for (let i = 0; i < DEMO_USER_COUNT; i++) {
    const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length];
    const last = LAST_NAMES[(i * 11) % LAST_NAMES.length];
    let bname = asciiName(`${first.slice(0, 1)}${last}`).toUpperCase().slice(0, 12);
    while (used.has(bname)) bname = `${bname.slice(0, 10)}${i}`;
    used.add(bname);
    const persona = PERSONAS[i % PERSONAS.length];
    const locked = i === 17 || i === 29;
    const expired = i === 23;
    x.users.push({
      bname,
      ustyp: 'A',
      uflag: locked ? 64 : 0,
      validFrom: 20200101,
      validTo: expired ? 20260630 : 99991231,
      lastLogon: locked ? 20250115 : 20261020 + (i % 10),
      userGroup: persona.group,
      codvn: 'H',
      pwdState: 0,
      createdOn: 20200101 + (i % 12) * 100,
    });
    x.userAddresses.push({
      user: bname,
      firstName: first,
      lastName: last,
      fullName: `${first} ${last}`,
      department: persona.department,
      email: `${asciiName(first).toLowerCase()}.${asciiName(last).toLowerCase()}@example.com`,
    });
    x.licenceTypes.push({ user: bname, licenceType: persona.group === 'AUDIT' ? 'CB' : 'CA' });
    for (const role of persona.roles) x.roleAssignments.push({ role, user: bname, from: 20200101, to: 99991231 });
  }
  // A technical batch user with a classic profile, and the firefighter pattern of real systems.
  x.users.push({ bname: 'BATCH_FI', ustyp: 'B', uflag: 0, validFrom: null, validTo: null, lastLogon: 20261030, userGroup: 'TECH', codvn: 'H', pwdState: null, createdOn: 20190301 });
  x.roleAssignments.push({ role: 'Z_FI_AP_PAYMENTS', user: 'BATCH_FI', from: null, to: null });
  // Technical users given business roles, as real systems have them: they rank beside people
  // unless the user type is chosen (issue 27 item 6).
  x.users.push({ bname: 'WF-BATCH', ustyp: 'B', uflag: 0, validFrom: null, validTo: null, lastLogon: 20261030, userGroup: 'TECH', codvn: 'H', pwdState: null, createdOn: 20190301 });
  x.userAddresses.push({ user: 'WF-BATCH', firstName: '', lastName: 'Workflow background user', fullName: 'Workflow background user', department: 'IT', email: '' });
  x.roleAssignments.push({ role: 'Z_C_FI_AP_FULL', user: 'WF-BATCH', from: null, to: null });
  x.users.push({ bname: 'SRV_SHARED', ustyp: 'S', uflag: 0, validFrom: null, validTo: null, lastLogon: 20261029, userGroup: 'IT', codvn: 'H', pwdState: null, createdOn: 20210115 });
  x.userAddresses.push({ user: 'SRV_SHARED', firstName: '', lastName: 'Shared IT operations account', fullName: 'Shared IT operations account', department: 'IT', email: '' });
  x.roleAssignments.push({ role: 'Z_C_PROCUREMENT', user: 'SRV_SHARED', from: null, to: null });
  x.clients.push({ client: '100', category: 'P', changeRecording: '', crossClientChanges: '2' });
  x.components.push({ component: 'S4CORE', release: '108', extRelease: '0000000000' });
  return x;
}
