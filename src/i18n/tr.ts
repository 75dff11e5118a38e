import englishMessages from 'ra-language-english';

// react-admin's own interface strings have no Turkish pack on npm; until ours is complete
// they fall back to English (issue 5). Segra's own strings are Turkish.
export const tr = {
  ...englishMessages,
  segra: {
    auth: {
      subtitle: "Risk analizi için giriş yapın",
      email: "E-posta",
      password: "Parola",
      sign_in: "Giriş yap",
      login_failed: "Lütfen girilen değerleri kontrol edip tekrar deneyin.",
      rate_limited: "Çok fazla giriş denemesi; biraz sonra tekrar deneyin.",
      session_expired: "Oturumunuz sona erdi; lütfen tekrar giriş yapın.",
    },
    validation: {
      email_required: "E-posta gereklidir",
      email_invalid: "E-posta geçerli değil",
      password_required: "Parola gereklidir",
      password_min: "Parola en az 4 karakter olmalıdır",
    },
    welcome: {
      title: 'Segra — SAP yetki ve görevler ayrılığı risk analizi',
      intro:
        'Web arayüzü yapım aşamasındadır. Analiz motoru komut satırından kullanılabilir: bir SAP tablo dökümünü bir risk kural setiyle analiz edin.',
    },
  },
};
