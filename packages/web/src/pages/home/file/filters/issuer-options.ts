import type { IssuerItem, IssuerResponse } from '@rl/contract';

export interface IssuerGroup {
  key: 'followed' | 'popular' | 'more';
  issuers: IssuerItem[];
}

/**
 * The issuer lists as option groups: the issuers I follow (their stars), popular, then more. Each issuer appears once,
 * in the first group that lists it; empty groups are left out.
 */
export function issuerGroups(response: IssuerResponse | undefined): IssuerGroup[] {
  if (!response) return [];
  const seen = new Set<string>();
  const take = (list: IssuerItem[]) =>
    list.filter((issuer) => {
      if (seen.has(issuer.name)) return false;
      seen.add(issuer.name);
      return true;
    });
  const groups: IssuerGroup[] = [
    { key: 'followed', issuers: take(response.star) },
    { key: 'popular', issuers: take(response.popular) },
    { key: 'more', issuers: take(response.all) },
  ];
  return groups.filter((group) => group.issuers.length > 0);
}
