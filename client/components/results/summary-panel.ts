// Base of the result panels that render one part of the stored summary: the summary property,
// the shared result styles, and nothing at all until a summary arrives.
import { LitElement, nothing, type CSSResultGroup, type TemplateResult } from 'lit';
import { summaryCurrency, type DatasetSummary } from '../../../schema/datasetSummary.ts';
import { formatMoney, formatMoneyShort } from '../../../workers/format/figures.ts';
import { resultStyles } from './results-styles.ts';

export abstract class SummaryPanel extends LitElement {
  static override properties = {
    summary: { attribute: false },
  };

  static override styles: CSSResultGroup = resultStyles;

  declare summary: DatasetSummary | null;

  constructor() {
    super();
    this.summary = null;
  }

  override render() {
    return this.summary ? this.renderSummary(this.summary) : nothing;
  }

  protected abstract renderSummary(summary: DatasetSummary): TemplateResult;

  /** The currency of the list's money figures (pounds for summaries stored before lists had one). */
  protected get currency(): string {
    return this.summary ? summaryCurrency(this.summary) : 'GBP';
  }

  /** £46,456: whole units in the list's currency, for tables and averages. */
  protected money(value: number): string {
    return formatMoney(value, this.currency);
  }

  /** £3.6bn, $48.2m: headline tiles, where whole units would overflow. */
  protected moneyShort(value: number): string {
    return formatMoneyShort(value, this.currency);
  }
}
