/** A refusal answered with an HTML page (the JSON error model is the API's, under /v1). */
export class PageError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
