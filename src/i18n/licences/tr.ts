/** Licences, evaluation and user limits (issue 27), Turkish (the default); merged under segra. */
export const tr = {
  licences: {
    banner: {
      evaluation:
        'Değerlendirme sürümü: bu müşteri için lisans yüklenmedi. Değerlendirme %{date} tarihinde sona eriyor (%{days}); bu sürede en fazla %{systems} sistem eklenebilir.',
      days_left: '%{smart_count} gün kaldı',
      ended: 'Değerlendirme süresi %{date} tarihinde sona erdi: yeni sistem eklemek için bir lisans dosyası yüklenmeli.',
      hint: 'Lisans dosyası, sistemlerin kurulum numarasını ve donanım anahtarını içerir.',
      upload: 'Lisans dosyası yükle',
    },
    counts: {
      licence: 'Lisans',
      evaluation_until: 'Değerlendirme (%{date} tarihine kadar)',
      evaluation_ended: 'Değerlendirme (%{date} tarihinde sona erdi)',
      users: 'Kullanıcılar (etkin / lisanslı)',
      systems: 'Sistemler (kayıtlı / izin verilen)',
      no_limit: 'sınırsız',
      over: 'Lisanstan %{count} fazla',
    },
  },
  errors: {
    code: {
      LICENCE_REQUIRED:
        'Lisans gerekli: lisansı olmayan bir müşteri, oluşturulduğu günden itibaren %{days} gün (%{endsOn} tarihine kadar) en fazla %{systems} sistemle değerlendirilir; bu müşterinin %{used} sistemi var. Kurulum numarası %{installationNumber} ve donanım anahtarı %{hwKey} olan sistemi içeren bir lisans dosyası yükleyin (Lisanslar → Lisans dosyası yükleme).',
      LICENCE_USERS_EXHAUSTED:
        '%{licence} lisansı (%{expiresOn} tarihine kadar geçerli) en fazla %{licensed} etkin kullanıcıya izin veriyor ve müşterinin %{active} etkin kullanıcısı var: bir kullanıcıyı pasif yapın ya da daha çok kullanıcılı bir lisans yükleyin.',
      LICENCE_KEY_INVALID:
        'Lisans anahtarı geçersiz: müşterinin geçerli lisanslarından hiçbiri %{installationNumber} kurulum numarasını %{hwKey} donanım anahtarıyla içermiyor. Bunları içeren bir lisans dosyası yükleyin (Lisanslar → Lisans dosyası yükleme) ya da iki alanı düzeltin.',
      LICENCE_KEY_NOT_CONFIGURED:
        'Lisans dosyaları doğrulanamıyor: sunucuda lisans anahtarı tanımlı değil. Lisans dosyası yüklenene kadar müşteri değerlendirme sürümündedir (bir sistem, 30 gün); lisans dosyası kullanmak için sunucuyu lisansınızla gelen açık anahtarla (LICENCE_PUBLIC_KEY) başlatın.',
      LICENCE_UNREADABLE: 'Lisans dosyası okunamıyor: "segra licence sign" komutunun yazdığı JSON metni değil. O komutun yazdığı dosyayı (örneğin musteri.lic) seçin.',
      LICENCE_IS_KEY: 'Bu bir anahtar dosyası, lisans değil: "segra licence sign" komutunun yazdığı lisans dosyasını seçin.',
      LICENCE_NOT_A_LICENCE: 'Bu dosya bir lisans değil: lisans dosyası bir içerik (payload) nesnesi ve bir imza taşır.',
      LICENCE_SIGNATURE_INVALID: 'Lisansın imzası geçerli değil: dosya değiştirilmiş ya da bu kurulumun anahtarıyla imzalanmamış.',
      LICENCE_MALFORMED: 'Lisansın içeriği hatalı: "%{field}" alanı geçerli değil.',
      LICENCE_EXPIRED: 'Lisansın süresi %{expiresOn} tarihinde doldu; güncel bir lisans dosyası yükleyin.',
      LICENCE_OTHER_CUSTOMER: 'Bu lisans %{licenceCustomer} için verilmiş, %{customer} için değil: lisansı kendi müşterisine yükleyin.',
    },
  },
};
