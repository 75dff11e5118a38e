import englishMessages from 'ra-language-english';

// react-admin's own interface strings have no Turkish pack on npm; until ours is complete
// they fall back to English (issue 5). Segra's own strings are Turkish.
export const tr = {
  ...englishMessages,
  segra: {
    welcome: {
      title: 'Segra — SAP yetki ve görevler ayrılığı risk analizi',
      intro:
        'Web arayüzü yapım aşamasındadır. Analiz motoru komut satırından kullanılabilir: bir SAP tablo dökümünü bir risk kural setiyle analiz edin.',
    },
  },
};
