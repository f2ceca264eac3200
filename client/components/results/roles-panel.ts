// <roles-panel>: the largest role types and the categories they belong to, with cost, exposure and the
// moderate scenario's saving. Role and category names come from the reference taxonomy, never raw titles.
import { html } from 'lit';
import { SummaryPanel } from './summary-panel.ts';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import './bar-chart.ts';
import { formatCount, formatPercentile, formatShare } from '../../../workers/format/figures.ts';

export class RolesPanel extends SummaryPanel {
  protected override renderSummary(s: DatasetSummary) {
    return html`<section aria-labelledby="roles-heading">
      <h2 id="roles-heading">Roles and categories</h2>
      <div class="charts">
        <bar-chart
          caption="Moderate scenario saving by category"
          .items=${s.categories.map((c) => ({ label: c.category, value: c.moderateSaving })).sort((a, b) => b.value - a.value)}
          .formatValue=${(value: number) => this.moneyShort(value)}
        ></bar-chart>
      </div>
      <div class="table-wrap" role="region" tabindex="0" aria-label="Top ${s.topRoles.length} role types by headcount">
        <table>
          <caption>Top ${s.topRoles.length} role types by headcount</caption>
          <thead>
            <tr>
              <th scope="col">Role type</th>
              <th scope="col">Category</th>
              <th scope="col" class="num">Headcount</th>
              <th scope="col" class="num">Cost</th>
              <th scope="col" class="num">Exposure percentile</th>
              <th scope="col" class="num">Moderate saving</th>
            </tr>
          </thead>
          <tbody>
            ${s.topRoles.map(
              (r) => html`<tr>
                <th scope="row">${r.subcategory}</th>
                <td>${r.category}</td>
                <td class="num">${formatCount(r.headcount)}</td>
                <td class="num">${this.money(r.cost)}</td>
                <td class="num">${formatPercentile(r.averagePercentile)}</td>
                <td class="num">${this.money(r.moderateSaving)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <div class="table-wrap" role="region" tabindex="0" aria-label="Categories">
        <table>
          <caption>Categories</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col" class="num">Headcount</th>
              <th scope="col" class="num">Cost</th>
              <th scope="col" class="num">Exposure percentile</th>
              <th scope="col" class="num">Automation</th>
              <th scope="col" class="num">Augmentation</th>
              <th scope="col" class="num">Moderate saving</th>
            </tr>
          </thead>
          <tbody>
            ${s.categories.map(
              (c) => html`<tr>
                <th scope="row">${c.category}</th>
                <td class="num">${formatCount(c.headcount)}</td>
                <td class="num">${this.money(c.cost)}</td>
                <td class="num">${formatPercentile(c.averagePercentile)}</td>
                <td class="num">${formatShare(c.automationShare)}</td>
                <td class="num">${formatShare(c.augmentationShare)}</td>
                <td class="num">${this.money(c.moderateSaving)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>`;
  }
}

customElements.define('roles-panel', RolesPanel);

declare global {
  interface HTMLElementTagNameMap {
    'roles-panel': RolesPanel;
  }
}
