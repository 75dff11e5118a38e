import type {
  FunctionAction,
  PermissionLine,
  PermissionOperator,
  Risk,
  RiskLevel,
  RiskType,
  RuleFunction,
  Ruleset,
} from '../model/ruleset.ts';

/**
 * The ruleset Segra ships: our own practitioner-derived SoD and critical-access risks
 * (reference/sap-semantics.md sections 3 and 4), not a copy of any licensed SAP ruleset.
 *
 * Conventions (reference section 4):
 * - S_TCODE is never a permission line: the engine checks S_TCODE for the action itself.
 * - Organisational fields (BUKRS, WERKS, EKORG, VKORG, …) are left out, i.e. DUMMY.
 * - A rule value `*` demands full authorisation for that field, not "any value".
 * - Values are SAP's internal keys as they appear in AGR_1251/UST12 (e.g. order type `G2`
 *   for a credit memo request, which the English UI shows as `CR`).
 * - Functions without actions (debugging, trusted RFC …) are met on permissions alone.
 */

export const defaultRulesetName = 'Segra default ruleset';
export const defaultRulesetVersion = '2026.1';

// ---------------------------------------------------------------------------------------
// A small vocabulary to write functions compactly. Everything below is plain data.

interface Range {
  low: string;
  high: string;
}
type Value = string | Range;
interface Condition {
  operator: PermissionOperator;
  values: Value[];
}
type FieldSpec = Value | Value[] | Condition;

interface Permission {
  object: string;
  fields: Record<string, FieldSpec>;
  active: boolean;
}

interface ActionGroup {
  actions: FunctionAction[];
  permissions: Permission[];
}

const range = (low: string, high: string): Range => ({ low, high });
const and = (...values: Value[]): Condition => ({ operator: 'AND', values });
const not = (...values: Value[]): Condition => ({ operator: 'NOT', values });

/** A permission: one object and its checked fields (org fields stay out: DUMMY). */
const p = (object: string, fields: Record<string, FieldSpec>, active = true): Permission => ({
  object,
  fields,
  active,
});

/** An action that is kept in the ruleset but switched off (e.g. obsolete in S/4HANA). */
const inactive = (action: string): FunctionAction => ({ action, active: false });

/** The same permissions under each of these actions. */
function on(actions: (string | FunctionAction)[], ...permissions: Permission[]): ActionGroup {
  return {
    actions: actions.map((a) => (typeof a === 'string' ? { action: a, active: true } : a)),
    permissions,
  };
}

/** Permissions of a function that has no actions (met on permissions alone). */
const withoutActions = (...permissions: Permission[]): ActionGroup => ({ actions: [], permissions });

function isCondition(spec: FieldSpec): spec is Condition {
  return typeof spec === 'object' && !Array.isArray(spec) && 'operator' in spec;
}

function lines(action: string, perm: Permission): PermissionLine[] {
  const out: PermissionLine[] = [];
  for (const [field, spec] of Object.entries(perm.fields)) {
    const condition: Condition = isCondition(spec)
      ? spec
      : { operator: 'OR', values: Array.isArray(spec) ? spec : [spec] };
    for (const v of condition.values) {
      const { low, high } = typeof v === 'string' ? { low: v, high: '' } : v;
      out.push({ action, object: perm.object, field, low, high, operator: condition.operator, active: perm.active });
    }
  }
  return out;
}

function fn(id: string, businessProcess: string, description: string, ...groups: ActionGroup[]): RuleFunction {
  const actions: FunctionAction[] = [];
  const permissions: PermissionLine[] = [];
  for (const g of groups) {
    if (g.actions.length === 0) {
      for (const perm of g.permissions) permissions.push(...lines('', perm));
      continue;
    }
    for (const a of g.actions) {
      if (!actions.some((x) => x.action === a.action)) actions.push(a);
      for (const perm of g.permissions) permissions.push(...lines(a.action, perm));
    }
  }
  return { id, description, businessProcess, actions, permissions };
}

// Shared permission bundles.
const postVendorItems = [p('F_BKPF_BUK', { ACTVT: '01' }), p('F_BKPF_KOA', { KOART: 'K', ACTVT: '01' })];
const postCustomerItems = [p('F_BKPF_BUK', { ACTVT: '01' }), p('F_BKPF_KOA', { KOART: 'D', ACTVT: '01' })];
const postGlItems = [p('F_BKPF_BUK', { ACTVT: '01' }), p('F_BKPF_KOA', { KOART: 'S', ACTVT: '01' })];
const postAssetItems = [p('F_BKPF_BUK', { ACTVT: '01' }), p('F_BKPF_KOA', { KOART: 'A', ACTVT: '01' })];
const payRun = p('F_REGU_BUK', { FBTCH: ['21', '25'] });
/** Release codes of purchasing documents: every customer strategy here uses 01..99. */
const releaseCodes = p('M_EINK_FRG', { FRGCO: range('01', '99') });

// ---------------------------------------------------------------------------------------
// Functions

const functions: RuleFunction[] = [
  // Procure to pay
  fn(
    'FN_P2P_VENDOR_MAINT',
    'P2P',
    'Create or change vendor master data',
    on(
      ['XK01', 'XK02'],
      p('F_LFA1_APP', { ACTVT: ['01', '02'], APPKZ: ['F', 'M'] }),
      p('F_LFA1_BUK', { ACTVT: ['01', '02'] }),
    ),
    on(
      ['FK01', 'FK02'],
      p('F_LFA1_APP', { ACTVT: ['01', '02'], APPKZ: 'F' }),
      p('F_LFA1_BUK', { ACTVT: ['01', '02'] }),
    ),
    on(['MK01', 'MK02'], p('F_LFA1_APP', { ACTVT: ['01', '02'], APPKZ: 'M' })),
    on(['BP'], p('B_BUPA_RLT', { ACTVT: ['01', '02'], RLTYP: ['FLVN00', 'FLVN01'] })),
  ),
  fn(
    'FN_P2P_VENDOR_BANK',
    'P2P',
    'Change vendor bank details',
    on(
      ['XK02', 'FK02'],
      p('F_LFA1_APP', { ACTVT: '02', APPKZ: 'F' }),
      p('F_LFA1_BUK', { ACTVT: '02' }),
      // Only where the customer protects bank fields with a sensitive-field group.
      p('F_LFA1_AEN', { VGRUP: '01' }, false),
    ),
    on(['BP'], p('B_BUPA_RLT', { ACTVT: '02', RLTYP: 'FLVN00' })),
  ),
  fn(
    'FN_P2P_PAY_RUN',
    'P2P',
    'Execute the automatic payment run and create payment media',
    on(['F110', 'F111', inactive('F110S')], payRun),
  ),
  fn(
    'FN_P2P_PAY_MANUAL',
    'P2P',
    'Post outgoing payments to vendors manually',
    on(['F-53', 'F-58', 'F-48'], ...postVendorItems),
  ),
  fn(
    'FN_P2P_INVOICE_POST',
    'P2P',
    'Post vendor invoices and credit memos',
    on(['FB60', 'F-43', 'FB01', inactive('FB10')], ...postVendorItems),
    on(['MIRO'], p('M_RECH_WRK', { ACTVT: '01' })),
  ),
  fn(
    'FN_P2P_INVOICE_RELEASE',
    'P2P',
    'Release invoices blocked for payment',
    on(['MRBR'], p('M_RECH_SPG', { ACTVT: '02' })),
  ),
  fn(
    'FN_P2P_PO_MAINT',
    'P2P',
    'Create or change purchase orders',
    on(['ME21N', 'ME22N', inactive('ME21'), inactive('ME22')], p('M_BEST_BSA', { ACTVT: ['01', '02'] })),
  ),
  fn('FN_P2P_PO_RELEASE', 'P2P', 'Release (approve) purchase orders', on(['ME28', 'ME29N'], releaseCodes)),
  fn(
    'FN_P2P_PR_MAINT',
    'P2P',
    'Create or change purchase requisitions',
    on(['ME51N', 'ME52N'], p('M_BANF_BSA', { ACTVT: ['01', '02'] })),
  ),
  fn('FN_P2P_PR_RELEASE', 'P2P', 'Release (approve) purchase requisitions', on(['ME54N', 'ME55'], releaseCodes)),
  fn(
    'FN_P2P_GOODS_RECEIPT',
    'P2P',
    'Post goods receipts for purchase orders',
    on(
      ['MIGO', 'MIGO_GR', inactive('MB01')],
      p('M_MSEG_BWE', { ACTVT: '01', BWART: ['101', '103', '105'] }),
      p('M_MSEG_WWE', { ACTVT: '01' }),
    ),
  ),
  fn(
    'FN_P2P_INFO_RECORD',
    'P2P',
    'Maintain purchasing info records',
    on(['ME11', 'ME12'], p('M_EINF_EKO', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_P2P_BANK_MASTER',
    'P2P',
    'Create or change bank master data',
    on(['FI01', 'FI02'], p('F_BNKA_MAN', { ACTVT: ['01', '02'] })),
  ),
  fn('FN_P2P_VENDOR_MASS', 'P2P', 'Mass maintenance of vendor master data', on(['XK99', 'MASS'])),

  // Order to cash
  fn(
    'FN_O2C_CUSTOMER_MAINT',
    'O2C',
    'Create or change customer master data',
    on(
      ['XD01', 'XD02'],
      p('F_KNA1_APP', { ACTVT: ['01', '02'], APPKZ: ['F', 'V'] }),
      p('F_KNA1_BUK', { ACTVT: ['01', '02'] }),
    ),
    on(
      ['FD01', 'FD02'],
      p('F_KNA1_APP', { ACTVT: ['01', '02'], APPKZ: 'F' }),
      p('F_KNA1_BUK', { ACTVT: ['01', '02'] }),
    ),
    on(
      ['VD01', 'VD02'],
      p('F_KNA1_APP', { ACTVT: ['01', '02'], APPKZ: 'V' }),
      p('V_KNA1_VKO', { ACTVT: ['01', '02'] }),
    ),
    on(['BP'], p('B_BUPA_RLT', { ACTVT: ['01', '02'], RLTYP: ['FLCU00', 'FLCU01'] })),
  ),
  fn(
    'FN_O2C_INCOMING_PAYMENT',
    'O2C',
    'Post incoming payments and clear customer open items',
    on(['F-28', 'F-26', 'F-32', 'FB05'], ...postCustomerItems),
  ),
  fn(
    'FN_O2C_SALES_ORDER',
    'O2C',
    'Create or change sales orders',
    on(['VA01', 'VA02'], p('V_VBAK_AAT', { ACTVT: ['01', '02'] }), p('V_VBAK_VKO', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_O2C_CREDIT_MEMO',
    'O2C',
    'Create credit memo requests and customer credit memos',
    on(['VA01'], p('V_VBAK_AAT', { AUART: 'G2', ACTVT: '01' })),
    on(['VF01'], p('V_VBRK_FKA', { FKART: 'G2', ACTVT: '01' })),
    on(['FB75'], ...postCustomerItems),
  ),
  fn(
    'FN_O2C_CREDIT_LIMIT',
    'O2C',
    'Change customer credit limits',
    on(['FD32'], p('F_KNKA_KKB', { ACTVT: '02' })),
    on(['UKM_BP'], p('F_UKM_SGMT', { ACTVT: '02' })),
  ),
  fn(
    'FN_O2C_PRICING',
    'O2C',
    'Maintain sales pricing conditions',
    on(['VK11', 'VK12'], p('V_KONH_VKS', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_O2C_BILLING',
    'O2C',
    'Create or change billing documents',
    on(['VF01', 'VF02', 'VF04'], p('V_VBRK_FKA', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_O2C_DELIVERY',
    'O2C',
    'Create outbound deliveries and post goods issue',
    on(['VL01N', 'VL02N'], p('V_LIKP_VST', { ACTVT: ['01', '02'] })),
  ),

  // Record to report
  fn(
    'FN_R2R_GL_MASTER',
    'R2R',
    'Create or change G/L account master data',
    on(['FS00', 'FSS0'], p('F_SKA1_BUK', { ACTVT: ['01', '02'] })),
    on(['FSP0'], p('F_SKA1_KTP', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_R2R_GL_POST',
    'R2R',
    'Post G/L journal entries',
    on(['FB50', 'F-02', 'FB01', 'FB50L', 'FB01L'], ...postGlItems),
  ),
  fn(
    'FN_R2R_PERIOD_MAINT',
    'R2R',
    'Open and close posting periods',
    // Authorisation group of view V_T001B in the customer systems we model.
    on(['OB52'], p('S_TABU_DIS', { ACTVT: '02', DICBERCLS: 'FC31' })),
  ),
  fn(
    'FN_R2R_PARK',
    'R2R',
    'Park accounting documents',
    on(['FV50', 'FV60', 'F-65', 'FBV1'], p('F_BKPF_BUK', { ACTVT: '77' })),
  ),
  fn('FN_R2R_POST_PARKED', 'R2R', 'Post parked accounting documents', on(['FBV0'], p('F_BKPF_BUK', { ACTVT: '01' }))),
  fn(
    'FN_R2R_HOUSE_BANK',
    'R2R',
    'Maintain house banks and bank accounts',
    on(['FI12', 'FI12_HBANK'], p('F_BNKA_BUK', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_R2R_FX_RATES',
    'R2R',
    'Maintain currency exchange rates',
    on(['OB08'], p('S_EXCHRATE', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_R2R_RESET_DATA',
    'R2R',
    'Reset transaction data or delete master data of a company code',
    on(['OBR1', 'OBR2', 'OBR3']),
  ),

  // Fixed assets
  fn(
    'FN_FA_ASSET_MASTER',
    'FA',
    'Create or change asset master records',
    on(['AS01', 'AS02', 'AS11', inactive('AS06')], p('A_S_ANLKL', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_FA_ASSET_POST',
    'FA',
    'Post asset acquisitions and retirements',
    on(['ABZON'], p('A_B_BWART', { BWASL: range('100', '199') })),
    on(['ABAVN'], p('A_B_BWART', { BWASL: range('200', '299') })),
    on(['F-90', 'F-92'], ...postAssetItems),
  ),
  fn('FN_FA_DEPRECIATION', 'FA', 'Execute the depreciation run', on(['AFAB', 'AFABN'])),

  // Inventory
  fn(
    'FN_INV_PHYS_COUNT',
    'INV',
    'Enter and change physical inventory counts',
    on(['MI04', 'MI05', 'MI09'], p('M_ISEG_WZB', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_INV_POST_DIFF',
    'INV',
    'Post physical inventory differences',
    on(['MI07', 'MI08'], p('M_ISEG_WDB', { ACTVT: '01' })),
  ),
  fn(
    'FN_INV_MATERIAL_VAL',
    'INV',
    'Change material valuation (accounting view, prices)',
    on(['MM01', 'MM02'], p('M_MATE_STA', { ACTVT: ['01', '02'], STATM: 'B' })),
    on(['MR21'], p('M_MATE_BUK', { ACTVT: '02' })),
  ),
  fn(
    'FN_INV_GOODS_MOVEMENT',
    'INV',
    'Post goods issues, transfers and other goods movements',
    on(
      ['MIGO', 'MIGO_GI', 'MIGO_TR', inactive('MB1A'), inactive('MB1B'), inactive('MB1C')],
      p('M_MSEG_BWA', { ACTVT: '01' }),
      p('M_MSEG_WMB', { ACTVT: '01' }),
    ),
  ),

  // Hire to retire
  fn(
    'FN_HR_BANK_DATA',
    'H2R',
    'Maintain employee bank details (infotype 0009)',
    on(['PA30'], p('P_ORGIN', { INFTY: '0009', AUTHC: 'W' })),
  ),
  fn(
    'FN_HR_PAY_DATA',
    'H2R',
    'Maintain basic pay and recurring payments (infotypes 0008, 0014, 0015)',
    on(['PA30'], p('P_ORGIN', { INFTY: ['0008', '0014', '0015'], AUTHC: 'W' })),
  ),
  fn(
    'FN_HR_HIRE',
    'H2R',
    'Hire employees (personnel actions)',
    on(['PA40'], p('P_ORGIN', { INFTY: '0000', AUTHC: 'W' })),
  ),
  fn(
    'FN_HR_TIME_DATA',
    'H2R',
    'Maintain time data (absences, attendances, remuneration)',
    on(['PA61', 'PA30'], p('P_ORGIN', { INFTY: ['2001', '2002', '2010'], AUTHC: 'W' })),
  ),
  fn(
    'FN_HR_PAYROLL_RUN',
    'H2R',
    'Run payroll',
    on(['PC00_M99_CALC', 'PC00_M01_CALC', 'PC00_M10_CALC', 'PC00_M08_CALC'], p('P_PCLX', { AUTHC: 'U' })),
  ),
  fn(
    'FN_HR_ALL_MASTER',
    'H2R',
    'Maintain every infotype of every employee',
    on(['PA30', 'PA40'], p('P_ORGIN', { INFTY: '*', AUTHC: 'W' })),
  ),

  // Basis
  fn(
    'FN_BC_USER_MAINT',
    'BC',
    'Create and change user master records',
    on(['SU01', 'SU10'], p('S_USER_GRP', { ACTVT: ['01', '02'] })),
  ),
  fn(
    'FN_BC_USER_MAINT_ALL',
    'BC',
    'Create and change users of every user group',
    on(['SU01', 'SU10'], p('S_USER_GRP', { ACTVT: ['01', '02'], CLASS: '*' })),
  ),
  fn(
    'FN_BC_ROLE_MAINT',
    'BC',
    'Maintain roles and generate their profiles',
    on(['PFCG'], p('S_USER_AGR', { ACTVT: ['01', '02'] }), p('S_USER_PRO', { ACTVT: ['01', '02', '07'] })),
  ),
  fn(
    'FN_BC_ROLE_ASSIGN',
    'BC',
    'Assign roles to users',
    on(['SU01', 'SU10'], p('S_USER_GRP', { ACTVT: and('02', '22') }), p('S_USER_AGR', { ACTVT: '22' })),
  ),
  fn(
    'FN_BC_ROLE_ASSIGN_ALL',
    'BC',
    'Assign any role to users of any group',
    on(
      ['SU01', 'SU10', 'PFCG'],
      p('S_USER_GRP', { ACTVT: '22', CLASS: '*' }),
      p('S_USER_AGR', { ACTVT: '22', ACT_GROUP: '*' }),
    ),
  ),
  fn(
    'FN_BC_PROFILE_ASSIGN_ALL',
    'BC',
    'Assign any profile directly to users',
    on(['SU01', 'SU10'], p('S_USER_GRP', { ACTVT: '22' }), p('S_USER_PRO', { ACTVT: '22', PROFILE: '*' })),
  ),
  fn(
    'FN_BC_ROLE_PROFILE_MAINT',
    'BC',
    'Maintain roles, profiles and authorisations',
    on(
      ['PFCG'],
      p('S_USER_AGR', { ACTVT: ['01', '02'] }),
      p('S_USER_PRO', { ACTVT: ['01', '02', '07'] }),
      p('S_USER_AUT', { ACTVT: ['01', '02', '07'] }),
    ),
  ),
  fn(
    'FN_BC_PASSWORD_ALL',
    'BC',
    'Reset passwords and unlock users of every group, administrators included',
    on(['SU01', 'SU10'], p('S_USER_GRP', { ACTVT: '05', CLASS: '*' })),
  ),
  fn(
    'FN_BC_PASSWORD_HELPDESK',
    'BC',
    'Reset passwords and unlock users outside the administrator group',
    on(['SU01'], p('S_USER_GRP', { ACTVT: '05', CLASS: not('SUPER') })),
  ),
  fn(
    'FN_BC_DEVELOP',
    'BC',
    'Create or change repository objects (programs, function groups, classes, tables)',
    on(['SE38'], p('S_DEVELOP', { ACTVT: ['01', '02'], OBJTYPE: 'PROG' })),
    on(['SE37'], p('S_DEVELOP', { ACTVT: ['01', '02'], OBJTYPE: 'FUGR' })),
    on(['SE24'], p('S_DEVELOP', { ACTVT: ['01', '02'], OBJTYPE: 'CLAS' })),
    on(['SE11'], p('S_DEVELOP', { ACTVT: ['01', '02'], OBJTYPE: 'TABL' })),
    on(['SE80'], p('S_DEVELOP', { ACTVT: ['01', '02'], OBJTYPE: ['PROG', 'FUGR', 'CLAS'] })),
  ),
  fn(
    'FN_BC_TRANSPORT_IMPORT',
    'BC',
    'Import transport requests',
    on(['STMS', 'STMS_IMPORT'], p('S_CTS_ADMI', { CTS_ADMFCT: ['IMPA', 'IMPS'] })),
  ),
  fn(
    'FN_BC_TRANSPORT_RELEASE',
    'BC',
    'Release transport requests',
    on(['SE09', 'SE10', 'SE01'], p('S_TRANSPRT', { ACTVT: '43' })),
  ),
  fn('FN_BC_RFC_DEST', 'BC', 'Maintain RFC destinations', on(['SM59'], p('S_RFC_ADM', { ACTVT: ['01', '02', '06'] }))),
  fn(
    'FN_BC_RFC_ANY',
    'BC',
    'Call any remote-enabled function module',
    withoutActions(p('S_RFC', { ACTVT: '16', RFC_TYPE: ['FUGR', 'FUNC'], RFC_NAME: '*' })),
  ),
  fn(
    'FN_BC_TRUSTED_RFC',
    'BC',
    'Log on through trusted RFC as any user of any system',
    withoutActions(p('S_RFCACL', { RFC_SYSID: '*', RFC_CLIENT: '*', RFC_USER: '*' })),
  ),
  fn(
    'FN_BC_TABLE_MAINT_ALL',
    'BC',
    'Maintain every table through the table maintenance tools',
    on(['SM30', 'SM31', 'SM34', 'SE16N'], p('S_TABU_DIS', { ACTVT: '02', DICBERCLS: '*' })),
  ),
  fn(
    'FN_BC_TABLE_DISPLAY_ALL',
    'BC',
    'Display the contents of every table',
    on(['SE16', 'SE16N', 'SE17', 'SM30'], p('S_TABU_DIS', { ACTVT: '03', DICBERCLS: '*' })),
  ),
  fn(
    'FN_BC_TABLE_MAINT_BY_NAME',
    'BC',
    'Maintain every table by table name',
    on(['SM30', 'SM31', 'SE16N'], p('S_TABU_NAM', { ACTVT: '02', TABLE: '*' })),
  ),
  fn(
    'FN_BC_CROSS_CLIENT',
    'BC',
    'Maintain cross-client tables',
    on(['SM30', 'SM31'], p('S_TABU_DIS', { ACTVT: '02', DICBERCLS: '*' }), p('S_TABU_CLI', { CLIIDMAINT: 'X' })),
  ),
  fn(
    'FN_BC_CLIENT_OPEN',
    'BC',
    'Change client settings (open the client for changes)',
    on(['SCC4'], p('S_TABU_DIS', { ACTVT: '02', DICBERCLS: 'SS' }), p('S_TABU_CLI', { CLIIDMAINT: 'X' })),
  ),
  fn('FN_BC_CLIENT_ADMIN', 'BC', 'Copy or delete clients', on(['SCC5', 'SCCL', 'SCC9'])),
  fn(
    'FN_BC_SYSTEM_CHANGE',
    'BC',
    'Change the system change option',
    on(['SE06', 'SE03'], p('S_CTS_ADMI', { CTS_ADMFCT: 'SYSC' })),
  ),
  fn(
    'FN_BC_DEBUG_CHANGE',
    'BC',
    'Debug with replace (change variables and program flow)',
    withoutActions(p('S_DEVELOP', { OBJTYPE: 'DEBUG', ACTVT: '02' })),
  ),
  fn(
    'FN_BC_DEBUG_DISPLAY',
    'BC',
    'Debug in display mode',
    withoutActions(p('S_DEVELOP', { OBJTYPE: 'DEBUG', ACTVT: '03' })),
  ),
  fn(
    'FN_BC_REPORT_ANY',
    'BC',
    'Execute any report online or in background',
    on(['SA38', 'SE38'], p('S_PROGRAM', { P_ACTION: ['SUBMIT', 'BTCSUBMIT'], P_GROUP: '*' })),
  ),
  fn(
    'FN_BC_ADMIN_ALL',
    'BC',
    'Every system administration function',
    withoutActions(p('S_ADMI_FCD', { S_ADMI_FCD: '*' })),
  ),
  fn(
    'FN_BC_JOB_ADMIN',
    'BC',
    'Administer background jobs of all users',
    on(['SM36', 'SM37'], p('S_BTCH_ADM', { BTCADMIN: 'Y' })),
  ),
  fn(
    'FN_BC_JOB_OTHER_USER',
    'BC',
    'Schedule background jobs under any user',
    on(['SM36', 'SM37'], p('S_BTCH_NAM', { BTCUNAME: '*' })),
  ),
  fn(
    'FN_BC_OS_COMMAND',
    'BC',
    'Define and execute operating system commands',
    on(['SM49', 'SM69'], p('S_LOG_COM', { COMMAND: '*', OPSYSTEM: '*', HOST: '*' })),
  ),
  fn(
    'FN_BC_FILE_ACCESS',
    'BC',
    'Read and write any file on the application server',
    withoutActions(p('S_DATASET', { ACTVT: ['33', '34'], PROGRAM: '*', FILENAME: '*' })),
  ),
  fn('FN_BC_PROFILE_PARAM', 'BC', 'Maintain profile parameters', on(['RZ10', 'RZ11'], p('S_RZL_ADM', { ACTVT: '01' }))),
  fn(
    'FN_BC_AUDIT_LOG_CONFIG',
    'BC',
    'Configure the security audit log',
    on(['SM19', 'RSAU_CONFIG'], p('S_ADMI_FCD', { S_ADMI_FCD: 'AUDA' })),
  ),
  fn(
    'FN_BC_AUDIT_LOG_DELETE',
    'BC',
    'Delete security audit log files',
    on(['SM18', 'RSAU_ADMIN'], p('S_ADMI_FCD', { S_ADMI_FCD: 'AUDD' })),
  ),
  fn('FN_BC_CHANGE_DOC_DELETE', 'BC', 'Delete change documents', withoutActions(p('S_SCD0', { ACTVT: '06' }))),
  fn(
    'FN_BC_TCODE_LOCK',
    'BC',
    'Lock and unlock transactions',
    on(['SM01', 'SM01_DEV', 'SM01_CUS'], p('S_ADMI_FCD', { S_ADMI_FCD: 'TLCK' })),
  ),
  fn(
    'FN_BC_NUMBER_RANGE',
    'BC',
    'Maintain every number range object',
    on(['SNRO', 'SNUM'], p('S_NUMBER', { ACTVT: ['02', '17'], NROBJ: '*' })),
  ),
  fn(
    'FN_BC_SPOOL_ALL',
    'BC',
    'Display the spool requests of other users',
    on(['SP01', 'SP02'], p('S_SPO_ACT', { SPOACTION: ['BASE', 'DISP'], SPOAUTH: '*' })),
  ),
  fn('FN_BC_LOCK_UPDATE_ADMIN', 'BC', 'Delete lock entries and update requests', on(['SM12', 'SM13'])),
];

// ---------------------------------------------------------------------------------------
// Risks

function risk(
  id: string,
  businessProcess: string,
  level: RiskLevel,
  description: string,
  functionIds: string[],
  active = true,
): Risk {
  const type: RiskType = functionIds.length > 1 ? 'SOD' : criticalType(functionIds[0]);
  return { id, description, type, level, businessProcess, active, functionIds };
}

/** A single-function risk is a critical action when its function has no permission lines. */
function criticalType(functionId: string): RiskType {
  const f = functions.find((x) => x.id === functionId);
  return f && f.permissions.length === 0 ? 'CRITICAL_ACTION' : 'CRITICAL_PERMISSION';
}

const risks: Risk[] = [
  // Procure to pay
  risk('P2P001', 'P2P', 'CRITICAL', 'Create a fictitious vendor and pay it through the payment run', [
    'FN_P2P_VENDOR_MAINT',
    'FN_P2P_PAY_RUN',
  ]),
  risk('P2P002', 'P2P', 'HIGH', 'Create a fictitious vendor and pay it with a manual payment', [
    'FN_P2P_VENDOR_MAINT',
    'FN_P2P_PAY_MANUAL',
  ]),
  risk('P2P003', 'P2P', 'CRITICAL', 'Redirect vendor bank details and run the payment', [
    'FN_P2P_VENDOR_BANK',
    'FN_P2P_PAY_RUN',
  ]),
  risk('P2P004', 'P2P', 'HIGH', 'Maintain a vendor and post invoices to it', [
    'FN_P2P_VENDOR_MAINT',
    'FN_P2P_INVOICE_POST',
  ]),
  risk('P2P005', 'P2P', 'HIGH', 'Post a vendor invoice and pay it through the payment run', [
    'FN_P2P_INVOICE_POST',
    'FN_P2P_PAY_RUN',
  ]),
  risk('P2P006', 'P2P', 'HIGH', 'Post a vendor invoice and pay it manually', [
    'FN_P2P_INVOICE_POST',
    'FN_P2P_PAY_MANUAL',
  ]),
  risk('P2P007', 'P2P', 'HIGH', 'Maintain a vendor and order from it', ['FN_P2P_VENDOR_MAINT', 'FN_P2P_PO_MAINT']),
  risk('P2P008', 'P2P', 'HIGH', 'Create a purchase order and approve it', ['FN_P2P_PO_MAINT', 'FN_P2P_PO_RELEASE']),
  risk('P2P009', 'P2P', 'MEDIUM', 'Create a purchase requisition and approve it', [
    'FN_P2P_PR_MAINT',
    'FN_P2P_PR_RELEASE',
  ]),
  risk('P2P010', 'P2P', 'MEDIUM', 'Order goods and confirm their receipt', ['FN_P2P_PO_MAINT', 'FN_P2P_GOODS_RECEIPT']),
  risk('P2P011', 'P2P', 'HIGH', 'Order goods and post the vendor invoice', ['FN_P2P_PO_MAINT', 'FN_P2P_INVOICE_POST']),
  risk('P2P012', 'P2P', 'MEDIUM', 'Confirm a goods receipt and post the matching invoice', [
    'FN_P2P_GOODS_RECEIPT',
    'FN_P2P_INVOICE_POST',
  ]),
  risk('P2P013', 'P2P', 'MEDIUM', 'Post vendor invoices and release them from payment block', [
    'FN_P2P_INVOICE_POST',
    'FN_P2P_INVOICE_RELEASE',
  ]),
  risk('P2P014', 'P2P', 'LOW', 'Set purchasing prices in info records and order at those prices', [
    'FN_P2P_INFO_RECORD',
    'FN_P2P_PO_MAINT',
  ]),
  risk('P2P015', 'P2P', 'HIGH', 'Change bank master data and run the payment', [
    'FN_P2P_BANK_MASTER',
    'FN_P2P_PAY_RUN',
  ]),
  risk('P2P101', 'P2P', 'MEDIUM', 'Mass-change vendor master data', ['FN_P2P_VENDOR_MASS']),

  // Order to cash
  risk('O2C001', 'O2C', 'HIGH', 'Maintain a customer and post or clear its incoming payments', [
    'FN_O2C_CUSTOMER_MAINT',
    'FN_O2C_INCOMING_PAYMENT',
  ]),
  risk('O2C002', 'O2C', 'MEDIUM', 'Maintain a customer and take its sales orders', [
    'FN_O2C_CUSTOMER_MAINT',
    'FN_O2C_SALES_ORDER',
  ]),
  risk('O2C003', 'O2C', 'HIGH', 'Enter sales orders and grant credit memos', [
    'FN_O2C_SALES_ORDER',
    'FN_O2C_CREDIT_MEMO',
  ]),
  risk('O2C004', 'O2C', 'HIGH', 'Raise a customer credit limit and take its sales orders', [
    'FN_O2C_CREDIT_LIMIT',
    'FN_O2C_SALES_ORDER',
  ]),
  risk('O2C005', 'O2C', 'MEDIUM', 'Change sales prices and enter sales orders', [
    'FN_O2C_PRICING',
    'FN_O2C_SALES_ORDER',
  ]),
  risk('O2C006', 'O2C', 'MEDIUM', 'Change sales prices and bill customers', ['FN_O2C_PRICING', 'FN_O2C_BILLING']),
  risk('O2C007', 'O2C', 'LOW', 'Enter sales orders and ship goods', ['FN_O2C_SALES_ORDER', 'FN_O2C_DELIVERY']),
  risk('O2C008', 'O2C', 'MEDIUM', 'Bill customers and post their payments', [
    'FN_O2C_BILLING',
    'FN_O2C_INCOMING_PAYMENT',
  ]),
  risk('O2C009', 'O2C', 'HIGH', 'Maintain a customer and grant it credit memos', [
    'FN_O2C_CUSTOMER_MAINT',
    'FN_O2C_CREDIT_MEMO',
  ]),

  // Record to report
  risk('R2R001', 'R2R', 'MEDIUM', 'Create G/L accounts and post to them', ['FN_R2R_GL_MASTER', 'FN_R2R_GL_POST']),
  risk('R2R002', 'R2R', 'HIGH', 'Reopen closed posting periods and post into them', [
    'FN_R2R_PERIOD_MAINT',
    'FN_R2R_GL_POST',
  ]),
  risk('R2R003', 'R2R', 'MEDIUM', 'Park documents and post the parked documents', [
    'FN_R2R_PARK',
    'FN_R2R_POST_PARKED',
  ]),
  risk('R2R004', 'R2R', 'HIGH', 'Maintain house bank accounts and run the payment', [
    'FN_R2R_HOUSE_BANK',
    'FN_P2P_PAY_RUN',
  ]),
  risk('R2R005', 'R2R', 'MEDIUM', 'Change exchange rates and post journal entries', [
    'FN_R2R_FX_RATES',
    'FN_R2R_GL_POST',
  ]),
  risk('R2R101', 'R2R', 'CRITICAL', 'Reset transaction data or delete master data of a company code', [
    'FN_R2R_RESET_DATA',
  ]),

  // Fixed assets
  risk('FA001', 'FA', 'MEDIUM', 'Create assets and post their acquisition or retirement', [
    'FN_FA_ASSET_MASTER',
    'FN_FA_ASSET_POST',
  ]),
  risk('FA002', 'FA', 'LOW', 'Post asset transactions and run depreciation', [
    'FN_FA_ASSET_POST',
    'FN_FA_DEPRECIATION',
  ]),

  // Inventory
  risk('INV001', 'INV', 'HIGH', 'Enter physical inventory counts and post the differences', [
    'FN_INV_PHYS_COUNT',
    'FN_INV_POST_DIFF',
  ]),
  risk('INV002', 'INV', 'MEDIUM', 'Change material valuation and post goods movements', [
    'FN_INV_MATERIAL_VAL',
    'FN_INV_GOODS_MOVEMENT',
  ]),
  risk('INV003', 'INV', 'HIGH', 'Move stock and write off the resulting inventory differences', [
    'FN_INV_GOODS_MOVEMENT',
    'FN_INV_POST_DIFF',
  ]),

  // Hire to retire
  risk('HR001', 'H2R', 'CRITICAL', 'Change employee bank details and run payroll', [
    'FN_HR_BANK_DATA',
    'FN_HR_PAYROLL_RUN',
  ]),
  risk('HR002', 'H2R', 'HIGH', 'Change employee pay and run payroll', ['FN_HR_PAY_DATA', 'FN_HR_PAYROLL_RUN']),
  risk('HR003', 'H2R', 'HIGH', 'Hire a ghost employee and run payroll', ['FN_HR_HIRE', 'FN_HR_PAYROLL_RUN']),
  risk('HR004', 'H2R', 'MEDIUM', 'Record attendances and absences and run payroll', [
    'FN_HR_TIME_DATA',
    'FN_HR_PAYROLL_RUN',
  ]),
  risk('HR101', 'H2R', 'HIGH', 'Maintain every infotype of every employee', ['FN_HR_ALL_MASTER']),

  // Basis: segregation of duties
  risk('BC001', 'BC', 'CRITICAL', 'Maintain users and maintain the roles given to them', [
    'FN_BC_USER_MAINT',
    'FN_BC_ROLE_MAINT',
  ]),
  risk('BC002', 'BC', 'CRITICAL', 'Develop in production and import transports', [
    'FN_BC_DEVELOP',
    'FN_BC_TRANSPORT_IMPORT',
  ]),
  risk('BC003', 'BC', 'HIGH', "Develop and release one's own transports", ['FN_BC_DEVELOP', 'FN_BC_TRANSPORT_RELEASE']),
  risk('BC004', 'BC', 'HIGH', 'Create users and assign them roles', ['FN_BC_USER_MAINT', 'FN_BC_ROLE_ASSIGN']),
  risk('BC005', 'BC', 'HIGH', 'Redirect RFC destinations and call any function module', [
    'FN_BC_RFC_DEST',
    'FN_BC_RFC_ANY',
  ]),
  risk('BC006', 'BC', 'HIGH', 'Change a role and assign it (to oneself)', ['FN_BC_ROLE_MAINT', 'FN_BC_ROLE_ASSIGN']),

  // Basis: critical actions and permissions
  risk('BC101', 'BC', 'CRITICAL', 'Maintain all tables', ['FN_BC_TABLE_MAINT_ALL']),
  risk('BC102', 'BC', 'MEDIUM', 'Display all tables, personal data included', ['FN_BC_TABLE_DISPLAY_ALL']),
  risk('BC103', 'BC', 'HIGH', 'Maintain all tables by table name', ['FN_BC_TABLE_MAINT_BY_NAME']),
  risk('BC104', 'BC', 'CRITICAL', 'Maintain cross-client tables', ['FN_BC_CROSS_CLIENT']),
  risk('BC105', 'BC', 'CRITICAL', 'Open the client for changes (SCC4)', ['FN_BC_CLIENT_OPEN']),
  risk('BC106', 'BC', 'CRITICAL', 'Change the system change option', ['FN_BC_SYSTEM_CHANGE']),
  risk('BC107', 'BC', 'HIGH', 'Import transports into production', ['FN_BC_TRANSPORT_IMPORT']),
  risk('BC108', 'BC', 'CRITICAL', 'Debug with replace', ['FN_BC_DEBUG_CHANGE']),
  risk('BC109', 'BC', 'MEDIUM', 'Debug in display mode in production', ['FN_BC_DEBUG_DISPLAY']),
  risk('BC110', 'BC', 'CRITICAL', 'Change programs and other repository objects in production', ['FN_BC_DEVELOP']),
  risk('BC111', 'BC', 'HIGH', 'Execute any report', ['FN_BC_REPORT_ANY']),
  risk('BC112', 'BC', 'HIGH', 'Call any function module remotely', ['FN_BC_RFC_ANY']),
  risk('BC113', 'BC', 'CRITICAL', 'Log on through trusted RFC as any user', ['FN_BC_TRUSTED_RFC']),
  risk('BC114', 'BC', 'HIGH', 'Maintain RFC destinations', ['FN_BC_RFC_DEST']),
  risk('BC115', 'BC', 'HIGH', 'Create and change users of every user group', ['FN_BC_USER_MAINT_ALL']),
  risk('BC116', 'BC', 'HIGH', 'Assign any role', ['FN_BC_ROLE_ASSIGN_ALL']),
  risk('BC117', 'BC', 'CRITICAL', 'Assign any profile directly, SAP_ALL included', ['FN_BC_PROFILE_ASSIGN_ALL']),
  risk('BC118', 'BC', 'HIGH', 'Maintain roles, profiles and authorisations', ['FN_BC_ROLE_PROFILE_MAINT']),
  risk('BC119', 'BC', 'CRITICAL', 'Every system administration function', ['FN_BC_ADMIN_ALL']),
  risk('BC120', 'BC', 'MEDIUM', 'Administer background jobs of all users', ['FN_BC_JOB_ADMIN']),
  risk('BC121', 'BC', 'HIGH', 'Run background jobs under another user', ['FN_BC_JOB_OTHER_USER']),
  risk('BC122', 'BC', 'CRITICAL', 'Execute operating system commands', ['FN_BC_OS_COMMAND']),
  risk('BC123', 'BC', 'HIGH', 'Read and write files on the application server', ['FN_BC_FILE_ACCESS']),
  risk('BC124', 'BC', 'HIGH', 'Maintain profile parameters', ['FN_BC_PROFILE_PARAM']),
  risk('BC125', 'BC', 'HIGH', 'Change the security audit log configuration', ['FN_BC_AUDIT_LOG_CONFIG']),
  risk('BC126', 'BC', 'CRITICAL', 'Delete security audit log files', ['FN_BC_AUDIT_LOG_DELETE']),
  risk('BC127', 'BC', 'HIGH', 'Delete change documents', ['FN_BC_CHANGE_DOC_DELETE']),
  risk('BC128', 'BC', 'MEDIUM', 'Lock and unlock transactions', ['FN_BC_TCODE_LOCK']),
  risk('BC129', 'BC', 'MEDIUM', 'Maintain number ranges', ['FN_BC_NUMBER_RANGE']),
  risk('BC130', 'BC', 'MEDIUM', 'Release transport requests', ['FN_BC_TRANSPORT_RELEASE']),
  risk('BC131', 'BC', 'LOW', "Display other users' spool requests", ['FN_BC_SPOOL_ALL']),
  risk('BC132', 'BC', 'HIGH', 'Reset passwords of every user, administrators included', ['FN_BC_PASSWORD_ALL']),
  risk('BC133', 'BC', 'LOW', 'Reset passwords of business users (helpdesk)', ['FN_BC_PASSWORD_HELPDESK']),
  risk('BC134', 'BC', 'HIGH', 'Copy or delete clients', ['FN_BC_CLIENT_ADMIN']),
  // Kept for customers who want it; too noisy to run by default.
  risk('BC135', 'BC', 'LOW', 'Delete lock entries and update requests', ['FN_BC_LOCK_UPDATE_ADMIN'], false),
];

export const defaultRuleset: Ruleset = { risks, functions };
