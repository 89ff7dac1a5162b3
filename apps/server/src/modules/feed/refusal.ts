/** A feed call refused: its HTTP status, a code the provider's software can act on, and why in words. */
export class FeedRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly event?: string,
  ) {
    super(detail);
  }
}
