// <offshore-panel>: which work could move to a capability centre, which should be automated in place, and
// what moving the candidates would save.
import { html } from 'lit';
import { SummaryPanel } from './summary-panel.ts';
import type { DatasetSummary } from '../../../schema/datasetSummary.ts';
import { formatCount, formatShare } from '../../../workers/format/figures.ts';

const GROUPS = [
  { key: 'migratable', label: 'In roles that could move', note: 'occupations and role types suited to a capability centre' },
  { key: 'candidates', label: 'Offshore candidates', note: 'could move, and exposure to AI is low' },
  { key: 'hybrid', label: 'Hybrid', note: 'could move, with exposure in the middle band' },
  { key: 'onshore', label: 'Automate in place', note: 'could move, but exposure is high enough to automate onshore' },
] as const;

export class OffshorePanel extends SummaryPanel {
  protected override renderSummary(s: DatasetSummary) {
    const o = s.offshore;
    return html`<section aria-labelledby="offshore-heading">
      <h2 id="offshore-heading">Offshoring</h2>
      <dl class="tiles">
        ${[
          ['Offshore share of people', formatShare(o.headcountShare)],
          ['Offshore share of cost', formatShare(o.costShare)],
          ['Annual saving from moving the candidates', this.moneyShort(o.saving)],
        ].map(
          ([label, value]) => html`<div class="tile">
            <dt>${label}</dt>
            <dd>${value}</dd>
          </div>`,
        )}
      </dl>
      <div class="table-wrap" role="region" tabindex="0" aria-label="People by offshoring status">
        <table>
          <caption>People by offshoring status</caption>
          <thead>
            <tr><th scope="col">Status</th><th scope="col">Meaning</th><th scope="col" class="num">Headcount</th><th scope="col" class="num">Cost</th></tr>
          </thead>
          <tbody>
            ${GROUPS.map(
              (g) => html`<tr>
                <th scope="row">${g.label}</th>
                <td class="muted">${g.note}</td>
                <td class="num">${formatCount(o[g.key].headcount)}</td>
                <td class="num">${this.money(o[g.key].cost)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>`;
  }
}

customElements.define('offshore-panel', OffshorePanel);

declare global {
  interface HTMLElementTagNameMap {
    'offshore-panel': OffshorePanel;
  }
}
