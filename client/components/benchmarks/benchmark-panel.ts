// <benchmark-panel>: this dataset against other clients. Quartiles come from GET /benchmarks, which leaves
// this engagement out, withholds any part with fewer than the minimum number of other clients, and never
// says who contributed. The panel says plainly what is withheld and why; it shows no contributor at all.
import { LitElement, css, html } from 'lit';
import { errorMessage } from '../../api/http.ts';
import { fetchBenchmarks, type BenchmarkFigure, type BenchmarkSection, type Benchmarks, type MajorGroupBenchmark } from '../../api/benchmarks.ts';
import { resultStyles } from '../results/results-styles.ts';
import { formatCount } from '../../../workers/format/figures.ts';
import '../common/error-notice.ts';
import './benchmark-chart.ts';
import { formatBenchmark } from './benchmark-format.ts';

type State = { kind: 'loading' } | { kind: 'loaded'; benchmarks: Benchmarks } | { kind: 'failed'; message: string };

export class BenchmarkPanel extends LitElement {
  static override properties = {
    datasetId: { attribute: false },
    /** Changes when the dataset is rescored, so the comparison is read again. */
    finalizedAt: { attribute: false },
    majorGroupNames: { attribute: false },
    state: { state: true },
  };

  static override styles = [
    resultStyles,
    css`
      .withheld {
        border-left: 4px solid var(--color-border-strong, #8a94a3);
        padding: var(--space-2, 0.5rem) var(--space-3, 0.75rem);
        background: var(--color-bg, #f5f6f8);
      }
      .key {
        display: flex;
        flex-wrap: wrap;
        gap: var(--space-4, 1rem);
        font-size: 0.9rem;
        color: var(--color-muted, #4f5b69);
      }
      .swatch {
        display: inline-block;
        width: 1.4em;
        height: 0.8em;
        vertical-align: middle;
        margin-right: 0.35em;
      }
      .swatch.band {
        background: var(--chart-band, #b9cdee);
        border-left: 3px solid var(--chart-bar, #1f5fbf);
      }
      .swatch.own {
        width: 0.8em;
        background: var(--chart-own, #b4451f);
        transform: rotate(45deg);
      }
      details {
        margin-top: var(--space-4, 1rem);
      }
      ul {
        margin: var(--space-2, 0.5rem) 0 0;
        padding-left: 1.25rem;
      }
    `,
  ];

  declare datasetId: string;
  declare finalizedAt: string | null;
  declare majorGroupNames: Record<string, string>;
  declare state: State;

  constructor() {
    super();
    this.datasetId = '';
    this.finalizedAt = null;
    this.majorGroupNames = {};
    this.state = { kind: 'loading' };
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('datasetId') || changed.has('finalizedAt')) && this.datasetId) void this.load();
  }

  private async load(): Promise<void> {
    const id = this.datasetId;
    this.state = { kind: 'loading' };
    try {
      const benchmarks = await fetchBenchmarks(id);
      if (id === this.datasetId) this.state = { kind: 'loaded', benchmarks };
    } catch (error) {
      if (id === this.datasetId) this.state = { kind: 'failed', message: errorMessage(error) };
    }
  }

  private majorLabel(major: string): string {
    const name = this.majorGroupNames[major];
    return name ? `${major} ${name}` : `Major group ${major}`;
  }

  override render() {
    return html`<section aria-labelledby="benchmark-heading">
      <h2 id="benchmark-heading">How this client compares</h2>
      ${this.renderState()}
    </section>`;
  }

  private renderState() {
    const state = this.state;
    if (state.kind === 'loading') return html`<p role="status" class="muted">Loading the benchmark…</p>`;
    if (state.kind === 'failed') return html`<error-notice .message=${state.message} retryable @retry=${this.load}></error-notice>`;
    const b = state.benchmarks;
    const min = b.minimumContributors;
    if (b.page.withheld) {
      return html`<p class="withheld" role="status">
          The benchmark is withheld: fewer than ${min} other clients have a finished staff list in it. It appears once at least ${min}
          other clients contribute, so that no one client's figures can be read from it.
        </p>
        ${this.renderNotes(b)}`;
    }
    const groups = b.majorGroups;
    return html`<p>
        Against ${formatCount(b.page.contributors!)} other clients' staff lists. The band spans the middle half of them (25th to 75th
        percentile), the line marks their median, and the diamond is this client.
      </p>
      <p class="key" aria-hidden="true">
        <span><span class="swatch band"></span>Other clients, middle half and median</span>
        <span><span class="swatch own"></span>This client</span>
      </p>
      <div class="charts">
        <benchmark-chart caption="Cost, exposure and savings" .figures=${b.page.figures}></benchmark-chart>
      </div>
      ${this.renderTable('Cost, exposure and savings against other clients', b.page.figures)}
      <h3>Spans and layers</h3>
      ${this.renderSection(b.organisation, `fewer than ${min} other clients have a staff list with reporting lines.`, 'Span of control and layers')}
      <h3>Occupation groups (US SOC 2018)</h3>
      ${groups.length === 0
        ? html`<p class="muted">No occupation group has enough other clients to compare.</p>`
        : groups.map((g) => this.renderGroup(g, min))}
      ${this.renderNotes(b)}`;
  }

  private renderSection(section: BenchmarkSection, withheld: string, caption: string) {
    if (section.withheld) return html`<p class="withheld">Withheld: ${withheld}</p>`;
    return html`<p class="muted">${formatCount(section.contributors!)} other clients contribute.</p>
      <div class="charts"><benchmark-chart caption=${caption} .figures=${section.figures}></benchmark-chart></div>
      ${this.renderTable(`${caption} against other clients`, section.figures)}`;
  }

  private renderGroup(group: MajorGroupBenchmark, min: number) {
    const label = this.majorLabel(group.major);
    if (group.withheld) {
      return html`<p class="withheld"><strong>${label}</strong>: withheld, because fewer than ${min} other clients have people in this group.</p>`;
    }
    return html`<div class="charts"><benchmark-chart caption=${`${label} (${formatCount(group.contributors!)} other clients)`} .figures=${group.figures}></benchmark-chart></div>`;
  }

  private renderTable(caption: string, figures: BenchmarkFigure[]) {
    const cell = (f: BenchmarkFigure, v: number | null) => (v === null ? '–' : formatBenchmark(f, v));
    return html`<div class="table-wrap" role="region" tabindex="0" aria-label=${caption}>
      <table>
        <caption>${caption}</caption>
        <thead>
          <tr><th scope="col">Figure</th><th scope="col" class="num">This client</th><th scope="col" class="num">25th percentile</th><th scope="col" class="num">Median</th><th scope="col" class="num">75th percentile</th></tr>
        </thead>
        <tbody>
          ${figures.map(
            (f) => html`<tr><th scope="row">${f.label}</th><td class="num">${cell(f, f.value)}</td><td class="num">${cell(f, f.p25)}</td><td class="num">${cell(f, f.median)}</td><td class="num">${cell(f, f.p75)}</td></tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  private renderNotes(b: Benchmarks) {
    return html`<details>
      <summary>How the benchmark is built</summary>
      <ul>
        ${b.notes.map((n) => html`<li>${n}</li>`)}
      </ul>
    </details>`;
  }
}

customElements.define('benchmark-panel', BenchmarkPanel);

declare global {
  interface HTMLElementTagNameMap {
    'benchmark-panel': BenchmarkPanel;
  }
}
