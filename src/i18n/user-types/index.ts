/**
 * SAP user types (USR02-USTYP, contracts/user-types.ts) where users are listed and filtered
 * (issue 27 item 6), under segra.user_type; merged into each catalogue by catalogues.ts. The
 * names are the ones SAP's own screens (SU01) use in each language.
 */
const tr = {
  label: 'Kullanıcı tipi',
  A: 'Diyalog',
  B: 'Sistem',
  C: 'İletişim',
  S: 'Servis',
  L: 'Referans',
  unknown: 'Bilinmiyor',
  all: 'Tüm tipler',
  /** The dashboard's top 10: users with critical or high findings that the chosen types leave out. */
  other_types: 'Seçilen tiplerin dışında kalan, kritik veya yüksek bulgulu kullanıcılar (gösterilmiyor): %{count}',
  none_chosen: 'En az bir kullanıcı tipi seçin',
};

const en: typeof tr = {
  label: 'User type',
  A: 'Dialog',
  B: 'System',
  C: 'Communication',
  S: 'Service',
  L: 'Reference',
  unknown: 'Unknown',
  all: 'All types',
  other_types: 'Users with critical or high findings of other types (not shown): %{count}',
  none_chosen: 'Choose at least one user type',
};

const de: typeof tr = {
  label: 'Benutzertyp',
  A: 'Dialog',
  B: 'System',
  C: 'Kommunikation',
  S: 'Service',
  L: 'Referenz',
  unknown: 'Unbekannt',
  all: 'Alle Typen',
  other_types: 'Benutzer mit kritischen oder hohen Befunden anderer Typen (nicht gezeigt): %{count}',
  none_chosen: 'Wählen Sie mindestens einen Benutzertyp',
};

export const userTypeMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: { user_type: tr } },
  en: { segra: { user_type: en } },
  de: { segra: { user_type: de } },
};
