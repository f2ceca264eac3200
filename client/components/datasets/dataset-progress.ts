// <dataset-progress>: where an upload stands — rows sent, then titles classified with counts by source —
// as native progress bars with text, announced politely to assistive technology.
import { LitElement, css, html, nothing } from 'lit';
import type { ClassifyProgress, TitleSource } from '../../api/datasets.ts';
import type { PipelineProgress } from '../../upload/pipeline.ts';
import { MAX_RETRIES } from '../../upload/retry.ts';
import { formatCount } from '../../../workers/format/figures.ts';
import { SOURCE_LABELS } from '../results/titles-table.ts';

const SOURCE_ORDER: TitleSource[] = ['override', 'pack', 'cache', 'ai', 'rules', 'pending'];

const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

export class DatasetProgress extends LitElement {
  static override properties = {
    progress: { attribute: false },
    aiEnabled: { type: Boolean, attribute: 'ai-enabled' },
  };

  static override styles = css`
    :host {
      display: block;
    }
    .step {
      margin: 0 0 var(--space-4, 1rem);
    }
    label {
      display: block;
      font-weight: 600;
      margin-bottom: var(--space-1, 0.25rem);
    }
    progress {
      width: 100%;
      height: 1.1rem;
      accent-color: var(--color-accent, #1f5fbf);
    }
    p {
      margin: var(--space-1, 0.25rem) 0 0;
      color: var(--color-muted, #4f5b69);
    }
    dl {
      display: flex;
      flex-wrap: wrap;
      gap: var(--space-2, 0.5rem) var(--space-6, 1.5rem);
      margin: var(--space-2, 0.5rem) 0 0;
    }
    dl div {
      display: flex;
      gap: var(--space-2, 0.5rem);
    }
    dt {
      color: var(--color-muted, #4f5b69);
    }
    dd {
      margin: 0;
      font-weight: 600;
      font-variant-numeric: tabular-nums;
    }
  `;

  declare progress: PipelineProgress | null;
  declare aiEnabled: boolean;

  constructor() {
    super();
    this.progress = null;
    this.aiEnabled = false;
  }

  override render() {
    const p = this.progress;
    if (!p) return nothing;
    return html`<div role="status" aria-live="polite">
      ${p.phase === 'uploading' ? this.renderUpload(p) : html`<div class="step">${this.uploadDone()}</div>`}
      ${p.phase === 'completing' ? html`<p class="step">Checking the upload and listing the distinct titles…</p>` : nothing}
      ${p.phase === 'classifying' || p.phase === 'ready' ? this.renderClassify(p.classify, p.phase === 'classifying' ? p.retrying : null) : nothing}
    </div>`;
  }

  private uploadDone() {
    return html`<label for="upload-bar">Upload</label><progress id="upload-bar" max="1" value="1">Done</progress>
      <p>Every row has been uploaded.</p>`;
  }

  private renderUpload(p: Extract<PipelineProgress, { phase: 'uploading' }>) {
    const { sentRows, totalRows, sentChunks, totalChunks } = p.upload;
    return html`<div class="step">
      <label for="upload-bar">Uploading rows</label>
      <progress id="upload-bar" max=${totalRows} value=${sentRows}>${formatCount(sentRows)} of ${formatCount(totalRows)}</progress>
      <p>${formatCount(sentRows)} of ${formatCount(totalRows)} rows sent (${formatCount(sentChunks)} of ${formatCount(totalChunks)} chunks).</p>
      ${p.retrying
        ? html`<p>Chunk ${p.retrying.chunk + 1} did not get through; trying again in ${seconds(p.retrying.delayMs)} (retry ${p.retrying.retry} of ${MAX_RETRIES}).</p>`
        : nothing}
    </div>`;
  }

  private renderClassify(classify: ClassifyProgress | null, retrying: { retry: number; delayMs: number } | null) {
    const total = classify?.total ?? 0;
    const done = classify ? classify.total - classify.pending : 0;
    const sources = SOURCE_ORDER.filter((s) => (classify?.bySource[s] ?? 0) > 0 && (s !== 'ai' || this.aiEnabled || (classify?.bySource.ai ?? 0) > 0));
    return html`<div class="step">
      <label for="classify-bar">Classifying titles</label>
      ${classify
        ? html`<progress id="classify-bar" max=${total} value=${done}>${formatCount(done)} of ${formatCount(total)}</progress>
            <p>${formatCount(done)} of ${formatCount(total)} distinct titles classified.</p>
            <dl>
              ${sources.map(
                (s) => html`<div>
                  <dt>${SOURCE_LABELS[s]}</dt>
                  <dd>${formatCount(classify.bySource[s] ?? 0)}</dd>
                </div>`,
              )}
            </dl>
            ${this.aiEnabled && classify.aiUnavailableReason ? html`<p>AI classification was not used: ${classify.aiUnavailableReason}</p>` : nothing}`
        : html`<progress id="classify-bar">Starting</progress>
            <p>Starting classification…</p>`}
      ${retrying ? html`<p>The last step did not get through; trying again in ${seconds(retrying.delayMs)} (retry ${retrying.retry} of ${MAX_RETRIES}).</p>` : nothing}
    </div>`;
  }
}

customElements.define('dataset-progress', DatasetProgress);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-progress': DatasetProgress;
  }
}
