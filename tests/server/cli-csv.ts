import { DECISION_CSV_COLUMNS } from '../../server/modules/analyses/analysis-export.ts';

/**
 * The server's findings CSV without the decision columns it writes after those of `segra analyze`
 * (issue 27): exactly what the command line writes for the same inputs, line by line. Throws when
 * the CSV does not end its header with them.
 */
export function cliPart(csv: string): string {
  const tail = `,${DECISION_CSV_COLUMNS.join(',')}`;
  const [header] = csv.split('\n', 1);
  if (!header.endsWith(tail)) throw new Error(`The CSV header does not end with the decision columns: ${header}`);
  // The decision cells are codes, an X and an email address: none needs quoting.
  const cells = new RegExp(`(,[^,"\\n]*){${DECISION_CSV_COLUMNS.length}}$`);
  return csv
    .split('\n')
    .map((line) => (line === '' ? line : line.replace(cells, '')))
    .join('\n');
}
