/** A wrong command line: the CLI prints the message and the help, and exits 2. */
export class UsageError extends Error {}

/** The server refused the call or could not be reached: the CLI prints the message and exits 1. */
export class ApiError extends Error {}
