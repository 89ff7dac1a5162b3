/** How a call is sent: the contracts' HttpMethod (restated: importing it at run time would pull zod in). */
export type HttpMethod = 'GET' | 'POST';

/**
 * Method and path of one call of the contracts, without its schemas: what sending it needs.
 * `C` links it to the contract for types only (its request and its data).
 */
export interface Route<C = unknown> {
  readonly method: HttpMethod;
  /** Under the client's base URL, e.g. `/user/info`. */
  readonly path: string;
  /** Type-only link to the contract. */
  readonly __contract?: C;
}
