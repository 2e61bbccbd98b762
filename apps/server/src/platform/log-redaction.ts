/** Replaces secrets carried in a query string (token=...) with a mark, for request logs. */
export function redactTokens(url: string): string {
  return url.replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');
}
