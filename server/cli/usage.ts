/** Usage lines of the commands (DESIGN 11), kept apart so `segra --help` loads no command. */
export const ANALYZE_USAGE = `segra analyze --system S --rules R [--date YYYYMMDD] [--level action|permission]
               [--mode same-instance|union] [--include-locked] [--include-expired]
               [--client NNN] [--mitigations FILE] [--usage FILE] [--format csv|json] [--out FILE]`;
export const BASIS_USAGE = 'segra basis --system S [--date YYYYMMDD] [--client NNN] [--format csv|json] [--out FILE]';
export const GENERATE_USAGE = 'segra generate --size S|M|L|XL --out DIR [--seed N] [--controls] [--dense]';
export const BENCH_USAGE = 'segra bench [--sizes S,M,L,LD] [--write docs/benchmarks.md] [--server --database-url postgres://… [--load-seconds 5]]';
export const LICENCE_USAGE =
  'segra licence keygen --out-private FILE --out-public FILE | segra licence sign --key FILE --customer NAME --users N --expires YYYY-MM-DD --system INSTNO:HWKEY… [--vkn VKN] [--out FILE]';
