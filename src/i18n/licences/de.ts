/** Licences, evaluation and user limits (issue 27), German; merged under segra. */
export const de = {
  licences: {
    banner: {
      evaluation:
        'Testversion: Für diesen Kunden wurde keine Lizenz hochgeladen. Der Testzeitraum endet am %{date} (%{days}); bis dahin kann höchstens %{systems} System angelegt werden.',
      days_left: 'noch 1 Tag |||| noch %{smart_count} Tage',
      ended: 'Der Testzeitraum endete am %{date}: Um Systeme anzulegen, muss eine Lizenzdatei hochgeladen werden.',
      hint: 'Eine Lizenzdatei enthält die Installationsnummer und den Hardwareschlüssel jedes Systems.',
      upload: 'Lizenzdatei hochladen',
    },
    counts: {
      licence: 'Lizenz',
      evaluation_until: 'Testversion (bis %{date})',
      evaluation_ended: 'Testversion (endete am %{date})',
      users: 'Benutzer (aktiv / lizenziert)',
      systems: 'Systeme (angelegt / erlaubt)',
      no_limit: 'unbegrenzt',
      over: '%{count} über der Lizenz',
    },
  },
  errors: {
    code: {
      LICENCE_REQUIRED:
        'Eine Lizenz ist erforderlich: Ohne Lizenz wird ein Kunde ab seiner Anlage %{days} Tage lang (bis %{endsOn}) mit höchstens %{systems} System(en) getestet; dieser Kunde hat %{used}. Laden Sie eine Lizenzdatei hoch, die die Installationsnummer %{installationNumber} mit dem Hardwareschlüssel %{hwKey} enthält (Lizenzen → Lizenzdatei hochladen).',
      LICENCE_USERS_EXHAUSTED:
        'Die Lizenz von %{licence} (gültig bis %{expiresOn}) erlaubt %{licensed} aktive Benutzer, und der Kunde hat %{active}: Setzen Sie einen Benutzer passiv oder laden Sie eine Lizenz für mehr Benutzer hoch.',
      LICENCE_KEY_INVALID:
        'Der Lizenzschlüssel ist ungültig: Keine gültige Lizenz des Kunden enthält die Installationsnummer %{installationNumber} mit dem Hardwareschlüssel %{hwKey}. Laden Sie eine Lizenzdatei hoch, die sie enthält (Lizenzen → Lizenzdatei hochladen), oder korrigieren Sie die beiden Felder.',
      LICENCE_KEY_NOT_CONFIGURED:
        'Lizenzdateien können nicht geprüft werden: Auf dem Server ist kein Lizenzschlüssel hinterlegt. Bis eine Lizenzdatei hochgeladen ist, läuft ein Kunde als Testversion (ein System, 30 Tage); um Lizenzdateien zu nutzen, starten Sie den Server mit dem öffentlichen Schlüssel Ihrer Lizenz (LICENCE_PUBLIC_KEY).',
      LICENCE_UNREADABLE: 'Die Lizenzdatei ist nicht lesbar: Sie ist nicht der JSON-Text, den „segra licence sign“ schreibt. Wählen Sie die Datei, die dieser Befehl geschrieben hat (z. B. kunde.lic).',
      LICENCE_IS_KEY: 'Das ist eine Schlüsseldatei, keine Lizenz: Wählen Sie die Lizenzdatei, die „segra licence sign“ geschrieben hat.',
      LICENCE_NOT_A_LICENCE: 'Diese Datei ist keine Lizenz: Eine Lizenzdatei enthält ein Inhaltsobjekt (payload) und eine Signatur.',
      LICENCE_SIGNATURE_INVALID: 'Die Signatur der Lizenz ist ungültig: Die Datei wurde verändert oder nicht mit dem Schlüssel dieser Installation signiert.',
      LICENCE_MALFORMED: 'Der Inhalt der Lizenz ist fehlerhaft: Das Feld „%{field}“ ist ungültig.',
      LICENCE_EXPIRED: 'Die Lizenz ist am %{expiresOn} abgelaufen; laden Sie eine aktuelle Lizenzdatei hoch.',
      LICENCE_OTHER_CUSTOMER: 'Diese Lizenz wurde für %{licenceCustomer} ausgestellt, nicht für %{customer}: Laden Sie sie für ihren eigenen Kunden hoch.',
    },
  },
};
