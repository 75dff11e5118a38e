import type { Finding } from '../model/analysis.ts';
import type { PermissionLine, RiskLevel, RuleFunction, Ruleset, Risk } from '../model/ruleset.ts';
import { formatSources } from '../output/findings-csv.ts';
import { basisCheck } from './catalogue.ts';
import { part, type BasisDetailPart } from './detail.ts';

/**
 * One way to meet an authorisation check: the user can start one of `tcodes` (S_TCODE, and
 * TSTCA when the extract lists a start check) and, for every object listed, ONE instance
 * has, in every field, one of the values (OR). A value `*` demands full authorisation `*`
 * (reference section 3 notation), not DUMMY; fields not listed are not checked.
 */
export interface AuthorisationVariant {
  /** Names the variant in DETAIL when a check has several (e.g. `S_BTCH_NAM`). */
  label?: string;
  tcodes: readonly string[];
  objects: readonly { object: string; fields: Readonly<Record<string, readonly string[]>> }[];
}

export interface AuthorisationCheckSpec {
  id: string;
  /** Alternatives: the check is met when any variant is met. */
  variants: readonly AuthorisationVariant[];
}

const v = (
  tcodes: readonly string[],
  objects: AuthorisationVariant['objects'],
  label?: string,
): AuthorisationVariant => (label === undefined ? { tcodes, objects } : { label, tcodes, objects });
const o = (object: string, fields: Record<string, readonly string[]>) => ({ object, fields });

const TABLE_MAINTENANCE = ['SM30', 'SM31', 'SE16N', 'SM34'];

/** C04–C33 as authorisation specs (reference section 3; choices recorded in the catalogue). */
export const AUTHORISATION_CHECK_SPECS: readonly AuthorisationCheckSpec[] = [
  { id: 'C04', variants: [v([], [o('S_DEVELOP', { OBJTYPE: ['DEBUG'], ACTVT: ['02'] })])] },
  { id: 'C05', variants: [v([], [o('S_DEVELOP', { OBJTYPE: ['DEBUG'], ACTVT: ['03'] })])] },
  {
    id: 'C06',
    variants: [
      v(['SE38', 'SE80', 'SE37', 'SE24'], [o('S_DEVELOP', { OBJTYPE: ['PROG', 'FUGR', 'CLAS', 'INTF', 'ENHO'], ACTVT: ['01', '02'] })]),
    ],
  },
  { id: 'C07', variants: [v(TABLE_MAINTENANCE, [o('S_TABU_DIS', { ACTVT: ['02'], DICBERCLS: ['*'] })])] },
  { id: 'C08', variants: [v(['SE16', 'SE16N', 'SE17', 'SM30'], [o('S_TABU_DIS', { ACTVT: ['03'], DICBERCLS: ['*'] })])] },
  { id: 'C09', variants: [v([], [o('S_TABU_NAM', { ACTVT: ['02'], TABLE: ['*'] })])] },
  {
    id: 'C10',
    variants: [
      v(TABLE_MAINTENANCE, [o('S_TABU_DIS', { ACTVT: ['02'], DICBERCLS: ['*'] }), o('S_TABU_CLI', { CLIIDMAINT: ['X'] })]),
    ],
  },
  {
    id: 'C11',
    variants: [v(['SCC4'], [o('S_TABU_DIS', { ACTVT: ['02'], DICBERCLS: ['SS'] }), o('S_TABU_CLI', { CLIIDMAINT: ['X'] })])],
  },
  { id: 'C12', variants: [v(['SE06', 'SE03'], [o('S_CTS_ADMI', { CTS_ADMFCT: ['SYSC'] })])] },
  { id: 'C13', variants: [v(['STMS'], [o('S_CTS_ADMI', { CTS_ADMFCT: ['IMPA', 'IMPS', 'TABL'] })])] },
  { id: 'C14', variants: [v([], [o('S_TRANSPRT', { ACTVT: ['43'], TTYPE: ['*'] })])] },
  {
    id: 'C15',
    variants: [v(['SA38', 'SE38', 'SE37'], [o('S_PROGRAM', { P_ACTION: ['SUBMIT', 'BTCSUBMIT'], P_GROUP: ['*'] })])],
  },
  { id: 'C16', variants: [v([], [o('S_RFC', { ACTVT: ['16'], RFC_TYPE: ['FUGR', 'FUNC'], RFC_NAME: ['*'] })])] },
  { id: 'C17', variants: [v([], [o('S_RFCACL', { RFC_SYSID: ['*'], RFC_CLIENT: ['*'], RFC_USER: ['*'] })])] },
  { id: 'C18', variants: [v(['SM59'], [o('S_RFC_ADM', { ACTVT: ['01', '02', '06'] })])] },
  { id: 'C19', variants: [v(['SU01', 'SU10'], [o('S_USER_GRP', { ACTVT: ['01', '02'], CLASS: ['*'] })])] },
  {
    id: 'C20',
    variants: [
      v([], [o('S_USER_GRP', { ACTVT: ['05'] })], 'S_USER_GRP ACTVT 05'),
      v([], [o('S_USER_GRP', { ACTVT: ['02'] })], 'S_USER_GRP ACTVT 02'),
    ],
  },
  {
    id: 'C21',
    variants: [v([], [o('S_USER_GRP', { ACTVT: ['22'] }), o('S_USER_AGR', { ACTVT: ['22'], ACT_GROUP: ['*'] })])],
  },
  {
    id: 'C22',
    variants: [v([], [o('S_USER_GRP', { ACTVT: ['22'] }), o('S_USER_PRO', { ACTVT: ['22'], PROFILE: ['*'] })])],
  },
  {
    id: 'C23',
    variants: [
      v(
        ['PFCG'],
        [
          o('S_USER_AGR', { ACTVT: ['01', '02'] }),
          o('S_USER_PRO', { ACTVT: ['01', '02', '07'] }),
          o('S_USER_AUT', { ACTVT: ['01', '02', '07'] }),
        ],
      ),
    ],
  },
  { id: 'C24', variants: [v([], [o('S_ADMI_FCD', { S_ADMI_FCD: ['*'] })])] },
  {
    id: 'C25',
    variants: [
      v([], [o('S_BTCH_ADM', { BTCADMIN: ['Y'] })], 'S_BTCH_ADM'),
      v([], [o('S_BTCH_NAM', { BTCUNAME: ['*'] })], 'S_BTCH_NAM'),
    ],
  },
  {
    id: 'C26',
    variants: [v(['SM49', 'SM69'], [o('S_LOG_COM', { COMMAND: ['*'], OPSYSTEM: ['*'], HOST: ['*'] })])],
  },
  { id: 'C27', variants: [v([], [o('S_DATASET', { ACTVT: ['33', '34'], PROGRAM: ['*'], FILENAME: ['*'] })])] },
  { id: 'C28', variants: [v(['RZ10', 'RZ11'], [o('S_RZL_ADM', { ACTVT: ['01'] })])] },
  {
    id: 'C29',
    variants: [
      v(['SM19', 'RSAU_CONFIG'], [o('S_ADMI_FCD', { S_ADMI_FCD: ['AUDA'] })], 'AUDA'),
      v(['SM18'], [o('S_ADMI_FCD', { S_ADMI_FCD: ['AUDD'] })], 'AUDD'),
    ],
  },
  { id: 'C30', variants: [v([], [o('S_SCD0', { ACTVT: ['06'] })])] },
  { id: 'C31', variants: [v([], [o('S_SPO_ACT', { SPOACTION: ['BASE', 'DISP'], SPOAUTH: ['*'] })])] },
  { id: 'C32', variants: [v(['SM01', 'SM01_DEV'], [o('S_ADMI_FCD', { S_ADMI_FCD: ['TLCK'] })])] },
  { id: 'C33', variants: [v(['SNRO', 'SNUM'], [o('S_NUMBER', { ACTVT: ['02', '17'], NROBJ: ['*'] })])] },
];

const BASIS_PROCESS = 'BASIS';

function riskLevelOf(checkId: string): RiskLevel {
  const s = basisCheck(checkId)?.severity ?? 'HIGH';
  return s === 'INFO' ? 'LOW' : s;
}

/** The internal risk id of a variant: `C25#1`, `C25#2` (one risk and one function per variant). */
export function variantRiskId(checkId: string, index: number): string {
  return `${checkId}#${index + 1}`;
}

/** The check id of an internal risk id. */
export function checkIdOfRisk(riskId: string): string {
  const i = riskId.indexOf('#');
  return i < 0 ? riskId : riskId.slice(0, i);
}

/**
 * The internal basis ruleset: every variant becomes a CRITICAL_ACTION (with tcodes) or
 * CRITICAL_PERMISSION (without) risk with one function. Permission lines are repeated under
 * each tcode, because the engine groups a function's lines by (ACTION, OBJECT); without
 * tcodes they sit under the empty action, which the engine evaluates by its lines alone.
 */
export function buildBasisRuleset(specs: readonly AuthorisationCheckSpec[] = AUTHORISATION_CHECK_SPECS): Ruleset {
  const risks: Risk[] = [];
  const functions: RuleFunction[] = [];
  for (const spec of specs) {
    const title = basisCheck(spec.id)?.title ?? spec.id;
    spec.variants.forEach((variant, i) => {
      const id = variantRiskId(spec.id, i);
      const actions = variant.tcodes.length > 0 ? variant.tcodes : [''];
      const permissions: PermissionLine[] = [];
      for (const action of actions) {
        for (const { object, fields } of variant.objects) {
          for (const [field, values] of Object.entries(fields)) {
            for (const low of values) permissions.push({ action, object, field, low, high: '', operator: 'OR', active: true });
          }
        }
      }
      functions.push({
        id,
        description: variant.label ? `${title} (${variant.label})` : title,
        businessProcess: BASIS_PROCESS,
        actions: variant.tcodes.map((action) => ({ action, active: true })),
        permissions,
      });
      risks.push({
        id,
        description: title,
        type: variant.tcodes.length > 0 ? 'CRITICAL_ACTION' : 'CRITICAL_PERMISSION',
        level: riskLevelOf(spec.id),
        businessProcess: BASIS_PROCESS,
        active: true,
        functionIds: [id],
      });
    });
  }
  return { risks, functions };
}

/**
 * DETAIL of an authorisation check for one user from the engine findings of its variants:
 * `[label ][via TCODE: ]sources`, several met variants joined by ` | `.
 */
export function authorisationDetail(findings: readonly Finding[], specs: readonly AuthorisationCheckSpec[] = AUTHORISATION_CHECK_SPECS): BasisDetailPart[] {
  const byId = new Map(specs.map((s) => [s.id, s]));
  const parts = [...findings]
    .sort((a, b) => (a.riskId < b.riskId ? -1 : a.riskId > b.riskId ? 1 : 0))
    .map((f) => {
      const spec = byId.get(checkIdOfRisk(f.riskId));
      const index = Number(f.riskId.slice(f.riskId.indexOf('#') + 1)) - 1;
      const label = spec?.variants[index]?.label;
      const action = f.functions[0]?.action ?? null;
      const sources = formatSources(f);
      if (label === undefined) return action === null ? part('auth_sources', { sources }) : part('auth_via', { action, sources });
      return action === null ? part('auth_label', { label, sources }) : part('auth_label_via', { label, action, sources });
    });
  return parts;
}
