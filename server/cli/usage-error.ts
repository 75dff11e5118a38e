/** A command-line mistake: printed with the usage hint, exit status 2 (DESIGN 11). */
export class UsageError extends Error {}
