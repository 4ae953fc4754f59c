import { describe, expect, it } from 'vitest';
import { issuerGroups } from './issuer-options';

const item = (name: string, file_count = 1) => ({ name, file_count });

describe('issuer groups', () => {
  it('lists followed, popular and more, each issuer once', () => {
    const groups = issuerGroups({
      star: [item('Acme')],
      popular: [item('Acme'), item('Beta')],
      all: [item('Acme'), item('Beta'), item('Gamma')],
    });
    expect(groups.map((g) => [g.key, g.issuers.map((i) => i.name)])).toEqual([
      ['followed', ['Acme']],
      ['popular', ['Beta']],
      ['more', ['Gamma']],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(issuerGroups({ star: [], popular: [], all: [item('A')] }).map((g) => g.key)).toEqual(['more']);
    expect(issuerGroups(undefined)).toEqual([]);
  });
});
