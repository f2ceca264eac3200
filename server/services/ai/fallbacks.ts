// The same en-GB formatters as the statistics beside the summary on the dataset page, so the figures read alike.
import { currencyName, formatCount, formatFte, formatMoneyShort, formatPercentile, formatShare } from '../../../workers/format/figures.ts';
import { summaryCurrency, type DatasetSummary } from '../../../schema/datasetSummary.ts';

/**
 * The rule-based executive summary (spec: Narrative rules): opens with the dataset name in bold,
 * has no heading, and uses only the stored summary's figures, money in the list's own currency, which it names.
 */
export function ruleBasedSummary(name: string, s: DatasetSummary): string {
  const moderate = s.scenarios.moderate;
  const currency = summaryCurrency(s);
  const money = (value: number) => formatMoneyShort(value, currency);
  const largest = [...s.categories].sort((a, b) => b.headcount - a.headcount)[0];
  const sentences = [
    `**${name.replace(/[*_`[\]\\<>]/g, '')}** covers ${formatCount(s.headcount)} people (${formatFte(s.fteTotal)} full-time equivalents) with an annual cost of ${money(s.cost.total)}; all figures are in ${currencyName(currency)}.`,
    `Their average exposure to AI sits at the ${formatPercentile(s.exposure.averagePercentile)} percentile, with ${formatShare(s.exposure.automationShare)} of work open to automation and ${formatShare(s.exposure.augmentationShare)} to augmentation.`,
  ];
  if (largest) sentences.push(`The largest group is ${largest.category}, with ${formatCount(largest.headcount)} people.`);
  sentences.push(
    `Under the moderate scenario we estimate an annual saving of ${money(moderate.netOfReinvestment)} after reinvestment, and a three-year net saving of ${money(moderate.threeYearNetSaving)}.`,
  );
  return sentences.join(' ');
}

export const ASK_REFUSAL = "We could not ground an answer to that question in this dataset's figures, so we have not given one. Try asking about headcount, cost, exposure or the scenarios.";
