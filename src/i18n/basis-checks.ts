import { BASIS_CHECKS } from '../../engine/basis/catalogue.ts';

/**
 * The basis check catalogue (C01–C33, U01–U22) in each language (issue 15 item 7): title,
 * explanation and, where the extract cannot decide a check, why. English is the engine's own
 * text (engine/basis/catalogue.ts), so the CLI, the CSV and the English screen say the same.
 */
type Entry = [title: string, explanation: string];

const TR: Record<string, Entry> = {
  C01: ['SAP_ALL atanmış', 'SAP_ALL profili sistemdeki her yetkiyi verir. Doğrudan, bileşik bir profilin alt profili olarak veya bir referans kullanıcı üzerinden atanmış olsun, raporlanır; acil erişim dışında kimse sahip olmamalıdır.'],
  C02: ['SAP_NEW atanmış', 'SAP_NEW, yükseltmelerle eklenen kontrollerin yetkilerini çoğu zaman tam değerlerle bir araya getirir. Yalnızca yükseltme sonrası geçiş için düşünülmüştür ve ardından kaldırılmalıdır.'],
  C03: ['Güçlü SAP standart profilleri', 'S_A.SYSTEM, S_A.ADMIN, S_A.DEVELOP, S_A.CUSTOMIZ ve S_A.USER; SAP’nin yönetim, geliştirme, uyarlama ve kullanıcı işleri için elle oluşturulmuş genel profilleridir. Her türlü rol tasarımının dışında çok geniş erişim verirler.'],
  C04: ['Değiştirme yetkili hata ayıklama', 'OBJTYPE DEBUG ve ACTVT 02 ile S_DEVELOP, kullanıcının hata ayıklayıcıda değişkenleri ve program akışını değiştirmesine izin verir. Bu, tüm yetki kontrollerini atlar ve verileri uygulamada iz bırakmadan değiştirir.'],
  C05: ['Hata ayıklama (görüntüleme)', 'OBJTYPE DEBUG ve ACTVT 03 ile S_DEVELOP, uygulamanın kendi okuma kontrolleri ne derse desin, bellekteki her veriyi okumaya izin verir. Üretim sisteminde verilmemelidir.'],
  C06: ['Depo nesnelerini değiştirme', 'Programlar, fonksiyon grupları, sınıflar, arayüzler veya genişletmeler (PROG, FUGR, CLAS, INTF, ENHO) için ACTVT 01 veya 02 ile S_DEVELOP, SE38, SE80, SE37 veya SE24 ile birlikte, kullanıcının istediği kodu yazıp çalıştırmasına izin verir. Üretimde kod yalnızca transport ile gelmelidir.'],
  C07: ['Tüm tabloları bakım', 'Her yetki grubu (DICBERCLS *) için ACTVT 02 ile S_TABU_DIS ve SM30, SM31, SE16N veya SM34, uygulama kontrollerini ve değişiklik belgelerini atlayarak her tabloyu doğrudan değiştirmeye izin verir.'],
  C08: ['Tüm tabloları görüntüleme', 'Her yetki grubu için ACTVT 03 ile S_TABU_DIS ve SE16, SE16N, SE17 veya SM30; kişisel, İK ve bordro verileri dahil her tabloyu okumaya izin verir.'],
  C09: ['Tabloları adıyla bakım', 'Her tablo (TABLE *) için ACTVT 02 ile S_TABU_NAM, S_TABU_DIS izin vermese bile genel bakım araçlarıyla her tabloyu değiştirmeye izin verir.'],
  C10: ['İstemciler arası tablo bakımı', 'Tam tablo bakımıyla (C07) birlikte S_TABU_CLI (CLIIDMAINT X), sistemin tüm istemcilerini aynı anda etkileyen istemciler arası tabloları değiştirmeye izin verir.'],
  C11: ['İstemci ayarları (SCC4)', 'SS grubu için S_TABU_DIS ACTVT 02 ve S_TABU_CLI ile SCC4, kullanıcının T000’daki istemci ayarlarını değiştirmesine, örneğin üretim istemcisini doğrudan değişikliklere açmasına izin verir.'],
  C12: ['Sistem değişiklik seçeneği', 'CTS_ADMFCT SYSC ile S_CTS_ADMI ve SE06 veya SE03, kullanıcının sistemi depo ve istemciler arası değişikliklere açmasına izin verir; üretimi doğrudan değiştirmenin ilk adımı budur.'],
  C13: ['Transport alma', 'IMPA, IMPS veya TABL ile S_CTS_ADMI ve STMS, kullanıcının transport isteklerini ve onlarla birlikte her türlü kodu veya uyarlamayı sisteme almasına izin verir.'],
  C14: ['Transport serbest bırakma', 'Tüm istek türleri için ACTVT 43 ile S_TRANSPRT, kullanıcının transport isteklerini, örneğin kendi değişikliklerini incelemesiz serbest bırakmasına izin verir.'],
  C15: ['Her raporu çalıştırma', 'Tüm program grupları için SUBMIT veya BTCSUBMIT ile S_PROGRAM ve SA38, SE38 veya SE37, kullanıcının hiçbir işlem koduyla ulaşamayacağı raporlar dahil her raporu çalıştırmasına izin verir.'],
  C16: ['Her RFC fonksiyon modülünü çağırma', 'Tüm fonksiyon modülleri (RFC_NAME *) için ACTVT 16 ile S_RFC, çoğu kendi başına az kontrol yaparak veri okuyan veya değiştiren her uzaktan çağrılabilir fonksiyon modülünü çağırmaya izin verir.'],
  C17: ['Her kullanıcı olarak güvenilir RFC', 'Sistem, istemci ve kullanıcı için tam değerlerle S_RFCACL, güvenilir bir sistemin kullanıcısının buraya güvenilir RFC ile parolasız olarak herhangi bir kullanıcı adına oturum açmasına izin verir.'],
  C18: ['RFC hedeflerinin bakımı', 'ACTVT 01, 02 veya 06 ile S_RFC_ADM ve SM59, kullanıcının kayıtlı oturum bilgileri dahil RFC hedeflerini oluşturmasına, değiştirmesine veya silmesine ve bağlantıları başka sistemlere yönlendirmesine izin verir.'],
  C19: ['Kullanıcı oluşturma veya değiştirme', 'Tüm kullanıcı grupları için ACTVT 01 veya 02 ile S_USER_GRP ve SU01 veya SU10, yöneticiler dahil her kullanıcı ana kaydını oluşturmaya ve değiştirmeye izin verir.'],
  C20: ['Parola sıfırlama veya kilit açma', 'ACTVT 05 (kilitleme ve kilit açma) veya 02 (parola dahil değiştirme) ile S_USER_GRP, kullanıcının hesapların kilidini açmasına veya parolaları sıfırlayıp başkası olarak oturum açmasına izin verir.'],
  C21: ['Rol atama', 'ACTVT 22 ile S_USER_GRP ve tüm roller için ACTVT 22 ile S_USER_AGR, kullanıcının kendisi dahil herkese her rolü atamasına izin verir.'],
  C22: ['Profil atama', 'ACTVT 22 ile S_USER_GRP ve tüm profiller için ACTVT 22 ile S_USER_PRO, kullanıcının SAP_ALL dahil her profili herkese atamasına izin verir.'],
  C23: ['Rol ve profil bakımı', 'Oluşturma, değiştirme veya üretme faaliyetleriyle S_USER_AGR, S_USER_PRO ve S_USER_AUT ile PFCG, kullanıcının her yetkiyi içeren roller ve profiller kurmasına izin verir.'],
  C24: ['Tüm yönetim fonksiyonları', 'Tam yetkiyle S_ADMI_FCD her sistem yönetim fonksiyonunu verir: spool ve oturum yönetimi, istemci yönetimi, denetim günlüğü ve daha fazlası.'],
  C25: ['Başka kullanıcılar için arka plan işleri', 'BTCADMIN Y (iş yöneticisi) ile S_BTCH_ADM veya her kullanıcı için S_BTCH_NAM, kullanıcının başka kullanıcıların adı ve yetkileriyle çalışan işleri planlamasına ve yönetmesine izin verir.'],
  C26: ['İşletim sistemi komutları', 'Tam değerlerle S_LOG_COM ve SM49 veya SM69, kullanıcının uygulama sunucularında her harici işletim sistemi komutunu tanımlayıp çalıştırmasına izin verir.'],
  C27: ['Uygulama sunucusunda dosya erişimi', 'Tüm programlar ve dosyalar için okuma veya yazma (ACTVT 33, 34) ile S_DATASET, kullanıcının uygulama sunucusundaki profiller, günlükler ve arayüz dosyaları gibi dosyaları okumasına veya değiştirmesine izin verir.'],
  C28: ['Profil parametresi bakımı', 'ACTVT 01 ile S_RZL_ADM ve RZ10 veya RZ11, kullanıcının parola ve oturum kuralları gibi güvenlik ayarları dahil profil parametrelerini değiştirmesine izin verir.'],
  C29: ['Güvenlik denetim günlüğünü yapılandırma veya silme', 'SM19 veya RSAU_CONFIG (yapılandırma) ile S_ADMI_FCD AUDA ya da SM18 (silme) ile AUDD, kullanıcının güvenlik denetim günlüğünü kapatmasına veya silmesine ve böylece kendi işlemlerini gizlemesine izin verir.'],
  C30: ['Değişiklik belgelerini silme', 'ACTVT 06 ile S_SCD0, kullanıcının ana veri ve işlem verisi değişikliklerinin denetim izi olan değişiklik belgelerini silmesine izin verir.'],
  C31: ['Başka kullanıcıların spool isteklerini okuma', 'Tüm spool yetki değerleri için BASE veya DISP ile S_SPO_ACT, kullanıcının bordro veya ödeme listeleri gibi başka kullanıcıların spool isteklerini görüntülemesine izin verir.'],
  C32: ['İşlem kodlarını kilitleme ve açma', 'SM01 veya SM01_DEV ile S_ADMI_FCD TLCK, kullanıcının işlem kodlarını herkes için kilitlemesine veya bilerek kilitlenmiş işlem kodlarının kilidini açmasına izin verir.'],
  C33: ['Numara aralığı bakımı', 'Tüm numara aralığı nesneleri için ACTVT 02 veya 17 ile S_NUMBER ve SNRO veya SNUM, kullanıcının numara aralıklarını değiştirmesine ve böylece boşluklara, mükerrer numaralara veya duran kayıtlara yol açmasına izin verir.'],
  U01: ['SAP* kullanıcısı', 'SAP* her istemcide kilitli, SUPER kullanıcı grubunda ve profilsiz olarak bulunmalıdır. Bulunmadığı yerde, login/no_automatic_user_sapstar = 1 değilse, herkesçe bilinen PASS parolasıyla yerleşik SAP* oturum açabilir. Bir dışa aktarım tek bir istemciyi içerir: eksik SAP* o istemci için raporlanır.'],
  U02: ['DDIC kullanıcısı', 'DDIC kurulum ve yükseltmeler için gereklidir. Bakım pencereleri dışında kilitli ve Sistem (B) türünde olmalı, SAP_ALL yetkisi gözden geçirilmelidir.'],
  U03: ['EARLYWATCH kullanıcısı ve 066 istemcisi', 'EARLYWATCH yalnızca artık gerekmeyen ve silinmesi gereken 066 istemcisine aittir. Kullanıcı varsa kilitli olmalıdır: varsayılan parolası yaygın olarak bilinir.'],
  U04: ['TMSADM kullanıcısı', 'TMSADM yalnızca 000 istemcisinde, S_A.TMSADM dışında hiçbir şeye sahip olmayan bir Sistem veya İletişim kullanıcısı olarak gereklidir. Başka bir kullanıcı türü veya daha fazla yetki, bilinen varsayılan parolasının açtığı kapıyı genişletir.'],
  U05: ['SAPCPIC kullanıcısı', 'SAPCPIC, varsayılan parolası (ADMIN) yayımlanmış eski bir iletişim kullanıcısıdır. Silinmeli veya en azından İletişim (C) türünde olmalı ve parolası değiştirilmelidir.'],
  U06: ['Varsayılan parolalar', 'Hâlâ herkesçe bilinen varsayılan parolalarını taşıyan standart kullanıcılar (SAP*, DDIC, EARLYWATCH, TMSADM, SAPCPIC) herkes tarafından kullanılabilir.'],
  U07: ['Hiç oturum açmamış', 'Belirlenen gün sayısından daha önce oluşturulduğu halde o zamandan beri oturum açmamış diyalog ve hizmet kullanıcıları büyük olasılıkla gereksizdir ve hâlâ başlangıç parolası taşıyabilir.'],
  U08: ['Atıl kullanıcılar', 'Son oturumu belirlenen gün sayısından daha eskide kalan, kilitsiz ve geçerli diyalog ve hizmet kullanıcıları kilitlenmeli veya kaldırılmalıdır; kullanılmayan hesaplar fark edilmeden kötüye kullanılabilir.'],
  U09: ['Süresi dolmuş ama erişimi olan kullanıcılar', 'Geçerliliği sona ermiş kullanıcılar hâlâ profiller veya geçerli rol atamaları taşıyor. Geçerliliği uzatmak tüm bu erişimi bir anda geri verir; atamalar kaldırılmalıdır.'],
  U10: ['Henüz geçerli değil', 'Geçerliliği analiz tarihinden sonra başlayan kullanıcılar (bilgi amaçlı).'],
  U11: ['Zayıf parola özeti', 'Parola özeti, tuzlu ve yinelemeli H özetinden çok daha kolay kırılan eski veya geriye uyumlu bir biçimde (CODVN A, B, D, E, F, G veya I) saklanıyor. login/password_downwards_compatibility = 0 yapın ve gereksiz özetleri silin.'],
  U12: ['Başlangıç parolası değiştirilmemiş', 'Parola hâlâ başlangıç parolası (PWDSTATE 1): bir yönetici tarafından belirlenmiştir ve kullanıcıdan başkaları da bilir. Dışa aktarımda PWDSETDATE yoktur; bu yüzden belirlenen gün sayısı içinde oluşturulan kullanıcılar dışarıda bırakılır ve parolanın yaşı gösterilmez.'],
  U13: ['Parola yok (yalnızca SSO)', 'CODVN X: kullanıcının parolası yoktur, yalnızca tek oturum açma veya sertifikayla oturum açar. Bilgi amaçlıdır; SNC zorunlu olduğunda iyi uygulamadır.'],
  U14: ['Kritik erişimli hizmet kullanıcıları', 'Hizmet kullanıcıları (S türü) paylaşılır ve anonimdir; onlarla yapılanlar bir kişiye bağlanamaz. Hiçbir kritik yetkiye (herhangi bir C kontrolü) sahip olmamalıdırlar.'],
  U15: ['Kritik erişimli teknik kullanıcılar', 'SAP_ALL, değiştirme yetkili hata ayıklama, geliştirme veya kullanıcı yönetimine (C01, C04, C06, C19) sahip sistem ve iletişim kullanıcıları (B, C türleri): parolaları arayüzlerde durur ve nadiren değiştirilir, bu da onları başlıca hedef yapar.'],
  U16: ['Referans kullanıcının kötüye kullanımı', 'Bir referans kullanıcı, yetkilerini ona başvuran her kullanıcıya aktarır. Referans (L) türünde olmalıdır; kritik yetkilere (C kontrolleri) sahip olanı bunları tüm kullanıcılarına yayar.'],
  U17: ['Kullanıcı grubu yok', 'Kullanıcı grubu (CLASS) olmayan kullanıcılar, gruba göre S_USER_GRP kısıtlamalarından kaçar: boş grubu yönetebilen herkes onları değiştirebilir.'],
  U18: ['Doğrudan atanmış profiller', 'UST04’te olup hiçbir rolün üretmediği (AGR_1016’da olmayan) SAP_ALL veya S_A.* gibi profiller rol kavramının dışında atanmıştır ve rol incelemelerinden kaçar.'],
  U19: ['Uyumsuz roller ve profiller', 'Kullanıcı karşılaştırması (PFUD) çalıştırılmamış: kullanıcı geçerli bir ataması olmadan bir rolün üretilmiş profilini hâlâ taşıyor ya da geçerli bir atamanın profili UST04’te eksik. Yürürlükteki yetkiler atamalardan farklıdır.'],
  U20: ['Güncel olmayan üretilmiş profil', 'Bir rol, profili son üretildikten sonra değişmiş: yürürlükteki yetkiler rolde tasarlananlar değildir.'],
  U21: ['Kritik erişimli kilitli kullanıcılar', 'SAP_ALL veya değiştirme yetkili hata ayıklama, geliştirme, tablo bakımı, kullanıcı yönetimi ya da tüm yönetim fonksiyonlarına (C01, C04, C06, C07, C19, C24) sahip kilitli kullanıcılar. Bilgi amaçlıdır: kilidi açmak bu erişimi bir anda geri verir.'],
  U22: ['Lisans türü', 'Lisans türü (USR06) olmayan diyalog ve hizmet kullanıcıları ile test kullanıcısı (91) olarak sınıflandırılıp rolleri olan diyalog kullanıcıları lisans ölçümünü (USMM) bozar.'],
};

const DE: Record<string, Entry> = {
  C01: ['SAP_ALL zugeordnet', 'Das Profil SAP_ALL gewährt jede Berechtigung im System. Gemeldet, ob es direkt, als Unterprofil eines Sammelprofils oder über einen Referenzbenutzer zugeordnet ist; außerhalb des Notfallzugriffs sollte es niemand besitzen.'],
  C02: ['SAP_NEW zugeordnet', 'SAP_NEW bündelt, oft mit vollen Werten, die Berechtigungen für durch Upgrades hinzugekommene Prüfungen. Es ist nur für den Übergang nach einem Upgrade gedacht und sollte danach entfernt werden.'],
  C03: ['Mächtige SAP-Standardprofile', 'S_A.SYSTEM, S_A.ADMIN, S_A.DEVELOP, S_A.CUSTOMIZ und S_A.USER sind SAPs manuelle Rundum-Profile für Administration, Entwicklung, Customizing und Benutzerarbeit. Sie gewähren sehr weiten Zugriff außerhalb jedes Rollenkonzepts.'],
  C04: ['Debugging mit Ändern', 'S_DEVELOP mit OBJTYPE DEBUG und ACTVT 02 erlaubt, im Debugger Variablen und den Programmablauf zu ändern. Das umgeht jede Berechtigungsprüfung und ändert Daten ohne Spur in der Anwendung.'],
  C05: ['Debugging (Anzeige)', 'S_DEVELOP mit OBJTYPE DEBUG und ACTVT 03 erlaubt, alle Daten im Speicher zu lesen, gleich was die Leseprüfungen der Anwendung sagen. Es sollte in der Produktion nicht vergeben werden.'],
  C06: ['Repository-Objekte ändern', 'S_DEVELOP mit ACTVT 01 oder 02 für Programme, Funktionsgruppen, Klassen, Interfaces oder Erweiterungen (PROG, FUGR, CLAS, INTF, ENHO) zusammen mit SE38, SE80, SE37 oder SE24 erlaubt, beliebigen Code zu schreiben und auszuführen. In der Produktion sollte Code nur per Transport kommen.'],
  C07: ['Alle Tabellen pflegen', 'S_TABU_DIS mit ACTVT 02 für jede Berechtigungsgruppe (DICBERCLS *) und SM30, SM31, SE16N oder SM34 erlaubt direkte Änderungen an jeder Tabelle, vorbei an Anwendungsprüfungen und Änderungsbelegen.'],
  C08: ['Alle Tabellen anzeigen', 'S_TABU_DIS mit ACTVT 03 für jede Berechtigungsgruppe und SE16, SE16N, SE17 oder SM30 erlaubt das Lesen jeder Tabelle, auch personenbezogener, HR- und Abrechnungsdaten.'],
  C09: ['Tabellen nach Namen pflegen', 'S_TABU_NAM mit ACTVT 02 für jede Tabelle (TABLE *) erlaubt, jede Tabelle über die generischen Pflegewerkzeuge zu ändern, auch wo S_TABU_DIS es nicht erlauben würde.'],
  C10: ['Mandantenübergreifende Tabellenpflege', 'S_TABU_CLI (CLIIDMAINT X) zusammen mit voller Tabellenpflege (C07) erlaubt, mandantenübergreifende Tabellen zu ändern, was alle Mandanten des Systems zugleich betrifft.'],
  C11: ['Mandanteneinstellungen (SCC4)', 'SCC4 mit S_TABU_DIS ACTVT 02 für Gruppe SS und S_TABU_CLI erlaubt, die Mandanteneinstellungen in T000 zu ändern, etwa den Produktivmandanten für direkte Änderungen zu öffnen.'],
  C12: ['Systemänderbarkeit', 'S_CTS_ADMI mit CTS_ADMFCT SYSC und SE06 oder SE03 erlaubt, das System für Repository- und mandantenübergreifende Änderungen zu öffnen, der erste Schritt zu direkten Änderungen in der Produktion.'],
  C13: ['Transporte importieren', 'S_CTS_ADMI mit IMPA, IMPS oder TABL und STMS erlaubt, Transportaufträge und mit ihnen beliebigen Code oder beliebiges Customizing ins System zu importieren.'],
  C14: ['Transporte freigeben', 'S_TRANSPRT mit ACTVT 43 für alle Auftragsarten erlaubt, Transportaufträge freizugeben, etwa die eigenen Änderungen ohne Prüfung.'],
  C15: ['Jeden Report ausführen', 'S_PROGRAM mit SUBMIT oder BTCSUBMIT für alle Programmgruppen und SA38, SE38 oder SE37 erlaubt, jeden Report auszuführen, auch solche, die keine eigene Transaktion erreichen würde.'],
  C16: ['Jeden RFC-Funktionsbaustein aufrufen', 'S_RFC mit ACTVT 16 für alle Funktionsbausteine (RFC_NAME *) erlaubt, jeden remotefähigen Funktionsbaustein aufzurufen; viele lesen oder ändern Daten mit wenigen eigenen Prüfungen.'],
  C17: ['Trusted RFC als beliebiger Benutzer', 'S_RFCACL mit vollen Werten für System, Mandant und Benutzer erlaubt dem Benutzer eines vertrauenswürdigen Systems, sich hier per Trusted RFC ohne Passwort als beliebiger Benutzer anzumelden.'],
  C18: ['RFC-Destinationen pflegen', 'S_RFC_ADM mit ACTVT 01, 02 oder 06 und SM59 erlaubt, RFC-Destinationen samt hinterlegter Anmeldedaten anzulegen, zu ändern oder zu löschen und Verbindungen auf andere Systeme umzuleiten.'],
  C19: ['Benutzer anlegen oder ändern', 'S_USER_GRP mit ACTVT 01 oder 02 für alle Benutzergruppen und SU01 oder SU10 erlaubt, jeden Benutzerstammsatz anzulegen und zu ändern, Administratoren eingeschlossen.'],
  C20: ['Passwörter zurücksetzen oder Benutzer entsperren', 'S_USER_GRP mit ACTVT 05 (sperren und entsperren) oder 02 (ändern, auch Passwörter) erlaubt, Konten zu entsperren oder Passwörter zurückzusetzen und sich dann als jemand anderes anzumelden.'],
  C21: ['Rollen zuordnen', 'S_USER_GRP mit ACTVT 22 und S_USER_AGR mit ACTVT 22 für alle Rollen erlauben, jedem Benutzer jede Rolle zuzuordnen, auch sich selbst.'],
  C22: ['Profile zuordnen', 'S_USER_GRP mit ACTVT 22 und S_USER_PRO mit ACTVT 22 für alle Profile erlauben, jedem Benutzer jedes Profil zuzuordnen, SAP_ALL eingeschlossen.'],
  C23: ['Rollen und Profile pflegen', 'S_USER_AGR, S_USER_PRO und S_USER_AUT mit Anlegen, Ändern oder Generieren und PFCG erlauben, Rollen und Profile mit beliebigen Berechtigungen zu bauen.'],
  C24: ['Alle Administrationsfunktionen', 'S_ADMI_FCD mit voller Berechtigung gewährt jede Systemadministrationsfunktion: Spool- und Sitzungsverwaltung, Mandantenverwaltung, Audit-Log und mehr.'],
  C25: ['Hintergrundjobs für andere Benutzer', 'S_BTCH_ADM mit BTCADMIN Y (Jobadministrator) oder S_BTCH_NAM für jeden Benutzer erlaubt, Jobs einzuplanen und zu verwalten, die unter Namen und Berechtigungen anderer Benutzer laufen.'],
  C26: ['Betriebssystemkommandos', 'S_LOG_COM mit vollen Werten und SM49 oder SM69 erlaubt, beliebige externe Betriebssystemkommandos auf den Applikationsservern zu definieren und auszuführen.'],
  C27: ['Dateizugriff auf dem Applikationsserver', 'S_DATASET mit Lesen oder Schreiben (ACTVT 33, 34) für alle Programme und Dateien erlaubt, Dateien auf dem Applikationsserver wie Profile, Logs und Schnittstellendateien zu lesen oder zu ändern.'],
  C28: ['Profilparameter pflegen', 'S_RZL_ADM mit ACTVT 01 und RZ10 oder RZ11 erlaubt, Profilparameter zu ändern, auch Sicherheitseinstellungen wie Passwort- und Anmelderegeln.'],
  C29: ['Security-Audit-Log konfigurieren oder löschen', 'S_ADMI_FCD AUDA mit SM19 oder RSAU_CONFIG (konfigurieren) oder AUDD mit SM18 (löschen) erlaubt, das Security-Audit-Log abzuschalten oder zu löschen und so die eigenen Aktionen zu verbergen.'],
  C30: ['Änderungsbelege löschen', 'S_SCD0 mit ACTVT 06 erlaubt, Änderungsbelege zu löschen, den Prüfpfad der Änderungen an Stamm- und Bewegungsdaten.'],
  C31: ['Spoolaufträge anderer lesen', 'S_SPO_ACT mit BASE oder DISP für alle Spool-Berechtigungswerte erlaubt, Spoolaufträge anderer Benutzer anzuzeigen, etwa Abrechnungs- oder Zahlungslisten.'],
  C32: ['Transaktionen sperren und entsperren', 'S_ADMI_FCD TLCK mit SM01 oder SM01_DEV erlaubt, Transaktionen für alle zu sperren oder bewusst gesperrte Transaktionen zu entsperren.'],
  C33: ['Nummernkreise pflegen', 'S_NUMBER mit ACTVT 02 oder 17 für alle Nummernkreisobjekte und SNRO oder SNUM erlaubt, Nummernkreise zu ändern, was Lücken, doppelte Nummern oder blockierte Buchungen verursacht.'],
  U01: ['Benutzer SAP*', 'SAP* sollte in jedem Mandanten existieren, gesperrt, in der Benutzergruppe SUPER und ohne Profile. Wo er fehlt, kann sich der eingebaute SAP* mit dem bekannten Passwort PASS anmelden, sofern nicht login/no_automatic_user_sapstar = 1 gilt. Ein Auszug enthält einen Mandanten: ein fehlender SAP* wird für diesen gemeldet.'],
  U02: ['Benutzer DDIC', 'DDIC wird für Installation und Upgrades gebraucht. Außerhalb von Wartungsfenstern sollte er gesperrt und vom Typ System (B) sein, und sein SAP_ALL sollte geprüft werden.'],
  U03: ['Benutzer EARLYWATCH und Mandant 066', 'EARLYWATCH gehört nur in Mandant 066, der nicht mehr gebraucht wird und gelöscht werden sollte. Wo der Benutzer existiert, sollte er gesperrt sein: sein Standardpasswort ist weithin bekannt.'],
  U04: ['Benutzer TMSADM', 'TMSADM wird nur in Mandant 000 gebraucht, als System- oder Kommunikationsbenutzer mit nichts als S_A.TMSADM. Ein anderer Benutzertyp oder mehr Berechtigungen erweitern, was sein bekanntes Standardpasswort öffnet.'],
  U05: ['Benutzer SAPCPIC', 'SAPCPIC ist ein alter Kommunikationsbenutzer mit veröffentlichtem Standardpasswort (ADMIN). Er sollte gelöscht werden oder zumindest vom Typ Kommunikation (C) sein und ein geändertes Passwort haben.'],
  U06: ['Standardpasswörter', 'Standardbenutzer (SAP*, DDIC, EARLYWATCH, TMSADM, SAPCPIC), die noch ihre bekannten Standardpasswörter haben, kann jeder benutzen.'],
  U07: ['Nie angemeldet', 'Dialog- und Servicebenutzer, die sich seit ihrer Anlage vor mehr als der eingestellten Zahl von Tagen nie angemeldet haben, werden vermutlich nicht gebraucht und tragen womöglich noch ein Initialpasswort.'],
  U08: ['Inaktive Benutzer', 'Nicht gesperrte, gültige Dialog- und Servicebenutzer, deren letzte Anmeldung mehr als die eingestellte Zahl von Tagen zurückliegt, sollten gesperrt oder entfernt werden; ungenutzte Konten lassen sich unbemerkt missbrauchen.'],
  U09: ['Abgelaufene Benutzer mit Zugriff', 'Benutzer, deren Gültigkeit abgelaufen ist, tragen noch Profile oder gültige Rollenzuordnungen. Eine Verlängerung gibt ihnen all diesen Zugriff sofort zurück; die Zuordnungen sollten entfernt werden.'],
  U10: ['Noch nicht gültig', 'Benutzer, deren Gültigkeit nach dem Analysedatum beginnt (zur Information).'],
  U11: ['Schwacher Passwort-Hash', 'Der Passwort-Hash ist in einer alten oder abwärtskompatiblen Form (CODVN A, B, D, E, F, G oder I) gespeichert, die viel leichter zu knacken ist als der gesalzene, iterierte Hash H. Setzen Sie login/password_downwards_compatibility = 0 und löschen Sie die redundanten Hashes.'],
  U12: ['Initialpasswort nicht geändert', 'Das Passwort ist noch initial (PWDSTATE 1): ein Administrator hat es gesetzt, und mehr Personen als der Benutzer kennen es. Der Auszug hat kein PWDSETDATE; Benutzer, die innerhalb der eingestellten Tage angelegt wurden, bleiben daher außen vor, und das Alter des Passworts wird nicht gezeigt.'],
  U13: ['Kein Passwort (nur SSO)', 'CODVN X: der Benutzer hat kein Passwort und meldet sich nur per Single Sign-on oder Zertifikat an. Zur Information; gute Praxis, wenn SNC erzwungen wird.'],
  U14: ['Servicebenutzer mit kritischem Zugriff', 'Servicebenutzer (Typ S) werden geteilt und sind anonym; was mit ihnen getan wird, lässt sich keiner Person zuordnen. Sie sollten keine kritische Berechtigung (irgendeine C-Prüfung) haben.'],
  U15: ['Technische Benutzer mit kritischem Zugriff', 'System- und Kommunikationsbenutzer (Typen B, C) mit SAP_ALL, Debugging mit Ändern, Entwicklung oder Benutzerverwaltung (C01, C04, C06, C19): ihre Passwörter stehen in Schnittstellen und werden selten geändert, was sie zu bevorzugten Zielen macht.'],
  U16: ['Missbrauch von Referenzbenutzern', 'Ein Referenzbenutzer gibt seine Berechtigungen an jeden Benutzer weiter, der auf ihn verweist. Er sollte vom Typ Referenz (L) sein; einer mit kritischen Berechtigungen (C-Prüfungen) verteilt sie an alle seine Benutzer.'],
  U17: ['Keine Benutzergruppe', 'Benutzer ohne Benutzergruppe (CLASS) entgehen den gruppenbezogenen S_USER_GRP-Einschränkungen: jeder, der die leere Gruppe pflegen darf, kann sie ändern.'],
  U18: ['Direkt zugeordnete Profile', 'Profile in UST04, die keine Rolle generiert hat (nicht in AGR_1016), etwa SAP_ALL oder S_A.*-Profile, sind außerhalb des Rollenkonzepts zugeordnet und entgehen Rollenprüfungen.'],
  U19: ['Rollen und Profile nicht abgeglichen', 'Der Benutzerabgleich (PFUD) wurde nicht ausgeführt: der Benutzer trägt noch das generierte Profil einer Rolle ohne gültige Zuordnung, oder das Profil einer gültigen Zuordnung fehlt in UST04. Die wirksamen Berechtigungen weichen dann von den Zuordnungen ab.'],
  U20: ['Veraltetes generiertes Profil', 'Eine Rolle wurde nach der letzten Generierung ihres Profils geändert: die wirksamen Berechtigungen sind nicht die in der Rolle entworfenen.'],
  U21: ['Gesperrte Benutzer mit kritischem Zugriff', 'Gesperrte Benutzer mit SAP_ALL oder Debugging mit Ändern, Entwicklung, Tabellenpflege, Benutzerverwaltung oder allen Administrationsfunktionen (C01, C04, C06, C07, C19, C24). Zur Information: ein Entsperren gibt diesen Zugriff sofort zurück.'],
  U22: ['Lizenztyp', 'Dialog- und Servicebenutzer ohne Lizenztyp (USR06) sowie Dialogbenutzer mit Rollen, die als Testbenutzer (91) eingestuft sind, verfälschen die Lizenzvermessung (USMM).'],
};

/** Why a check cannot be decided from an extract (engine/basis: catalogue and checksFor). */
const UNAVAILABLE: Record<'tr' | 'en' | 'de', Record<string, string>> = {
  en: {
    U06: 'Default passwords can only be tested in the system itself (report RSUSR003); the extract carries no password hashes.',
    U18: 'AGR_1016 is not in the extract: profiles generated from roles cannot be told apart from manually assigned ones.',
    U19: 'AGR_1016 or UST04 is not in the extract: the profiles users hold cannot be compared with their role assignments.',
    U20: 'Needs the change dates of roles (AGR_DEFINE) and of profiles (USR10), which the extract does not carry.',
    U22: 'USR06 is not in the extract: licence types are unknown.',
  },
  tr: {
    U06: 'Varsayılan parolalar yalnızca sistemin kendisinde sınanabilir (RSUSR003 raporu); dışa aktarımda parola özetleri yoktur.',
    U18: 'AGR_1016 dışa aktarımda yok: rollerden üretilen profiller elle atananlardan ayırt edilemez.',
    U19: 'AGR_1016 veya UST04 dışa aktarımda yok: kullanıcıların profilleri rol atamalarıyla karşılaştırılamaz.',
    U20: 'Rollerin (AGR_DEFINE) ve profillerin (USR10) değişiklik tarihleri gerekir; dışa aktarımda bunlar yoktur.',
    U22: 'USR06 dışa aktarımda yok: lisans türleri bilinmiyor.',
  },
  de: {
    U06: 'Standardpasswörter lassen sich nur im System selbst prüfen (Report RSUSR003); der Auszug enthält keine Passwort-Hashes.',
    U18: 'AGR_1016 ist nicht im Auszug: aus Rollen generierte Profile lassen sich nicht von manuell zugeordneten unterscheiden.',
    U19: 'AGR_1016 oder UST04 ist nicht im Auszug: die Profile der Benutzer lassen sich nicht mit ihren Rollenzuordnungen vergleichen.',
    U20: 'Benötigt die Änderungsdaten der Rollen (AGR_DEFINE) und der Profile (USR10), die der Auszug nicht enthält.',
    U22: 'USR06 ist nicht im Auszug: die Lizenztypen sind unbekannt.',
  },
};

type CheckMessages = Record<string, { title: string; explanation: string; unavailable?: string }>;

function messages(lang: 'tr' | 'en' | 'de'): CheckMessages {
  const out: CheckMessages = {};
  for (const c of BASIS_CHECKS) {
    const own = lang === 'tr' ? TR[c.id] : lang === 'de' ? DE[c.id] : undefined;
    const unavailable = UNAVAILABLE[lang][c.id];
    out[c.id] = { title: own?.[0] ?? c.title, explanation: own?.[1] ?? c.explanation, ...(unavailable ? { unavailable } : {}) };
  }
  return out;
}

export const basisCheckMessages: Record<'tr' | 'en' | 'de', Record<string, unknown>> = {
  tr: { segra: { basis_checks: messages('tr') } },
  en: { segra: { basis_checks: messages('en') } },
  de: { segra: { basis_checks: messages('de') } },
};
