/** Usage lines of the commands (DESIGN 11), kept apart so `segra --help` loads no command. */
export const ANALYZE_USAGE = `segra analyze --system S --rules R [--date YYYYMMDD] [--level action|permission]
               [--mode same-instance|union] [--include-locked] [--include-expired]
               [--client NNN] [--mitigations FILE] [--usage FILE] [--usage-window DAYS]
               [--assume-users-valid] [--format csv|json] [--out FILE]
       segra analyze --system SID=DIR --system SID=DIR … [--user-map FILE] --rules R [same options, no --usage]
               (cross-system: user map columns SYSTEM,BNAME,PERSON; CSV adds CROSS_SYSTEM)`;
export const BASIS_USAGE = 'segra basis --system S [--date YYYYMMDD] [--client NNN] [--format csv|json] [--out FILE]';
export const GENERATE_USAGE = `segra generate --size S|M|L|XL|LW --out DIR [--seed N] [--controls] [--dense] [--scale F (LW only)]
       segra generate --systems N --size S|M|L|XL --out DIR [--seed N]   (N systems, one ruleset with SYSTEM, a user map)`;
export const BENCH_USAGE = 'segra bench [--sizes S,M,L,LD,LW] [--write docs/benchmarks.md] [--server --database-url postgres://… [--load-seconds 5]]';
export const LICENCE_USAGE =
  'segra licence keygen --out-private FILE --out-public FILE | segra licence sign --key FILE --customer NAME --users N --expires YYYY-MM-DD --system INSTNO:HWKEY… [--vkn VKN] [--out FILE]';
/** `segra licence --help` (and `sign --help`, `keygen --help`): what each flag means and what the file is for. */
export const LICENCE_HELP = `segra licence keygen --out-private FILE --out-public FILE
       segra licence sign --key FILE --customer NAME --users N --expires YYYY-MM-DD --system INSTNO:HWKEY… [--vkn VKN] [--out FILE]

keygen                 makes the vendor's Ed25519 key pair; an existing file is never overwritten
  --out-private FILE   the private key (PEM): keep it secret, it signs the licences
  --out-public FILE    the public key (PEM): start the server with LICENCE_PUBLIC_KEY set to its content

sign                   writes a signed licence file (JSON text; name it as you like, e.g. acme.lic) that a
                       SuperAdmin uploads for the customer in Segra (Licences → Licence files)
  --key FILE           the private key keygen wrote
  --customer NAME      the customer's name as Segra has it (the upload checks it, unless both have a VKN)
  --vkn VKN            the customer's tax number: when the customer has one too, the VKN names the customer
  --users N            how many active app users the licence allows (passive users take no seat)
  --expires YYYY-MM-DD the last day the licence is valid
  --system INSTNO:HWKEY  the SAP installation number and hardware key of a system the customer may add;
                       repeat for each system
  --out FILE           where to write the licence (default: standard output)

Without any licence file a customer is in evaluation: one system, 30 days from its creation.`;
export const BACKUP_USAGE = 'segra backup --out FILE';
/** On PostgreSQL the database's own tools make and restore backups (README, "Backups"). */
export const PG_DUMP = 'pg_dump --format=custom --file=FILE "$DATABASE_URL"';
export const PG_RESTORE = 'pg_restore --exit-on-error --no-owner --dbname="$DATABASE_URL" FILE';
export const RESTORE_USAGE = 'segra restore FILE';
/** `segra backup --help`, `segra restore --help`: what each does, and PostgreSQL's own tools. */
export const BACKUP_HELP = `segra backup --out FILE
       segra restore FILE

backup      writes a consistent copy of the embedded database (DATA_DIR) to FILE, also while
            segra serve runs (the server makes it); FILE must not exist yet
restore     brings a backup back into an empty DATA_DIR (a missing or empty folder; never over
            data), after checking its manifest and SHA-256; then start segra serve on it

A backup holds the whole database (customers, periods, analyses and findings, users, settings,
the generated JWT secret), not the uploads of imports under way nor the mail outbox.
With DATABASE_URL (PostgreSQL) use the database's tools instead:
  ${PG_DUMP}
  ${PG_RESTORE}`;
