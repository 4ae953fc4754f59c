import type { ReportLanguage } from '@rl/contract';
import { makeChart } from './chart-data.js';
import type { Random } from './random.js';
import { makeTable, type TableContext, type TableKind } from './table-data.js';
import type { Block, ChartSpec } from './types.js';

/** Second-use variations of a chart title, so a long report does not repeat its exhibit titles. */
const QUALIFIERS: Record<ReportLanguage, readonly string[]> = {
  en: ['long-run history', 'our forecasts', 'versus consensus', 'recent trend', 'scenario view'],
  zh: ['长期走势', '我们的预测', '与一致预期对比', '近期趋势', '情景分析'],
};

/** Hands out the exhibits of a report: charts from the topic's titles, and each table kind once. */
export class ExhibitDeck {
  private titles: string[] = [];
  private round = 0;
  private readonly tables: TableKind[];

  constructor(
    private readonly random: Random,
    private readonly chartTitles: readonly string[],
    tableKinds: readonly TableKind[],
    private readonly tableContext: TableContext,
    private readonly year: number,
  ) {
    this.tables = [...tableKinds];
  }

  chart(): ChartSpec {
    if (this.titles.length === 0) {
      this.titles = this.random.shuffle(this.chartTitles);
      this.round++;
    }
    const title = this.titles.pop() as string;
    const language = this.tableContext.language;
    const qualifier = QUALIFIERS[language][(this.round - 2) % QUALIFIERS[language].length];
    return makeChart(
      this.random,
      this.round === 1 || !qualifier ? title : qualify(title, qualifier, language),
      language,
      this.year,
      this.tableContext.figures,
    );
  }

  table(kind: TableKind): Block {
    return { kind: 'table', table: makeTable(kind, this.tableContext) };
  }

  /** A table while unused kinds remain (now and then), else a chart or a pair of half-width charts. */
  next(): Block {
    const kind = this.tables.length > 0 && this.random.chance(0.3) ? this.tables.shift() : undefined;
    if (kind) return this.table(kind);
    if (this.random.chance(0.25)) return { kind: 'chart-pair', charts: [this.chart(), this.chart()] };
    return { kind: 'chart', chart: this.chart() };
  }
}

/** `Copper price (USD/t)` -> `Copper price, our forecasts (USD/t)` */
function qualify(title: string, qualifier: string, language: ReportLanguage): string {
  const match = /^(.*?)(\s*[(（][^)）]*[)）])?$/.exec(title);
  const base = match?.[1] ?? title;
  const unit = match?.[2] ?? '';
  return language === 'zh' ? `${base}，${qualifier}${unit}` : `${base}, ${qualifier}${unit}`;
}
