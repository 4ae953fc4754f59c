/** The token of an `Authorization: Bearer <token>` header (any case of "Bearer"), or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '');
  return m?.[1] ?? null;
}
