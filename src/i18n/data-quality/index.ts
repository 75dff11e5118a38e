/**
 * Messages of the data-quality view of a system period (issue 13 item 4), under
 * segra.data_quality; merged into each catalogue by catalogues.ts. The warnings themselves keep
 * their texts under segra.analysis.data_quality (the period screen shows them too).
 */
const tr = {
  title: 'Veri kalitesi',
  open: 'Veri kalitesi',
  back: 'Sistem dönemlerine dön',
  period: 'Dönem %{name}, tarih %{date}',
  not_imported: 'Bu döneme henüz bir veri dosyası yüklenmedi.',
  load_error: 'Veri kalitesi bilgileri yüklenemedi.',
  warnings_title: 'İçe aktarma uyarıları',
  no_warnings: 'Uyarı yok: içe aktarma veride bir sorun bulmadı.',
  users_title: 'Kapsam içindeki ve dışındaki kullanıcılar',
  scope_note:
    'Varsayılan seçeneklerle bir analizin dönem tarihinde kapsadığı gibi: kilitli, süresi dolmuş ve henüz geçerli olmayan kullanıcılar ile USR02’de bulunmayanlar analiz edilmez.',
  in_scope: 'Kapsam içi',
  out_of_scope: 'Kapsam dışı',
  counts: {
    in_usr02: 'USR02’deki kullanıcılar: %{count}',
    in_scope: 'Kapsam içi: %{count}',
    out_of_scope: 'Kapsam dışı: %{count}',
  },
  reasons: {
    locked: 'Kilitli',
    expired: 'Süresi dolmuş',
    not_yet_valid: 'Henüz geçerli değil',
    missing_from_usr02: 'USR02’de yok',
  },
  filter: {
    scope: 'Kapsam',
    all: 'Tümü',
    reason: 'Neden',
    any_reason: 'Her neden',
    search: 'Kullanıcı ara',
  },
  columns: {
    user: 'Kullanıcı',
    scope: 'Kapsam',
    reasons: 'Nedenler',
    named_in: 'Geçtiği tablolar',
  },
  no_users: 'Kullanıcı yok',
  per_page: 'Sayfa başına satır',
  page_range: '%{from}–%{to} / %{count}',
  tables_title: 'Tablo başına satır sayısı',
  table: 'Tablo',
  rows: 'Satır',
};

const en: typeof tr = {
  title: 'Data quality',
  open: 'Data quality',
  back: 'Back to system periods',
  period: 'Period %{name}, dated %{date}',
  not_imported: 'No extract has been imported into this period yet.',
  load_error: 'The data quality could not be loaded.',
  warnings_title: 'Import warnings',
  no_warnings: 'No warnings: the import found nothing wrong with the data.',
  users_title: 'Users in and out of scope',
  scope_note:
    'As an analysis with the default options scopes them on the period date: locked, expired and not yet valid users, and users missing from USR02, are not analysed.',
  in_scope: 'In scope',
  out_of_scope: 'Out of scope',
  counts: {
    in_usr02: 'Users in USR02: %{count}',
    in_scope: 'In scope: %{count}',
    out_of_scope: 'Out of scope: %{count}',
  },
  reasons: {
    locked: 'Locked',
    expired: 'Expired',
    not_yet_valid: 'Not yet valid',
    missing_from_usr02: 'Missing from USR02',
  },
  filter: {
    scope: 'Scope',
    all: 'All',
    reason: 'Reason',
    any_reason: 'Any reason',
    search: 'Search user',
  },
  columns: {
    user: 'User',
    scope: 'Scope',
    reasons: 'Reasons',
    named_in: 'Named in',
  },
  no_users: 'No users',
  per_page: 'Rows per page',
  page_range: '%{from}–%{to} of %{count}',
  tables_title: 'Rows per table',
  table: 'Table',
  rows: 'Rows',
};

const de: typeof tr = {
  title: 'Datenqualität',
  open: 'Datenqualität',
  back: 'Zurück zu den Systemperioden',
  period: 'Periode %{name} zum %{date}',
  not_imported: 'In diese Periode wurde noch kein Extrakt importiert.',
  load_error: 'Die Datenqualität konnte nicht geladen werden.',
  warnings_title: 'Importwarnungen',
  no_warnings: 'Keine Warnungen: Der Import fand nichts Auffälliges in den Daten.',
  users_title: 'Benutzer im und außerhalb des Umfangs',
  scope_note:
    'So, wie eine Analyse mit den Standardoptionen sie zum Periodendatum eingrenzt: Gesperrte, abgelaufene und noch nicht gültige Benutzer sowie Benutzer, die in USR02 fehlen, werden nicht analysiert.',
  in_scope: 'Im Umfang',
  out_of_scope: 'Außerhalb des Umfangs',
  counts: {
    in_usr02: 'Benutzer in USR02: %{count}',
    in_scope: 'Im Umfang: %{count}',
    out_of_scope: 'Außerhalb: %{count}',
  },
  reasons: {
    locked: 'Gesperrt',
    expired: 'Abgelaufen',
    not_yet_valid: 'Noch nicht gültig',
    missing_from_usr02: 'Fehlt in USR02',
  },
  filter: {
    scope: 'Umfang',
    all: 'Alle',
    reason: 'Grund',
    any_reason: 'Jeder Grund',
    search: 'Benutzer suchen',
  },
  columns: {
    user: 'Benutzer',
    scope: 'Umfang',
    reasons: 'Gründe',
    named_in: 'Genannt in',
  },
  no_users: 'Keine Benutzer',
  per_page: 'Zeilen pro Seite',
  page_range: '%{from}–%{to} von %{count}',
  tables_title: 'Zeilen je Tabelle',
  table: 'Tabelle',
  rows: 'Zeilen',
};

export const dataQualityMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: { data_quality: tr } },
  en: { segra: { data_quality: en } },
  de: { segra: { data_quality: de } },
};
