// <value-chain-panel>: the report lifecycle — people, cost, exposure and saving in each phase of the value
// chain the dataset was placed on — and the role types no phase claimed.
import { html, nothing } from 'lit';
import { SummaryPanel } from './summary-panel.ts';
import type { DatasetSummary, LifecycleSummary } from '../../../workers/scoring/summary.ts';
import './bar-chart.ts';
import { formatDecimal, formatPercentile } from './format.ts';

const CHOSEN_BY: Record<LifecycleSummary['chosenBy'], string> = {
  pack: 'the engagement’s industry pack',
  auto: 'the role types in this list',
  default: 'default, as no industry chain fits',
};

export class ValueChainPanel extends SummaryPanel {
  protected override renderSummary(s: DatasetSummary) {
    const chain = s.lifecycle;
    return html`<section aria-labelledby="value-chain-heading">
      <h2 id="value-chain-heading">Value chain</h2>
      <p>${chain.label}, chosen by ${CHOSEN_BY[chain.chosenBy]}.</p>
      <div class="charts">
        <bar-chart caption="People by phase" .items=${chain.phases.map((p) => ({ label: p.label, value: p.headcount }))} .formatValue=${formatDecimal}></bar-chart>
      </div>
      <div class="table-wrap" role="region" tabindex="0" aria-label="Phases">
        <table>
          <caption>Phases</caption>
          <thead>
            <tr>
              <th scope="col">Phase</th>
              <th scope="col" class="num">People</th>
              <th scope="col" class="num">Cost</th>
              <th scope="col" class="num">Exposure percentile</th>
              <th scope="col" class="num">Moderate saving</th>
            </tr>
          </thead>
          <tbody>
            ${chain.phases.map(
              (p) => html`<tr>
                <th scope="row">${p.label}</th>
                <td class="num">${formatDecimal(p.headcount)}</td>
                <td class="num">${this.money(p.cost)}</td>
                <td class="num">${p.headcount > 0 ? formatPercentile(p.averagePercentile) : '–'}</td>
                <td class="num">${this.money(p.moderateSaving)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${chain.unplaced.length > 0
        ? html`<h3>Spread evenly across phases</h3>
            <p class="muted">These role types have no phase in this chain, so their people are shared equally between the phases.</p>
            <ul>
              ${chain.unplaced.map((u) => html`<li>${u.subcategory} (${u.category}): ${u.headcount}</li>`)}
            </ul>`
        : nothing}
    </section>`;
  }
}

customElements.define('value-chain-panel', ValueChainPanel);

declare global {
  interface HTMLElementTagNameMap {
    'value-chain-panel': ValueChainPanel;
  }
}
