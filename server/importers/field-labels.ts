/**
 * SE16N writes a table's header either with the technical field names or with the field labels
 * of the ABAP Dictionary in the user's logon language (DESIGN 4.1a). These are the labels of
 * the fields Segra reads, per table, in English, German and Turkish: SAP's short and medium
 * field labels and the data elements' short descriptions (as SE16N shows them with "field
 * label" headings), so a download is read whatever the user's settings were. Where SAP gives
 * two fields the same label (AGR_1251 LOW and HIGH are both "Authorization value"), the
 * columns take the fields in table order. See docs/decisions/2026-11-25-sap-export-readers.md.
 */

/** Labels shared by several tables, per field. */
const COMMON: Record<string, readonly string[]> = {
  MANDT: ['Client', 'Client ID', 'Mandant', 'Üst birim', 'Mandant tanıtıcısı'],
  AGR_NAME: ['Role', 'Role Name', 'Rolle', 'Rollenname', 'Name der Rolle', 'Rol', 'Rol adı'],
  BNAME: [
    'User',
    'User Name',
    'User name in user master record',
    'Benutzer',
    'Benutzername',
    'Benutzername im Benutzerstamm',
    'Kullanıcı',
    'Kullanıcı adı',
  ],
  OBJCT: [
    'Object',
    'Authorization Object',
    'Auth. Object',
    'Authorization object',
    'Objekt',
    'Berechtigungsobjekt',
    'Nesne',
    'Yetki nesnesi',
  ],
  AUTH: [
    'Authorization',
    'Authorization Name',
    'Authorization name in user master maintenance',
    'Berechtigung',
    'Berechtigungsname',
    'Yetki',
    'Yetki adı',
  ],
  FIELD: [
    'Field',
    'Field Name',
    'Field name of an authorization',
    'Authorization Field',
    'Feld',
    'Feldname',
    'Berechtigungsfeld',
    'Alan',
    'Alan adı',
    'Yetki alanı',
  ],
  PROFILE: [
    'Profile',
    'Profile Name',
    'Authorization Profile',
    'Profil',
    'Profilname',
    'Berechtigungsprofil',
    'Profil adı',
    'Yetki profili',
  ],
  AKTPS: ['Version', 'Active or Maintenance Version', 'Aktiv- oder Pflegeversion', 'Sürüm', 'Etkin veya bakım sürümü'],
  VALUE: ['Value', 'Authorization Value', 'Authorization value', 'Wert', 'Berechtigungswert', 'Değer', 'Yetki değeri'],
  TCODE: ['Transaction Code', 'Transaction', 'Transaktionscode', 'Transaktion', 'İşlem kodu', 'İşlem'],
};

/** Per table: SAP field → its labels. Fields listed under the same label are taken in this order. */
export const FIELD_LABELS: Record<string, Record<string, readonly string[]>> = {
  USR02: {
    MANDT: COMMON.MANDT,
    BNAME: COMMON.BNAME,
    USTYP: ['User Type', 'Benutzertyp', 'Kullanıcı tipi', 'Kullanıcı türü'],
    UFLAG: [
      'User Lock Status',
      'User Lock',
      'Lock Status',
      'Benutzersperre',
      'Sperrstatus',
      'Kullanıcı kilidi',
      'Kilit durumu',
      'Kullanıcı kilit durumu',
    ],
    GLTGV: [
      'Valid From',
      'User valid from',
      'Gültig ab',
      'Benutzer gültig ab',
      'Geçerlilik başlangıcı',
      'Başlangıç tarihi',
      'Geçerl.baş.',
    ],
    GLTGB: [
      'Valid To',
      'Valid Through',
      'User valid to',
      'Gültig bis',
      'Benutzer gültig bis',
      'Geçerlilik sonu',
      'Bitiş tarihi',
      'Geçerl.sonu',
    ],
    TRDAT: [
      'Last Logon Date',
      'Last Logon',
      'Letztes Anmeldedatum',
      'Letzte Anmeldung',
      'Son oturum açma tarihi',
      'Son oturum açma',
    ],
    CLASS: ['User Group', 'User group for authorization check', 'Benutzergruppe', 'Kullanıcı grubu'],
    CODVN: [
      'Code Version',
      'Password Hash Code Version',
      'Codeversion',
      'Kennwort-Codeversion',
      'Kod sürümü',
      'Parola kod sürümü',
    ],
    PWDSTATE: ['Password Status', 'Kennwortstatus', 'Parola durumu'],
    ERDAT: ['Created On', 'Creation Date', 'Angelegt am', 'Erstellungsdatum', 'Yaratma tarihi', 'Oluşturma tarihi'],
  },
  AGR_USERS: {
    MANDT: COMMON.MANDT,
    AGR_NAME: COMMON.AGR_NAME,
    UNAME: [...COMMON.BNAME, 'User Master Record'],
    FROM_DAT: [
      'Start Date',
      'From Date',
      'Valid From',
      'Date of validity',
      'Beginndatum',
      'Gültig ab',
      'Başlangıç tarihi',
      'Geçerlilik başlangıcı',
    ],
    TO_DAT: [
      'End Date',
      'To Date',
      'Valid To',
      'Date validity ends',
      'Endedatum',
      'Enddatum',
      'Gültig bis',
      'Bitiş tarihi',
      'Geçerlilik sonu',
    ],
  },
  AGR_1251: {
    MANDT: COMMON.MANDT,
    AGR_NAME: COMMON.AGR_NAME,
    OBJECT: [...COMMON.OBJCT, 'Auth. Object in User Master Maintenance'],
    AUTH: COMMON.AUTH,
    FIELD: COMMON.FIELD,
    LOW: COMMON.VALUE,
    HIGH: COMMON.VALUE,
    DELETED: [
      'Deleted',
      'ID whether object is deleted',
      'Gelöscht',
      'Kennzeichen, ob Objekt gelöscht ist',
      'Silindi',
      'Silinmiş',
    ],
  },
  AGR_DEFINE: {
    MANDT: COMMON.MANDT,
    AGR_NAME: COMMON.AGR_NAME,
    PARENT_AGR: [
      'Parent Role',
      'Imparting Role',
      'Name of imparting role',
      'Vorlagerolle',
      'Name der vererbenden Rolle',
      'Üst rol',
      'Aktaran rol',
    ],
  },
  AGR_AGRS: {
    MANDT: COMMON.MANDT,
    AGR_NAME: [...COMMON.AGR_NAME, 'Composite Role', 'Sammelrolle', 'Bileşik rol'],
    CHILD_AGR: ['Single Role', 'Child Role', 'Role in composite role', 'Einzelrolle', 'Tekil rol', 'Alt rol'],
  },
  AGR_1252: {
    MANDT: COMMON.MANDT,
    AGR_NAME: COMMON.AGR_NAME,
    VARBL: [
      'Variable',
      'Organizational Level',
      'Variable for organizational level',
      'Organisationsebene',
      'Değişken',
      'Organizasyon düzeyi',
    ],
    LOW: COMMON.VALUE,
    HIGH: COMMON.VALUE,
  },
  AGR_TEXTS: {
    MANDT: COMMON.MANDT,
    AGR_NAME: COMMON.AGR_NAME,
    TEXT: [
      'Text',
      'Role Description',
      'Short Description',
      'Rollenbeschreibung',
      'Kurzbeschreibung',
      'Metin',
      'Rol tanımı',
      'Kısa tanım',
    ],
  },
  AGR_1016: { MANDT: COMMON.MANDT, AGR_NAME: COMMON.AGR_NAME, PROFILE: COMMON.PROFILE },
  UST04: { MANDT: COMMON.MANDT, BNAME: COMMON.BNAME, PROFILE: COMMON.PROFILE },
  UST10C: {
    MANDT: COMMON.MANDT,
    PROFN: COMMON.PROFILE,
    SUBPROF: [
      'Subprofile',
      'Single Profile',
      'Profile in composite profile',
      'Einzelprofil',
      'Unterprofil',
      'Alt profil',
      'Tekil profil',
    ],
    AKTPS: COMMON.AKTPS,
  },
  UST10S: { MANDT: COMMON.MANDT, PROFN: COMMON.PROFILE, OBJCT: COMMON.OBJCT, AUTH: COMMON.AUTH, AKTPS: COMMON.AKTPS },
  UST12: {
    MANDT: COMMON.MANDT,
    OBJCT: COMMON.OBJCT,
    AUTH: COMMON.AUTH,
    FIELD: COMMON.FIELD,
    VON: [...COMMON.VALUE, 'From', 'Von', 'Başlangıç'],
    BIS: [...COMMON.VALUE, 'To', 'Bis', 'Bitiş'],
    AKTPS: COMMON.AKTPS,
  },
  USREFUS: {
    MANDT: COMMON.MANDT,
    BNAME: COMMON.BNAME,
    REFUSER: ['Reference User', 'Referenzbenutzer', 'Referans kullanıcı', 'Referans kullanıcısı'],
  },
  USR06: {
    MANDT: COMMON.MANDT,
    BNAME: COMMON.BNAME,
    LIC_TYPE: [
      'Contractual User Type',
      'License Type',
      'User Type for Licensing',
      'Vertragsbenutzertyp',
      'Lizenztyp',
      'Sözleşme kullanıcı tipi',
      'Lisans tipi',
    ],
  },
  USER_ADDR: {
    MANDT: COMMON.MANDT,
    BNAME: COMMON.BNAME,
    NAME_FIRST: ['First Name', 'Vorname', 'Ad', 'Adı'],
    NAME_LAST: ['Last Name', 'Nachname', 'Soyadı', 'Soyad'],
    NAME_TEXTC: ['Full Name', 'Complete Name', 'Vollständiger Name', 'Tam ad', 'Tam adı'],
    DEPARTMENT: ['Department', 'Abteilung', 'Bölüm', 'Departman'],
    SMTP_ADDR: ['E-Mail Address', 'Email Address', 'E-Mail-Adresse', 'E-posta adresi'],
  },
  TSTCT: {
    TCODE: COMMON.TCODE,
    TTEXT: ['Transaction Text', 'Transaktionstext', 'İşlem metni', 'İşlem kodu metni'],
  },
  TSTCA: { TCODE: COMMON.TCODE, OBJCT: COMMON.OBJCT, FIELD: COMMON.FIELD, VALUE: COMMON.VALUE },
  CVERS: {
    COMPONENT: ['Software Component', 'Component', 'Softwarekomponente', 'Yazılım bileşeni'],
    RELEASE: ['Release', 'Release of Component', 'Sürüm', 'Yayın'],
    EXTRELEASE: ['Support Package Level', 'Support Package', 'Support-Package-Level', 'Destek paketi düzeyi'],
  },
  T000: {
    MANDT: COMMON.MANDT,
    CCCATEGORY: ['Client Role', 'Client Category', 'Mandantenrolle', 'Üst birim rolü'],
    CCCORACTIV: [
      'Changes and Transports for Client-Specific Objects',
      'Client-Specific Changes',
      'Änderungen und Transporte für mandantenabhängige Objekte',
    ],
    CCNOCLIIND: [
      'Cross-Client Object Changes',
      'Client-Independent Changes',
      'Änderungen an mandantenübergreifenden Objekten',
    ],
  },
};

/** A label as compared: case, Turkish dotted/dotless i, dots, blanks, underscores and hyphens ignored. */
export function normaliseLabel(label: string): string {
  return label
    .normalize('NFC')
    .replace(/İ/g, 'i')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[.\s_-]+/g, ' ')
    .trim();
}

const indexCache = new Map<string, Map<string, string[]>>();

/** For a table: normalised label → the SAP fields it may stand for, in table order. */
export function labelIndex(table: string): Map<string, string[]> {
  let index = indexCache.get(table);
  if (index) return index;
  index = new Map();
  for (const [field, labels] of Object.entries(FIELD_LABELS[table] ?? {})) {
    for (const label of labels) {
      const key = normaliseLabel(label);
      const fields = index.get(key);
      if (!fields) index.set(key, [field]);
      else if (!fields.includes(field)) fields.push(field);
    }
  }
  indexCache.set(table, index);
  return index;
}
