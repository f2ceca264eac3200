// <value-chain-panel>: the report lifecycle — people, cost, exposure and saving in each phase of the value
// chain the dataset was placed on — and the role types no phase claimed. People are whole: a role type spread
// over phases leaves fractions, rounded by largest remainder so the phases add up. The "ai" slot takes the
// value chain as the model would place it, so the section appears once with both.
import { html, nothing } from 'lit';
import { SummaryPanel } from './summary-panel.ts';
import type { DatasetSummary, LifecycleSummary } from '../../../schema/datasetSummary.ts';
import './bar-chart.ts';
import { wholePeopleByPhase } from '../../../workers/scoring/lifecycle.ts';
import { formatCount, formatPercentile } from '../../../workers/format/figures.ts';

const CHOSEN_BY: Record<LifecycleSummary['chosenBy'], string> = {
  pack: 'the engagement’s industry pack',
  auto: 'the role types in this list',
  default: 'default, as no industry chain fits',
};

export class ValueChainPanel extends SummaryPanel {
  protected override renderSummary(s: DatasetSummary) {
    const chain = s.lifecycle;
    const people = wholePeopleByPhase(chain.phases.map((p) => p.headcount));
    return html`<section aria-labelledby="value-chain-heading">
      <h2 id="value-chain-heading">Value chain</h2>
      <p>${chain.label}, chosen by ${CHOSEN_BY[chain.chosenBy]}.</p>
      <div class="charts">
        <bar-chart caption="People by phase" .items=${chain.phases.map((p, i) => ({ label: p.label, value: people[i]! }))} .formatValue=${formatCount}></bar-chart>
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
              (p, i) => html`<tr>
                <th scope="row">${p.label}</th>
                <td class="num">${formatCount(people[i]!)}</td>
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
              ${chain.unplaced.map((u) => html`<li>${u.subcategory} (${u.category}): ${formatCount(u.headcount)}</li>`)}
            </ul>`
        : nothing}
      <slot name="ai"></slot>
    </section>`;
  }
}

customElements.define('value-chain-panel', ValueChainPanel);

declare global {
  interface HTMLElementTagNameMap {
    'value-chain-panel': ValueChainPanel;
  }
}
