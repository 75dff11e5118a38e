/**
 * Business-task role templates (personas.ts says who gets them). A template's authorisations come from
 * the default ruleset's functions (so users who combine roles really meet SoD risks) plus
 * literal authorisations and the display "noise" every real role carries.
 */

export type Module = 'FI' | 'MM' | 'SD' | 'CO' | 'HR' | 'BC';

export interface AuthValue {
  low: string;
  high: string;
}
/** A field's values: `'X'`, `['A', 'B']`, or ranges as `{ low, high }`. */
export type FieldValues = string | (string | AuthValue)[];

export interface LiteralInstance {
  object: string;
  fields: Record<string, FieldValues>;
  /** Written with DELETED = 'X' (an authorisation switched off in PFCG). */
  deleted?: boolean;
}

export interface FunctionUse {
  fn: string;
  /** Actions of the function the role menu holds; all active ones when absent. */
  actions?: string[];
  /** `OBJECT.FIELD` → values replacing the generated ones. */
  overrides?: Record<string, FieldValues>;
  /** Display variant: activities become display ones (negative tests). */
  display?: boolean;
}

export interface RoleTemplate {
  key: string;
  text: string;
  module: Module;
  /** Derived per company code from a master (imparting) role. */
  org: boolean;
  uses: FunctionUse[];
  /** Extra S_TCODE values: tcodes, prefixes (`F*`) or ranges. */
  tcodes?: (string | AuthValue)[];
  /** Authorisations kept apart from the function-built ones (never merged with them). */
  instances?: LiteralInstance[];
  /** Relative size of the display noise; 1 = average. */
  noise: number;
  /** Grants every object of the ruleset in full (emergency access). */
  everything?: boolean;
}

const r = (low: string, high: string): AuthValue => ({ low, high });

export const ROLE_TEMPLATES: RoleTemplate[] = [
  // ---- Finance (derived per company code)
  {
    key: 'FI_AP_CLERK',
    text: 'Accounts payable clerk',
    module: 'FI',
    org: true,
    noise: 1.2,
    uses: [
      { fn: 'FN_P2P_INVOICE_POST', actions: ['FB60', 'F-43', 'MIRO'] },
      { fn: 'FN_R2R_PARK', actions: ['FV60'] },
      { fn: 'FN_P2P_PAY_MANUAL', actions: ['F-53'] },
    ],
    tcodes: ['FBL1N', 'FK03', 'FB03', 'MIR4'],
    // Payment-run values taken out when the clerks lost F110; PFCG keeps them inactive.
    instances: [{ object: 'F_REGU_BUK', fields: { FBTCH: ['21', '25'], BUKRS: '$BUKRS' }, deleted: true }],
  },
  {
    key: 'FI_AP_PAYMENTS',
    text: 'Accounts payable payments',
    module: 'FI',
    org: true,
    noise: 0.8,
    uses: [
      { fn: 'FN_P2P_PAY_RUN', actions: ['F110'] },
      { fn: 'FN_P2P_PAY_MANUAL', actions: ['F-53', 'F-58'] },
    ],
    tcodes: ['FCHN', 'FBL1N'],
  },
  {
    key: 'FI_AP_MASTERDATA',
    text: 'Vendor master data (accounting)',
    module: 'FI',
    org: true,
    noise: 0.7,
    uses: [
      { fn: 'FN_P2P_VENDOR_MAINT', actions: ['FK01', 'FK02'] },
      { fn: 'FN_P2P_VENDOR_BANK', actions: ['FK02'] },
    ],
    tcodes: ['FK03', 'XK03'],
  },
  {
    key: 'FI_AR_CLERK',
    text: 'Accounts receivable clerk',
    module: 'FI',
    org: true,
    noise: 1.1,
    uses: [{ fn: 'FN_O2C_INCOMING_PAYMENT', actions: ['F-28', 'F-32', 'FB05'] }],
    tcodes: ['FBL5N', 'FD03', 'FD10N'],
  },
  {
    key: 'FI_AR_MASTERDATA',
    text: 'Customer master data (accounting)',
    module: 'FI',
    org: true,
    noise: 0.7,
    uses: [{ fn: 'FN_O2C_CUSTOMER_MAINT', actions: ['FD01', 'FD02'] }],
    tcodes: ['FD03', 'XD03'],
  },
  {
    key: 'FI_CREDIT_MGMT',
    text: 'Credit management',
    module: 'FI',
    org: true,
    noise: 0.6,
    uses: [{ fn: 'FN_O2C_CREDIT_LIMIT', actions: ['FD32', 'UKM_BP'] }],
    tcodes: ['FD33', 'VKM4'],
  },
  {
    key: 'FI_GL_ACCOUNTANT',
    text: 'General ledger accountant',
    module: 'FI',
    org: true,
    noise: 1.3,
    uses: [
      { fn: 'FN_R2R_GL_POST', actions: ['FB50', 'F-02', 'FB01'] },
      { fn: 'FN_R2R_PARK', actions: ['FV50'] },
      { fn: 'FN_R2R_POST_PARKED' },
    ],
    tcodes: ['FBL3N', 'FS10N', 'FAGLL03', 'FB02'],
  },
  {
    key: 'FI_GL_MASTERDATA',
    text: 'G/L account master data',
    module: 'FI',
    org: true,
    noise: 0.6,
    uses: [{ fn: 'FN_R2R_GL_MASTER', actions: ['FS00', 'FSS0'] }],
  },
  {
    key: 'FI_GL_CLOSING',
    text: 'Period-end closing',
    module: 'FI',
    org: true,
    noise: 0.9,
    uses: [{ fn: 'FN_R2R_PERIOD_MAINT' }, { fn: 'FN_R2R_POST_PARKED' }, { fn: 'FN_R2R_FX_RATES' }],
    tcodes: ['FBV3', 'F.08'],
  },
  {
    key: 'FI_TREASURY',
    text: 'Treasury and bank accounting',
    module: 'FI',
    org: true,
    noise: 0.8,
    uses: [{ fn: 'FN_R2R_HOUSE_BANK', actions: ['FI12_HBANK'] }, { fn: 'FN_P2P_BANK_MASTER' }],
    tcodes: ['FI03'],
  },
  {
    key: 'FI_ASSET_ACCOUNTANT',
    text: 'Asset accountant',
    module: 'FI',
    org: true,
    noise: 0.9,
    uses: [{ fn: 'FN_FA_ASSET_POST', actions: ['ABZON', 'ABAVN', 'F-90'] }],
    tcodes: ['AS03', 'AW01N', 'AR01'],
  },
  {
    key: 'FI_ASSET_MASTERDATA',
    text: 'Asset master data',
    module: 'FI',
    org: true,
    noise: 0.6,
    uses: [{ fn: 'FN_FA_ASSET_MASTER', actions: ['AS01', 'AS02', 'AS11'] }],
    tcodes: ['AS03'],
  },
  {
    key: 'FI_ASSET_CLOSING',
    text: 'Asset closing',
    module: 'FI',
    org: true,
    noise: 0.5,
    uses: [{ fn: 'FN_FA_DEPRECIATION', actions: ['AFAB'] }],
    instances: [{ object: 'A_PERI_BUK', fields: { AM_ACT_PER: ['10', '20'], BUKRS: '$BUKRS' } }],
  },
  {
    key: 'FI_DISPLAY',
    text: 'Finance display',
    module: 'FI',
    org: true,
    noise: 1.6,
    // Payment run and vendor change transactions with display values only (reference §4 negative tests).
    uses: [
      { fn: 'FN_P2P_PAY_RUN', actions: ['F110'], display: true },
      { fn: 'FN_P2P_VENDOR_MAINT', actions: ['FK02'], display: true },
      { fn: 'FN_R2R_GL_POST', actions: ['FB01'], display: true },
      // Broad table display through SE16N: the classic finding of finance display roles.
      { fn: 'FN_BC_TABLE_DISPLAY_ALL', actions: ['SE16N'] },
    ],
  },

  // ---- Materials management
  {
    key: 'MM_PURCHASER',
    text: 'Purchaser',
    module: 'MM',
    org: true,
    noise: 1.3,
    uses: [
      { fn: 'FN_P2P_PO_MAINT', actions: ['ME21N', 'ME22N'], overrides: { 'M_BEST_BSA.BSART': ['NB', 'ZNB', 'FO'] } },
      { fn: 'FN_P2P_INFO_RECORD', actions: ['ME12'] },
    ],
    tcodes: ['ME23N', 'ME2L', 'ME2M', 'ME9F'],
    instances: [
      { object: 'M_BEST_EKO', fields: { ACTVT: ['01', '02', '03'], EKORG: '$EKORG' } },
      { object: 'M_BEST_WRK', fields: { ACTVT: ['01', '02', '03'], WERKS: '$WERKS' } },
    ],
  },
  {
    key: 'MM_PO_APPROVER',
    text: 'Purchase order approver',
    module: 'MM',
    org: true,
    noise: 0.7,
    uses: [{ fn: 'FN_P2P_PO_RELEASE', overrides: { 'M_EINK_FRG.FRGCO': ['02', '03'], 'M_EINK_FRG.FRGGR': ['01'] } }],
    tcodes: ['ME23N', 'ME2N'],
  },
  {
    key: 'MM_REQUISITIONER',
    text: 'Requisitioner',
    module: 'MM',
    org: true,
    noise: 0.6,
    uses: [{ fn: 'FN_P2P_PR_MAINT', overrides: { 'M_BANF_BSA.BSART': ['NB', 'ZNB'] } }],
    tcodes: ['ME53N', 'ME5A'],
    instances: [{ object: 'M_BANF_WRK', fields: { ACTVT: ['01', '02', '03'], WERKS: '$WERKS' } }],
  },
  {
    key: 'MM_PR_APPROVER',
    text: 'Purchase requisition approver',
    module: 'MM',
    org: true,
    noise: 0.5,
    uses: [{ fn: 'FN_P2P_PR_RELEASE', overrides: { 'M_EINK_FRG.FRGCO': ['01'], 'M_EINK_FRG.FRGGR': ['02'] } }],
    tcodes: ['ME53N'],
  },
  {
    key: 'MM_VENDOR_MASTER',
    text: 'Vendor master data (purchasing)',
    module: 'MM',
    org: true,
    noise: 0.7,
    uses: [{ fn: 'FN_P2P_VENDOR_MAINT', actions: ['MK01', 'MK02'] }, { fn: 'FN_P2P_INFO_RECORD' }],
    tcodes: ['MK03', 'XK02', 'XK03', 'ME13'],
    // Purchasing change and accounting display in separate instances: "change vendor (FI)"
    // through XK02 only in union mode (reference §4).
    instances: [
      { object: 'F_LFA1_APP', fields: { ACTVT: '03', APPKZ: 'F' } },
      { object: 'F_LFA1_BUK', fields: { ACTVT: ['02', '03'], BUKRS: '$BUKRS' } },
    ],
  },
  {
    key: 'MM_GOODS_RECEIPT',
    text: 'Goods receipt',
    module: 'MM',
    org: true,
    noise: 0.9,
    uses: [{ fn: 'FN_P2P_GOODS_RECEIPT', actions: ['MIGO', 'MIGO_GR'] }],
    tcodes: ['MB03', 'MB51', 'MMBE'],
  },
  {
    key: 'MM_INVOICE_VERIFICATION',
    text: 'Logistics invoice verification',
    module: 'MM',
    org: true,
    noise: 0.9,
    uses: [{ fn: 'FN_P2P_INVOICE_POST', actions: ['MIRO'] }, { fn: 'FN_P2P_INVOICE_RELEASE' }],
    tcodes: ['MIR4', 'MIR5'],
  },
  {
    key: 'MM_INVENTORY_COUNTER',
    text: 'Physical inventory counting',
    module: 'MM',
    org: true,
    noise: 0.6,
    uses: [{ fn: 'FN_INV_PHYS_COUNT' }],
    tcodes: ['MI01', 'MI03', 'MI24'],
    instances: [{ object: 'M_ISEG_WIB', fields: { ACTVT: ['01', '03'], WERKS: '$WERKS' } }],
  },
  {
    key: 'MM_INVENTORY_MANAGER',
    text: 'Physical inventory differences',
    module: 'MM',
    org: true,
    noise: 0.5,
    uses: [{ fn: 'FN_INV_POST_DIFF' }],
    tcodes: ['MI03', 'MI24'],
  },
  {
    key: 'MM_WAREHOUSE_CLERK',
    text: 'Warehouse goods movements',
    module: 'MM',
    org: true,
    noise: 1,
    uses: [
      {
        fn: 'FN_INV_GOODS_MOVEMENT',
        actions: ['MIGO', 'MIGO_GI', 'MIGO_TR'],
        overrides: { 'M_MSEG_BWA.BWART': [r('201', '299'), '311', '541'] },
      },
    ],
    tcodes: ['MB51', 'MB52', 'MMBE'],
  },
  {
    key: 'MM_MATERIAL_MASTER',
    text: 'Material master data (logistics views)',
    module: 'MM',
    org: true,
    noise: 0.8,
    tcodes: ['MM01', 'MM02', 'MM03'],
    uses: [],
    instances: [
      { object: 'M_MATE_STA', fields: { ACTVT: ['01', '02', '03'], STATM: ['K', 'E', 'D', 'L', 'V', 'S'] } },
      { object: 'M_MATE_WRK', fields: { ACTVT: ['01', '02', '03'], WERKS: '$WERKS' } },
      { object: 'M_MATE_MAR', fields: { ACTVT: ['01', '02', '03'], BEGRU: ["' '", 'ZM01'] } },
    ],
  },
  { key: 'MM_DISPLAY', text: 'Logistics display', module: 'MM', org: true, noise: 1.5, uses: [] },

  // ---- Controlling
  {
    key: 'CO_CONTROLLER',
    text: 'Cost centre controller',
    module: 'CO',
    org: true,
    noise: 1.2,
    uses: [],
    tcodes: ['KS01', 'KS02', 'KP06', 'KB11N'],
    instances: [
      { object: 'K_CSKS', fields: { ACTVT: ['01', '02', '03'], KOKRS: '$KOKRS', KOSTL: '*' } },
      { object: 'K_CSKB', fields: { ACTVT: '03', KOKRS: '$KOKRS', KSTAR: '*' } },
    ],
  },
  {
    key: 'CO_PRODUCT_COSTING',
    text: 'Product costing and material prices',
    module: 'CO',
    org: true,
    noise: 0.8,
    uses: [{ fn: 'FN_INV_MATERIAL_VAL', actions: ['MM02', 'MR21'], overrides: { 'M_MATE_STA.STATM': ['B', 'G'] } }],
    tcodes: ['CK13N', 'MM03'],
  },

  // ---- Sales and distribution
  {
    key: 'SD_SALES_REP',
    text: 'Sales order entry',
    module: 'SD',
    org: true,
    noise: 1.2,
    uses: [
      { fn: 'FN_O2C_SALES_ORDER', overrides: { 'V_VBAK_AAT.AUART': ['TA', 'ZTA', 'KB', 'KE'] } },
      { fn: 'FN_O2C_DELIVERY', actions: ['VL01N'] },
    ],
    tcodes: ['VA03', 'VA05'],
  },
  {
    key: 'SD_SALES_BACKOFFICE',
    text: 'Sales back office',
    module: 'SD',
    org: true,
    noise: 1,
    uses: [{ fn: 'FN_O2C_SALES_ORDER', overrides: { 'V_VBAK_AAT.AUART': '*' } }],
    tcodes: ['VA03', 'VA05', 'V.02'],
  },
  {
    key: 'SD_CUSTOMER_MASTER',
    text: 'Customer master data (sales)',
    module: 'SD',
    org: true,
    noise: 0.7,
    uses: [{ fn: 'FN_O2C_CUSTOMER_MAINT', actions: ['VD01', 'VD02', 'XD02'] }],
    tcodes: ['VD03', 'XD03'],
  },
  {
    key: 'SD_PRICING',
    text: 'Pricing conditions',
    module: 'SD',
    org: true,
    noise: 0.6,
    uses: [{ fn: 'FN_O2C_PRICING', overrides: { 'V_KONH_VKS.KSCHL': ['PR00', 'K004', 'K005', 'K007', 'ZPR0'] } }],
    tcodes: ['VK13'],
  },
  {
    key: 'SD_BILLING',
    text: 'Billing',
    module: 'SD',
    org: true,
    noise: 0.9,
    uses: [{ fn: 'FN_O2C_BILLING', overrides: { 'V_VBRK_FKA.FKART': ['F2', 'F8', 'S1', 'L2'] } }],
    tcodes: ['VF03', 'VF05', 'VF31'],
  },
  {
    key: 'SD_CREDIT_MEMO',
    text: 'Credit and debit memos',
    module: 'SD',
    org: true,
    noise: 0.5,
    uses: [{ fn: 'FN_O2C_CREDIT_MEMO', actions: ['VA01', 'VF01'] }],
    tcodes: ['VA03', 'VF03'],
    instances: [
      { object: 'V_VBAK_VKO', fields: { ACTVT: ['01', '03'], VKORG: '$VKORG', VTWEG: '$VTWEG', SPART: '$SPART' } },
    ],
  },
  {
    key: 'SD_SHIPPING',
    text: 'Shipping',
    module: 'SD',
    org: true,
    noise: 0.8,
    // Shipping staff adjust sales orders (dates, quantities) themselves.
    uses: [
      { fn: 'FN_O2C_DELIVERY' },
      { fn: 'FN_O2C_SALES_ORDER', actions: ['VA02'], overrides: { 'V_VBAK_AAT.AUART': ['TA', 'ZTA'] } },
    ],
    tcodes: ['VL03N', 'VL06O', 'VA03'],
  },
  { key: 'SD_DISPLAY', text: 'Sales display', module: 'SD', org: true, noise: 1.4, uses: [] },

  // ---- Human resources (personnel area = company code)
  {
    key: 'HR_PERSONNEL_ADMIN',
    text: 'Personnel administration',
    module: 'HR',
    org: true,
    noise: 0.8,
    uses: [{ fn: 'FN_HR_HIRE' }],
    tcodes: ['PA20', 'PA30'],
    instances: [
      {
        object: 'P_ORGIN',
        fields: {
          INFTY: ['0001', '0002', '0006', '0007', '0105'],
          SUBTY: '*',
          AUTHC: ['R', 'W'],
          PERSA: '$PERSA',
          PERSG: '*',
          PERSK: '*',
          VDSK1: '*',
        },
      },
    ],
  },
  {
    key: 'HR_TIME_ADMIN',
    text: 'Time administration',
    module: 'HR',
    org: true,
    noise: 0.6,
    uses: [{ fn: 'FN_HR_TIME_DATA', actions: ['PA61'] }],
    tcodes: ['PA51', 'PT50'],
  },
  {
    key: 'HR_PAYROLL_ADMIN',
    text: 'Payroll administration',
    module: 'HR',
    org: true,
    noise: 0.7,
    uses: [{ fn: 'FN_HR_PAYROLL_RUN', actions: ['PC00_M99_CALC', 'PC00_M01_CALC'] }],
    tcodes: ['PA20'],
    instances: [
      {
        object: 'P_ORGIN',
        fields: {
          INFTY: ['0001', '0008', '0009', '0014'],
          SUBTY: '*',
          AUTHC: 'R',
          PERSA: '$PERSA',
          PERSG: '*',
          PERSK: '*',
          VDSK1: '*',
        },
      },
    ],
  },
  {
    key: 'HR_PAYROLL_DATA',
    text: 'Pay data maintenance',
    module: 'HR',
    org: true,
    noise: 0.5,
    uses: [{ fn: 'FN_HR_PAY_DATA' }],
    tcodes: ['PA20'],
  },
  {
    key: 'HR_BANK_DATA',
    text: 'Employee bank details',
    module: 'HR',
    org: true,
    noise: 0.4,
    uses: [{ fn: 'FN_HR_BANK_DATA' }],
    tcodes: ['PA20'],
  },

  // ---- Cross-company roles (no derivation)
  {
    key: 'FI_KEY_USER',
    text: 'Finance key user',
    module: 'FI',
    org: false,
    noise: 1.5,
    uses: [],
    tcodes: ['F*', 'FB*'],
    instances: [
      { object: 'F_BKPF_BUK', fields: { ACTVT: '*', BUKRS: '*' } },
      { object: 'F_BKPF_KOA', fields: { ACTVT: '*', KOART: '*' } },
      { object: 'F_LFA1_APP', fields: { ACTVT: '*', APPKZ: '*' } },
      { object: 'F_LFA1_BUK', fields: { ACTVT: '*', BUKRS: '*' } },
      { object: 'F_KNA1_APP', fields: { ACTVT: ['01', '02', '03'], APPKZ: 'F' } },
      { object: 'F_KNA1_BUK', fields: { ACTVT: ['01', '02', '03'], BUKRS: '*' } },
      { object: 'F_REGU_BUK', fields: { FBTCH: '*', BUKRS: '*' } },
      { object: 'F_SKA1_BUK', fields: { ACTVT: ['01', '02', '03'], BUKRS: '*' } },
      { object: 'F_BNKA_MAN', fields: { ACTVT: '03' } },
      { object: 'F_BNKA_BUK', fields: { ACTVT: ['01', '02', '03'], BUKRS: '*' } },
    ],
  },
  {
    key: 'MM_KEY_USER',
    text: 'Procurement key user',
    module: 'MM',
    org: false,
    noise: 1.5,
    uses: [],
    tcodes: [r('ME21N', 'ME29N'), 'MIGO*', 'MK01', 'MK02', 'ME51N', 'ME52N', 'ME54N', 'MIRO'],
    instances: [
      { object: 'M_BEST_BSA', fields: { ACTVT: '*', BSART: '*' } },
      { object: 'M_EINK_FRG', fields: { FRGGR: '*', FRGCO: '*' } },
      { object: 'M_BANF_BSA', fields: { ACTVT: '*', BSART: '*' } },
      { object: 'M_MSEG_BWE', fields: { ACTVT: ['01', '02', '03'], BWART: '*' } },
      { object: 'M_MSEG_WWE', fields: { ACTVT: ['01', '02', '03'], WERKS: '*' } },
      { object: 'M_RECH_WRK', fields: { ACTVT: '*', WERKS: '*' } },
      { object: 'F_LFA1_APP', fields: { ACTVT: ['01', '02', '03'], APPKZ: 'M' } },
    ],
  },
  {
    key: 'SD_KEY_USER',
    text: 'Sales key user',
    module: 'SD',
    org: false,
    noise: 1.5,
    uses: [],
    tcodes: ['VA0*', 'VF0*', 'VL0*', 'VK11', 'VK12', 'XD02', 'VD02'],
    instances: [
      { object: 'V_VBAK_AAT', fields: { ACTVT: '*', AUART: '*' } },
      { object: 'V_VBAK_VKO', fields: { ACTVT: '*', VKORG: '*', VTWEG: '*', SPART: '*' } },
      { object: 'V_VBRK_FKA', fields: { ACTVT: '*', FKART: '*' } },
      { object: 'V_LIKP_VST', fields: { ACTVT: '*', VSTEL: '*' } },
      { object: 'V_KONH_VKS', fields: { ACTVT: ['01', '02', '03'], KSCHL: '*' } },
      { object: 'F_KNA1_APP', fields: { ACTVT: ['01', '02', '03'], APPKZ: ['F', 'V'] } },
      { object: 'F_KNA1_BUK', fields: { ACTVT: ['01', '02', '03'], BUKRS: '*' } },
      { object: 'V_KNA1_VKO', fields: { ACTVT: ['01', '02', '03'], VKORG: '*', VTWEG: '*', SPART: '*' } },
    ],
  },
  {
    key: 'BC_END_USER',
    text: 'Basic authorisations for every user',
    module: 'BC',
    org: false,
    noise: 0.5,
    uses: [],
    tcodes: ['SU3', 'SU53', 'SBWP', 'SO01', 'SMEN', '/UI2/FLP'],
    instances: [
      { object: 'S_GUI', fields: { ACTVT: ['02', '04', '60', '61'] } },
      { object: 'S_SPO_ACT', fields: { SPOACTION: ['BASE', 'DISP'], SPOAUTH: '__USER__' } },
      { object: 'S_SPO_DEV', fields: { SPODEVICE: ['LOCL', 'FRONT', 'PDF1'] } },
      { object: 'S_ALV_LAYO', fields: { ACTVT: '23' } },
      {
        object: 'S_RFC',
        fields: {
          ACTVT: '16',
          RFC_TYPE: 'FUGR',
          RFC_NAME: ['SYST', 'RFC1', 'SDIFRUNTIME', 'SUNI', 'SOI1', '/UI2/CHIP', '/UI2/PAGE_BUILDER'],
        },
      },
      { object: 'S_BDS_DS', fields: { ACTVT: '03', CLASSNAME: 'SAPFIORI*', CLASSTYPE: 'OT' } },
    ],
  },
  {
    key: 'HR_ESS',
    text: 'Employee self-service',
    module: 'HR',
    org: false,
    noise: 0.4,
    uses: [],
    tcodes: [],
    instances: [
      {
        object: 'P_PERNR',
        fields: {
          AUTHC: ['R', 'E', 'S'],
          PSIGN: 'I',
          INFTY: ['0002', '0006', '0009', '0105', '2001', '2006'],
          SUBTY: '*',
        },
      },
      {
        object: 'S_START',
        fields: {
          AUTHPGMID: 'R3TR',
          AUTHOBJTYP: 'WDYA',
          AUTHOBJNAM: ['HRESS_A_PERSINFO', 'HRESS_A_PAYSLIP', 'HRESS_A_LEAVE_REQUEST'],
        },
      },
    ],
  },
  {
    key: 'BC_BASIS_ADMIN',
    text: 'Basis administration',
    module: 'BC',
    org: false,
    noise: 1.2,
    uses: [
      { fn: 'FN_BC_RFC_DEST' },
      { fn: 'FN_BC_TRANSPORT_IMPORT' },
      { fn: 'FN_BC_JOB_ADMIN' },
      { fn: 'FN_BC_OS_COMMAND' },
      { fn: 'FN_BC_PROFILE_PARAM' },
      { fn: 'FN_BC_TABLE_MAINT_ALL', actions: ['SM30', 'SM31'] },
      { fn: 'FN_BC_CLIENT_OPEN' },
      { fn: 'FN_BC_SYSTEM_CHANGE' },
      { fn: 'FN_BC_LOCK_UPDATE_ADMIN' },
      { fn: 'FN_BC_SPOOL_ALL' },
    ],
    tcodes: ['SM50', 'SM51', 'SM66', 'ST22', 'SM21', 'AL11', 'DB02', 'RZ20', 'ST06'],
    instances: [
      {
        object: 'S_ADMI_FCD',
        fields: { S_ADMI_FCD: ['ST0R', 'ST0M', 'SP01', 'SPAD', 'NADM', 'PADM', 'SM21', 'UNIX'] },
      },
      { object: 'S_RZL_ADM', fields: { ACTVT: ['01', '03'] } },
    ],
  },
  {
    key: 'BC_BASIS_OPERATOR',
    text: 'Basis monitoring',
    module: 'BC',
    org: false,
    noise: 1,
    uses: [],
    tcodes: ['SM37', 'SM12', 'SM13', 'SM21', 'SM50', 'ST22', 'SM58', 'ST03N', 'AL08', 'SM04'],
    instances: [
      { object: 'S_BTCH_ADM', fields: { BTCADMIN: 'N' } },
      { object: 'S_BTCH_JOB', fields: { JOBACTION: ['RELE', 'SHOW', 'PROT'], JOBGROUP: "' '" } },
      { object: 'S_ADMI_FCD', fields: { S_ADMI_FCD: ['ST0R', 'SM21'] } },
      { object: 'S_ENQUE', fields: { S_ENQ_ACT: 'DISP' } },
      // Removed when the role was last reviewed; kept in PFCG as an inactive authorisation.
      { object: 'S_TABU_DIS', fields: { ACTVT: ['02', '03'], DICBERCLS: '*' }, deleted: true },
    ],
  },
  {
    key: 'BC_SECURITY_ADMIN',
    text: 'User and role administration',
    module: 'BC',
    org: false,
    noise: 0.8,
    uses: [
      { fn: 'FN_BC_USER_MAINT_ALL' },
      { fn: 'FN_BC_ROLE_ASSIGN_ALL', actions: ['SU01', 'PFCG'] },
      { fn: 'FN_BC_ROLE_PROFILE_MAINT' },
      { fn: 'FN_BC_PASSWORD_ALL', actions: ['SU01'] },
    ],
    tcodes: ['SU01D', 'SUIM', 'SU53', 'SU56'],
  },
  {
    key: 'BC_USER_ADMIN',
    text: 'User administration (business users)',
    module: 'BC',
    org: false,
    noise: 0.6,
    uses: [
      { fn: 'FN_BC_USER_MAINT', overrides: { 'S_USER_GRP.CLASS': ['FI', 'CO', 'MM', 'SD', 'LOG', 'HR', 'EXTERN'] } },
      {
        fn: 'FN_BC_ROLE_ASSIGN',
        actions: ['SU01'],
        overrides: {
          'S_USER_GRP.CLASS': ['FI', 'CO', 'MM', 'SD', 'LOG', 'HR', 'EXTERN'],
          'S_USER_AGR.ACT_GROUP': 'Z*',
        },
      },
    ],
    tcodes: ['SU01D', 'SUIM'],
  },
  {
    key: 'BC_HELPDESK',
    text: 'Helpdesk password resets',
    module: 'BC',
    org: false,
    noise: 0.5,
    uses: [{ fn: 'FN_BC_PASSWORD_HELPDESK' }],
    tcodes: ['SU01D', 'SUIM', 'SU53'],
  },
  {
    key: 'BC_DEVELOPER_DISPLAY',
    text: 'Development display in production',
    module: 'BC',
    org: false,
    noise: 1,
    uses: [],
    tcodes: ['SE11', 'SE16', 'SE37', 'SE38', 'SE80', 'SE84', 'SE93', 'ST22', 'SM21', 'ST05'],
    instances: [
      { object: 'S_DEVELOP', fields: { ACTVT: '03', DEVCLASS: '*', OBJTYPE: '*', OBJNAME: '*', P_GROUP: '*' } },
      { object: 'S_TABU_DIS', fields: { ACTVT: '03', DICBERCLS: ['&NC&', 'ZFI1', 'ZMM1', 'ZSD1', 'ZBC1', 'SA'] } },
      { object: 'S_PROGRAM', fields: { P_ACTION: 'SUBMIT', P_GROUP: ['ZBC_MON', 'ZREP_ALL'] } },
    ],
  },
  {
    key: 'BC_DEVELOPER_FULL',
    text: 'Production support developer',
    module: 'BC',
    org: false,
    noise: 0.8,
    uses: [
      { fn: 'FN_BC_DEVELOP' },
      { fn: 'FN_BC_DEBUG_CHANGE' },
      { fn: 'FN_BC_TRANSPORT_RELEASE', actions: ['SE09', 'SE10'] },
    ],
    tcodes: ['SE84', 'SE93', 'ST22'],
  },
  {
    key: 'BC_TRANSPORT_ADMIN',
    text: 'Transport administration',
    module: 'BC',
    org: false,
    noise: 0.6,
    uses: [{ fn: 'FN_BC_TRANSPORT_IMPORT' }, { fn: 'FN_BC_TRANSPORT_RELEASE', actions: ['SE09', 'SE10', 'SE01'] }],
    tcodes: ['SE03'],
  },
  {
    key: 'BC_JOB_ADMIN',
    text: 'Background job administration',
    module: 'BC',
    org: false,
    noise: 0.5,
    uses: [{ fn: 'FN_BC_JOB_ADMIN' }, { fn: 'FN_BC_JOB_OTHER_USER', actions: ['SM36'] }],
  },
  {
    key: 'BC_FIREFIGHTER',
    text: 'Emergency access (firefighter)',
    module: 'BC',
    org: false,
    noise: 0.3,
    uses: [],
    everything: true,
  },
  {
    key: 'AUDIT_DISPLAY',
    text: 'Auditor display access',
    module: 'BC',
    org: false,
    noise: 2,
    uses: [{ fn: 'FN_BC_TABLE_DISPLAY_ALL', actions: ['SE16', 'SE16N', 'SE17'] }],
    tcodes: ['SUIM', 'SU01D', 'SE84', 'SM21', 'ST03N', 'FBL1N', 'FBL3N', 'FBL5N', 'ME2N', 'VA05', 'PA20'],
    instances: [
      { object: 'S_DEVELOP', fields: { ACTVT: '03', DEVCLASS: '*', OBJTYPE: '*', OBJNAME: '*', P_GROUP: '*' } },
      { object: 'S_USER_GRP', fields: { ACTVT: ['03', '08'], CLASS: '*' } },
      { object: 'S_USER_AGR', fields: { ACTVT: ['03', '08'], ACT_GROUP: '*' } },
      { object: 'S_USER_PRO', fields: { ACTVT: ['03', '08'], PROFILE: '*' } },
      { object: 'F_BKPF_BUK', fields: { ACTVT: '03', BUKRS: '*' } },
      { object: 'S_SCD0', fields: { ACTVT: '08' } },
    ],
  },
  {
    key: 'BC_RFC_INTEGRATION',
    text: 'Interface user (restricted RFC)',
    module: 'BC',
    org: false,
    noise: 0.3,
    uses: [],
    tcodes: [],
    instances: [
      {
        object: 'S_RFC',
        fields: {
          ACTVT: '16',
          RFC_TYPE: ['FUGR', 'FUNC'],
          RFC_NAME: [
            'SYST',
            'RFC1',
            'ARFC',
            'ERFC',
            'EDIN',
            'BAPT',
            'MEWP',
            'ZINT_ARIBA',
            'ZINT_BANK',
            'ZINT_CRM',
            '2032',
            '2105',
          ],
        },
      },
      { object: 'B_BUPA_RLT', fields: { ACTVT: '03', RLTYP: '*' } },
      { object: 'F_BKPF_BUK', fields: { ACTVT: ['01', '03'], BUKRS: '*' } },
    ],
  },
  {
    key: 'BC_RFC_ALL',
    text: 'Technical RFC user (all function modules)',
    module: 'BC',
    org: false,
    noise: 0.2,
    uses: [{ fn: 'FN_BC_RFC_ANY', overrides: { 'S_RFC.RFC_TYPE': '*' } }],
  },
  {
    key: 'BC_TRUSTED_RFC',
    text: 'Trusted RFC from Solution Manager',
    module: 'BC',
    org: false,
    noise: 0.1,
    uses: [{ fn: 'FN_BC_TRUSTED_RFC', overrides: { 'S_RFCACL.RFC_EQUSER': 'Y', 'S_RFCACL.ACTVT': '16' } }],
  },
  {
    key: 'BC_BATCH',
    text: 'Background processing user',
    module: 'BC',
    org: false,
    noise: 0.3,
    uses: [],
    tcodes: [],
    instances: [
      { object: 'S_BTCH_JOB', fields: { JOBACTION: ['RELE', 'PROT'], JOBGROUP: "' '" } },
      {
        object: 'S_PROGRAM',
        fields: { P_ACTION: ['SUBMIT', 'BTCSUBMIT'], P_GROUP: ['ZFI_AP', 'ZFI_GL', 'ZMM_INV', 'ZSD_BIL', 'ZBC_ADM'] },
      },
      { object: 'F_BKPF_BUK', fields: { ACTVT: ['01', '02', '03'], BUKRS: '*' } },
      { object: 'F_BKPF_KOA', fields: { ACTVT: ['01', '03'], KOART: '*' } },
      { object: 'S_DATASET', fields: { ACTVT: ['33', '34'], PROGRAM: 'Z*', FILENAME: '/interface/*' } },
    ],
  },
];
