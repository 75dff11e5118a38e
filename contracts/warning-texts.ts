/**
 * What each input warning code means (DESIGN 4.1a, 4.1b), in the three languages of DESIGN 8:
 * declared once for the screens (src/i18n: segra.analysis.data_quality.codes) and the server's
 * reports (the analysis PDF and the findings xlsx), which cannot import the front end.
 */
import type { WarningCode } from '../engine/model/data-warnings.ts';

type WarningTexts = Readonly<Record<WarningCode, string>>;

const tr: WarningTexts = {
  USER_NOT_IN_USR02: 'Rolü veya profili olup USR02’de bulunmayan kullanıcılar (analiz edilmedi)',
  ROLE_NOT_DEFINED: 'Hiçbir yerde tanımlı olmayan atanmış roller (AGR_1251, AGR_DEFINE veya AGR_AGRS satırı yok)',
  PROFILE_WITHOUT_AUTHORISATIONS: 'Hiç yetkisi olmayan atanmış profiller (UST10S/UST12 dışa aktarılmadı mı?)',
  ACTVT_LEADING_ZERO_LOST: 'Baştaki sıfırı kaybolmuş ACTVT değerleri (iki haneye tamamlandı)',
  ROW_LIMIT_SUSPECTED: 'Satır sayısı bir SE16N kayıt sınırına eşit: dışa aktarım kesilmiş olabilir',
  ENCODING_GUESSED: 'UTF-8 olmayan metin: kodlaması tahmin edildi',
  COLUMN_DEFAULTED: 'Teknik sütunlar eksik: varsayılan değerlerle okundu',
  ACTION_NOT_IN_FUNCTION: 'Fonksiyonunda olmayan bir eylemi anan yetki satırları (değerlendirilmedi)',
  TABLE_BY_HEADER: 'Adı bir SAP tablosu olmayan, başlığından tanınan dosyalar',
  TABLE_NOT_READ: "Segra'nın okumadığı SAP tablolarının adını taşıyan dosyalar (okunmadı)",
  TCODE_LIST: 'Rol → işlem listeleri S_TCODE yetkileri olarak okundu: yalnızca eylem düzeyindeki sonuçlar anlamlı',
  NO_USER_MASTER: 'Kullanıcı ana verisi (USR02) yok: atanan her kullanıcı geçerli, kilitsiz bir diyalog kullanıcısı sayıldı',
  IGNORED_COLUMNS: 'Okunmayan sütunlar',
  NOT_APPROVED: 'Onaylanmamış azaltıcı kontroller (azaltmazlar)',
  USAGE_OUTSIDE_WINDOW: 'Analiz tarihinden sonraki veya kullanım penceresinden önceki kullanım satırları (sayılmadı)',
  USAGE_WINDOW_UNKNOWN: 'Tarihsiz kullanım: her satır sayıldı, kullanım penceresi bilinmiyor',
  USAGE_ROW_WITHOUT_USER_OR_TCODE: 'Kullanıcısı veya işlem kodu olmayan kullanım satırları (sayılmadı)',
  SYSTEM_COLUMN_IGNORED: 'Bir sisteme (SYSTEM) bağlı kural seti satırları; tek sistem SID olmadan analiz edildiğinden SYSTEM yok sayıldı',
  SYSTEM_NOT_ANALYSED: 'Analiz edilmeyen bir sisteme bağlı kural seti satırları (hiç sayılmaz)',
  USER_MAP_USER_UNKNOWN: 'O sistemde bulunmayan bir kullanıcıyı anan kullanıcı eşleme satırları',
  USER_MAP_SYSTEM_NOT_ANALYSED: 'Analiz edilmeyen bir sistemi anan kullanıcı eşleme satırları',
};

const en: WarningTexts = {
  USER_NOT_IN_USR02: 'Users with roles or profiles who are missing from USR02 (not analysed)',
  ROLE_NOT_DEFINED: 'Assigned roles that are defined nowhere (no AGR_1251, AGR_DEFINE or AGR_AGRS rows)',
  PROFILE_WITHOUT_AUTHORISATIONS: 'Assigned profiles without any authorisation (UST10S/UST12 not exported?)',
  ACTVT_LEADING_ZERO_LOST: 'ACTVT values that lost their leading zero (restored to two digits)',
  ROW_LIMIT_SUSPECTED: 'Row count equal to an SE16N hit limit: the export may be cut short',
  ENCODING_GUESSED: 'Text that was not UTF-8: its encoding was guessed',
  COLUMN_DEFAULTED: 'Technical columns missing: read with their defaults',
  ACTION_NOT_IN_FUNCTION: 'Permission lines naming an action their function does not have (not evaluated)',
  TABLE_BY_HEADER: 'Files whose name is not an SAP table, recognised by their header',
  TABLE_NOT_READ: 'Files named after SAP tables Segra does not read (not read)',
  TCODE_LIST: 'Role → transaction lists read as S_TCODE authorisations: only action-level results are meaningful',
  NO_USER_MASTER: 'No user master (USR02): every assigned user taken as a valid, unlocked dialog user',
  IGNORED_COLUMNS: 'Columns that were not read',
  NOT_APPROVED: 'Mitigating controls not approved (they do not mitigate)',
  USAGE_OUTSIDE_WINDOW: 'Usage rows dated after the analysis date or before the usage window (not counted)',
  USAGE_WINDOW_UNKNOWN: 'Usage without dates: every row counted, the usage window is unknown',
  USAGE_ROW_WITHOUT_USER_OR_TCODE: 'Usage rows without a user or a transaction (not counted)',
  SYSTEM_COLUMN_IGNORED: 'Ruleset rows bound to a system (SYSTEM) while one system is analysed without SID: SYSTEM ignored',
  SYSTEM_NOT_ANALYSED: 'Ruleset rows bound to a system that is not analysed (they never count)',
  USER_MAP_USER_UNKNOWN: 'User mapping rows naming a user that system does not have',
  USER_MAP_SYSTEM_NOT_ANALYSED: 'User mapping rows naming a system that is not analysed',
};

const de: WarningTexts = {
  USER_NOT_IN_USR02: 'Benutzer mit Rollen oder Profilen, die in USR02 fehlen (nicht analysiert)',
  ROLE_NOT_DEFINED: 'Zugeordnete Rollen, die nirgends definiert sind (keine Zeilen in AGR_1251, AGR_DEFINE oder AGR_AGRS)',
  PROFILE_WITHOUT_AUTHORISATIONS: 'Zugeordnete Profile ohne Berechtigung (UST10S/UST12 nicht exportiert?)',
  ACTVT_LEADING_ZERO_LOST: 'ACTVT-Werte ohne führende Null (auf zwei Stellen ergänzt)',
  ROW_LIMIT_SUSPECTED: 'Zeilenzahl gleich einer SE16N-Trefferbegrenzung: der Export ist vielleicht abgeschnitten',
  ENCODING_GUESSED: 'Text nicht in UTF-8: die Codierung wurde erkannt',
  COLUMN_DEFAULTED: 'Technische Spalten fehlen: mit Vorgabewerten gelesen',
  ACTION_NOT_IN_FUNCTION: 'Berechtigungszeilen mit einer Aktion, die ihre Funktion nicht hat (nicht ausgewertet)',
  TABLE_BY_HEADER: 'Dateien, deren Name keine SAP-Tabelle ist, an ihren Spaltenköpfen erkannt',
  TABLE_NOT_READ: 'Dateien mit Namen von SAP-Tabellen, die Segra nicht liest (nicht gelesen)',
  TCODE_LIST: 'Rolle-Transaktion-Listen als S_TCODE-Berechtigungen gelesen: nur Ergebnisse auf Aktionsebene sind aussagekräftig',
  NO_USER_MASTER: 'Kein Benutzerstamm (USR02): jeder zugeordnete Benutzer gilt als gültiger, nicht gesperrter Dialogbenutzer',
  IGNORED_COLUMNS: 'Spalten, die nicht gelesen wurden',
  NOT_APPROVED: 'Nicht genehmigte mindernde Kontrollen (sie mindern nicht)',
  USAGE_OUTSIDE_WINDOW: 'Nutzungszeilen nach dem Analysedatum oder vor dem Nutzungszeitraum (nicht gezählt)',
  USAGE_WINDOW_UNKNOWN: 'Nutzung ohne Datum: jede Zeile gezählt, der Nutzungszeitraum ist unbekannt',
  USAGE_ROW_WITHOUT_USER_OR_TCODE: 'Nutzungszeilen ohne Benutzer oder Transaktion (nicht gezählt)',
  SYSTEM_COLUMN_IGNORED: 'Regelwerkszeilen mit einem System (SYSTEM), während ein System ohne SID analysiert wird: SYSTEM ignoriert',
  SYSTEM_NOT_ANALYSED: 'Regelwerkszeilen für ein System, das nicht analysiert wird (sie zählen nie)',
  USER_MAP_USER_UNKNOWN: 'Zeilen der Benutzerzuordnung mit einem Benutzer, den dieses System nicht hat',
  USER_MAP_SYSTEM_NOT_ANALYSED: 'Zeilen der Benutzerzuordnung mit einem System, das nicht analysiert wird',
};

export const WARNING_TEXTS = { tr, en, de } as const;
