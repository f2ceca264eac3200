// How a benchmark figure reads: pounds (money is benchmarked in pounds only), whole percentages for quartiles (they are rounded so), percentiles
// as ordinals, spans and layers to one decimal.
import type { BenchmarkFigure } from '../../api/benchmarks.ts';
import { formatDecimal, formatMoney, formatPercentNumber, formatPercentile } from '../../../workers/format/figures.ts';

export function formatBenchmark(figure: Pick<BenchmarkFigure, 'key' | 'unit'>, value: number): string {
  if (figure.key === 'averageExposure') return formatPercentile(value);
  switch (figure.unit) {
    case 'pounds':
      return formatMoney(value, 'GBP');
    case 'percent':
      return formatPercentNumber(value);
    default:
      return formatDecimal(value);
  }
}
