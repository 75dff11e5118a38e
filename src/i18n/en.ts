import englishMessages from 'ra-language-english';

export const en = {
  ...englishMessages,
  segra: {
    welcome: {
      title: 'Segra — SAP authorisation and segregation-of-duties risk analysis',
      intro:
        'The web interface is under construction. The analysis engine is available on the command line: analyse an SAP table extract against a risk ruleset.',
    },
  },
};
