// <report-document>: the client report itself, laid out for print. Cover band in the client's primary colour
// with the logo; the consultant's notes; the executive summary (labelled when AI wrote it); headline figures;
// exposure, scenarios, where the value is, spans and layers and the value chain, with SVG charts; methodology
// and sources. The engagement's terms swaps apply to the wording, never to figures. Tables do not split across
// pages; page size and page numbers are the page's @page rule (see report-page). Each section has an id and an
// h2, from which the page builds its index. A list without reporting lines gets a statement, not spans and layers.
import { LitElement, css, html, nothing } from 'lit';
import { REPORT_SECTIONS, type ReportNotes } from '../../../schema/reportNotes.ts';
import type { Brand } from '../../../workers/brand/brand.ts';
import type { ScenarioKey } from '../../../schema/reference/index.ts';
import { HORIZON_LABELS, marketRate, SCENARIO_LABELS } from '../../../workers/exports/labels.ts';
import { termSwapper, type Wording } from '../../../workers/exports/terms.ts';
import type { Horizon } from '../../../workers/scoring/index.ts';
import { REPORTING_LINES_RULE, noReportingLinesText } from '../../../workers/exports/labels.ts';
import { wholePeopleByPhase } from '../../../workers/scoring/lifecycle.ts';
import { hasReportingLines } from '../../../workers/scoring/org.ts';
import { summaryCurrency, type DatasetSummary } from '../../../schema/datasetSummary.ts';
import type { ExecutiveSummary } from '../../api/report.ts';
import { currencyName, formatConfidence, formatCount, formatDate, formatDecimal, formatFte, formatMoney, formatMoneyShort, formatMultiplier, formatPayback, formatPercentile, formatRoi, formatShare } from '../../../workers/format/figures.ts';
import { HOUSE_BRAND, fontStack } from './brand-style.ts';
import { renderMarkdown } from './markdown.ts';
import { barChart } from './svg-bars.ts';

export interface ReportContent {
  datasetName: string;
  engagementName: string;
  clientName: string | null;
  summary: DatasetSummary;
  notes: ReportNotes | null;
  brand: Brand | null;
  executiveSummary: ExecutiveSummary | null;
  /** Lines naming the reference version's sources. */
  sources: string[];
  generatedAt: string;
}

// The exports' wording, so the report and the workbook name scenarios and horizons alike (keys in display order).
const SCENARIOS = Object.entries(SCENARIO_LABELS) as [ScenarioKey, string][];
const HORIZONS = Object.entries(HORIZON_LABELS) as [Horizon, string][];

export class ReportDocument extends LitElement {
  static override properties = { content: { attribute: false } };

  static override styles = css`
    :host {
      display: block;
      color: #1c2530;
      background: #fff;
      font-size: 10.5pt;
      line-height: 1.45;
    }
    .cover {
      background: var(--brand-primary);
      color: #fff;
      padding: 18pt 20pt;
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 16pt;
      border-bottom: 5pt solid var(--brand-secondary);
    }
    .cover h1 {
      margin: 0 0 4pt;
      font-size: 20pt;
      line-height: 1.2;
    }
    .cover p {
      margin: 0;
    }
    .logo {
      max-height: 56pt;
      max-width: 160pt;
      background: #fff;
      padding: 6pt;
      border-radius: 4pt;
    }
    section {
      margin: 16pt 0 0;
    }
    h2 {
      color: var(--brand-primary);
      font-size: 14pt;
      margin: 0 0 6pt;
      padding-bottom: 3pt;
      border-bottom: 1.5pt solid var(--brand-secondary);
      break-after: avoid;
    }
    h3 {
      font-size: 11pt;
      margin: 10pt 0 4pt;
      break-after: avoid;
    }
    p {
      margin: 0 0 6pt;
    }
    .ai-label {
      display: inline-block;
      font-size: 8.5pt;
      font-weight: 600;
      border: 1pt solid var(--brand-accent);
      color: #1c2530;
      border-radius: 3pt;
      padding: 1pt 5pt;
      margin-bottom: 6pt;
    }
    .tiles {
      display: grid;
      grid-template-columns: repeat(3, 1fr);
      gap: 8pt;
      break-inside: avoid;
    }
    .tile {
      border: 1pt solid #d5dae1;
      border-top: 3pt solid var(--brand-primary);
      padding: 6pt 8pt;
    }
    .tile {
      min-width: 0;
    }
    .tile .value {
      font-size: 15pt;
      font-weight: 700;
      overflow-wrap: anywhere;
    }
    section:focus {
      outline: none;
    }
    .statement {
      font-weight: 600;
      border-left: 3pt solid var(--brand-primary);
      padding: 4pt 8pt;
    }
    .tile .label {
      font-size: 9pt;
      color: #4f5b69;
    }
    table {
      width: 100%;
      border-collapse: collapse;
      margin: 4pt 0 8pt;
      break-inside: avoid;
      font-variant-numeric: tabular-nums;
    }
    th,
    td {
      text-align: left;
      padding: 3pt 6pt;
      border-bottom: 0.75pt solid #d5dae1;
      vertical-align: top;
    }
    thead th {
      background: var(--brand-primary);
      color: #fff;
    }
    td.num,
    th.num {
      text-align: right;
    }
    figure {
      margin: 4pt 0 8pt;
      break-inside: avoid;
    }
    figcaption {
      font-size: 9pt;
      color: #4f5b69;
    }
    .chart {
      display: block;
      max-width: 100%;
    }
    .notes {
      white-space: pre-line;
    }
    .sources li {
      font-size: 9pt;
      margin-bottom: 2pt;
    }
  `;

  declare content: ReportContent | null;

  constructor() {
    super();
    this.content = null;
  }

  /**
   * The brand's colours and font go on the host through the CSSOM: the CSP refuses style attributes written in
   * markup, which is how a style binding would first render them.
   */
  override updated(): void {
    const brand = this.content?.brand ?? HOUSE_BRAND;
    const { primary, secondary, accent } = brand.colours;
    this.style.setProperty('--brand-primary', primary);
    this.style.setProperty('--brand-secondary', secondary ?? primary);
    this.style.setProperty('--brand-accent', accent ?? secondary ?? primary);
    this.style.setProperty('font-family', fontStack(brand.font));
  }

  override render() {
    const c = this.content;
    if (!c) return nothing;
    const brand = c.brand ?? HOUSE_BRAND;
    const primary = brand.colours.primary;
    const words = termSwapper(c.notes?.terms ?? []);
    const s = c.summary;
    return html`<div class="report">
      <header class="cover">
        <div>
          <h1>${words(`AI opportunity assessment: ${c.datasetName}`)}</h1>
          <p>${c.clientName ? `${c.clientName} · ` : ''}${c.engagementName}</p>
          <p>${formatDate(c.generatedAt)} · reference version ${s.referenceVersion}</p>
        </div>
        ${brand.logo ? html`<img class="logo" src=${brand.logo} alt=${`${c.clientName ?? 'Client'} logo`} />` : nothing}
      </header>
      ${this.notesSection('context', words)} ${this.executiveSummary(c, words)} ${this.notesSection('summary', words)}
      ${this.headline(s, words)} ${this.exposure(s, words, primary)} ${this.scenarios(s, words, primary)} ${this.value(c, words)}
      ${this.spans(s, words, primary)} ${this.valueChain(s, words, primary)} ${this.notesSection('recommendations', words)}
      ${this.notesSection('nextSteps', words)} ${this.otherNotes(c, words)} ${this.methodology(c, words)}
    </div>`;
  }

  private notesSection(key: string, words: Wording) {
    const text = this.content?.notes?.sections[key]?.trim();
    if (!text) return nothing;
    const label = REPORT_SECTIONS.find((r) => r.key === key)?.label ?? key;
    return html`<section id=${`notes-${key}`} tabindex="-1"><h2>${words(label)}</h2><p class="notes">${words(text)}</p></section>`;
  }

  /** Sections the editor does not offer (written through the API) are printed too, under their key. */
  private otherNotes(c: ReportContent, words: Wording) {
    const known = new Set<string>(REPORT_SECTIONS.map((r) => r.key));
    return Object.keys(c.notes?.sections ?? {})
      .filter((key) => !known.has(key))
      .map((key) => this.notesSection(key, words));
  }

  private executiveSummary(c: ReportContent, words: Wording) {
    const e = c.executiveSummary;
    // The executive summary always carries its text; only the value chain's narrative has none.
    if (!e || e.markdown === undefined) return nothing;
    const ai = e.generated === 'ai';
    return html`<section id="executive-summary" tabindex="-1">
      <h2>${words('Executive summary')}</h2>
      ${ai
        ? html`<p class="ai-label">AI-written${e.confidence !== null ? ` · confidence ${formatConfidence(e.confidence)}` : ''}${e.reviewRequired ? ' · to be reviewed before sharing' : ''}</p>`
        : nothing}
      ${renderMarkdown(e.markdown, words)}
    </section>`;
  }

  private headline(s: DatasetSummary, words: Wording) {
    const m = s.scenarios.moderate;
    const tiles: [string, string][] = [
      ['People', formatCount(s.headcount)],
      ['Annual cost', formatMoneyShort(s.cost.total, summaryCurrency(s))],
      ['Average AI exposure (percentile)', formatPercentile(s.exposure.averagePercentile)],
      ['Moderate annual saving after reinvestment', formatMoneyShort(m.netOfReinvestment, summaryCurrency(s))],
      ['Capacity released, moderate (FTE)', formatFte(m.fteSaved)],
      ['Offshore candidates (share of people)', formatShare(s.offshore.headcountShare)],
    ];
    return html`<section id="headline" tabindex="-1">
      <h2>${words('Headline figures')}</h2>
      <div class="tiles">
        ${tiles.map(([label, value]) => html`<div class="tile"><div class="value">${value}</div><div class="label">${words(label)}</div></div>`)}
      </div>
    </section>`;
  }

  private exposure(s: DatasetSummary, words: Wording, colour: string) {
    return html`<section id="exposure" tabindex="-1">
      <h2>${words('Exposure to AI')}</h2>
      <p>${words(`Work open to automation: ${formatShare(s.exposure.automationShare)}; to augmentation: ${formatShare(s.exposure.augmentationShare)}.`)}</p>
      <figure>
        ${barChart(words('People by horizon'), HORIZONS.map(([key, label]) => ({ label: words(label), value: s.exposure.byHorizon[key].headcount, text: formatCount(s.exposure.byHorizon[key].headcount) })), colour)}
        <figcaption>${words('People by the horizon in which AI reaches their work.')}</figcaption>
      </figure>
      <table>
        <thead><tr><th>${words('Horizon')}</th><th class="num">${words('People')}</th><th class="num">${words('Annual cost')}</th></tr></thead>
        <tbody>
          ${HORIZONS.map(([key, label]) => html`<tr><td>${words(label)}</td><td class="num">${formatCount(s.exposure.byHorizon[key].headcount)}</td><td class="num">${formatMoney(s.exposure.byHorizon[key].cost, summaryCurrency(s))}</td></tr>`)}
        </tbody>
      </table>
    </section>`;
  }

  private scenarios(s: DatasetSummary, words: Wording, colour: string) {
    const currency = summaryCurrency(s);
    const rows: [string, (key: ScenarioKey) => string][] = [
      ['Annual gross saving', (k) => formatMoneyShort(s.scenarios[k].grossSaving, currency)],
      ['Annual saving after reinvestment', (k) => formatMoneyShort(s.scenarios[k].netOfReinvestment, currency)],
      ['Capacity released (FTE)', (k) => formatFte(s.scenarios[k].fteSaved)],
      ['Investment', (k) => formatMoneyShort(s.scenarios[k].investment, currency)],
      ['Three-year net saving', (k) => formatMoneyShort(s.scenarios[k].threeYearNetSaving, currency)],
      ['Return on investment', (k) => formatRoi(s.scenarios[k].roi)],
      ['Payback', (k) => formatPayback(s.scenarios[k].paybackMonths)],
    ];
    const moderate = s.scenarios.moderate;
    return html`<section id="scenarios" tabindex="-1">
        <h2>${words('Scenarios')}</h2>
        <table>
          <thead><tr><th>${words('Measure')}</th>${SCENARIOS.map(([, label]) => html`<th class="num">${label}</th>`)}</tr></thead>
          <tbody>${rows.map(([label, value]) => html`<tr><td>${words(label)}</td>${SCENARIOS.map(([key]) => html`<td class="num">${value(key)}</td>`)}</tr>`)}</tbody>
        </table>
        <figure>
          ${barChart(words('Annual saving after reinvestment'), SCENARIOS.map(([key, label]) => ({ label, value: s.scenarios[key].netOfReinvestment, text: formatMoneyShort(s.scenarios[key].netOfReinvestment, currency) })), colour)}
        </figure>
      </section>
      <section>
        <h3>${words('The moderate programme by half-year')}</h3>
        <table>
          <thead><tr><th>${words('Half-year')}</th><th class="num">${words('Net saving')}</th><th class="num">${words('Investment')}</th><th class="num">${words('Cumulative net saving')}</th></tr></thead>
          <tbody>${moderate.periods.map((p) => html`<tr><td>${p.label}</td><td class="num">${formatMoney(p.netSaving, currency)}</td><td class="num">${formatMoney(p.investment, currency)}</td><td class="num">${formatMoney(p.cumulativeNetSaving, currency)}</td></tr>`)}</tbody>
        </table>
      </section>`;
  }

  private value(c: ReportContent, words: Wording) {
    const currency = summaryCurrency(c.summary);
    const roles = [...c.summary.topRoles].sort((a, b) => b.moderateSaving - a.moderateSaving).slice(0, 10);
    const note = c.notes?.valueConcentration?.trim();
    return html`<section id="value" tabindex="-1">
      <h2>${words('Where the value is concentrated')}</h2>
      ${note ? html`<p class="notes">${words(note)}</p>` : nothing}
      <table>
        <thead><tr><th>${words('Role')}</th><th class="num">${words('People')}</th><th class="num">${words('Annual cost')}</th><th class="num">${words('Moderate saving')}</th></tr></thead>
        <tbody>${roles.map((r) => html`<tr><td>${words(r.subcategory)}</td><td class="num">${formatCount(r.headcount)}</td><td class="num">${formatMoney(r.cost, currency)}</td><td class="num">${formatMoney(r.moderateSaving, currency)}</td></tr>`)}</tbody>
      </table>
    </section>`;
  }

  private spans(s: DatasetSummary, words: Wording, colour: string) {
    const o = s.organisation;
    if (!hasReportingLines(o)) {
      return html`<section id="spans" tabindex="-1">
        <h2>${words('Spans and layers')}</h2>
        <p class="statement">${words(noReportingLinesText(o))}</p>
        <p>${words(REPORTING_LINES_RULE)}</p>
      </section>`;
    }
    const figures: [string, string][] = [
      ['Layers', formatCount(o.layerCount)],
      ['Managers', formatCount(o.managers)],
      ['Average span of control', formatDecimal(o.averageSpan)],
      [`Managers with fewer than ${o.narrowSpan} reports`, formatCount(o.narrowManagers)],
      [`Managers with more than ${o.wideSpan} reports`, formatCount(o.wideManagers)],
      ['People whose manager is not in the list', formatCount(o.unresolved)],
      ['People not connected to the top of the organisation', formatCount(o.disconnected)],
    ];
    return html`<section id="spans" tabindex="-1">
      <h2>${words('Spans and layers')}</h2>
      <table><tbody>${figures.map(([label, value]) => html`<tr><td>${words(label)}</td><td class="num">${value}</td></tr>`)}</tbody></table>
      <figure>${barChart(words('People per layer'), o.headcountByLayer.map((n, i) => ({ label: `Layer ${i + 1}`, value: n, text: formatCount(n) })), colour)}</figure>
    </section>`;
  }

  private valueChain(s: DatasetSummary, words: Wording, colour: string) {
    const l = s.lifecycle;
    const people = wholePeopleByPhase(l.phases.map((p) => p.headcount));
    const currency = summaryCurrency(s);
    return html`<section id="value-chain" tabindex="-1">
      <h2>${words('Value chain')}</h2>
      <p>${words(`${l.label}: people and savings by phase.`)}</p>
      <figure>${barChart(words('Moderate saving by phase'), l.phases.map((p) => ({ label: words(p.label), value: p.moderateSaving, text: formatMoneyShort(p.moderateSaving, currency) })), colour)}</figure>
      <table>
        <thead><tr><th>${words('Phase')}</th><th class="num">${words('People')}</th><th class="num">${words('Annual cost')}</th><th class="num">${words('Moderate saving')}</th></tr></thead>
        <tbody>${l.phases.map((p, i) => html`<tr><td>${words(p.label)}</td><td class="num">${formatCount(people[i]!)}</td><td class="num">${formatMoney(p.cost, currency)}</td><td class="num">${formatMoney(p.moderateSaving, currency)}</td></tr>`)}</tbody>
      </table>
    </section>`;
  }

  private methodology(c: ReportContent, words: Wording) {
    const s = c.summary;
    const currency = summaryCurrency(s);
    return html`<section id="methodology" tabindex="-1">
      <h2>${words('Methodology and sources')}</h2>
      <p>${words(
        `Each job title was coded to a US (SOC 2018) and a UK (SOC 2020) occupation. Exposure to AI comes from the US occupation; cost from the uploaded salary times an employer cost multiplier of ${formatMultiplier(s.settings.employerCostMultiplier)}, or ${marketRate(currency)} where no salary applies (${formatCount(s.stats.costImputed)} people). All money is in ${currencyName(currency)}. Savings are the share of work automated or augmented under each scenario, phased over the programme and net of reinvestment. Figures come from reference version ${s.referenceVersion}; names and emails were never part of the analysis.`,
      )}</p>
      <ul class="sources">${c.sources.map((line) => html`<li>${line}</li>`)}</ul>
    </section>`;
  }
}

customElements.define('report-document', ReportDocument);

declare global {
  interface HTMLElementTagNameMap {
    'report-document': ReportDocument;
  }
}
