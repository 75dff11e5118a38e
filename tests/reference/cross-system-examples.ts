/**
 * Hand-made multi-system landscapes for rule 18 with the findings worked out by hand from the
 * rule's text (each case says which bullet it exercises). The reference is checked against
 * them (reference-cross-system.test.ts) and so is `segra analyze` (tests/cli/
 * cross-system-examples.test.ts). Nothing here evaluates anything.
 *
 * `sources` is given only where every function of the finding is met in one system, so that
 * rule 11's sources are fixed whatever system the engine picks when several meet a function.
 */
import type { AnalysisOptions, HolderLevel } from '../../engine/model/index.ts';
import {
  D_MINUS_1,
  extract,
  inst,
  opts,
  PAY,
  p2pRuleset,
  perm,
  payFunctionLines,
  ruleset,
  tcodes,
  VENDOR,
  vendorFunctionLines,
  type LineOpts,
} from './fixture.ts';
import type { CrossFunctionAction, CrossLandscape, CrossPermissionLine } from './reference-cross-system.ts';

export interface ExpectedFinding {
  level: HolderLevel;
  id: string;
  riskId: string;
  cross: '' | 'X';
  /** functionId → the SIDs in which the holder meets it. */
  metIn?: Record<string, string[]>;
  /** The CSV's SOURCES items. */
  sources?: string[];
  /** The CSV's FUNCTIONS items (`FUNCTION_ID:ACTION`). */
  functions?: string[];
  /** The CSV's ORG_VALUES items (`BUKRS=1000`). */
  orgValues?: string[];
}

export interface CrossExample {
  name: string;
  landscape: CrossLandscape;
  options: AnalysisOptions;
  expected: ExpectedFinding[];
}

/** A FUNCTION_ACTIONS row bound to a system. */
export const actionAt = (system: string, action: string, active = true): CrossFunctionAction => ({ action, active, system });
/** A FUNCTION_PERMISSIONS line bound to a system. */
export const permAt = (system: string, action: string, object: string, field: string, low: string, o: LineOpts = {}): CrossPermissionLine => ({
  ...perm(action, object, field, low, o),
  system,
});

/** P2P01 (FN_VEND + FN_PAY) and CA_PAY (FN_PAY alone), no SYSTEM column filled. */
const p2p = () => p2pRuleset().risk('CA_PAY', ['FN_PAY'], { type: 'CRITICAL_ACTION' }).build();

const USER = 'USER' as const;
const ROLE = 'ROLE' as const;
const PROFILE = 'PROFILE' as const;

const personsByBname: CrossExample = {
  name: 'bullet 2: the same BNAME is one person; functions met in different systems make a CROSS_SYSTEM finding',
  landscape: {
    systems: [
      { sid: 'ERP', extract: extract().users('U1', 'U3').role('Z_VEND', ...VENDOR).role('Z_PAY', ...PAY).assign('U1', 'Z_VEND').assign('U3', 'Z_VEND').assign('U3', 'Z_PAY').build() },
      { sid: 'CRM', extract: extract().users('U1', 'U3', 'U4').role('Z_PAY', ...PAY).assign('U1', 'Z_PAY').assign('U3', 'Z_PAY').assign('U4', 'Z_PAY').build() },
    ],
    ruleset: p2p(),
    userMap: [],
  },
  options: opts(),
  expected: [
    { level: ROLE, id: 'CRM/Z_PAY', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/'], functions: ['FN_PAY:F110'] },
    { level: ROLE, id: 'ERP/Z_PAY', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['ERP'] }, sources: ['ERP/'] },
    { level: USER, id: 'U1', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/R:Z_PAY'] },
    {
      level: USER,
      id: 'U1',
      riskId: 'P2P01',
      cross: 'X',
      metIn: { FN_VEND: ['ERP'], FN_PAY: ['CRM'] },
      sources: ['ERP/R:Z_VEND', 'CRM/R:Z_PAY'],
      functions: ['FN_VEND:FK02', 'FN_PAY:F110'],
    },
    // U3 meets both functions in ERP: not cross-system, although CRM meets FN_PAY too.
    { level: USER, id: 'U3', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['ERP', 'CRM'] } },
    { level: USER, id: 'U3', riskId: 'P2P01', cross: '', metIn: { FN_VEND: ['ERP'], FN_PAY: ['ERP', 'CRM'] } },
    { level: USER, id: 'U4', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/R:Z_PAY'] },
  ],
};

const lockedLandscape: CrossLandscape = {
  systems: [
    { sid: 'ERP', extract: extract().user('U2', { uflag: 64 }).user('U5').role('Z_VEND', ...VENDOR).assign('U2', 'Z_VEND').assign('U5', 'Z_VEND').build() },
    { sid: 'CRM', extract: extract().user('U2').user('U5', { to: D_MINUS_1 }).role('Z_PAY', ...PAY).assign('U2', 'Z_PAY').assign('U5', 'Z_PAY').build() },
  ],
  ruleset: p2p(),
  userMap: [],
};

const lockedInOneSystem: CrossExample = {
  name: 'bullet 2: a user locked in ERP (or expired in CRM) is out of scope there only; the person is met with what is left',
  landscape: lockedLandscape,
  options: opts(),
  expected: [
    { level: ROLE, id: 'CRM/Z_PAY', riskId: 'CA_PAY', cross: '', sources: ['CRM/'] },
    { level: USER, id: 'U2', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/R:Z_PAY'] },
  ],
};

const lockedIncluded: CrossExample = {
  name: 'bullet 2: with includeLocked the locked ERP user counts, and the person meets P2P01 across systems',
  landscape: lockedLandscape,
  options: opts({ includeLocked: true }),
  expected: [
    { level: ROLE, id: 'CRM/Z_PAY', riskId: 'CA_PAY', cross: '' },
    { level: USER, id: 'U2', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] } },
    { level: USER, id: 'U2', riskId: 'P2P01', cross: 'X', metIn: { FN_VEND: ['ERP'], FN_PAY: ['CRM'] }, sources: ['ERP/R:Z_VEND', 'CRM/R:Z_PAY'] },
  ],
};

const userMapping: CrossExample = {
  name: 'bullet 2: the user map joins JSMITH (ERP) and SMITHJ (CRM) as JOHN; JSMITH in CRM, not mapped, is another person; rows naming nobody change nothing',
  landscape: {
    systems: [
      { sid: 'ERP', extract: extract().users('JSMITH').role('Z_VEND', ...VENDOR).assign('JSMITH', 'Z_VEND').build() },
      { sid: 'CRM', extract: extract().users('SMITHJ', 'JSMITH').role('Z_PAY', ...PAY).assign('SMITHJ', 'Z_PAY').assign('JSMITH', 'Z_PAY').build() },
    ],
    ruleset: p2p(),
    userMap: [
      { system: 'ERP', bname: 'JSMITH', person: 'JOHN' },
      { system: 'CRM', bname: 'SMITHJ', person: 'JOHN' },
      { system: 'HR', bname: 'JSMITH', person: 'NOBODY' },
      { system: 'ERP', bname: 'GHOST', person: 'GHOSTP' },
    ],
  },
  options: opts(),
  expected: [
    { level: ROLE, id: 'CRM/Z_PAY', riskId: 'CA_PAY', cross: '' },
    { level: USER, id: 'JOHN', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/R:Z_PAY'] },
    { level: USER, id: 'JOHN', riskId: 'P2P01', cross: 'X', metIn: { FN_VEND: ['ERP'], FN_PAY: ['CRM'] }, sources: ['ERP/R:Z_VEND', 'CRM/R:Z_PAY'] },
    { level: USER, id: 'JSMITH', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/R:Z_PAY'] },
  ],
};

/** FK02 is bound to ERP; its permission line is function-wide and any-system. */
const boundVendorRuleset = () =>
  ruleset()
    .fn('FN_VEND', [actionAt('ERP', 'FK02')], [perm('', 'F_LFA1_APP', 'ACTVT', '02')])
    .fn('FN_PAY', ['F110'], payFunctionLines())
    .risk('P2P01', ['FN_VEND', 'FN_PAY'], { type: 'SOD' })
    .risk('CA_VEND', ['FN_VEND'], { type: 'CRITICAL_ACTION' })
    .risk('CA_PAY', ['FN_PAY'], { type: 'CRITICAL_ACTION' })
    .build();

/** CRM's extract of boundToOtherSystem: U1 holds FK02 and the vendor permission, and F110. */
export const crmWithVendorAndPay = () =>
  extract().users('U1').role('Z_VEND_C', ...VENDOR).role('Z_PAY', ...PAY).assign('U1', 'Z_VEND_C').assign('U1', 'Z_PAY').build();

const boundToOtherSystem: CrossExample = {
  name: 'bullet 1, the weightiest reading: FN_VEND, whose only action is bound to ERP, is not met in CRM (no fall back to its permission lines alone)',
  landscape: {
    systems: [
      { sid: 'ERP', extract: extract().users('U2').role('Z_VEND', ...VENDOR).assign('U2', 'Z_VEND').build() },
      { sid: 'CRM', extract: crmWithVendorAndPay() },
    ],
    ruleset: boundVendorRuleset(),
    userMap: [],
  },
  options: opts(),
  expected: [
    { level: ROLE, id: 'CRM/Z_PAY', riskId: 'CA_PAY', cross: '', sources: ['CRM/'] },
    { level: ROLE, id: 'ERP/Z_VEND', riskId: 'CA_VEND', cross: '', sources: ['ERP/'], functions: ['FN_VEND:FK02'] },
    { level: USER, id: 'U1', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] } },
    { level: USER, id: 'U2', riskId: 'CA_VEND', cross: '', metIn: { FN_VEND: ['ERP'] }, sources: ['ERP/R:Z_VEND'] },
  ],
};

const boundLines: CrossExample = {
  name: 'bullet 1: a permission line bound to ERP counts only in ERP; a function without actions is met on its lines of the system',
  landscape: {
    systems: [
      { sid: 'ERP', extract: extract().users('U1').role('Z_T', tcodes('F110'), inst('S_USER_GRP', { ACTVT: '02', CLASS: 'OTHER' })).assign('U1', 'Z_T').build() },
      { sid: 'CRM', extract: extract().users('U2').role('Z_T', tcodes('F110'), inst('S_USER_GRP', { ACTVT: '02', CLASS: 'OTHER' })).assign('U2', 'Z_T').build() },
    ],
    ruleset: ruleset()
      .fn('FN_PAY', ['F110'], [permAt('ERP', 'F110', 'F_REGU_BUK', 'FBTCH', '21')])
      .fn('FN_ADM', [], [perm('', 'S_USER_GRP', 'ACTVT', '02'), permAt('ERP', '', 'S_USER_GRP', 'CLASS', 'SUPER')])
      .risk('CA_PAY', ['FN_PAY'], { type: 'CRITICAL_ACTION' })
      .risk('CP_ADM', ['FN_ADM'], { type: 'CRITICAL_PERMISSION' })
      .build(),
    userMap: [],
  },
  options: opts(),
  expected: [
    { level: ROLE, id: 'CRM/Z_T', riskId: 'CA_PAY', cross: '', sources: ['CRM/'] },
    { level: ROLE, id: 'CRM/Z_T', riskId: 'CP_ADM', cross: '', sources: ['CRM/'], functions: ['FN_ADM:'] },
    { level: USER, id: 'U2', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/R:Z_T'], functions: ['FN_PAY:F110'] },
    { level: USER, id: 'U2', riskId: 'CP_ADM', cross: '', metIn: { FN_ADM: ['CRM'] }, sources: ['CRM/R:Z_T'], functions: ['FN_ADM:'] },
  ],
};

const perSystemRows: CrossExample = {
  name: 'bullet 1: F110 listed once per system (active in ERP, inactive in CRM); an action bound to HR (not analysed) never counts; an action bound to SRM where the person has no user',
  landscape: {
    systems: [
      {
        sid: 'ERP',
        extract: extract()
          .users('U7', 'U8')
          .role('Z_PAY', ...PAY)
          .role('Z_VEND', ...VENDOR)
          .role('Z_REL', tcodes('ME29N'))
          .role('Z_X', tcodes('XK99'))
          .assign('U7', 'Z_PAY')
          .assign('U7', 'Z_VEND')
          .assign('U7', 'Z_REL')
          .assign('U7', 'Z_X')
          .assign('U8', 'Z_VEND')
          .assign('U8', 'Z_X')
          .build(),
      },
      { sid: 'CRM', extract: extract().users('U7', 'U9').role('Z_REL', tcodes('ME29N')).role('Z_PAY', ...PAY).assign('U7', 'Z_REL').assign('U9', 'Z_PAY').build() },
      { sid: 'SRM', extract: extract().users('U8').role('Z_REL', tcodes('ME29N')).assign('U8', 'Z_REL').build() },
    ],
    ruleset: ruleset()
      .fn('FN_PAY', [actionAt('ERP', 'F110'), actionAt('CRM', 'F110', false)], payFunctionLines())
      .fn('FN_X', [actionAt('HR', 'XK99')])
      .fn('FN_REL', [actionAt('SRM', 'ME29N')])
      .fn('FN_VEND', ['FK02', 'XK02'], vendorFunctionLines())
      .risk('CA_PAY', ['FN_PAY'], { type: 'CRITICAL_ACTION' })
      .risk('CA_X', ['FN_X'], { type: 'CRITICAL_ACTION' })
      .risk('REL01', ['FN_VEND', 'FN_REL'], { type: 'SOD' })
      .build(),
    userMap: [],
  },
  options: opts(),
  expected: [
    { level: ROLE, id: 'ERP/Z_PAY', riskId: 'CA_PAY', cross: '', sources: ['ERP/'] },
    { level: USER, id: 'U7', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['ERP'] }, sources: ['ERP/R:Z_PAY'] },
    {
      level: USER,
      id: 'U8',
      riskId: 'REL01',
      cross: 'X',
      metIn: { FN_VEND: ['ERP'], FN_REL: ['SRM'] },
      sources: ['ERP/R:Z_VEND', 'SRM/R:Z_REL'],
      functions: ['FN_VEND:FK02', 'FN_REL:ME29N'],
    },
  ],
};

/** FN_VB and FN_PB check BUKRS; ORG01 is org-level on BUKRS, PLAIN01 the same functions without. */
const orgLandscape: CrossLandscape = {
  systems: [
    {
      sid: 'ERP',
      extract: extract()
        .users('U1', 'U2')
        .role('Z_VB', tcodes('FK02'), inst('F_LFA1_BUK', { ACTVT: '02', BUKRS: '1000' }))
        .role('Z_PB', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: '1000' }))
        .assign('U1', 'Z_VB')
        .assign('U2', 'Z_VB')
        .assign('U2', 'Z_PB')
        .build(),
    },
    { sid: 'CRM', extract: extract().users('U1').role('Z_PB', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: '1000' })).assign('U1', 'Z_PB').build() },
  ],
  ruleset: ruleset()
    .fn('FN_VB', ['FK02'], [perm('FK02', 'F_LFA1_BUK', 'ACTVT', '02')])
    .fn('FN_PB', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21')])
    .risk('ORG01', ['FN_VB', 'FN_PB'], { type: 'SOD', org: ['BUKRS'] })
    .risk('PLAIN01', ['FN_VB', 'FN_PB'], { type: 'SOD' })
    .build(),
  userMap: [],
};

const orgWithinOneSystem: CrossExample = {
  name: 'bullet 2: an org-level risk is met only within one system, even when the org values agree across systems',
  landscape: orgLandscape,
  options: opts(),
  expected: [
    { level: USER, id: 'U1', riskId: 'PLAIN01', cross: 'X', metIn: { FN_VB: ['ERP'], FN_PB: ['CRM'] }, sources: ['ERP/R:Z_VB', 'CRM/R:Z_PB'], orgValues: [] },
    { level: USER, id: 'U2', riskId: 'ORG01', cross: '', metIn: { FN_VB: ['ERP'], FN_PB: ['ERP'] }, sources: ['ERP/R:Z_VB', 'ERP/R:Z_PB'], orgValues: ['BUKRS=1000'] },
    { level: USER, id: 'U2', riskId: 'PLAIN01', cross: '', metIn: { FN_VB: ['ERP'], FN_PB: ['ERP'] }, orgValues: [] },
  ],
};

const orgAtActionLevel: CrossExample = {
  name: 'READING (rule 15 + 18): at action level ORG_FIELDS are ignored, so ORG01 combines across systems like any risk',
  landscape: orgLandscape,
  options: opts({ level: 'action' }),
  expected: [
    { level: USER, id: 'U1', riskId: 'ORG01', cross: 'X', metIn: { FN_VB: ['ERP'], FN_PB: ['CRM'] }, orgValues: [] },
    { level: USER, id: 'U1', riskId: 'PLAIN01', cross: 'X', metIn: { FN_VB: ['ERP'], FN_PB: ['CRM'] } },
    { level: USER, id: 'U2', riskId: 'ORG01', cross: '' },
    { level: USER, id: 'U2', riskId: 'PLAIN01', cross: '' },
  ],
};

const rolesAndProfiles: CrossExample = {
  name: 'bullet 3: role and profile levels per system as SID/NAME (the same role name in two systems twice), composite roles, profiles and a reference user; paths start with SID/',
  landscape: {
    systems: [
      {
        sid: 'ERP',
        extract: extract()
          .users('U1', 'U6')
          .profile('ZP_VEND', ...VENDOR)
          .profile('ZP_PAY', ...PAY)
          .assignProfile('U1', 'ZP_VEND')
          .assignProfile('U6', 'ZP_PAY')
          .role('Z_ALL', ...VENDOR, ...PAY)
          .build(),
      },
      {
        sid: 'CRM',
        extract: extract()
          .users('U1')
          .user('REFU', { ustyp: 'L' })
          .refUser('U1', 'REFU')
          .role('Z_ALL', ...PAY)
          .role('Z_V2', ...VENDOR)
          .role('Z_P2', ...PAY)
          .composite('Z_COMP', 'Z_V2', 'Z_P2')
          .assign('REFU', 'Z_P2')
          .build(),
      },
    ],
    ruleset: p2p(),
    userMap: [],
  },
  options: opts(),
  expected: [
    { level: PROFILE, id: 'ERP/ZP_PAY', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['ERP'] }, sources: ['ERP/'] },
    { level: ROLE, id: 'CRM/Z_ALL', riskId: 'CA_PAY', cross: '', sources: ['CRM/'] },
    { level: ROLE, id: 'CRM/Z_COMP', riskId: 'CA_PAY', cross: '', sources: ['CRM/R:Z_P2'] },
    { level: ROLE, id: 'CRM/Z_COMP', riskId: 'P2P01', cross: '', sources: ['CRM/R:Z_V2', 'CRM/R:Z_P2'] },
    { level: ROLE, id: 'CRM/Z_P2', riskId: 'CA_PAY', cross: '', sources: ['CRM/'] },
    { level: ROLE, id: 'ERP/Z_ALL', riskId: 'CA_PAY', cross: '', sources: ['ERP/'] },
    { level: ROLE, id: 'ERP/Z_ALL', riskId: 'P2P01', cross: '', sources: ['ERP/'] },
    { level: USER, id: 'REFU', riskId: 'CA_PAY', cross: '', sources: ['CRM/R:Z_P2'] },
    { level: USER, id: 'U1', riskId: 'CA_PAY', cross: '', metIn: { FN_PAY: ['CRM'] }, sources: ['CRM/U:REFU>R:Z_P2'] },
    { level: USER, id: 'U1', riskId: 'P2P01', cross: 'X', metIn: { FN_VEND: ['ERP'], FN_PAY: ['CRM'] }, sources: ['ERP/P:ZP_VEND', 'CRM/U:REFU>R:Z_P2'] },
    { level: USER, id: 'U6', riskId: 'CA_PAY', cross: '', sources: ['ERP/P:ZP_PAY'] },
  ],
};

export const CROSS_EXAMPLES: readonly CrossExample[] = [
  personsByBname,
  lockedInOneSystem,
  lockedIncluded,
  userMapping,
  boundToOtherSystem,
  boundLines,
  perSystemRows,
  orgWithinOneSystem,
  orgAtActionLevel,
  rolesAndProfiles,
];

/**
 * Bullet 4: one system without SID. The SYSTEM columns are ignored, so FK02 (bound to ERP)
 * counts and FN_VEND is met; IDs and paths are today's, and there is no CROSS_SYSTEM column.
 */
export const SINGLE_SYSTEM_EXAMPLE: CrossExample = {
  name: 'bullet 4: a single system without SID ignores the SYSTEM columns and gives today\'s output',
  landscape: { systems: [{ sid: null, extract: crmWithVendorAndPay() }], ruleset: boundVendorRuleset(), userMap: [] },
  options: opts(),
  expected: [
    { level: ROLE, id: 'Z_PAY', riskId: 'CA_PAY', cross: '', sources: [''] },
    { level: ROLE, id: 'Z_VEND_C', riskId: 'CA_VEND', cross: '', sources: [''] },
    { level: USER, id: 'U1', riskId: 'CA_PAY', cross: '', sources: ['R:Z_PAY'] },
    { level: USER, id: 'U1', riskId: 'CA_VEND', cross: '', sources: ['R:Z_VEND_C'] },
    { level: USER, id: 'U1', riskId: 'P2P01', cross: '', sources: ['R:Z_VEND_C', 'R:Z_PAY'] },
  ],
};
