import type { Ruleset } from '../engine/model/ruleset.ts';
import type { CsvWriter } from './csv-writer.ts';
import { OBJECT_FIELDS } from './sap-catalogue.ts';

export interface ProfileWriters {
  composite: CsvWriter;
  single: CsvWriter;
  values: CsvWriter;
}

/** One authorisation (UST10S → UST12): object, name and field values (VON/BIS pairs). */
interface Authorisation {
  object: string;
  auth: string;
  fields: [field: string, values: (string | [string, string])[]][];
}

const MANDT = '100';

function full(object: string, auth: string): Authorisation {
  return { object, auth, fields: (OBJECT_FIELDS[object] ?? ['ACTVT']).map((f) => [f, ['*']]) };
}

/**
 * The manually maintained profiles of the landscape (SAP standard ones and a custom one),
 * written to UST10C, UST10S and UST12. Generated role profiles are not written there: the
 * analysis reads roles from AGR_1251 and ignores generated profiles (DESIGN 5.3).
 */
export async function writeManualProfiles(ruleset: Ruleset, w: ProfileWriters): Promise<string[]> {
  const singles = new Map<string, Authorisation[]>();
  const composites = new Map<string, string[]>();
  const written = new Set<string>();

  // SAP_ALL: a composite of sub-profiles holding every object in full ('&_SAP_ALL').
  const objects = new Set<string>(Object.keys(OBJECT_FIELDS));
  for (const f of ruleset.functions) for (const p of f.permissions) objects.add(p.object);
  objects.delete('S_RFCACL');
  const all = [...objects].sort();
  const parts = 3;
  const subs: string[] = [];
  for (let i = 0; i < parts; i++) {
    const name = `SAP_ALL_${String(i + 1).padStart(2, '0')}`;
    subs.push(name);
    singles.set(
      name,
      all.filter((_, k) => k % parts === i).map((o) => full(o, '&_SAP_ALL')),
    );
  }
  composites.set('SAP_ALL', subs);

  // SAP_NEW: release-delta sub-profiles with the new objects of each release.
  composites.set('SAP_NEW', ['SAP_NEW_756', 'SAP_NEW_757', 'SAP_NEW_758']);
  singles.set('SAP_NEW_756', [
    {
      object: 'S_START',
      auth: 'S_NEW_756',
      fields: [
        ['AUTHPGMID', ['*']],
        ['AUTHOBJTYP', ['*']],
        ['AUTHOBJNAM', ['*']],
      ],
    },
  ]);
  singles.set('SAP_NEW_757', [
    {
      object: 'S_SERVICE',
      auth: 'S_NEW_757',
      fields: [
        ['SRV_NAME', ['*']],
        ['SRV_TYPE', ['*']],
      ],
    },
  ]);
  singles.set('SAP_NEW_758', [full('S_APPL_LOG', 'S_NEW_758'), full('S_BDS_DS', 'S_NEW_758')]);

  // S_A.SYSTEM: the system administrator's profile.
  singles.set(
    'S_A.SYSTEM',
    [
      'S_ADMI_FCD',
      'S_TABU_DIS',
      'S_TABU_CLI',
      'S_TABU_NAM',
      'S_USER_GRP',
      'S_USER_AGR',
      'S_USER_PRO',
      'S_USER_AUT',
      'S_BTCH_ADM',
      'S_BTCH_NAM',
      'S_BTCH_JOB',
      'S_CTS_ADMI',
      'S_TRANSPRT',
      'S_RZL_ADM',
      'S_LOG_COM',
      'S_DATASET',
      'S_SPO_ACT',
      'S_SPO_DEV',
      'S_RFC',
      'S_RFC_ADM',
      'S_NUMBER',
      'S_PROGRAM',
      'S_SCD0',
      'S_ENQUE',
      'S_TCODE',
    ].map((o) => full(o, 'S_A.SYSTEM')),
  );
  // S_A.DEVELOP: development tools in full, transactions by prefix.
  singles.set('S_A.DEVELOP', [
    full('S_DEVELOP', 'S_A.DEVELOP'),
    full('S_TRANSPRT', 'S_A.DEVELOP'),
    full('S_PROGRAM', 'S_A.DEVELOP'),
    { object: 'S_TCODE', auth: 'S_A.DEVELOP', fields: [['TCD', ['SE*', 'SA38', 'ST22', ['SM30', 'SM31']]]] },
    {
      object: 'S_TABU_DIS',
      auth: 'S_A.DEVELOP',
      fields: [
        ['ACTVT', ['03']],
        ['DICBERCLS', ['*']],
      ],
    },
  ]);
  singles.set('S_A.TMSADM', [
    { object: 'S_CTS_ADMI', auth: 'S_A.TMSADM', fields: [['CTS_ADMFCT', ['TABL']]] },
    {
      object: 'S_DATASET',
      auth: 'S_A.TMSADM',
      fields: [
        ['ACTVT', ['33', '34']],
        ['PROGRAM', ['SAPLTMSU', 'SAPLTMSC']],
        ['FILENAME', ['*']],
      ],
    },
    {
      object: 'S_RFC',
      auth: 'S_A.TMSADM',
      fields: [
        ['ACTVT', ['16']],
        ['RFC_TYPE', ['FUGR']],
        ['RFC_NAME', ['TMSC', 'TMSU', 'SYST', 'SRFC']],
      ],
    },
  ]);
  singles.set('S_A.CPIC', [
    {
      object: 'S_RFC',
      auth: 'S_A.CPIC',
      fields: [
        ['ACTVT', ['16']],
        ['RFC_TYPE', ['FUGR']],
        ['RFC_NAME', ['SYST', 'SRFC', 'RFC1']],
      ],
    },
  ]);
  singles.set('S_TOOLS_EX_A', [{ object: 'S_TOOLS_EX', auth: 'S_TOOLS_EX_A', fields: [['AUTH', ['S_TOOLS_EX_A']]] }]);
  singles.set('S_A.USER', [
    { object: 'S_GUI', auth: 'S_A.USER', fields: [['ACTVT', ['*']]] },
    { object: 'S_SPO_DEV', auth: 'S_A.USER', fields: [['SPODEVICE', ['*']]] },
    { object: 'S_TCODE', auth: 'S_A.USER', fields: [['TCD', ['SU3', 'SU53', 'SBWP']]] },
  ]);
  // A customer profile for interface users, still assigned manually.
  singles.set('Z_RFC_ALL', [
    {
      object: 'S_RFC',
      auth: 'Z_RFC_ALL',
      fields: [
        ['ACTVT', ['16']],
        ['RFC_TYPE', ['*']],
        ['RFC_NAME', ['*']],
      ],
    },
  ]);

  for (const [name, children] of composites) {
    for (const c of children) w.composite.row([MANDT, name, c, 'A']);
  }
  for (const [name, auths] of singles) {
    for (const a of auths) {
      w.single.row([MANDT, name, a.object, a.auth, 'A']);
      const key = `${a.object}|${a.auth}`;
      if (written.has(key)) continue;
      written.add(key);
      for (const [field, values] of a.fields) {
        for (const v of values) {
          const [von, bis] = typeof v === 'string' ? [v, ''] : v;
          w.values.row([MANDT, a.object, a.auth, field, von, bis, 'A']);
        }
      }
    }
  }
  // A maintenance version (AKTPS = P) of the custom profile, not yet activated.
  w.single.row([MANDT, 'Z_RFC_ALL', 'S_RFC', 'Z_RFC_ALL_P', 'P']);
  for (const [field, von] of [
    ['ACTVT', '16'],
    ['RFC_TYPE', 'FUGR'],
    ['RFC_NAME', 'Z*'],
  ]) {
    w.values.row([MANDT, 'S_RFC', 'Z_RFC_ALL_P', field, von, '', 'P']);
  }
  return [...composites.keys(), ...singles.keys()];
}
