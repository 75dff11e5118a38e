import englishMessages from 'ra-language-english';

// react-admin's German pack on npm is for react-admin 3; ours comes with issue 5.
export const de = {
  ...englishMessages,
  segra: {
    auth: {
      subtitle: "Anmelden zur Risikoanalyse",
      email: "E-Mail",
      password: "Passwort",
      sign_in: "Anmelden",
      login_failed: "Bitte prüfen Sie die eingegebenen Werte und versuchen Sie es erneut.",
      rate_limited: "Zu viele Anmeldeversuche; bitte versuchen Sie es gleich noch einmal.",
      session_expired: "Ihre Sitzung ist abgelaufen; bitte melden Sie sich erneut an.",
    },
    validation: {
      email_required: "E-Mail ist erforderlich",
      email_invalid: "E-Mail ist ungültig",
      password_required: "Passwort ist erforderlich",
      password_min: "Das Passwort muss mindestens 4 Zeichen lang sein",
    },
    welcome: {
      title: 'Segra — Risikoanalyse für SAP-Berechtigungen und Funktionstrennung',
      intro:
        'Die Weboberfläche ist im Aufbau. Die Analyse-Engine steht auf der Kommandozeile zur Verfügung: Analysieren Sie einen SAP-Tabellenauszug gegen ein Risikoregelwerk.',
    },
  },
};
