/** The search page's research filters, facets and result lines. */
export const researchSearch = {
  'researchSearch.filter.reportType': 'Report type',
  'researchSearch.filter.rating': 'Rating',
  'researchSearch.filter.ratingAction': 'Rating action',
  'researchSearch.filter.sector': 'Sector',
  'researchSearch.filter.company': 'Company',
  'researchSearch.filter.company.placeholder': 'Ticker or name',
  'researchSearch.filter.analyst': 'Analyst',
  'researchSearch.result.fromRating': 'from {{rating}}',
  'researchSearch.result.target': 'Target {{target}}',
  'researchSearch.result.previousTarget': '(from {{target}})',
  'researchSearch.company.notesOn': 'Notes on {{name}} ({{ticker}})',
  'researchSearch.company.named': '“{{keyword}}” is {{name}} ({{ticker}}): its other names were searched too',
  'researchSearch.company.page': 'Company page',
  'researchSearch.company.asWords': 'Search “{{keyword}}” as words instead',
} as const;
