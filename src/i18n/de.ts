import englishMessages from 'ra-language-english';

// react-admin's German pack on npm is for react-admin 3; ours comes with issue 5.
export const de = {
  ...englishMessages,
  segra: {
    welcome: {
      title: 'Segra — Risikoanalyse für SAP-Berechtigungen und Funktionstrennung',
      intro:
        'Die Weboberfläche ist im Aufbau. Die Analyse-Engine steht auf der Kommandozeile zur Verfügung: Analysieren Sie einen SAP-Tabellenauszug gegen ein Risikoregelwerk.',
    },
  },
};
