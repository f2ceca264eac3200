// Base of the result panels that render one part of the stored summary: the summary property,
// the shared result styles, and nothing at all until a summary arrives.
import { LitElement, nothing, type CSSResultGroup, type TemplateResult } from 'lit';
import type { DatasetSummary } from '../../../workers/scoring/summary.ts';
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
}
